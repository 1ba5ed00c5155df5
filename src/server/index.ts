/**
 * `hosted-journey-server`: the one entry source, built twice (scripts/build.mjs) — dist/server.js with the Node
 * provider, dist/server-web.js for Fetch-API runtimes with Web Crypto — by choosing `./crypto/selected.js` at build
 * time. Plain functions, each importing only what it uses, so a bundler keeps only the ones an application calls.
 * The other entries (`./stores/index.ts`, `./telemetry/index.ts`, `./testing.ts`, `./types.ts`) are built beside it.
 */
import { provider } from './crypto/selected.js';
import { type ClientOptions, type HostedJourneyClient, createClientWith } from './client/client.js';
import { type SignRequestOptions, type SignedHeaders, signRequestWith } from './requests.js';
import { type WebhookHandler, createWebhookHandlerWith } from './webhooks/handler.js';
import type { WebhookHandlerOptions } from './webhooks/handler-options.js';
import {
  type VerifiedWebhook,
  type VerifiedWebhookSignature,
  type VerifyWebhookOptions,
  type WebhookVerifier,
  type WebhookVerifyOptions,
  toEvent,
  toSignature,
  verifierOf,
  verifyOnce,
} from './webhooks/verify.js';

export * from './public.js';

/**
 * Signs a request to the service: returns the `date`, `content-md5`, `content-type` and `authorization` headers. The
 * client signs every call itself; use this for a request of your own (a proxy, a test).
 * @example
 * const body = JSON.stringify({ full_name: 'Ada Lovelace' });
 * const path = '/api/v1/acme/cust_42/profile';
 * const headers = await signRequest({
 *   method: 'POST', path, body, tokenId: 'sandbox_token', secret: 'sandbox_secret',
 * });
 * await fetch(`http://127.0.0.1:4010${path}`, { method: 'POST', headers, body });
 */
export function signRequest(o: SignRequestOptions): Promise<SignedHeaders> {
  return signRequestWith(provider, o);
}
/**
 * A client with one typed, signed method per endpoint.
 * @example const client = createClient({ baseUrl: 'https://api.example.com', tokenId: 'tok_1', signingSecret:
 *   process.env.HJ_SECRET! });
 */
export function createClient(o: ClientOptions): HostedJourneyClient {
  return createClientWith(signRequest, o);
}
/**
 * Verifies a webhook delivery over its exact raw bytes and returns the validated event and the matching key's tokenId.
 * @example const { event } = await verifyWebhook({ body: await req.text(), headers: req.headers, keys, path:
 *   '/webhooks' });
 */
export function verifyWebhook(o: VerifyWebhookOptions): Promise<VerifiedWebhook> {
  return verifyOnce(provider, o, toEvent);
}
/**
 * Same checks as `verifyWebhook` (signature, body digest, freshness, key rotation) but returns the body parsed as JSON
 * **without** validating it against the event schemas, so a verify-only bundle carries no schema code.
 * @example const { payload } = await verifyWebhookSignature({ body: await req.text(), headers: req.headers, keys, path:
 *   '/webhooks' });
 */
export function verifyWebhookSignature(o: VerifyWebhookOptions): Promise<VerifiedWebhookSignature> {
  return verifyOnce(provider, o, toSignature);
}
/**
 * A webhook verifier made once (as standard-webhooks' `new Webhook(secret)`): the options are checked and every key
 * prepared here (`whsec_` decoded), so `verify` does nothing but verify, parse and validate the event. Prefer it to
 * `verifyWebhook` when one process verifies many deliveries.
 * @example const verifier = createWebhookVerifier({ keys, path: '/webhooks' });
 * const { event } = await verifier.verify({ body: await req.text(), headers: req.headers });
 */
export function createWebhookVerifier(o: WebhookVerifyOptions): WebhookVerifier<VerifiedWebhook> {
  return verifierOf(provider, o, toEvent);
}
/**
 * As `createWebhookVerifier`, but `verify` returns the body parsed as JSON **without** validating it against the event
 * schemas (`verifyWebhookSignature`'s answer), so a verify-only bundle carries no schema code.
 * @example const verifier = createWebhookSignatureVerifier({ keys, scheme: 'standard' });
 * const { payload } = await verifier.verify({ body: await req.text(), headers: req.headers });
 */
export function createWebhookSignatureVerifier(o: WebhookVerifyOptions): WebhookVerifier<VerifiedWebhookSignature> {
  return verifierOf(provider, o, toSignature);
}
/**
 * Exactly-once handling: verify, claim the event id (renewed while the handler runs), run the handler, mark done.
 * Bad options throw ServerConfigError here. Wrap with toFetchHandler / toNodeHandler. With an InboxStore
 * (PostgresInbox) each handler runs inside a transaction and gets it as `ctx.db`.
 * @example const handler = createWebhookHandler({ verify: { keys }, store: new RedisDedupeStore({ url }), on: { '*':
 *   log } }); // RedisDedupeStore from 'hosted-journey-server/stores'
 */
export function createWebhookHandler<Db = never>(o: WebhookHandlerOptions<Db>): WebhookHandler {
  return createWebhookHandlerWith(provider, o);
}
