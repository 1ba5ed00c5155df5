/**
 * Test helpers around the sandbox, for any engineer's integration tests:
 *   const sb = await startTestSandbox();            // crawl instant, no duplicates, fast webhook retries
 *   const res = await sb.request('POST', '/enquiry/lodge', body);   // signed with the sandbox token
 *   const app = await sb.driveToCrawled('acme', 'cust_1');          // profile → consent → bank approval → crawled
 *   await sb.close();
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, signRequest } from '../../src/server/index.js';
import { startSandbox, type Sandbox, type SandboxOptions, type SandboxToken } from '../../src/sandbox/index.js';

export interface SignedCallOptions {
  headers?: Record<string, string>;
  tokenId?: string;
  secret?: string;
  date?: Date;
}

export interface SandboxResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  json: any; // test convenience: assertions reach into the parsed body
}

export interface TestSandbox extends Sandbox {
  token: SandboxToken;
  /** A request signed with the sandbox token (or the given one). `path` includes the query. */
  request(method: string, path: string, body?: unknown, options?: SignedCallOptions): Promise<SandboxResponse>;
  /** An unsigned request with arbitrary headers (for the journey API, pages and attacks). */
  raw(
    method: string,
    path: string,
    init?: { body?: string | Uint8Array; headers?: Record<string, string>; redirect?: RequestRedirect },
  ): Promise<SandboxResponse>;
  /** Profile → CDR consent → bank approval; resolves once the crawl completed. Returns the application id. */
  driveToCrawled(vendor: string, ref: string, options?: { bankId?: string; analysis?: boolean }): Promise<string>;
  /** Polls the journey status until it equals `status`. */
  waitForStatus(vendor: string, ref: string, status: string, timeoutMs?: number): Promise<void>;
  /** Loads the journey page (or its bank-return page) like a browser; its calls carry the page's session credential. */
  journey(vendor: string, ref: string, options?: JourneyPageOptions): Promise<JourneyPage>;
}

export interface JourneyPageOptions {
  /** The widget's `parent_origin` (with a channel); absent: an unframed journey. @example 'http://localhost:4000' */
  parentOrigin?: string;
  /** `'bank-return'` loads `/i/{vendor}/{ref}/bank-return` instead of the journey. */
  page?: 'journey' | 'bank-return';
  /** More query parameters of the page's URL. @example { native_bridge: 'ios', return_url: 'http://localhost:9/r' } */
  query?: Record<string, string>;
}

