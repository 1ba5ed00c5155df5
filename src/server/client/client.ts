/**
 * `createClient()`: every method of `HostedJourneyClient` is a row of `OPERATIONS` (./operations.ts) bound to one
 * transport. Each method takes one options object: path parameters by their path names (`vendor`, `ref`, `id`), body
 * fields by their wire names, plus call options.
 */
import type { SignRequestOptions, SignedHeaders } from '../requests.js';
import { CreditMemory } from './credit-memory.js';
import { bindOperation } from './invoke.js';
import { OPERATIONS, type Operation } from './operations.js';
import { registerOnce } from './register-once.js';
import { type ClientOptions, resolveClientOptions } from './options.js';
import type { Transport } from './transport.js';
import type { HostedJourneyClient } from './types.js';

export type { CallOptions, DownloadOptions, HostedJourneyClient } from './types.js';
export type { ClientOptions } from './options.js';

type Method = (...args: unknown[]) => Promise<unknown>;

/** `util.inspect` shows this instead of the object (no secret is in it anyway; this keeps the output short). */
const inspect = Symbol.for('nodejs.util.inspect.custom');

export function createClientWith(
  sign: (o: SignRequestOptions) => Promise<SignedHeaders>,
  options: ClientOptions,
): HostedJourneyClient {
  const { secret, tokenId, baseUrl, warn, ...rest } = resolveClientOptions(options);
  const transport: Transport = { ...rest, baseUrl, sign: (o) => sign({ ...o, tokenId, secret }) };
  const shown = `HostedJourneyClient(${baseUrl}, token ${tokenId})`;
  const memory = new CreditMemory(warn);
  const methods: Record<string, ReturnType<typeof bindOperation>> = Object.fromEntries(
    Object.entries(OPERATIONS as Record<string, Operation>).map(([name, op]) => [
      name,
      bindOperation(transport, name, op, memory),
    ]),
  );
  methods.registerWebhook = registerOnce(
    OPERATIONS.registerWebhook,
    methods.registerWebhook as Method,
    methods.listWebhooks as Method,
  );
  return {
    ...methods,
    toString: () => shown,
    toJSON: () => ({ baseUrl, tokenId }),
    [inspect]: () => shown,
  } as unknown as HostedJourneyClient;
}
