// Type tests of hosted-journey-server: compile-time assertions, checked by `tsc --noEmit` over the
// repository (scripts/test-checks.mjs); vitest only runs the file. Bodies are never called.
import { describe, expectTypeOf, it } from 'vitest';
import * as server from '../../src/server/index.js';
import type { DownloadBundleRequest, DownloadReportRequest } from '../../src/server/types.js';
import {
  type ClientError,
  type CrawlerLifecycleStatus,
  type GenericWebhookEvent,
  type HostedJourneyClient,
  type KnownWebhookEvent,
  type VerifiedWebhook,
  type WebhookContext,
  type ApiError,
  type HostedJourneyServerError,
  type SignatureVerificationError,
  createClient,
  createWebhookHandler,
  isApiError,
  isClientError,
  isHostedJourneyServerError,
  isSignatureVerificationError,
  verifyWebhook,
} from '../../src/server/index.js';

describe('hosted-journey-server types', () => {
  it('a verified webhook narrows by known, then by type', () => {
    const types = async () => {
      const v = await verifyWebhook({
        body: '',
        headers: {},
        keys: [{ tokenId: 'wh', secret: 's' }],
        path: '/webhooks',
      });
      expectTypeOf(v.tokenId).toEqualTypeOf<string>();
      if (v.known) {
        expectTypeOf(v.event).toEqualTypeOf<KnownWebhookEvent>();
        if (v.event.type === 'consent.authorised') {
          expectTypeOf(v.event.data.consent_id).toEqualTypeOf<string>();
          expectTypeOf(v.event.data.pathway).toEqualTypeOf<'cdr' | 'crawler'>();
        }
        if (v.event.type === 'crawl.completed') expectTypeOf(v.event.data.accounts).toEqualTypeOf<number>();
        // @ts-expect-error not a known event type
        if (v.event.type === 'something.else') return;
      } else {
        expectTypeOf(v.event).toEqualTypeOf<GenericWebhookEvent>();
        expectTypeOf(v.event.data).toEqualTypeOf<unknown>();
      }
      if (v.known && v.event.type === 'consent.authorised')
        expectTypeOf(v.event.data.consent_id).toEqualTypeOf<string>();
      // The service's documented events (issue 13.9) narrow the same way.
      if (v.known && v.event.type === 'crawler.seed_created') {
        expectTypeOf(v.event.data.seed_id).toEqualTypeOf<string>();
        expectTypeOf(v.event.data.institution_id).toEqualTypeOf<string>();
      }
      if (v.known && v.event.type === 'crawler.lifecycle_updated') {
        expectTypeOf(v.event.data.status).toEqualTypeOf<CrawlerLifecycleStatus | (string & {})>();
        expectTypeOf<'TIMEDOUT'>().toMatchTypeOf<typeof v.event.data.status>();
        expectTypeOf<CrawlerLifecycleStatus>().toEqualTypeOf<
          'QUEUED' | 'PROCESSING' | 'AUTH' | 'TIMEDOUT' | 'FAILED' | 'RELEASED'
        >();
      }
      if (v.known && v.event.type === 'account.account_owner') {
        expectTypeOf(v.event.data.accounts[0]!.owners[0]!.name).toEqualTypeOf<string>();
        expectTypeOf(v.event.data.accounts[0]!.owners[0]!.address).toEqualTypeOf<string | undefined>();
      }
      if (v.known && v.event.type === 'application.documents_ready') {
        expectTypeOf(v.event.data.formats).toEqualTypeOf<('pdf' | 'csv' | 'json')[]>();
        expectTypeOf(v.event.data.documents[0]!.account_id).toEqualTypeOf<string>();
      }
      // @ts-expect-error without narrowing by `known`, data is not typed
      void v.event.data.consent_id;
      expectTypeOf<VerifiedWebhook>().toMatchTypeOf<{ known: boolean; tokenId: string }>();
    };
    expectTypeOf(types).toBeFunction();
  });

  it("the handler's context carries the same discriminant", () => {
    const types = () => {
      createWebhookHandler({
        verify: { keys: [{ tokenId: 'wh', secret: 's' }] },
        on: {
          'consent.authorised': (e, ctx) => {
            expectTypeOf(e.data.consent_id).toEqualTypeOf<string>();
            expectTypeOf(ctx.known).toEqualTypeOf<true>();
            expectTypeOf(ctx.event.data.institution_id).toEqualTypeOf<string>();
            expectTypeOf(ctx.signal).toEqualTypeOf<AbortSignal>();
          },
          'crawler.seed_created': (e) => expectTypeOf(e.data.seed_id).toEqualTypeOf<string>(),
          'crawler.lifecycle_updated': (e) =>
            expectTypeOf(e.data.status).toEqualTypeOf<CrawlerLifecycleStatus | (string & {})>(),
          'account.account_owner': (e) => expectTypeOf(e.data.accounts[0]!.account_id).toEqualTypeOf<string>(),
          'application.documents_ready': (e) => expectTypeOf(e.data.documents).toBeArray(),
          '*': (_e, ctx) => {
            expectTypeOf(ctx).toEqualTypeOf<WebhookContext>();
            if (ctx.known && ctx.event.type === 'consent.authorised')
              expectTypeOf(ctx.event.data.consent_id).toEqualTypeOf<string>();
            if (!ctx.known) expectTypeOf(ctx.event).toEqualTypeOf<GenericWebhookEvent>();
            // @ts-expect-error data is unknown until narrowed
            void ctx.event.data.consent_id;
          },
        },
      });
    };
    expectTypeOf(types).toBeFunction();
  });

  it('every endpoint has exported request and response types, and the client is an interface', () => {
    const types = () => {
      const client = createClient({ baseUrl: 'https://api.example.com', tokenId: 't', signingSecret: 's' });
      expectTypeOf(client).toEqualTypeOf<HostedJourneyClient>();
      // An interface: no `[x: symbol]: () => string` index signature leaks from the inspect hook.
      expectTypeOf<Extract<keyof HostedJourneyClient, symbol>>().toBeNever();
      // Each method's parameter and return types are pinned exactly in client-table.test.ts.
      expectTypeOf(
        client.downloadBundle({ id: 'a', format: 'pdf' } satisfies DownloadBundleRequest),
      ).resolves.toEqualTypeOf<Uint8Array>();
      expectTypeOf(
        client.downloadReport({ enquiry_id: 'e', as: 'stream' } as DownloadReportRequest & { as: 'stream' }),
      ).resolves.toEqualTypeOf<ReadableStream<Uint8Array>>();
      // @ts-expect-error attachInstitution needs bank_id and pathway
      void client.attachInstitution({ vendor: 'a', ref: 'b' });
      // @ts-expect-error a repayment status is C, 1-6 or X
      void client.savePayment({ account_id: 'a', month: '2026-11', status: '7' });
      // @ts-expect-error startApplication takes no bank_id
      void client.startApplication({ vendor: 'a', ref: 'b', bank_id: 'x' });
    };
    expectTypeOf(types).toBeFunction();
  });

  it('errors: one base class, one guard that narrows, generic names prefixed, aliases gone', () => {
    const types = (e: unknown) => {
      if (isHostedJourneyServerError(e)) {
        expectTypeOf(e).toEqualTypeOf<HostedJourneyServerError>();
        expectTypeOf(e.code).toEqualTypeOf<string>();
      }
      if (isClientError(e)) expectTypeOf(e).toEqualTypeOf<ClientError>();
      if (isApiError(e)) expectTypeOf(e.status).toEqualTypeOf<number>();
      if (isSignatureVerificationError(e)) expectTypeOf(e.status).toEqualTypeOf<400 | 401>();
      expectTypeOf<ApiError>().toMatchTypeOf<HostedJourneyServerError>();
      expectTypeOf<SignatureVerificationError>().toMatchTypeOf<HostedJourneyServerError>();
      expectTypeOf(server.HostedJourneyTimeoutError).toBeConstructibleWith('op', 1);
      // @ts-expect-error renamed to HostedJourneyTimeoutError
      void server.TimeoutError;
      // @ts-expect-error renamed to HostedJourneyNetworkError
      void server.NetworkError;
      // @ts-expect-error renamed to HostedJourneyValidationError
      void server.ValidationError;
      // @ts-expect-error alias dropped: SignatureVerificationError
      void server.WebhookVerificationError;
      // @ts-expect-error alias dropped: isSignatureVerificationError
      void server.isWebhookVerificationError;
      // @ts-expect-error not one of the server's error classes
      isHostedJourneyServerError(e, 'TimeoutError');
    };
    expectTypeOf(types).toBeFunction();
  });
});