export interface JourneyPage {
  /** The page load's answer. */
  page: SandboxResponse;
  /** The session credential from the page's `hj-config`, or undefined when the page has none. */
  session: string | undefined;
  /** A journey-API call as the page makes it: same Origin, JSON content type, the session header. */
  call(
    method: 'GET' | 'POST',
    action: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<SandboxResponse>;
}

/** The header the journey pages send their session credential in. */
export const JOURNEY_SESSION_HEADER = 'x-journey-session';

/** The `hj-config` JSON of a journey page shell, or undefined. */
export function pageConfig(html: string): Record<string, any> | undefined {
  const m = /<script type="application\/json" id="hj-config">(.*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : undefined;
}

/** Loads `/i/{vendor}/{ref}` (or its bank-return page) from `origin` and returns a caller bound to its session. */
export async function loadJourneyPage(
  origin: string,
  vendor: string,
  ref: string,
  options: JourneyPageOptions = {},
): Promise<JourneyPage> {
  const url = new URL(`/i/${vendor}/${ref}${options.page === 'bank-return' ? '/bank-return' : ''}`, origin);
  if (options.parentOrigin !== undefined) {
    url.searchParams.set('parent_origin', options.parentOrigin);
    url.searchParams.set('channel', 'abcdefgh12345678');
  }
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const page = await toResponse(await fetch(url));
  const session = pageConfig(page.text)?.session as string | undefined;
  const call: JourneyPage['call'] = async (method, action, body, headers = {}) =>
    toResponse(
      await fetch(`${origin}/journey-api/${vendor}/${ref}/${action}`, {
        method,
        headers: {
          'content-type': 'application/json',
          origin,
          ...(session ? { [JOURNEY_SESSION_HEADER]: session } : {}),
          ...headers,
        },
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      }),
    );
  return { page, session, call };
}

async function toResponse(res: Response): Promise<SandboxResponse> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, bytes, text, json };
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startSandbox({
    crawlDelayMs: 0,
    duplicateRate: 0,
    webhookRetry: { attempts: 4, baseDelayMs: 20, timeoutMs: 2000 },
    ...options,
  });
  const token = (options.tokens ?? [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }])[0]!;

  const request: TestSandbox['request'] = async (method, path, body, o = {}) => {
    const raw = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const signed = await signRequest({
      method,
      path,
      body: raw,
      tokenId: o.tokenId ?? token.tokenId,
      secret: o.secret ?? token.secret,
      ...(o.date ? { date: o.date } : {}),
    });
    const res = await fetch(sandbox.url + path, {
      method,
      headers: { ...signed, ...o.headers },
      ...(method === 'GET' ? {} : { body: raw }),
    });
    return toResponse(res);
  };
  const raw: TestSandbox['raw'] = async (method, path, init = {}) =>
    toResponse(
      await fetch(sandbox.url + path, {
        method,
        headers: init.headers ?? {},
        redirect: init.redirect ?? 'manual',
        ...(init.body !== undefined ? { body: init.body as BodyInit } : {}),
      }),
    );

  const waitForStatus: TestSandbox['waitForStatus'] = async (vendor, ref, status, timeoutMs = 5000) => {
    const until = Date.now() + timeoutMs;
    let last = '';
    const page = await loadJourneyPage(sandbox.url, vendor, ref);
    while (Date.now() < until) {
      const res = await page.call('GET', 'status');
      last = res.json?.status;
      if (last === status) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`status of ${vendor}/${ref} stayed '${last}', expected '${status}'`);
  };

  const driveToCrawled: TestSandbox['driveToCrawled'] = async (vendor, ref, o = {}) => {
    const prof = await request('POST', `/api/v1/${vendor}/${ref}/profile`, {
      full_name: 'Alex Citizen',
      email: 'alex@example.com',
      bank_id: o.bankId ?? 'sandbox-bank',
      pathway: 'cdr',
      ...(o.analysis ? { analysis: true } : {}),
    });
    if (prof.status >= 300) throw new Error(`profile failed: ${prof.text}`);
    const consent = await request('POST', `/api/v1/${vendor}/${ref}/consents`, {});
    if (consent.status !== 201) throw new Error(`consent failed: ${consent.text}`);
    await approveConsent(sandbox.url, consent.json.consent_url as string, 'approve');
    await waitForStatus(vendor, ref, 'crawled');
    return prof.json.application_id as string;
  };

  const journey: TestSandbox['journey'] = (vendor, ref, o) => loadJourneyPage(sandbox.url, vendor, ref, o);
  return Object.assign(sandbox, { token, request, raw, driveToCrawled, waitForStatus, journey });
}

/** Loads the bank page like a browser and submits its form; returns the 303 Location. */
export async function approveConsent(origin: string, consentUrl: string, choice: 'approve' | 'deny'): Promise<string> {
  const page = await (await fetch(consentUrl)).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(page)?.[1] ?? '';
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`no consent form on ${consentUrl}: ${page.slice(0, 300)}`);
  const res = await fetch(origin + action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      consent_id: field('consent_id'),
      form_token: field('form_token'),
      decision: choice,
    }).toString(),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`bank decision answered ${res.status}: ${await res.text()}`);
  return res.headers.get('location')!;
}

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { event_id: string; type: string; application_id?: string; data: unknown };
}

