// The client is built from its operation table (src/server/client/operations.ts); these compile-time assertions pin
// every method's parameter and return types exactly, and prove each row's schemas accept what the method's type
// lets a caller send and answer what its type promises. Checked by `tsc --noEmit`; vitest only runs the file.
import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type { OPERATIONS, OperationName } from '../../src/server/client/operations.js';
import type * as T from '../../src/server/types.js';
import type { CallOptions, HostedJourneyClient } from '../../src/server/index.js';

type C = HostedJourneyClient;
type Ops = typeof OPERATIONS;
/** A JSON call: the request and the call options in one object, the answer parsed. */
type Call<Req, Res> = (o: Req & CallOptions) => Promise<Res>;
/** A download: a stream when asked for one, else the bytes. */
type Download<Req> = {
  (o: T.StreamDownload<Req>): Promise<ReadableStream<Uint8Array>>;
  (o: T.BytesDownload<Req>): Promise<Uint8Array>;
};
/** What a caller's options hold besides the path keys and call options: the row's input. */
type Sent<P> = Omit<P, keyof CallOptions | 'as' | 'maxResponseBytes' | 'vendor' | 'ref' | 'id'>;
type Input<K extends OperationName> = Ops[K] extends { input: infer S extends z.ZodMiniType } ? z.input<S> : never;
type Answer<K extends OperationName> = Ops[K] extends { response: infer S extends z.ZodMiniType } ? z.output<S> : never;

