// Both builds of hosted-journey-server, so one suite runs against the node:crypto and the Web Crypto provider: the
// entry source as is (node), and the same source bundled with crypto/selected.ts replaced by selected.web.ts, as
// scripts/build.mjs builds dist/server-web.js.
import * as nodeEntry from '../../src/server/index.js';
import { bundleServerWeb } from '../../scripts/server-web.mjs';

const webEntry = await bundleServerWeb();

export const entries = [
  { name: 'node provider (src/server/index.ts)', api: nodeEntry },
  { name: 'web provider (src/server/index.ts + crypto/selected.web.ts)', api: webEntry },
] as const;

export type ServerApi = typeof nodeEntry;
