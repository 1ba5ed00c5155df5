// Node 22 and 24 (after test/consumers/node-server's server.mjs and index.cjs, copied here): the sandbox and its
// testing kit as an integrator's backend tests use them. startTestSandbox() with every webhook sent twice, a receiver
// (createWebhookHandler + toNodeHandler over node:http), a signed call, triggerJourney(), each event processed once;
// then `npx hosted-journey-sandbox` on this same Node, answering a signed call and stopping on Ctrl+C. Exits
// non-zero (assert) on any wrong result; prints one line.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import path from 'node:path';
import { createClient, createWebhookHandler, toNodeHandler } from 'hosted-journey-server';
import { startTestSandbox, triggerJourney } from 'hosted-journey-sandbox/testing';

const applicant = { vendor: 'acme', full_name: 'Alex Citizen', email: 'alex@example.com' };

async function testingKit() {
  const sandbox = await startTestSandbox({ duplicateRate: 1 });
  const processed = new Map();
  const handler = createWebhookHandler({
    verify: { keys: [{ tokenId: sandbox.token.id, secret: sandbox.webhookSecret }] },
    on: { '*': async (event) => void processed.set(event.event_id, (processed.get(event.event_id) ?? 0) + 1) },
  });
  const app = createServer(toNodeHandler(handler)).listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => app.once('listening', resolve));
    await sandbox.addWebhook(`http://127.0.0.1:${app.address().port}/webhooks`);
    const client = createClient({
      baseUrl: sandbox.url,
      tokenId: sandbox.token.id,
      signingSecret: sandbox.token.secret,
    });
    const { application_id } = await client.startApplication({ ...applicant, ref: 'cust_kit_1' });
    await triggerJourney(sandbox, { vendor: 'acme', ref: 'cust_kit_1', pathway: 'cdr', outcome: 'approved' });
    const delivery = await sandbox.waitForWebhook({ type: 'crawl.completed', applicationId: application_id });
    await sandbox.webhooksIdle();
    const attempts = sandbox.deliveries().filter((d) => d.event_id === delivery.event_id).length;
    assert.ok(attempts >= 2, `the sandbox delivered crawl.completed twice (got ${attempts})`);
    assert.equal(processed.get(delivery.event_id), 1, 'crawl.completed processed exactly once');
    return `startTestSandbox: ${processed.size} events each delivered twice, processed once`;
  } finally {
    app.close();
    await sandbox.close();
  }
}

/** `npx hosted-journey-sandbox` with this Node first on PATH, as `nvm use` leaves it. */
async function cli() {
  const env = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` };
  const onPath = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
  assert.equal(onPath, process.version, 'the node on PATH, which the CLI runs on, is this one');
  // A process group of its own, as a terminal's foreground job: Ctrl+C (SIGINT) reaches npx and the sandbox alike.
  const args = ['--offline', '--no', '--', 'hosted-journey-sandbox', '--port', '0'];
  const child = spawn('npx', args, { env, detached: true });
  let out = '';
  const exited = new Promise((resolve) => child.on('close', resolve));
  try {
    const url = await new Promise((resolve, reject) => {
      child.stdout.on('data', (c) => {
        out += c;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]);
      });
      child.stderr.on('data', (c) => void (out += c));
      exited.then((code) => reject(new Error(`the CLI exited (${code}) before listening:\n${out}`)));
    });
    const client = createClient({ baseUrl: url, tokenId: 'sandbox_token', signingSecret: 'sandbox_secret' });
    const { application_id } = await client.startApplication({ ...applicant, ref: 'cust_cli_1' });
    assert.match(application_id, /\S/);
  } finally {
    process.kill(-child.pid, 'SIGINT');
  }
  const code = await exited;
  assert.ok(/SIGINT: stopping sandbox/.test(out), `the CLI stops on Ctrl+C (exit ${code}):\n${out}`);
  return 'npx hosted-journey-sandbox: signed call accepted, stopped by Ctrl+C';
}

console.log(`kit on Node ${process.versions.node}: ${await testingKit()}; ${await cli()}`);
