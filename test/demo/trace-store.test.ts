// The demo's trace memory (demo/trace-store.ts) and its routes (demo/trace-routes.ts): bounded however long the demo
// runs, rows from outside the process kept only when every field has its shape, a page's marks kept only for a trace
// the server linked to that application, the sandbox's spans only with the token, and the application page's one
// line on how to turn tracing on.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationPage } from '../../demo/html.js';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { MAX_REFS, MAX_ROWS, MAX_TRACES, TraceStore, checkRow, markRow } from '../../demo/trace-store.js';
import { traceRoute } from '../../demo/trace-routes.js';
import { startTracing } from '../../demo/tracing.js';
import type { TraceRow } from '../../demo/shared.js';

const id = (n: number, width: number) => n.toString(16).padStart(width, '0');
const row = (n: number): TraceRow => ({
  service: 'sandbox',
  name: `span ${n}`,
  spanId: id(n + 1, 16),
  start: n,
  end: n + 1,
});
const tp = (trace: number, span = 1) => `00-${id(trace, 32)}-${id(span, 16)}-01`;

describe('TraceStore', () => {
  it('holds at most MAX_TRACES traces (the oldest go), MAX_ROWS rows each and MAX_REFS refs', () => {
    const store = new TraceStore();
    for (let t = 1; t <= MAX_TRACES + 50; t++) store.add(id(t, 32), row(t));
    for (let r = 0; r < MAX_ROWS + 50; r++) store.add(id(MAX_TRACES + 50, 32), row(r));
    for (let r = 1; r <= MAX_REFS + 50; r++) store.link(`cust_${r}`, id(r, 32));
    const size = store.size();
    expect(size.traces).toBe(MAX_TRACES);
    expect(size.rows).toBe(MAX_TRACES - 1 + MAX_ROWS);
    expect(size.refs).toBe(MAX_REFS);
    store.link('cust_new', id(1, 32));
    expect(store.view('cust_new')).toEqual([{ traceId: id(1, 32), rows: [] }]); // evicted: linked, but no rows left
  });

  it('drops a row whose trace id is not 32 lowercase hex digits, or all zeros', () => {
    const store = new TraceStore();
    for (const bad of ['', 'XYZ', id(1, 32).toUpperCase().replace('0', 'A'), '0'.repeat(32), `${id(1, 32)}0`])
      store.add(bad, row(1));
    expect(store.size().rows).toBe(0);
  });

  it('lists a ref’s rows in time order', () => {
    const store = new TraceStore();
    const t = id(7, 32);
    store.link('cust_1', t);
    store.add(t, row(5));
    store.add(t, row(2));
    expect(store.view('cust_1')[0]!.rows.map((r) => r.start)).toEqual([2, 5]);
  });
});

describe('rows from spans', () => {
  it('draws each span under its service and keeps no attribute but a status, an outcome and a retry count', () => {
    const { provider, traces } = startTracing({ exporter: null, global: false });
    const make = (scope: string, name: string, kind: SpanKind, attributes: Record<string, string | number>) => {
      const span = provider.getTracer(scope).startSpan(name, { kind, attributes });
      if (name.startsWith('POST /bad')) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      return span.spanContext().traceId;
    };
    const secret = { 'url.full': 'http://x/api/v1/lendly/cust_secret?token=sandbox_secret', 'user.email': 'a@b.co' };
    const ids = [
      make('hosted-journey-sandbox', 'send crawl.completed', SpanKind.CLIENT, {
        ...secret,
        'http.response.status_code': 200,
      }),
      make('hosted-journey-server', 'process crawl.completed', SpanKind.CONSUMER, {
        ...secret,
        'hosted_journey.webhook.outcome': 'duplicate',
        'http.response.status_code': 200,
      }),
      make('lendly-demo', 'UPSERT demo_applications', SpanKind.CLIENT, { ...secret, 'db.system.name': 'postgresql' }),
      make('hosted-journey-server', 'POST /bad', SpanKind.CLIENT, { ...secret, 'http.request.resend_count': 1 }),
    ];
    for (const [i, t] of ids.entries()) traces.link(`cust_${i}`, t);
    const rows = ids.map((_, i) => traces.view(`cust_${i}`)[0]!.rows[0]!);
    expect(rows.map((r) => [r.service, r.name, r.detail, r.error])).toEqual([
      ['sandbox', 'send crawl.completed', '200', undefined],
      ['handler', 'process crawl.completed', 'duplicate 200', undefined],
      ['handler', 'UPSERT demo_applications', undefined, undefined],
      ['demo server', 'POST /bad', 'retry 1', true],
    ]);
    const text = JSON.stringify(rows);
    for (const leaked of ['cust_secret', 'sandbox_secret', 'a@b.co', 'url.full']) expect(text).not.toContain(leaked);
  });
});

