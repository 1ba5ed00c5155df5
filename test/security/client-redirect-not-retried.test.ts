// Attack: the service (or something in front of it) answers with a redirect. The client does not follow redirects
// (a signature is bound to one path; following could send signed requests elsewhere), and the refusal must not
// surface as a retryable HostedJourneyNetworkError (three requests, and a message that hides what happened).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp, testClientOptions } from '../support/http.js';
import { entries } from '../support/providers.js';

let srv: Awaited<ReturnType<typeof startHttp>>;
beforeAll(async () => {
  srv = await startHttp((r, res) => {
    const status = Number(new URL(r.url, 'http://x').searchParams.get('enquiry_id')?.slice(4) ?? 302) || 302;
    res.writeHead(status, { location: 'https://elsewhere.example/steal?token=1' });
    res.end();
  });
});
afterAll(() => srv.close());

describe.each(entries)('a redirect is a non-retryable RedirectError — $name', ({ api }) => {
  it.each([301, 302, 303, 307, 308])(
    '%i on a GET and on an idempotent POST: one request, code REDIRECT',
    async (status) => {
      const c = api.createClient(testClientOptions(srv.url));
      srv.requests.length = 0;
      const err = await c.downloadReport({ enquiry_id: `enq_${status}` }).catch((e: unknown) => e);
      expect(err).toMatchObject({
        name: 'RedirectError',
        code: 'REDIRECT',
        status,
        location: 'https://elsewhere.example/steal?token=1',
      });
      expect((err as Error).message).toMatch(/redirect/i);
      expect(api.isClientError(err)).toBe(true);
      expect(srv.requests).toHaveLength(1);
      srv.requests.length = 0;
      const err2 = await c.finalise({ vendor: 'acme', ref: 'c1', idempotencyKey: 'k1' }).catch((e: unknown) => e);
      expect(err2).toMatchObject({ name: 'RedirectError', code: 'REDIRECT' });
      expect(srv.requests).toHaveLength(1);
    },
  );
});