export interface WebhookReceiverHandle {
  url: string;
  received: ReceivedWebhook[];
  /** The first delivery, received already or to come, that `match` accepts: resolves when it has arrived. */
  next(match: (hook: ReceivedWebhook) => boolean): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** A local HTTP receiver recording every delivery; `respond` picks the status per delivery (default 200). */
export async function startWebhookReceiver(
  respond: (hook: ReceivedWebhook, index: number) => number = () => 200,
  path = '/hooks',
): Promise<WebhookReceiverHandle> {
  const received: ReceivedWebhook[] = [];
  const waiting = new Set<(hook: ReceivedWebhook) => void>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const hook: ReceivedWebhook = { path: req.url ?? '', headers: req.headers, body, json: JSON.parse(body) };
      received.push(hook);
      res.writeHead(respond(hook, received.length - 1)).end();
      for (const w of [...waiting]) w(hook);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    next: (match) =>
      new Promise((resolve) => {
        const hit = received.find(match);
        if (hit) return resolve(hit);
        const w = (hook: ReceivedWebhook) => {
          if (!match(hook)) return;
          waiting.delete(w);
          resolve(hook);
        };
        waiting.add(w);
      }),
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/**
 * Loads acme's journey page for `ref` (with `query`, e.g. `collect=account_owner`) and returns journey-API calls
 * made with its session, as the page makes them: `call(action)` GETs, `call(action, body)` POSTs JSON; each resolves
 * to the parsed answer.
 */
export async function journeyApi(sb: TestSandbox, ref: string, query = '') {
  const page = await sb.raw('GET', `/i/acme/${ref}${query ? `?${query}` : ''}`);
  const session = pageConfig(page.text)?.session as string;
  if (typeof session !== 'string') throw new Error(`the journey page of ${ref} carries no session: ${page.status}`);
  const headers = { 'content-type': 'application/json', origin: sb.url, [JOURNEY_SESSION_HEADER]: session };
  return async (action: string, body?: unknown) =>
    (
      await sb.raw(body === undefined ? 'GET' : 'POST', `/journey-api/acme/${ref}/${action}`, {
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    ).json;
}

/**
 * A sandbox with one receiver registered (answering with `respond`, default 200), both closed by `cleanup` (a
 * `cleanupAfterEach()` list) after the test.
 */
export async function sandboxWithReceiver(
  cleanup: Array<() => Promise<void>>,
  options: SandboxOptions = {},
  respond?: (hook: ReceivedWebhook, index: number) => number,
): Promise<{ sb: TestSandbox; receiver: WebhookReceiverHandle }> {
  const receiver = await startWebhookReceiver(respond);
  const sb = await startTestSandbox({ webhooks: [{ url: receiver.url }], ...options });
  cleanup.push(
    () => sb.close(),
    () => receiver.close(),
  );
  return { sb, receiver };
}

/**
 * A client signed with the sandbox's token that writes the URL of every request it sends into `sent`: a refusal
 * before sending leaves it empty.
 */
export function recordingClient(sb: TestSandbox, sent: string[]) {
  return createClient({
    baseUrl: sb.url,
    tokenId: sb.token.tokenId,
    signingSecret: sb.token.secret,
    fetch: (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    },
  });
}

/** A sandbox of two tokens, `a` and `b`, each with a receiver of its own registered: for tests of one tenant's reach. */
export async function twoTenantSandbox(
  a: SandboxToken,
  b: SandboxToken,
): Promise<{ sb: TestSandbox; hooksA: WebhookReceiverHandle; hooksB: WebhookReceiverHandle; close(): Promise<void> }> {
  const sb = await startTestSandbox({ tokens: [a, b] });
  const [hooksA, hooksB] = [await startWebhookReceiver(), await startWebhookReceiver()];
  await sb.request('POST', '/api/v1/webhooks', { url: hooksA.url }, a);
  await sb.request('POST', '/api/v1/webhooks', { url: hooksB.url }, b);
  const close = async () => void (await Promise.all([sb.close(), hooksA.close(), hooksB.close()]));
  return { sb, hooksA, hooksB, close };
}
