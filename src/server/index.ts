/**
 * `hosted-journey/server` on Node: crypto through node:crypto. The Fetch-runtime build (web.ts) exposes the same API.
 */
import { nodeCrypto } from './crypto/node.js';
import { bindProvider } from './bind.js';

export * from './public.js';

const api = bindProvider(nodeCrypto);
/** Signs a request to the service: returns the `date`, `content-md5`, `content-type` and `authorization` headers. */
export const signRequest = api.signRequest;
/** Verifies a signed inbound request; resolves to the matching `{ tokenId }` or rejects with `SignatureVerificationError`. */
export const verifyRequest = api.verifyRequest;
/**
 * A client with one typed, signed method per endpoint.
 * @example const client = createClient({ baseUrl: 'https://api.example.com', tokenId: 'tok_1', signingSecret: process.env.HJ_SECRET! });
 */
export const createClient = api.createClient;
