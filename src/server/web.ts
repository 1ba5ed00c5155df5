/**
 * `hosted-journey/server` for Fetch-API runtimes (edge workers, Deno, Bun): crypto through Web Crypto and
 * @noble/hashes. Chosen by the package exports map; imports nothing Node-only. Same API as index.ts.
 */
import { webCrypto } from './crypto/web.js';
import { bindProvider } from './bind.js';

export * from './public.js';

const api = bindProvider(webCrypto);
/** Signs a request to the service: returns the `date`, `content-md5`, `content-type` and `authorization` headers. */
export const signRequest = api.signRequest;
/** Verifies a signed inbound request; resolves to the matching `{ tokenId }` or rejects with `SignatureVerificationError`. */
export const verifyRequest = api.verifyRequest;
/**
 * A client with one typed, signed method per endpoint.
 * @example const client = createClient({ baseUrl: 'https://api.example.com', tokenId: 'tok_1', signingSecret: process.env.HJ_SECRET! });
 */
export const createClient = api.createClient;
/**
 * Verifies a webhook delivery over its exact raw bytes and returns the validated event and the matching key's tokenId.
 * @example const { event } = await verifyWebhook({ body: await req.text(), headers: req.headers, keys, path: '/webhooks' });
 */
export const verifyWebhook = api.verifyWebhook;
/** Produces a valid delivery (body + headers) for either scheme, e.g. for your own tests. */
export const signWebhook = api.signWebhook;
/**
 * Exactly-once handling: verify, claim the event id, run the handler, mark done. Wrap with toFetchHandler / toNodeHandler.
 * @example const handler = createWebhookHandler({ verify: { keys }, store: new RedisDedupeStore({ url }), on: { '*': log } });
 */
export const createWebhookHandler = api.createWebhookHandler;
