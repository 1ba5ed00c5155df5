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
