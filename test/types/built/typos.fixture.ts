// Compiled by test/types/built-types.test.ts against the built packages (dist/packages/*, their exports and .d.ts),
// as an integrator's project would. Every `@ts-expect-error` must meet an error: an unused one fails the test.
import { type JourneyErrorCode, createJourney } from 'hosted-journey';
import {
  type ApiErrorCode,
  type GenericWebhookEvent,
  type KnownWebhookType,
  createClient,
  createWebhookHandler,
  isApiError,
} from 'hosted-journey-server';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(_proof?: T) => {};

// 7. registerWebhook's events: the closed union of event names.
const client = createClient({ baseUrl: 'http://127.0.0.1:4010', tokenId: 'sandbox_token', signingSecret: 's' });
export const registered = async () => {
  await client.registerWebhook({ url: 'https://app.example/hooks', events: ['crawl.completed', 'consent.authorised'] });
  // @ts-expect-error a misspelt event name
  await client.registerWebhook({ url: 'https://app.example/hooks', events: ['crawl.complete'] });
  // @ts-expect-error any string is not an event name
  await client.registerWebhook({ url: 'https://app.example/hooks', events: ['x' as string] });
  holds<Equal<NonNullable<Parameters<typeof client.registerWebhook>[0]['events']>, KnownWebhookType[]>>();
};

// 8. A plain switch in a '*' handler narrows data per known type; unknown types stay reachable.
createWebhookHandler({
  verify: { keys: [{ tokenId: 'sandbox_token', secret: 's' }] },
  on: {
    '*': (event) => {
      switch (event.type) {
        case 'crawl.completed': {
          holds<Equal<typeof event.data.accounts, number>>();
          holds<Equal<typeof event.data.transactions, number>>();
          // @ts-expect-error a misspelt field of data
          void event.data.transactons;
          return;
        }
        case 'consent.authorised':
          holds<Equal<typeof event.data.consent_id, string>>();
          holds<Equal<typeof event.data.pathway, 'cdr' | 'crawler'>>();
          return;
        case 'account.numbers_ready': {
          const first = event.data.accounts[0];
          holds<Equal<typeof first, { account_id: string; bsb?: string; account_number?: string } | undefined>>();
          // @ts-expect-error a misspelt field nested in data
          void first?.acount_id;
          return;
        }
        // @ts-expect-error a misspelt event type
        case 'crawl.complete':
          return;
        default: {
          // Unknown types arrive here: the generic event is still a possible value.
          holds<GenericWebhookEvent extends typeof event ? true : false>();
          const type: string = event.type;
          void type;
        }
      }
    },
  },
});

// 8. ApiErrorCode: a closed union for literal comparisons.
export const codes = (e: unknown) => {
  if (!isApiError(e)) return;
  if (e.code === 'DATA_NOT_RETRIEVED' || e.code === 'HTTP_502') return;
  // @ts-expect-error a misspelt code
  if (e.code === 'DATA_NOT_RETRIVED') return;
  // A code newer than the package still arrives; compared as a string.
  if ((e.code as string) === 'SOME_FUTURE_CODE') return;
  // @ts-expect-error a string is not a known code
  const code: ApiErrorCode = 'SOME_FUTURE_CODE';
  void code;
};

// 8. JourneyErrorCode: the widget's codes and the journey's, closed.
createJourney({
  vendor: 'acme',
  customerId: 'c1',
  journeyOrigin: 'https://journey.example.com',
  onError: (e) => {
    holds<Equal<typeof e.code, JourneyErrorCode>>();
    if (e.code === 'READY_TIMEOUT' || e.code === 'CONSENT_DENIED') return;
    // @ts-expect-error a misspelt code
    if (e.code === 'READY_TIMEOT') return;
  },
});
