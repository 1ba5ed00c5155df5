// Loud failures of createWebhookHandler: unusable keys are refused at creation (naming the field, never the secret);
// verification failures and handler exceptions reach onError, and without onError one console.error line says the
// stage, the code and the event id — never a secret, never the body. Over real HTTP with toNodeHandler.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createWebhookHandler,
  isServerConfigError,
  type ServerConfigError,
  toNodeHandler,
  type WebhookHandler,
} from '../../src/server/index.js';
import { signWebhook } from '../../src/server/testing.js';
import type { WebhookErrorStage } from '../../src/server/types.js';

const SECRET = 'loud-secret-7f3a';
const KEYS = [{ tokenId: 'wh_1', secret: SECRET }];
const BODY_MARKER = 'Ada Lovelace private note';
const event = (id: string) => ({
  event_id: id,
  type: 'consent.authorised',
  created_at: '2026-11-22T00:00:00Z',
  vendor: 'acme',
  ref: 'c1',
  application_id: 'app_1',
  data: { consent_id: 'con_1', institution_id: 'sandbox-bank', pathway: 'cdr', note: BODY_MARKER },
});

function configError(fn: () => unknown): ServerConfigError {
  try {
    fn();
  } catch (e) {
    if (isServerConfigError(e)) return e as ServerConfigError;
    throw e;
  }
  throw new Error('expected a ServerConfigError');
}

describe('createWebhookHandler checks its keys when it is created', () => {
  const make = (verify: object) => () => createWebhookHandler({ verify: verify as never, on: {} });
  it.each([
    [
      'an unset secret (process.env.X undefined)',
      { keys: [{ tokenId: 'wh_1', secret: undefined }] },
      'verify.keys[0].secret',
    ],
    ['an empty secret', { keys: [{ tokenId: 'wh_1', secret: '' }] }, 'verify.keys[0].secret'],
    ['a non-string secret', { keys: [{ tokenId: 'wh_1', secret: 12345 }] }, 'verify.keys[0].secret'],
    ['no keys', { keys: [] }, 'verify.keys'],
    ['keys missing', {}, 'verify.keys'],
    ['a bad scheme', { keys: KEYS, scheme: 'stripe' }, 'verify.scheme'],
    [
      'a non-whsec secret for standard',
      { keys: [{ tokenId: 'a', secret: 'not base64 %%%' }], scheme: 'standard' },
      'verify.keys[0].secret',
    ],
    ['a path without a leading slash', { keys: KEYS, path: 'webhooks' }, 'verify.path'],
  ])('%s → ServerConfigError at creation naming %s', (_, verify, field) => {
    const e = configError(make(verify));
    expect(e.field).toBe(field);
    expect(e.message).toContain(field);
    expect(e.message).not.toContain('not base64 %%%');
  });

  it('a secret with a trailing newline is refused without echoing it', () => {
    const e = configError(make({ keys: [{ tokenId: 'wh_1', secret: `${SECRET}\n` }] }));
    expect(e.field).toBe('verify.keys[0].secret');
    expect(e.message).not.toContain(SECRET);
  });

  it('good keys still build a working handler (the pasted snippet with sandbox values)', () => {
    expect(() =>
      createWebhookHandler({ verify: { keys: [{ tokenId: 'sandbox_token', secret: 'sandbox_secret' }] }, on: {} }),
    ).not.toThrow();
  });
});

let server: Server | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = undefined;
});