describe('rows from outside the process', () => {
  it('keeps a row of the right shape, and nothing of one with a field out of shape', () => {
    const good = { service: 'sandbox', name: 'POST /x', spanId: id(1, 16), start: 1, end: 2, detail: 'processed 200' };
    expect(checkRow(good)).toEqual(good);
    for (const bad of [
      { ...good, service: 'attacker' },
      { ...good, name: '<img src=x onerror=alert(1)>\n' },
      { ...good, name: 'x'.repeat(121) },
      { ...good, spanId: '0'.repeat(16) },
      { ...good, parentId: 'zz' },
      { ...good, start: 'soon' },
      { ...good, end: 0 },
      { ...good, detail: '{"full_name":"Alex"}' },
      null,
      'row',
    ])
      expect(checkRow(bad), JSON.stringify(bad)).toBeUndefined();
  });

  it("makes the page's click a span and a widget event an instant inside it; keeps only the event's type", () => {
    expect(markRow({ kind: 'click', at: 10, end: 20, traceparent: tp(3, 9) })).toEqual({
      traceId: id(3, 32),
      row: { service: 'page', name: 'click Connect bank account', spanId: id(9, 16), start: 10, end: 20 },
    });
    const ev = markRow({ kind: 'event', type: 'step', at: 15, traceparent: tp(3, 9), step: 'details', name: 'Alex' });
    expect(ev?.row).toMatchObject({ service: 'widget', name: 'step', parentId: id(9, 16), start: 15, end: 15 });
    expect(Object.keys(ev!.row).sort()).toEqual(['end', 'name', 'parentId', 'service', 'spanId', 'start']);
    for (const bad of [
      { kind: 'event', type: 'Alex Citizen', at: 1, traceparent: tp(3) },
      { kind: 'event', type: 'step', at: 1, traceparent: `00-${'0'.repeat(32)}-${id(1, 16)}-01` },
      { kind: 'click', at: 5, end: 1, traceparent: tp(3) },
      { kind: 'span', at: 1, traceparent: tp(3) },
    ])
      expect(markRow(bad), JSON.stringify(bad)).toBeUndefined();
  });
});

describe('the trace routes', () => {
  const tracing = startTracing({ exporter: null, global: false, ingestToken: 'ingest-token' });
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const p = new URL(req.url ?? '/', 'http://x').pathname;
      const ref = /^\/api\/applications\/([^/]+)\//.exec(p)?.[1];
      void traceRoute(tracing, req, res, p, ref).then((done) => {
        if (!done) res.writeHead(404).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it("keeps a page's marks only for a trace the server linked to that application", async () => {
    tracing.traces.link('cust_mine', id(21, 32));
    const marks = [
      { kind: 'event', type: 'ready', at: 1, traceparent: tp(21) },
      { kind: 'event', type: 'ready', at: 1, traceparent: tp(22) }, // someone else's trace
    ];
    const res = await post('/api/applications/cust_mine/widget-events', { marks });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 1 });
    expect((await post('/api/applications/cust_other/widget-events', { marks })).status).toBe(202);
    const view = (await (await fetch(`${base}/api/applications/cust_mine/trace`)).json()) as {
      enabled: boolean;
      traces: { rows: TraceRow[] }[];
    };
    expect(view.enabled).toBe(true);
    expect(view.traces.flatMap((t) => t.rows).map((r) => r.service)).toEqual(['widget']);
    expect(tracing.traces.view('cust_other')).toEqual([]);
  });

  it("takes the sandbox's spans only with the bearer token, and only as sandbox rows", async () => {
    const rows = [
      { traceId: id(31, 32), row: row(1) },
      { traceId: id(31, 32), row: { ...row(2), service: 'handler' } },
    ];
    expect((await post('/api/trace/spans', { rows })).status).toBe(401);
    expect((await post('/api/trace/spans', { rows }, { authorization: 'Bearer wrong-token!' })).status).toBe(401);
    const ok = await post('/api/trace/spans', { rows }, { authorization: 'Bearer ingest-token' });
    expect(ok.status).toBe(202);
    expect(await ok.json()).toEqual({ accepted: 1 });
  });
});

it('without HOSTED_JOURNEY_TRACE the application page says in one line how to turn it on', () => {
  const off = applicationPage({ sandboxUrl: 'http://127.0.0.1:4010', vendor: 'lendly' }, 'cust_1', 'Yours');
  const line = /<p class="muted" id="trace-off">([^<]|<\/?code>)*<\/p>/.exec(off)?.[0];
  expect(line).toContain('<code>HOSTED_JOURNEY_TRACE=1 npm run demo</code>');
  expect(line).not.toContain('\n');
  expect(off).not.toContain('id="trace"');
  const on = applicationPage(
    { sandboxUrl: 'http://127.0.0.1:4010', vendor: 'lendly', tracing: true },
    'cust_1',
    'Yours',
  );
  expect(on).toContain('id="trace"');
  expect(on).not.toContain('trace-off');
});
