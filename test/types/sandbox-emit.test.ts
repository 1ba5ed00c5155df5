// Type tests of the sandbox's event emitter: a known type with exactly that type's data (src/protocol/webhooks.ts),
// or it does not compile. Checked by `tsc --noEmit` over the repository; vitest only runs the file. Bodies are never
// called.
import { describe, expectTypeOf, it } from 'vitest';
import type { KnownWebhookType, WebhookData } from '../../src/protocol/index.js';
import type { SandboxContext } from '../../src/sandbox/core/context.js';
import type { Application } from '../../src/sandbox/core/state.js';

describe('ctx.emit', () => {
  it("takes a known event type and that type's data, and refuses a misspelt type or wrong data", () => {
    const types = (ctx: SandboxContext, app: Application) => {
      ctx.emit(app, 'crawl.completed', { accounts: 2, transactions: 40 });
      ctx.emit(app, 'consent.revoked', {
        consent_id: 'cns_1',
        institution_id: 'bank',
        institution_name: 'Bank',
        revoked_by: 'integrator',
        accounts: [{ account_id: 'acc_1', display_name: 'Everyday Account ••4821' }],
      });
      // @ts-expect-error what a message to the customer names is required: the bank's name, the accounts
      ctx.emit(app, 'consent.revoked', { consent_id: 'cns_1', institution_id: 'bank', revoked_by: 'integrator' });
      ctx.emit(app, 'application.completed', {});
      // @ts-expect-error a misspelt type
      ctx.emit(app, 'crawl.complete', { accounts: 2, transactions: 40 });
      // @ts-expect-error a type the protocol does not know
      ctx.emit(app, 'application.exploded', {});
      // @ts-expect-error a field of the wrong type
      ctx.emit(app, 'crawl.completed', { accounts: 2, transactions: '40' });
      // @ts-expect-error a required field missing
      ctx.emit(app, 'consent.expired', { consent_id: 'cns_1' });
      // @ts-expect-error a misspelt field
      ctx.emit(app, 'crawl.completed', { accounts: 2, transactons: 40 });
      // @ts-expect-error another type's data
      ctx.emit(app, 'consent.authorised', { accounts: 2, transactions: 40 });
      // @ts-expect-error a status the type does not take
      ctx.emit(app, 'application.report_ready', { formats: ['docx'] });
    };
    expectTypeOf(types).toBeFunction();
    expectTypeOf<Parameters<SandboxContext['emit']>[1]>().toEqualTypeOf<KnownWebhookType>();
    expectTypeOf<WebhookData<'crawl.completed'>>().toEqualTypeOf<{ accounts: number; transactions: number }>();
  });
});
