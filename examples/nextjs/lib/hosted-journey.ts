// Server-only configuration, from the environment; the defaults are the sandbox's (`npm run sandbox`).
import { createClient } from 'hosted-journey-server';

export const env = {
  apiUrl: process.env.HJ_API_URL ?? 'http://127.0.0.1:4010', // the sandbox serves the API and the journey
  journeyOrigin: process.env.HJ_JOURNEY_ORIGIN ?? process.env.HJ_API_URL ?? 'http://127.0.0.1:4010',
  tokenId: process.env.HJ_TOKEN_ID ?? 'sandbox_token',
  signingSecret: process.env.HJ_SIGNING_SECRET ?? 'sandbox_secret',
  webhookSecret: process.env.HJ_WEBHOOK_SECRET ?? 'sandbox_secret', // the sandbox signs with the token's secret
};

export const client = createClient({ baseUrl: env.apiUrl, tokenId: env.tokenId, signingSecret: env.signingSecret });
