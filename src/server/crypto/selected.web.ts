/**
 * The provider of the Fetch-runtime build: replaces selected.ts there (scripts/server-web.mjs). Imports nothing
 * Node-only.
 */
export { webCrypto as provider } from './web.js';
