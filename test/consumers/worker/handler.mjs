// What an integrator deploys to a Fetch-API runtime (Cloudflare Workers, Deno, Bun, Next.js route handlers):
// exactly-once webhook handling wrapped by toFetchHandler, which reads the raw bytes itself.
import { createWebhookHandler, toFetchHandler } from 'hosted-journey-server';

export const keys = [{ tokenId: 'wh_1', secret: 'worker_secret' }];
/** What the handler did, for the consumer check to inspect. */
export const processed = [];

const handler = createWebhookHandler({
  verify: { keys },
  on: {
    'application.completed': async (event, ctx) => {
      processed.push({ id: event.event_id, application: event.application_id, tokenId: ctx.tokenId });
    },
  },
});

export default { fetch: toFetchHandler(handler) };
