// Attack: a receiver URL that sends applicants' data in the clear or spreads a password. registerWebhook accepted
// `http://` on a public host (every delivery readable and alterable on the way) and a URL with a user and password
// (carried by every delivery, shown wherever the URL is logged). Both are refused — by the client before anything is
// sent, and by the sandbox to a signed request that bypasses the client — as the widget refuses a non-loopback http
// origin; http on loopback stays allowed for local development.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingClient, type TestSandbox, startTestSandbox } from '../support/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => void (sb = await startTestSandbox()));
afterAll(() => sb.close());

const sent: string[] = [];
const client = () => recordingClient(sb, sent);

describe('registerWebhook refuses an unsafe receiver URL', () => {
  it.each([
    ['http on a public host', 'http://app.example.com/webhooks', /must use https .*got http:\/\/app\.example\.com/],
    ['http on a public IP', 'http://203.0.113.7:8080/webhooks', /must use https/],
    ['a user and password', 'https://hook:pa55@app.example.com/webhooks', /must not contain a user or password/],
    ['a user alone on loopback', 'http://hook@127.0.0.1:3000/webhooks', /must not contain a user or password/],
  ])('%s: the client throws HostedJourneyValidationError on url, nothing sent', async (_, url, message) => {
    sent.length = 0;
    const err = await client()
      .registerWebhook({ url })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'HostedJourneyValidationError', fields: [{ path: 'url' }] });
    expect((err as { fields: { message: string }[] }).fields[0]!.message).toMatch(message);
    expect((err as Error).message).not.toContain('pa55');
    expect(sent).toEqual([]);
  });

  it('the sandbox answers a signed request with either 422, and registers nothing', async () => {
    for (const url of ['http://app.example.com/webhooks', 'https://hook:pa55@app.example.com/webhooks']) {
      const res = await sb.request('POST', '/api/v1/webhooks', { url });
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe('VALIDATION_FAILED');
    }
    const { webhooks } = await client().listWebhooks();
    expect(webhooks.filter((w) => w.url.includes('example.com'))).toEqual([]);
  });

  it('http on loopback (localhost, 127.0.0.1, [::1]) and https anywhere are accepted', async () => {
    for (const url of [
      'http://localhost:3000/hooks',
      'http://127.0.0.1:3000/hooks',
      'http://[::1]:3000/hooks',
      'https://app.example.com/hooks',
    ]) {
      const r = await client().registerWebhook({ url });
      expect(r.url).toBe(url);
    }
  });
});
