/**
 * The provider of this build. The Node build (and the TypeScript sources) use node:crypto; the Fetch-runtime build
 * (dist/server-web.js) replaces this module with selected.web.ts at build time (scripts/server-web.mjs), so one
 * entry source serves both and each build holds one provider only.
 */
export { nodeCrypto as provider } from './node.js';