async function serve(handler: WebhookHandler): Promise<string> {
  server = createServer(toNodeHandler(handler));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function post(url: string, id: string, secret = SECRET, headers: Record<string, string> = {}) {
  const d = await signWebhook({ payload: event(id), tokenId: 'wh_1', secret, path: '/hooks' });
  return fetch(`${url}/hooks`, { method: 'POST', headers: { ...d.headers, ...headers }, body: d.body as string });
}

describe('failures reach onError', () => {
  it("a bad signature (401), a malformed header (400) → stage 'verify', the code, the claimed event id", async () => {
    const seen: Array<{ code: unknown; stage: WebhookErrorStage; eventId?: string | undefined }> = [];
    const url = await serve(
      createWebhookHandler({
        verify: { keys: KEYS },
        on: {},
        onError: (e, { stage, eventId }) => seen.push({ code: (e as { code?: unknown }).code, stage, eventId }),
      }),
    );
    expect((await post(url, 'evt_badsig', 'some-other-secret')).status).toBe(401);
    expect((await post(url, 'evt_malformed', SECRET, { authorization: 'Basic abc' })).status).toBe(400);
    expect(seen).toEqual([
      { code: 'BAD_SIGNATURE', stage: 'verify', eventId: 'evt_badsig' },
      { code: 'MALFORMED_HEADER', stage: 'verify', eventId: 'evt_malformed' },
    ]);
  });

  it("a handler exception → stage 'handler', answered 500", async () => {
    const seen: unknown[] = [];
    const boom = new Error('boom');
    const url = await serve(
      createWebhookHandler({
        verify: { keys: KEYS },
        on: {
          'consent.authorised': () => {
            throw boom;
          },
        },
        onError: (e, info) => seen.push([e, info]),
      }),
    );
    expect((await post(url, 'evt_throws')).status).toBe(500);
    expect(seen).toEqual([[boom, { stage: 'handler', eventId: 'evt_throws' }]]);
  });
});

describe('without onError: one console.error line', () => {
  const lines = () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => spy.mock.calls.map((args) => args.map(String).join(' '));
  };

  it('a 401 logs the stage, the code and the event id — not the secret, not the body', async () => {
    const logged = lines();
    const url = await serve(createWebhookHandler({ verify: { keys: KEYS }, on: {} }));
    expect((await post(url, 'evt_401', 'wrong-secret-9c1d')).status).toBe(401);
    expect(logged()).toHaveLength(1);
    const line = logged()[0]!;
    expect(line).toMatch(/webhook verify failed: BAD_SIGNATURE \(answered 401\), event evt_401/);
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain('wrong-secret-9c1d');
    expect(line).not.toContain(BODY_MARKER);
    expect(line).not.toContain('\n');
  });

  it('a bad signature says what it covers: the path (verify.path behind a proxy) and the Content-Type', async () => {
    const logged = lines();
    const url = await serve(createWebhookHandler({ verify: { keys: KEYS }, on: {} }));
    const d = await signWebhook({
      payload: event('evt_proxy'),
      tokenId: 'wh_1',
      secret: SECRET,
      path: '/public/hooks',
    });
    const res = await fetch(`${url}/hooks`, { method: 'POST', headers: { ...d.headers }, body: d.body as string });
    expect(res.status).toBe(401);
    expect(logged()[0]).toMatch(
      /BAD_SIGNATURE .*set verify\.path to the path the sender signed\) and the Content-Type/,
    );
  });

  it('a scheme mismatch (MISSING_HEADER webhook-id, or authorization) suggests verify.scheme', async () => {
    const logged = lines();
    const standard = await serve(
      createWebhookHandler({
        verify: { keys: [{ tokenId: 'wh_1', secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=' }], scheme: 'standard' },
        on: {},
      }),
    );
    expect((await post(standard, 'evt_scheme')).status).toBe(400);
    expect(logged()[0]).toMatch(/MISSING_HEADER .*webhook-id.*set verify\.scheme: 'hmac'/);
    server?.close();
    const hmac = await serve(createWebhookHandler({ verify: { keys: KEYS }, on: {} }));
    const d = await signWebhook({
      payload: event('evt_std'),
      tokenId: 'wh_1',
      secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=',
      scheme: 'standard',
    });
    const headers = { ...d.headers, authorization: '' } as Record<string, string>;
    delete headers.authorization;
    expect((await fetch(`${hmac}/hooks`, { method: 'POST', headers, body: d.body as string })).status).toBe(400);
    expect(logged().at(-1)).toMatch(/set verify\.scheme: 'standard'/);
  });

  it('a handler exception logs stage, code and event id — a secret or a payload value in its message as ***', async () => {
    const logged = lines();
    const url = await serve(
      createWebhookHandler({
        verify: { keys: KEYS },
        on: {
          'consent.authorised': () => {
            throw Object.assign(new Error(`db said ${SECRET} ${BODY_MARKER}`), { code: 'ECONNREFUSED' });
          },
        },
      }),
    );
    expect((await post(url, 'evt_500')).status).toBe(500);
    expect(logged()).toEqual([expect.stringMatching(/webhook handler failed: ECONNREFUSED, event evt_500/)]);
    expect(logged()[0]).not.toContain(SECRET);
    expect(logged()[0]).not.toContain(BODY_MARKER);
  });

  it("a handler's own bug logs its message and the first frames of its stack, on one line", async () => {
    const logged = lines();
    function saveConsent(e: { data: { missing?: { id: string } } }) {
      return e.data.missing!.id; // the integrator's bug: a TypeError from their own code
    }
    const url = await serve(
      createWebhookHandler({
        verify: { keys: KEYS },
        on: { 'consent.authorised': (e) => saveConsent(e as never) },
      }),
    );
    expect((await post(url, 'evt_bug')).status).toBe(500);
    expect(logged()).toHaveLength(1);
    const line = logged()[0]!;
    expect(line).toMatch(/webhook handler failed: TypeError, event evt_bug: Cannot read properties of undefined/);
    expect(line).toMatch(/\| +at saveConsent \(.*webhook-loud-failures\.test\.ts:\d+:\d+\)/);
    expect(line.match(/ at /g)!.length).toBeLessThanOrEqual(3);
    expect(line).not.toContain('\n');
    expect(line).not.toContain(SECRET);
    expect(line).not.toContain(BODY_MARKER);
  });

  it('a message with line breaks cannot forge log lines; secrets and payload values in it are hidden', async () => {
    const logged = lines();
    const url = await serve(
      createWebhookHandler({
        verify: { keys: KEYS },
        on: {
          'consent.authorised': (e) => {
            throw new Error(
              `bad note ${(e.data as unknown as { note: string }).note}\r\nhosted-journey-server: forged ${SECRET}`,
            );
          },
        },
      }),
    );
    expect((await post(url, 'evt_crlf')).status).toBe(500);
    const line = logged()[0]!;
    expect(line).toContain(': bad note *** hosted-journey-server: forged ***');
    expect(line).not.toMatch(/[\r\n]/);
    expect(line).not.toContain(BODY_MARKER);
    expect(line).not.toContain(SECRET);
  });

  it('a processed delivery logs nothing', async () => {
    const logged = lines();
    const url = await serve(createWebhookHandler({ verify: { keys: KEYS }, on: { '*': () => {} } }));
    expect((await post(url, 'evt_ok')).status).toBe(200);
    expect(logged()).toEqual([]);
  });
});
