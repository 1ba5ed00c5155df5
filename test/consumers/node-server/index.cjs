// The package is ESM-only. CommonJS code uses it in one of two documented ways:
//   Node >= 20.19 / 22.12: plain require() (require(esm), no flag) — the entries have no top-level await.
//   older Node: await import('hosted-journey-server').
const assert = require('node:assert/strict');

async function main() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  const requireEsm = major > 22 || (major === 22 && minor >= 12) || (major === 20 && minor >= 19);
  const viaImport = await import('hosted-journey-server');
  const headers = await viaImport.signRequest({
    method: 'GET',
    path: '/enquiry/downloadreport?enquiry_id=e1',
    tokenId: 't',
    secret: 's3cret',
  });
  const { verifyRequest } = await import('hosted-journey-server/testing');
  const verified = await verifyRequest({
    method: 'GET',
    path: '/enquiry/downloadreport?enquiry_id=e1',
    headers,
    body: '',
    keys: [{ tokenId: 't', secret: 's3cret' }],
  });
  assert.equal(verified.tokenId, 't');
  if (!requireEsm) {
    console.log(
      `node-server consumer (CommonJS): Node ${process.versions.node} has no require(esm); dynamic import works`,
    );
    return;
  }
  const server = require('hosted-journey-server');
  const sandbox = require('hosted-journey-sandbox');
  assert.equal(typeof server.signRequest, 'function');
  assert.equal(server.signRequest, viaImport.signRequest, 'require and import give the same module instance');
  assert.equal(typeof sandbox.startSandbox, 'function');
  assert.equal(typeof require('hosted-journey-server/stores').MemoryDedupeStore, 'function');
  const signed = await server.signRequest({
    method: 'POST',
    path: '/account/create',
    body: '{}',
    tokenId: 't',
    secret: 's3cret',
  });
  assert.match(signed.authorization, /^HMAC t:[A-Za-z0-9+/]+=*$/);
  const manifest = require('hosted-journey-server/package.json');
  assert.equal(manifest.type, 'module');
  console.log(
    `node-server consumer (CommonJS): require(esm) on Node ${process.versions.node} and dynamic import both work`,
  );
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
