// Attack: DNS rebinding. A page on http://evil.example:<port> re-resolves its own name to 127.0.0.1 and then reads the
// sandbox as same-origin: the index (token ids, receivers), journey pages and the session credentials in them. Its
// requests carry `Host: evil.example:<port>`. The sandbox answers pages, journey API and index only for the host names
// it serves: loopback names, IP literals, its configured `host` and `allowedHosts`.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

/** A GET with a Host header of our choosing (fetch does not let a caller set Host). */
function getWithHost(url: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, path, method: 'GET', headers: { host, accept: 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let sb: TestSandbox;
let named: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
  named = await startTestSandbox({ allowedHosts: ['sandbox'] });
});
afterAll(async () => {
  await sb.close();
  await named.close();
});

describe('DNS rebinding: a forged Host is refused on every route a browser reads', () => {
  for (const path of [
    '/',
    '/i/acme/rebind_1',
    '/i/acme/rebind_1/bank-return',
    '/journey-api/institutions',
    '/health',
  ]) {
    it(`GET ${path} with Host evil.example → 403 HOST_NOT_ALLOWED, nothing of the page`, async () => {
      const res = await getWithHost(sb.url, path, `evil.example:${sb.port}`);
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe('HOST_NOT_ALLOWED');
      expect(res.body).not.toContain('sandbox_token');
      expect(res.body).not.toContain('hj-config');
      expect(res.body).not.toMatch(/"session"/);
    });
  }

  it('the same requests by loopback names and IP literals are answered', async () => {
    for (const host of [
      `127.0.0.1:${sb.port}`,
      `localhost:${sb.port}`,
      `app.localhost:${sb.port}`,
      `[::1]:${sb.port}`,
    ]) {
      expect((await getWithHost(sb.url, '/', host)).status, host).toBe(200);
      const page = await getWithHost(sb.url, '/i/acme/rebind_2', host);
      expect(page.status, host).toBe(200);
      expect(page.body).toContain('hj-config');
    }
  });

  it('a name in allowedHosts is served (a Docker service name); others still are not', async () => {
    expect((await getWithHost(named.url, '/', `sandbox:${named.port}`)).status).toBe(200);
    expect((await getWithHost(named.url, '/', `SANDBOX:${named.port}`)).status).toBe(200);
    expect((await getWithHost(named.url, '/', `sandbox.evil.example:${named.port}`)).status).toBe(403);
  });

  it('a Host with userinfo or a path is refused', async () => {
    expect((await getWithHost(sb.url, '/', `user@127.0.0.1:${sb.port}`)).status).toBe(403);
  });

  it('the signed API is not host-bound: its signature is what a rebinding page lacks', async () => {
    const res = await sb.request(
      'POST',
      '/api/v1/acme/rebind_3/profile',
      { full_name: 'A B', email: 'a@example.com' },
      {
        headers: { host: `evil.example:${sb.port}` },
      },
    );
    expect(res.status).toBe(201);
  });

  it('allowedHosts takes host names only', async () => {
    await expect(startTestSandbox({ allowedHosts: ['http://sandbox'] })).rejects.toMatchObject({
      name: 'SandboxOptionError',
      code: 'INVALID_OPTION',
      option: 'allowedHosts',
    });
  });
});
