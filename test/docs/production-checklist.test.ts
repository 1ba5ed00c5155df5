// docs/production.md's going-live checklist, "How long things last": in the sandbox a journey_url opens the same
// application however much later, and a bundle is downloadable while its consent is live and refused, naming the
// consent, once the sharing period ended.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { advanceClock, triggerJourney } from '../../src/sandbox/testing/index.js';
import { createClient, type HostedJourneyClient } from '../../src/server/index.js';

let sandbox: Sandbox;
let client: HostedJourneyClient;
beforeAll(async () => {
  sandbox = await startSandbox({ crawlDelayMs: 0 });
  client = createClient({ baseUrl: sandbox.url, tokenId: 'sandbox_token', signingSecret: 'sandbox_secret' });
});
afterAll(() => sandbox?.close());

const journeyConfig = async (url: string) => {
  const res = await fetch(url);
  const config = /<script type="application\/json" id="hj-config">(.*?)<\/script>/s.exec(await res.text());
  return { status: res.status, config: JSON.parse(config![1]!) as { status: { application_id: string } | null } };
};

it('a journey_url opens the same application 400 days later; the bundle, downloadable while the consent was live, is then refused as CONSENT_EXPIRED', async () => {
  const app = await client.startApplication({
    vendor: 'acme',
    ref: 'golive_1',
    full_name: 'A B',
    email: 'a@example.com',
  });
  await triggerJourney(sandbox.url, { vendor: 'acme', ref: 'golive_1' });
  await client.finalise({ vendor: 'acme', ref: 'golive_1' });
  const pdf = await client.downloadBundle({ id: app.application_id, format: 'pdf' });
  expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');

  await advanceClock(sandbox.url, '400d');
  const later = await journeyConfig(app.journey_url!);
  expect(later.status).toBe(200);
  expect(later.config.status?.application_id).toBe(app.application_id);
  const refused = await client.downloadBundle({ id: app.application_id, format: 'pdf' }).catch((e: unknown) => e);
  expect(refused).toMatchObject({ name: 'ConsentInactiveError', code: 'CONSENT_EXPIRED', consentStatus: 'expired' });
});
