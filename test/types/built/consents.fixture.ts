// Compiled by test/types/built-types.test.ts against the built packages, as an integrator's project would. Every
// `@ts-expect-error` must meet an error: an unused one fails the test.
import type { ConsentStatus, CustomerLocale, KnownConsentStatus, RevokedBy } from 'hosted-journey-server/types';
import { type GenericWebhookEvent, createWebhookHandler } from 'hosted-journey-server';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const holds = <T extends true>(_proof?: T) => {};

// The consent's events narrow in a plain switch; a misspelt event name or status is a compile error.
createWebhookHandler({
  verify: { keys: [{ tokenId: 'sandbox_token', secret: 's' }] },
  on: {
    '*': (event) => {
      switch (event.type) {
        case 'consent.expiring':
          holds<Equal<typeof event.data.days_left, number>>();
          holds<Equal<typeof event.data.sharing_expires_at, string>>();
          holds<Equal<typeof event.data.institution_id, string>>();
          // What a message to the customer names: the bank, each account shared, the customer's language.
          holds<Equal<typeof event.data.institution_name, string>>();
          holds<Equal<typeof event.data.accounts, { account_id: string; display_name: string }[]>>();
          holds<Equal<typeof event.data.locale, CustomerLocale | undefined>>();
          if (event.data.locale === 'zh-Hans') return;
          // @ts-expect-error a misspelt field of an account
          void event.data.accounts[0]?.displayName;
          return;
        case 'consent.expired':
          holds<Equal<typeof event.data.sharing_expires_at, string>>();
          holds<Equal<typeof event.data.institution_name, string>>();
          return;
        case 'consent.revoked': {
          holds<Equal<typeof event.data.revoked_by, RevokedBy>>();
          holds<Equal<(typeof event.data.accounts)[number]['display_name'], string>>();
          if (event.data.revoked_by === 'data_holder') return;
          // @ts-expect-error a misspelt revoked_by value
          if (event.data.revoked_by === 'dataholder') return;
          return;
        }
        case 'consent.renewed':
          holds<Equal<typeof event.data.account_ids, string[]>>();
          holds<Equal<typeof event.data.sharing_expires_at, string>>();
          holds<Equal<typeof event.data.locale, CustomerLocale | undefined>>();
          // @ts-expect-error a misspelt field of data
          void event.data.sharing_expires;
          return;
        case 'consent.denied':
          holds<Equal<typeof event.data.renews, string | undefined>>();
          holds<Equal<typeof event.data.institution_name, string | undefined>>();
          return;
        case 'application.abandoned':
          if (event.data.reason === 'crawler_timedout') return;
          return;
        // @ts-expect-error a misspelt event type
        case 'consent.expiry':
          return;
        default: {
          holds<GenericWebhookEvent extends typeof event ? true : false>();
        }
      }
    },
  },
});

export function describeStatus(status: ConsentStatus): string {
  switch (status) {
    case 'pending':
    case 'active':
    case 'expiring':
      return 'live';
    case 'expired':
    case 'revoked':
    case 'denied':
      return 'ended';
    // @ts-expect-error a misspelt status
    case 'expird':
      return '';
    default: {
      // A status the service adds later still arrives here at run time.
      const known: KnownConsentStatus extends typeof status ? false : true = true;
      return `new: ${String(status)} ${known}`;
    }
  }
}
