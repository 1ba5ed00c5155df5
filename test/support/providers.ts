// Both builds of hosted-journey-server, so one suite runs against the node:crypto and the Web Crypto provider: the
// entry sources as they are (node), and the same sources bundled with crypto/selected.ts replaced by selected.web.ts,
// as scripts/build.mjs builds dist/server-web.js and its sibling entries. Each side is the root's names and
// /testing's (signWebhook, verifyRequest) together.
import * as root from '../../src/server/index.js';
import * as testing from '../../src/server/testing.js';
import { bundleServerWeb } from '../../scripts/server-web.mjs';

const nodeEntry = { ...root, ...testing };
const webEntry: typeof nodeEntry = await bundleServerWeb();

export const entries = [
  { name: 'node provider (src/server/index.ts)', api: nodeEntry },
  { name: 'web provider (src/server/index.ts + crypto/selected.web.ts)', api: webEntry },
] as const;

export type ServerApi = typeof nodeEntry;
