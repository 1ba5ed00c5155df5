// A backend project's test helpers with no Playwright installed, type-checked with skipLibCheck false: every
// declaration of hosted-journey-sandbox/testing that it reaches compiles without @playwright/test's types.
import {
  type CompleteJourneyOptions,
  type CompleteJourneyResult,
  completeJourney,
  type JourneyPage,
  startTestSandbox,
  triggerJourney,
} from 'hosted-journey-sandbox/testing';

const sandbox = await startTestSandbox();
const result = await triggerJourney(sandbox, { vendor: 'acme', ref: 'cust_types', pathway: 'cdr' });
const status: string = result.status;
await sandbox.close();

const options: CompleteJourneyOptions = { pathway: 'crawler', outcome: 'otp', timeoutMs: 30_000 };
// The page parameter is structural: a Playwright Page fits (the testing-kit project checks that against Playwright's
// own types); a string does not.
declare const page: JourneyPage;
const run: () => Promise<CompleteJourneyResult> = () => completeJourney(page, options);
// @ts-expect-error -- not a page
const wrong = () => completeJourney('http://127.0.0.1:3000', options);

export { run, status, wrong };
