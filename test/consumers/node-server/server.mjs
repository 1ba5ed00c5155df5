// Node ESM integrator backend: signs a real call to the sandbox, and verifies signatures the way a webhook receiver
// does. Exits non-zero (assert) on any wrong result.
import assert from 'node:assert/strict';
// Installs hosted-journey-server, and hosted-journey-sandbox as a dev dependency for this test (the widget package is
// the browser's, not the backend's).
import { signRequest, isSignatureVerificationError } from 'hosted-journey-server';
import { verifyRequest } from 'hosted-journey-server/testing';
import { startSandbox, DEFAULT_TOKENS } from 'hosted-journey-sandbox';

assert.match(
  import.meta.resolve('hosted-journey-server'),
  /\/dist\/server\.js$/,
  'Node resolves the node:crypto build',
);
const { tokenId, secret } = DEFAULT_TOKENS[0];
const sandbox = await startSandbox({ host: '127.0.0.1', crawlDelayMs: 0 });
try {
  const path = '/api/v1/acme/cust_consumer_1/profile';
  const body = JSON.stringify({ full_name: 'Alex Citizen', email: 'alex@example.com' });
  const headers = await signRequest({ method: 'POST', path, body, tokenId, secret });
  const res = await fetch(sandbox.url + path, { method: 'POST', headers, body });
  const json = await res.json();
  assert.equal(res.status < 300, true, `signed call accepted (got ${res.status} ${JSON.stringify(json)})`);
  assert.equal(json.vendor, 'acme');
  assert.equal(json.ref, 'cust_consumer_1');
  assert.match(json.application_id, /\S/);

  const wrong = await signRequest({ method: 'POST', path, body, tokenId, secret: 'not_the_secret' });
  const refused = await fetch(sandbox.url + path, { method: 'POST', headers: wrong, body });
  assert.equal(refused.status, 401, 'a request signed with the wrong secret is refused');

  const ok = await verifyRequest({ method: 'POST', path, headers, body, keys: [{ tokenId, secret }] });
  assert.equal(ok.tokenId, tokenId);
  await assert.rejects(
    verifyRequest({ method: 'POST', path, headers, body: body.replace('Alex', 'Eve'), keys: [{ tokenId, secret }] }),
    (error) => isSignatureVerificationError(error),
    'a tampered body fails verification',
  );
  // The journey pages' assets are found inside the installed hosted-journey-sandbox package.
  for (const asset of ['journey.js', 'bank-return.js', 'journey.css']) {
    const served = await fetch(`${sandbox.url}/assets/${asset}`);
    assert.equal(served.status, 200, `the sandbox serves /assets/${asset} from its package (got ${served.status})`);
  }
  console.log(
    `node-server consumer: journey assets served from the installed package; sandbox ${sandbox.url} accepted the signed call (application ${json.application_id}); verify ok; tamper rejected`,
  );
} finally {
  await sandbox.close();
}