describe('client operations', () => {
  it('every method keeps its exact parameter and return types', () => {
    expectTypeOf<C['startApplication']>().toEqualTypeOf<Call<T.StartApplicationRequest, T.ApplicationResponse>>();
    expectTypeOf<C['attachInstitution']>().toEqualTypeOf<Call<T.AttachInstitutionRequest, T.ApplicationResponse>>();
    expectTypeOf<C['createConsent']>().toEqualTypeOf<Call<T.CreateConsentRequest, T.ConsentResponse>>();
    expectTypeOf<C['finalise']>().toEqualTypeOf<Call<T.FinaliseRequest, T.FinaliseResponse>>();
    expectTypeOf<C['downloadBundle']>().toEqualTypeOf<Download<T.DownloadBundleRequest>>();
    expectTypeOf<C['lodgeEnquiry']>().toEqualTypeOf<Call<T.LodgeEnquiryRequest, T.EnquiryResponse>>();
    expectTypeOf<C['getReport']>().toEqualTypeOf<Call<T.GetReportRequest, T.CreditReportResponse>>();
    expectTypeOf<C['downloadReport']>().toEqualTypeOf<Download<T.DownloadReportRequest>>();
    expectTypeOf<C['createAccount']>().toEqualTypeOf<Call<T.CreateAccountRequest, T.AccountResponse>>();
    expectTypeOf<C['updateAccount']>().toEqualTypeOf<Call<T.UpdateAccountRequest, T.AccountResponse>>();
    expectTypeOf<C['closeAccount']>().toEqualTypeOf<Call<T.CloseAccountRequest, T.AccountResponse>>();
    expectTypeOf<C['savePayment']>().toEqualTypeOf<Call<T.SavePaymentRequest, T.PaymentResponse>>();
    expectTypeOf<C['registerDefault']>().toEqualTypeOf<Call<T.RegisterDefaultRequest, T.DefaultResponse>>();
    expectTypeOf<C['updateDefault']>().toEqualTypeOf<Call<T.UpdateDefaultRequest, T.DefaultResponse>>();
    expectTypeOf<C['registerWebhook']>().toEqualTypeOf<Call<T.RegisterWebhookRequest, T.WebhookRegistration>>();
    expectTypeOf<C['listWebhooks']>().toEqualTypeOf<
      (o?: CallOptions) => Promise<{ webhooks: T.WebhookRegistration[] }>
    >();
    expectTypeOf<C['deleteWebhook']>().toEqualTypeOf<
      (id: string, o?: CallOptions) => Promise<{ webhook_id: string; deleted: true }>
    >();
    expectTypeOf<C['getInstitution']>().toEqualTypeOf<Call<T.GetInstitutionRequest, T.InstitutionResponse>>();
    expectTypeOf<C['toString']>().toEqualTypeOf<() => string>();
    expectTypeOf<C['toJSON']>().toEqualTypeOf<() => { baseUrl: string; tokenId: string }>();
  });

  it('the table has exactly one row per method', () => {
    expectTypeOf<keyof Ops>().toEqualTypeOf<Exclude<keyof C, 'toString' | 'toJSON'>>();
  });

  it("each row's input schema accepts what the method's type lets a caller send", () => {
    expectTypeOf<Sent<T.StartApplicationRequest>>().toMatchTypeOf<Input<'startApplication'>>();
    expectTypeOf<Sent<T.AttachInstitutionRequest>>().toMatchTypeOf<Input<'attachInstitution'>>();
    expectTypeOf<Sent<T.CreateConsentRequest>>().toMatchTypeOf<Input<'createConsent'>>();
    expectTypeOf<Sent<T.FinaliseRequest>>().toMatchTypeOf<Input<'finalise'>>();
    expectTypeOf<Sent<T.DownloadBundleRequest>>().toMatchTypeOf<Input<'downloadBundle'>>();
    expectTypeOf<Sent<T.LodgeEnquiryRequest>>().toMatchTypeOf<Input<'lodgeEnquiry'>>();
    expectTypeOf<Sent<T.GetReportRequest>>().toMatchTypeOf<Input<'getReport'>>();
    expectTypeOf<Sent<T.DownloadReportRequest>>().toMatchTypeOf<Input<'downloadReport'>>();
    expectTypeOf<Sent<T.CreateAccountRequest>>().toMatchTypeOf<Input<'createAccount'>>();
    expectTypeOf<Sent<T.UpdateAccountRequest>>().toMatchTypeOf<Input<'updateAccount'>>();
    expectTypeOf<Sent<T.CloseAccountRequest>>().toMatchTypeOf<Input<'closeAccount'>>();
    expectTypeOf<Sent<T.SavePaymentRequest>>().toMatchTypeOf<Input<'savePayment'>>();
    expectTypeOf<Sent<T.RegisterDefaultRequest>>().toMatchTypeOf<Input<'registerDefault'>>();
    expectTypeOf<Sent<T.UpdateDefaultRequest>>().toMatchTypeOf<Input<'updateDefault'>>();
    expectTypeOf<Sent<T.RegisterWebhookRequest>>().toMatchTypeOf<Input<'registerWebhook'>>();
  });

  it('an application answer always carries its journey_url (a missing one is INVALID_RESPONSE, not undefined)', () => {
    expectTypeOf<T.ApplicationResponse['journey_url']>().toEqualTypeOf<string>();
    expectTypeOf<Answer<'startApplication'>['journey_url']>().toEqualTypeOf<string>();
    expectTypeOf<Answer<'attachInstitution'>['journey_url']>().toEqualTypeOf<string>();
  });

  it("each row's response schema answers what the method's type promises", () => {
    expectTypeOf<Answer<'startApplication'>>().toMatchTypeOf<T.ApplicationResponse>();
    expectTypeOf<Answer<'attachInstitution'>>().toMatchTypeOf<T.ApplicationResponse>();
    expectTypeOf<Answer<'createConsent'>>().toMatchTypeOf<T.ConsentResponse>();
    expectTypeOf<Answer<'finalise'>>().toMatchTypeOf<T.FinaliseResponse>();
    expectTypeOf<Answer<'lodgeEnquiry'>>().toMatchTypeOf<T.EnquiryResponse>();
    expectTypeOf<Answer<'getReport'>>().toMatchTypeOf<T.CreditReportResponse>();
    expectTypeOf<Answer<'createAccount'>>().toMatchTypeOf<T.AccountResponse>();
    expectTypeOf<Answer<'updateAccount'>>().toMatchTypeOf<T.AccountResponse>();
    expectTypeOf<Answer<'closeAccount'>>().toMatchTypeOf<T.AccountResponse>();
    expectTypeOf<Answer<'savePayment'>>().toMatchTypeOf<T.PaymentResponse>();
    expectTypeOf<Answer<'registerDefault'>>().toMatchTypeOf<T.DefaultResponse>();
    expectTypeOf<Answer<'updateDefault'>>().toMatchTypeOf<T.DefaultResponse>();
    expectTypeOf<Answer<'getInstitution'>>().toMatchTypeOf<T.InstitutionResponse>();
    expectTypeOf<Answer<'registerWebhook'>>().toMatchTypeOf<T.WebhookRegistration>();
    expectTypeOf<Answer<'listWebhooks'>>().toMatchTypeOf<{ webhooks: T.WebhookRegistration[] }>();
    expectTypeOf<Answer<'deleteWebhook'>>().toMatchTypeOf<{ webhook_id: string; deleted: true }>();
    // Downloads answer bytes or a stream, not a JSON schema.
    expectTypeOf<Answer<'downloadBundle'>>().toBeNever();
    expectTypeOf<Answer<'downloadReport'>>().toBeNever();
  });
});
