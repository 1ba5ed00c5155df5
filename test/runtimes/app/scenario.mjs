// What an integrator's code does on a Fetch-API runtime (workerd, Deno, Bun), with Web APIs only: a webhook receiver
// that processes each event once (createWebhookHandler + toFetchHandler, real `Request`s), and signed calls to the
// service — here the sandbox, which scripts/check-runtimes.mjs starts in Node on loopback. Returns what happened;
// each runtime's entry prints it as one JSON line and the check judges it.
import { createClient, createWebhookHandler, isClientError, toFetchHandler } from 'hosted-journey-server';
import { signWebhook } from 'hosted-journey-server/testing';

const keys = [{ tokenId: 'wh_runtime', secret: 'runtime_webhook_secret' }];
const receiverPath = '/webhooks?source=sandbox';

async function webhooks(runtime) {
  const processed = [];
  const receive = toFetchHandler(
    createWebhookHandler({
      verify: { keys },
      on: { 'application.completed': async (event) => void processed.push(event.event_id) },
    }),
  );
  const event = {
    event_id: `evt_${runtime}_1`,
    type: 'application.completed',
    created_at: new Date().toISOString(),
    vendor: 'acme',
    ref: `cust_${runtime}`,
    application_id: 'app_1',
    data: {},
  };
  const signed = await signWebhook({
    payload: event,
    tokenId: keys[0].tokenId,
    secret: keys[0].secret,
    path: receiverPath,
  });
  const deliver = (body) =>
    receive(new Request(`https://app.example${receiverPath}`, { method: 'POST', headers: signed.headers, body }));
  const text = typeof signed.body === 'string' ? signed.body : new TextDecoder().decode(signed.body);
  const first = await deliver(signed.body);
  const duplicate = await deliver(signed.body);
  const tampered = await deliver(text.replace('app_1', 'app_2'));
  return { delivery: first.status, duplicate: duplicate.status, tampered: tampered.status, processed };
}

async function client(runtime, { sandboxUrl, tokenId, secret }) {
  const applicant = { vendor: 'acme', ref: `cust_${runtime}`, full_name: 'Alex Citizen', email: 'alex@example.com' };
  const signed = createClient({ baseUrl: sandboxUrl, tokenId, signingSecret: secret });
  const started = await signed.startApplication(applicant);
  const wrong = createClient({ baseUrl: sandboxUrl, tokenId, signingSecret: `${secret}_not` });
  const refused = await wrong.startApplication(applicant).then(
    () => 'accepted',
    (error) => (isClientError(error) ? `${error.name} ${error.status ?? ''}`.trim() : String(error)),
  );
  return { applicationId: started.application_id, wrongSecret: refused };
}

/** Runs both parts; `runtime` names the runtime in event ids and customer refs. */
export async function exercise(runtime, sandbox) {
  return { runtime, webhooks: await webhooks(runtime), client: await client(runtime, sandbox) };
}
