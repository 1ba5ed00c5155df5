// A Fetch-API handler driven with real `Request` objects, run under `node --conditions=worker` so the exports map
// picks the Web Crypto build. Exits non-zero (assert) on any wrong result.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import worker, { keys, processed } from './handler.mjs';
import { signWebhook } from 'hosted-journey-server/testing';

const resolved = import.meta.resolve('hosted-journey-server');
assert.match(
  resolved,
  /\/dist\/server-web\.js$/,
  `the worker condition resolves the Web Crypto build (got ${resolved})`,
);

// The Web Crypto build and every chunk it reaches import no Node built-in (edge runtimes have none).
const seen = new Set();
(function walk(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const m of source.matchAll(
    /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
  )) {
    const spec = m[1] ?? m[2];
    assert.ok(
      !spec.startsWith('node:') && !['crypto', 'fs', 'http', 'buffer', 'stream'].includes(spec),
      `${path.basename(file)} imports ${spec}`,
    );
    if (spec.startsWith('.')) walk(path.resolve(path.dirname(file), spec));
  }
})(fileURLToPath(resolved));

const origin = 'https://worker.example.com';
const receiverPath = '/webhooks?source=sandbox';
const event = {
  event_id: 'evt_worker_1',
  type: 'application.completed',
  created_at: new Date().toISOString(),
  vendor: 'acme',
  ref: 'cust_1',
  application_id: 'app_1',
  data: {},
};
const signed = await signWebhook({
  payload: event,
  tokenId: keys[0].tokenId,
  secret: keys[0].secret,
  path: receiverPath,
});
const deliver = (body = signed.body, headers = signed.headers) =>
  worker.fetch(new Request(origin + receiverPath, { method: 'POST', headers, body }));

const first = await deliver();
assert.equal(first.status, 200, await first.clone().text());
const again = await deliver();
assert.equal(again.status, 200, 'a duplicate of a finished event is acknowledged');
assert.deepEqual(processed, [{ id: 'evt_worker_1', application: 'app_1', tokenId: 'wh_1' }], 'handled exactly once');

const text = typeof signed.body === 'string' ? signed.body : new TextDecoder().decode(signed.body);
const tampered = await deliver(text.replace('app_1', 'app_2'));
assert.equal(tampered.status, 401);
const unsigned = await deliver(signed.body, { 'content-type': 'application/json' });
assert.ok(unsigned.status === 400 || unsigned.status === 401, `unsigned delivery refused (got ${unsigned.status})`);
assert.equal(processed.length, 1);
console.log(
  `worker consumer: ${path.basename(fileURLToPath(resolved))} + ${seen.size - 1} chunk(s) free of Node built-ins; ` +
    `toFetchHandler: delivery 200, duplicate 200 (handled once), tampered 401, unsigned ${unsigned.status}`,
);
