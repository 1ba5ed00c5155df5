// The testing kit's sandbox with a webhook receiver registered and a client signed with its token: what a test of
// the consent's year starts with. Its own module, so the tests that import test/support/sandbox.ts alone do not load
// the kit and the client.
import { afterAll, beforeAll } from 'vitest';
import { createClient, type HostedJourneyClient } from '../../src/server/index.js';
import { startTestSandbox, type TestSandbox } from '../../src/sandbox/testing/index.js';
import { startWebhookReceiver, type WebhookReceiverHandle } from './sandbox.js';

export interface KitSandbox {
  sb: TestSandbox;
  hooks: WebhookReceiverHandle;
  client: HostedJourneyClient;
  close(): Promise<void>;
}

export async function startKitSandbox(): Promise<KitSandbox> {
  const sb = await startTestSandbox();
  const hooks = await startWebhookReceiver();
  await sb.addWebhook(hooks.url);
  const client = createClient({ baseUrl: sb.url, tokenId: sb.token.id, signingSecret: sb.token.secret });
  return { sb, hooks, client, close: async () => void (await Promise.all([sb.close(), hooks.close()])) };
}

/** A kit sandbox for the test file: started beforeAll and handed to `take`, closed afterAll. */
export function kitSandboxForFile(take: (kit: KitSandbox) => void): void {
  let kit: KitSandbox | undefined;
  beforeAll(async () => take((kit = await startKitSandbox())));
  afterAll(() => kit?.close());
}
