// Both entries of hosted-journey/server, so one suite runs against the node:crypto and the Web Crypto provider.
import * as nodeEntry from '../../src/server/index.js';
import * as webEntry from '../../src/server/web.js';

export const entries = [
  { name: 'node provider (src/server/index.ts)', api: nodeEntry },
  { name: 'web provider (src/server/web.ts)', api: webEntry },
] as const;

export type ServerApi = typeof nodeEntry;
