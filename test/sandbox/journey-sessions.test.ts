// Journey sessions recorded by the sandbox from the journey API's calls (src/sandbox/journey/recorder.ts), over real
// HTTP: the `journey.session` webhook (signed, verified and typed by createWebhookHandler, only to receivers that
// subscribe), completed / exited at once, abandoned after 10 minutes of the sandbox's clock with the page's status
// polling counting for nothing, read back with getJourneySession / listJourneySessions, kept 30 days, nothing personal.
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  createClient,
  createWebhookHandler,
  isApiError,
  toNodeHandler,
  type HostedJourneyClient,
} from '../../src/server/index.js';
import type { JourneySessionView } from '../../src/protocol/journey-sessions.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';
import { FUNNEL_STEPS, funnelOf } from '../../demo/funnel.js';

interface Received {
  event_id: string;
  application_id?: string | undefined;
  data: JourneySessionView;
}

let sb: TestSandbox;
let client: HostedJourneyClient;
let receiver: Server;
/** Every `journey.session` the subscribed receiver handled, and every type the unsubscribed one got. */
const sessions: Received[] = [];
const everyType: string[] = [];
const waiting = new Set<() => void>();

async function listen(handler: Parameters<typeof toNodeHandler>[0]): Promise<{ server: Server; url: string }> {
  const server = createServer(toNodeHandler(handler));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks` };
}

beforeAll(async () => {
  sb = await startTestSandbox();
  client = createClient({ baseUrl: sb.url, tokenId: sb.token.tokenId, signingSecret: sb.token.secret });
  const subscribed = await listen(
    createWebhookHandler({
      verify: { keys: [{ tokenId: sb.token.tokenId, secret: sb.token.secret }] },
      on: {
        'journey.session': (event) => {
          expectTypeOf(event.data.outcome).toEqualTypeOf<'in_progress' | 'completed' | 'exited' | 'abandoned'>();
          sessions.push({ event_id: event.event_id, application_id: event.application_id, data: event.data });
          for (const w of [...waiting]) w();
        },
      },
    }),
  );
  const unsubscribed = await listen(
    createWebhookHandler({
      verify: { keys: [{ tokenId: sb.token.tokenId, secret: sb.token.secret }] },
      on: { '*': (event) => void everyType.push(event.type) },
    }),
  );
  receiver = subscribed.server;
  await client.registerWebhook({ url: subscribed.url, events: ['journey.session'] });
  await client.registerWebhook({ url: unsubscribed.url });
  afterAll(() => unsubscribed.server.close());
});
afterAll(async () => {
  await sb.close();
  receiver.close();
});

/** The `journey.session` of this session, once it arrived. */
function ended(sessionId: string): Promise<Received> {
  return new Promise((resolve) => {
    const look = () => {
      const hit = sessions.find((s) => s.data.session_id === sessionId);
      if (!hit) return;
      waiting.delete(look);
      resolve(hit);
    };
    waiting.add(look);
    look();
  });
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
const advance = (by: string) => sb.request('POST', '/sandbox/v1/clock', { advance: by });
const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** A journey page opened by the widget: its calls carry the widget's session id and traceparent. */
async function widgetPage(ref: string) {
  const sessionId = hex(32);
  const traceId = hex(32);
  const headers = { 'x-journey-session-id': sessionId, traceparent: `00-${traceId}-${hex(16)}-01` };
  const page = await sb.journey('acme', ref);
  const call = (method: 'GET' | 'POST', action: string, body?: unknown) => page.call(method, action, body, headers);
  const step = (name: string, error?: string) => call('POST', 'steps', { step: name, ...(error ? { error } : {}) });
  return { sessionId, traceId, call, step };
}

/** Terms → details → start → banks → bank → consent: the customer at the bank's consent. */
async function toBankConsent(p: Awaited<ReturnType<typeof widgetPage>>) {
  await p.step('terms');
  await p.step('details');
  await p.call('POST', 'start', { full_name: 'Priya Personal', email: 'priya@example.com', phone: '+61 400 111 222' });
  await p.step('banks');
  await p.step('bank');
  await p.call('POST', 'institution', { institution_id: 'sandbox-bank', pathway: 'cdr' });
  const consent = await p.call('POST', 'consent', {});
  expect(consent.status).toBe(201);
  await p.step('bank_authorisation');
  return consent.json.consent_url as string;
}

describe('journey.session', () => {
  it('a closed tab at the bank step: abandoned once 10 minutes pass on the clock, polling notwithstanding', async () => {
    const p = await widgetPage('closed_tab');
    await toBankConsent(p);
    // The page's status polling goes on (a tab left open) and is no action.
    await advance('9m');
    expect((await p.call('GET', 'status')).status).toBe(200);
    const open = await client.getJourneySession({ id: p.sessionId });
    expect(open.outcome).toBe('in_progress');
    expect(sessions.find((s) => s.data.session_id === p.sessionId)).toBeUndefined();
    await advance('61s');
    const { data, application_id } = await ended(p.sessionId);
    expect(data).toMatchObject({
      session_id: p.sessionId,
      trace_id: p.traceId,
      vendor: 'acme',
      ref: 'closed_tab',
      outcome: 'abandoned',
      last_step: 'bank_authorisation',
      institution: { id: 'sandbox-bank', name: 'Sandbox Bank', pathway: 'cdr' },
    });
    expect(data.steps.map((s) => s.step)).toEqual(['terms', 'details', 'banks', 'bank', 'bank_authorisation']);
    // Ten minutes after the last action, on the sandbox's clock.
    expect(Date.parse(data.ended_at!) - Date.parse(data.last_action_at)).toBe(10 * 60_000);
    expect(application_id).toBe(data.application_id);
    // Nothing the customer typed is in the record.
    expect(JSON.stringify(data)).not.toMatch(/Priya|priya@example\.com|400 111 222/);
    // A call after the end changes nothing.
    await p.step('bank_authorisation');
    expect(await client.getJourneySession({ id: p.sessionId })).toEqual(data);
    // Sent again (same event id), it is a duplicate to the exactly-once handler: handled once.
    const { event_id } = sessions.find((s) => s.data.session_id === p.sessionId)!;
    expect((await sb.request('POST', `/sandbox/v1/deliveries/${event_id}/resend`, {})).json.queued).toBe(1);
    await sb.webhooksIdle();
    expect(sessions.filter((s) => s.event_id === event_id)).toHaveLength(1);
  });

  it('completed when the journey shows its last step, exited with the step it left, at once', async () => {
    const done = await widgetPage('finishes');
    const url = await toBankConsent(done);
    const { approveConsent } = await import('../support/sandbox.js');
    await approveConsent(sb.url, url, 'approve');
    // The data is in (the crawl takes no time here): completed then, whether or not the page says `done` first.
    const completed = await ended(done.sessionId);
    expect(completed.data.outcome).toBe('completed');
    expect(completed.data.last_step).toBe('bank_authorisation');
    expect(Date.parse(completed.data.ended_at!) - Date.parse(completed.data.last_action_at)).toBeLessThan(60_000);

    const last = await widgetPage('last_step');
    await last.step('terms');
    await last.step('done');
    expect((await ended(last.sessionId)).data).toMatchObject({ outcome: 'completed', last_step: 'done' });

    const left = await widgetPage('leaves');
    await left.step('terms');
    await left.step('error', 'NETWORK');
    await left.step('exited');
    const exited = await ended(left.sessionId);
    expect(exited.data).toMatchObject({ outcome: 'exited', last_step: 'error', application_id: null });
    expect(exited.data.errors).toEqual([{ code: 'NETWORK', step: 'error', at: expect.any(String) }]);
    // No application: the event names the journey by vendor and ref only.
    expect(exited.application_id).toBeUndefined();
  });

  it('a journey run without a page (no step reported) completes when its data is in', async () => {
    const page = await sb.journey('acme', 'no_page');
    await page.call('POST', 'start', { full_name: 'Nadia Nopage', email: 'nadia@example.com' });
    await page.call('POST', 'institution', { institution_id: 'sandbox-bank', pathway: 'cdr' });
    const consent = await page.call('POST', 'consent', {});
    const { approveConsent } = await import('../support/sandbox.js');
    await approveConsent(sb.url, consent.json.consent_url, 'approve');
    const [listed] = await all(client.listJourneySessions({ ref: 'no_page' }));
    // Named by the page load's own id, as no widget gave one.
    expect(listed!.session_id).toMatch(/^jps_[0-9a-f]{24}$/);
    const { data } = await ended(listed!.session_id);
    expect(data.outcome).toBe('completed');
    expect(data.steps).toEqual([]);
  });

  it('goes only to receivers that subscribe to it', async () => {
    await sb.webhooksIdle();
    expect(everyType).toContain('consent.authorised');
    expect(everyType).not.toContain('journey.session');
  });
});

describe('getJourneySession / listJourneySessions', () => {
  it('lists by vendor, ref and start time, a page at a time; another id is 404', async () => {
    const a = await widgetPage('listed');
    await a.step('terms');
    const b = await widgetPage('listed');
    await b.step('terms');
    const listed = client.listJourneySessions({ ref: 'listed', limit: 1 });
    const pages = await all(listed.pages());
    expect(pages.map((p) => p.data.map((s) => s.session_id))).toEqual([[a.sessionId], [b.sessionId]]);
    expect(pages.at(-1)!.next_cursor).toBeNull();
    const future = new Date(Date.now() + 400 * 24 * 3600_000).toISOString();
    expect(await all(client.listJourneySessions({ since: future }))).toEqual([]);
    expect(await all(client.listJourneySessions({ vendor: 'other' }))).toEqual([]);
    const missing = await client.getJourneySession({ id: hex(32) }).catch((e: unknown) => e);
    expect(isApiError(missing) && missing.status === 404 && missing.code).toBe('JOURNEY_SESSION_NOT_FOUND');
  });

  it('keeps a session 30 days after it started', async () => {
    const p = await widgetPage('kept');
    await p.step('terms');
    await advance('29d');
    expect((await client.getJourneySession({ id: p.sessionId })).session_id).toBe(p.sessionId);
    await advance('1d');
    await expect(client.getJourneySession({ id: p.sessionId })).rejects.toMatchObject({
      code: 'JOURNEY_SESSION_NOT_FOUND',
    });
    expect(await all(client.listJourneySessions({ ref: 'kept' }))).toEqual([]);
  });
});

describe('the funnel of 1,000 sessions', () => {
  // Four applications, one per bank and pathway; each session on one of them shows a known prefix of its pathway's
  // steps, then leaves (every third), is left to be abandoned, or reaches `done`.
  const COMBOS = [
    { ref: 'f_sb_cdr', bank: 'sandbox-bank', pathway: 'cdr' },
    { ref: 'f_sb_crawler', bank: 'sandbox-bank', pathway: 'crawler' },
    { ref: 'f_cdr_only', bank: 'cdr-only-bank', pathway: 'cdr' },
    { ref: 'f_cu_crawler', bank: 'crawler-credit-union', pathway: 'crawler' },
  ] as const;
  const PATH = {
    cdr: ['terms', 'details', 'banks', 'bank', 'bank_authorisation', 'retrieving', 'done'],
    crawler: ['terms', 'details', 'banks', 'bank', 'crawler_login', 'retrieving', 'done'],
  };

  /** A journey page's POST as the page makes it, on kept-alive connections (a thousand sessions' calls, cheaply). */
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  afterAll(() => agent.destroy());
  const post = (ref: string, credential: string, action: string, body: unknown, sessionId: string) =>
    new Promise<number>((resolve, reject) => {
      const data = JSON.stringify(body);
      const req = request(
        `${sb.url}/journey-api/acme/${ref}/${action}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            origin: sb.url,
            'x-journey-session': credential,
            'x-journey-session-id': sessionId,
            'content-length': Buffer.byteLength(data),
          },
        },
        (res) => res.resume().on('end', () => resolve(res.statusCode!)),
      );
      req.on('error', reject);
      req.end(data);
    });

  it('counts exactly what was driven through the journey API, by step, outcome, bank and pathway', async () => {
    // The counts need no receiver: the webhooks' own proofs are above.
    for (const { webhook_id } of (await client.listWebhooks()).webhooks) await client.deleteWebhook(webhook_id);
    const pages = await Promise.all(
      COMBOS.map(async (c) => {
        const page = await sb.journey('acme', c.ref);
        await page.call('POST', 'start', { full_name: 'Funnel Person', email: 'funnel@example.com' });
        await page.call('POST', 'institution', { institution_id: c.bank, pathway: c.pathway });
        return page;
      }),
    );
    const plan = Array.from({ length: 1000 }, (_, i) => {
      const combo = i % COMBOS.length;
      const steps = PATH[COMBOS[combo]!.pathway].slice(0, (i % 7) + 1);
      const done = steps.at(-1) === 'done';
      return { i, combo, steps, id: hex(32), ending: done ? 'completed' : i % 3 === 0 ? 'exited' : 'abandoned' };
    });
    const start = (await advance('1s')).json.now as string;
    for (let b = 0; b < plan.length; b += 16)
      await Promise.all(
        plan.slice(b, b + 16).map(async (p) => {
          const { ref } = COMBOS[p.combo]!;
          const credential = pages[p.combo]!.session!;
          for (const step of [...p.steps, ...(p.ending === 'exited' ? ['exited'] : [])])
            expect(await post(ref, credential, 'steps', { step }, p.id)).toBe(202);
        }),
      );
    await advance('10m');
    const sessions = await all(client.listJourneySessions({ since: start, vendor: 'acme', limit: 500 }));
    const ours = sessions.filter((s) => plan.some((p) => p.id === s.session_id));
    expect(ours).toHaveLength(1000);
    const funnel = funnelOf(ours);
    for (const step of FUNNEL_STEPS)
      expect(funnel.steps.find((s) => s.step === step)!.reached, step).toBe(
        plan.filter((p) => p.steps.includes(step)).length,
      );
    for (const ending of ['completed', 'exited', 'abandoned'] as const)
      expect(funnel.outcomes[ending], ending).toBe(plan.filter((p) => p.ending === ending).length);
    expect(funnel.outcomes.in_progress).toBe(0);
    for (const [combo, c] of COMBOS.entries()) {
      const mine = plan.filter((p) => p.combo === combo);
      const byBank = funnelOf(ours, { bank: c.bank, pathway: c.pathway });
      expect(byBank.sessions, c.ref).toBe(mine.length);
      expect(byBank.outcomes.completed, c.ref).toBe(mine.filter((p) => p.ending === 'completed').length);
      expect(funnel.byBank).toContainEqual(
        expect.objectContaining({ bank: c.bank, pathway: c.pathway, sessions: mine.length }),
      );
    }
  }, 120_000);
});
