// Attack: amplification through registrations. One token registers hundreds of receivers, so each event becomes
// hundreds of POSTs. Registrations are capped per token with a typed 422 (the same URL again is the same registration:
// test/server/register-webhook-once.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WEBHOOKS_PER_TOKEN } from '../../src/sandbox/api/webhooks.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

const A = { tokenId: 'a_token', secret: 'a_secret' };
const B = { tokenId: 'b_token', secret: 'b_secret' };
let sb: TestSandbox;
beforeAll(async () => void (sb = await startTestSandbox({ tokens: [A, B] })));
afterAll(() => sb.close());

describe('webhook registrations per token are capped', () => {
  it(`the ${MAX_WEBHOOKS_PER_TOKEN + 1}th registration of one token answers 422 WEBHOOK_LIMIT_REACHED`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_WEBHOOKS_PER_TOKEN; i++) {
      const res = await sb.request('POST', '/api/v1/webhooks', { url: `http://127.0.0.1:9/hook${i}` }, A);
      expect(res.status, res.text).toBe(201);
      ids.push(res.json.webhook_id);
    }
    const over = await sb.request('POST', '/api/v1/webhooks', { url: 'http://127.0.0.1:9/hook-over' }, A);
    expect(over.status).toBe(422);
    expect(over.json.error.code).toBe('WEBHOOK_LIMIT_REACHED');
    expect(over.json.error.message).toMatch(/delete one/);
    expect((await sb.request('GET', '/api/v1/webhooks', undefined, A)).json.webhooks).toHaveLength(
      MAX_WEBHOOKS_PER_TOKEN,
    );

    // Another token has its own allowance; a deletion frees one place.
    expect((await sb.request('POST', '/api/v1/webhooks', { url: 'http://127.0.0.1:9/hook' }, B)).status).toBe(201);
    expect((await sb.request('DELETE', `/api/v1/webhooks/${ids[0]}`, undefined, A)).status).toBe(200);
    expect((await sb.request('POST', '/api/v1/webhooks', { url: 'http://127.0.0.1:9/hook-over' }, A)).status).toBe(201);
  });
});
