// POST /webhooks: verified, processed once per event id (MemoryDedupeStore by default; use RedisDedupeStore when you
// run more than one instance), and the application finalised once its data is retrieved.
import { createWebhookHandler, toFetchHandler, type WebhookEvent } from 'hosted-journey-server';
import { client, env } from '../../lib/hosted-journey';

const processed = (event: WebhookEvent) =>
  console.log(`webhook processed ${event.type} ${event.event_id} ${event.application_id}`);

export const POST = toFetchHandler(
  createWebhookHandler({
    verify: { keys: [{ tokenId: env.tokenId, secret: env.webhookSecret }] },
    on: {
      'crawl.completed': async (event) => {
        await client.finalise({ vendor: event.vendor, ref: event.ref });
        processed(event);
      },
      '*': async (event) => processed(event),
    },
  }),
);
