// A Fetch-API handler (Cloudflare Workers / Deno / Bun shape: `fetch(request) → Response`) driven with real `Request`
// objects, run under `node --conditions=worker` so the exports map picks the Web Crypto build.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import worker from './handler.mjs';
import { signRequest } from 'hosted-journey/server';

const resolved = import.meta.resolve('hosted-journey/server');
assert.match(resolved, /\/dist\/server-web\.js$/, `the worker condition resolves the Web Crypto build (got ${resolved})`);

// The Web Crypto build and every chunk it reaches import no Node built-in (edge runtimes have none).
const seen = new Set();
(function walk(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, spec] of source.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    if (!spec) continue;
    assert.ok(!spec.startsWith('node:') && !['crypto', 'fs', 'http', 'buffer'].includes(spec), `${path.basename(file)} imports ${spec}`);
    if (spec.startsWith('.')) walk(path.resolve(path.dirname(file), spec));
  }
})(fileURLToPath(resolved));

const origin = 'https://worker.example.com';
const body = JSON.stringify({ event_id: 'evt_1', type: 'application.completed' });
const pathWithQuery = '/webhooks?source=sandbox';
const headers = await signRequest({ method: 'POST', path: pathWithQuery, body, tokenId: 'tok_1', secret: 'worker_secret' });

const accepted = await worker.fetch(new Request(origin + pathWithQuery, { method: 'POST', headers, body }));
assert.equal(accepted.status, 200, await accepted.clone().text());
assert.deepEqual(await accepted.json(), { ok: true, tokenId: 'tok_1', event_id: 'evt_1' });

const tampered = await worker.fetch(new Request(origin + pathWithQuery, { method: 'POST', headers, body: body.replace('evt_1', 'evt_2') }));
assert.equal(tampered.status, 401);
const unsigned = await worker.fetch(new Request(origin + pathWithQuery, { method: 'POST', body }));
assert.equal(unsigned.status, 401);
console.log(`worker consumer: ${path.basename(fileURLToPath(resolved))} + ${seen.size - 1} chunk(s) free of Node built-ins; signed Request 200, tampered 401, unsigned 401`);
