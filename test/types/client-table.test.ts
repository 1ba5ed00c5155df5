// The client is built from its operation table (src/server/client/operations.ts); these compile-time assertions pin
// every method's parameter and return types exactly, and prove each row's schemas accept what the method's type
// lets a caller send and answer what its type promises. Checked by `tsc --noEmit`; vitest only runs the file.
import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type { OPERATIONS, OperationName } from '../../src/server/client/operations.js';
import type {
  AccountResponse,
  ApplicationResponse,
  AttachInstitutionRequest,
  BytesDownload,
  CloseAccountRequest,
  ConsentResponse,
  CreateAccountRequest,
  CreateConsentRequest,
  CreditReportResponse,
  DefaultResponse,
  DownloadBundleRequest,
  DownloadReportRequest,
  EnquiryResponse,
  FinaliseRequest,
  FinaliseResponse,
  GetInstitutionRequest,
  GetReportRequest,
  InstitutionResponse,
  LodgeEnquiryRequest,
  PaymentResponse,
  RegisterDefaultRequest,
  RegisterWebhookRequest,
  SavePaymentRequest,
  StartApplicationRequest,
  StreamDownload,
  UpdateAccountRequest,
  UpdateDefaultRequest,
  WebhookRegistration,
} from '../../src/server/types.js';
import type { CallOptions, HostedJourneyClient } from '../../src/server/index.js';

type C = HostedJourneyClient;
type Ops = typeof OPERATIONS;
/** What a caller's options hold besides the path keys and call options: the row's input. */
type Sent<P> = Omit<P, keyof CallOptions | 'as' | 'maxResponseBytes' | 'vendor' | 'ref' | 'id'>;
type Input<K extends OperationName> = Ops[K] extends { input: infer S extends z.ZodMiniType } ? z.input<S> : never;
type Answer<K extends OperationName> = Ops[K] extends { response: infer S extends z.ZodMiniType } ? z.output<S> : never;

describe('client operations', () => {
  it('every method keeps its exact parameter and return types', () => {
    expectTypeOf<C['startApplication']>().toEqualTypeOf<
      (o: StartApplicationRequest & CallOptions) => Promise<ApplicationResponse>
    >();
    expectTypeOf<C['attachInstitution']>().toEqualTypeOf<
      (o: AttachInstitutionRequest & CallOptions) => Promise<ApplicationResponse>
    >();
    expectTypeOf<C['createConsent']>().toEqualTypeOf<
      (o: CreateConsentRequest & CallOptions) => Promise<ConsentResponse>
    >();
    expectTypeOf<C['finalise']>().toEqualTypeOf<(o: FinaliseRequest & CallOptions) => Promise<FinaliseResponse>>();
    expectTypeOf<C['downloadBundle']>().toEqualTypeOf<{
      (o: StreamDownload<DownloadBundleRequest>): Promise<ReadableStream<Uint8Array>>;
      (o: BytesDownload<DownloadBundleRequest>): Promise<Uint8Array>;
    }>();
    expectTypeOf<C['lodgeEnquiry']>().toEqualTypeOf<
      (o: LodgeEnquiryRequest & CallOptions) => Promise<EnquiryResponse>
    >();
    expectTypeOf<C['getReport']>().toEqualTypeOf<
      (o: GetReportRequest & CallOptions) => Promise<CreditReportResponse>
    >();
    expectTypeOf<C['downloadReport']>().toEqualTypeOf<{
      (o: StreamDownload<DownloadReportRequest>): Promise<ReadableStream<Uint8Array>>;
      (o: BytesDownload<DownloadReportRequest>): Promise<Uint8Array>;
    }>();
    expectTypeOf<C['createAccount']>().toEqualTypeOf<
      (o: CreateAccountRequest & CallOptions) => Promise<AccountResponse>
    >();
    expectTypeOf<C['updateAccount']>().toEqualTypeOf<
      (o: UpdateAccountRequest & CallOptions) => Promise<AccountResponse>
    >();
    expectTypeOf<C['closeAccount']>().toEqualTypeOf<
      (o: CloseAccountRequest & CallOptions) => Promise<AccountResponse>
    >();
    expectTypeOf<C['savePayment']>().toEqualTypeOf<(o: SavePaymentRequest & CallOptions) => Promise<PaymentResponse>>();
    expectTypeOf<C['registerDefault']>().toEqualTypeOf<
      (o: RegisterDefaultRequest & CallOptions) => Promise<DefaultResponse>
    >();
    expectTypeOf<C['updateDefault']>().toEqualTypeOf<
      (o: UpdateDefaultRequest & CallOptions) => Promise<DefaultResponse>
    >();
    expectTypeOf<C['registerWebhook']>().toEqualTypeOf<
      (o: RegisterWebhookRequest & CallOptions) => Promise<WebhookRegistration>
    >();
    expectTypeOf<C['listWebhooks']>().toEqualTypeOf<
      (o?: CallOptions) => Promise<{ webhooks: WebhookRegistration[] }>
    >();
    expectTypeOf<C['deleteWebhook']>().toEqualTypeOf<
      (id: string, o?: CallOptions) => Promise<{ webhook_id: string; deleted: true }>
    >();
    expectTypeOf<C['getInstitution']>().toEqualTypeOf<
      (o: GetInstitutionRequest & CallOptions) => Promise<InstitutionResponse>
    >();
    expectTypeOf<C['toString']>().toEqualTypeOf<() => string>();
    expectTypeOf<C['toJSON']>().toEqualTypeOf<() => { baseUrl: string; tokenId: string }>();
  });

  it('the table has exactly one row per method', () => {
    expectTypeOf<keyof Ops>().toEqualTypeOf<Exclude<keyof C, 'toString' | 'toJSON'>>();
  });

  it("each row's input schema accepts what the method's type lets a caller send", () => {
    expectTypeOf<Sent<StartApplicationRequest>>().toMatchTypeOf<Input<'startApplication'>>();
    expectTypeOf<Sent<AttachInstitutionRequest>>().toMatchTypeOf<Input<'attachInstitution'>>();
    expectTypeOf<Sent<CreateConsentRequest>>().toMatchTypeOf<Input<'createConsent'>>();
    expectTypeOf<Sent<FinaliseRequest>>().toMatchTypeOf<Input<'finalise'>>();
    expectTypeOf<Sent<DownloadBundleRequest>>().toMatchTypeOf<Input<'downloadBundle'>>();
    expectTypeOf<Sent<LodgeEnquiryRequest>>().toMatchTypeOf<Input<'lodgeEnquiry'>>();
    expectTypeOf<Sent<GetReportRequest>>().toMatchTypeOf<Input<'getReport'>>();
    expectTypeOf<Sent<DownloadReportRequest>>().toMatchTypeOf<Input<'downloadReport'>>();
    expectTypeOf<Sent<CreateAccountRequest>>().toMatchTypeOf<Input<'createAccount'>>();
    expectTypeOf<Sent<UpdateAccountRequest>>().toMatchTypeOf<Input<'updateAccount'>>();
    expectTypeOf<Sent<CloseAccountRequest>>().toMatchTypeOf<Input<'closeAccount'>>();
    expectTypeOf<Sent<SavePaymentRequest>>().toMatchTypeOf<Input<'savePayment'>>();
    expectTypeOf<Sent<RegisterDefaultRequest>>().toMatchTypeOf<Input<'registerDefault'>>();
    expectTypeOf<Sent<UpdateDefaultRequest>>().toMatchTypeOf<Input<'updateDefault'>>();
    expectTypeOf<Sent<RegisterWebhookRequest>>().toMatchTypeOf<Input<'registerWebhook'>>();
  });

  it('an application answer always carries its journey_url (a missing one is INVALID_RESPONSE, not undefined)', () => {
    expectTypeOf<ApplicationResponse['journey_url']>().toEqualTypeOf<string>();
    expectTypeOf<Answer<'startApplication'>['journey_url']>().toEqualTypeOf<string>();
    expectTypeOf<Answer<'attachInstitution'>['journey_url']>().toEqualTypeOf<string>();
  });

  it("each row's response schema answers what the method's type promises", () => {
    expectTypeOf<Answer<'startApplication'>>().toMatchTypeOf<ApplicationResponse>();
    expectTypeOf<Answer<'attachInstitution'>>().toMatchTypeOf<ApplicationResponse>();
    expectTypeOf<Answer<'createConsent'>>().toMatchTypeOf<ConsentResponse>();
    expectTypeOf<Answer<'finalise'>>().toMatchTypeOf<FinaliseResponse>();
    expectTypeOf<Answer<'lodgeEnquiry'>>().toMatchTypeOf<EnquiryResponse>();
    expectTypeOf<Answer<'getReport'>>().toMatchTypeOf<CreditReportResponse>();
    expectTypeOf<Answer<'createAccount'>>().toMatchTypeOf<AccountResponse>();
    expectTypeOf<Answer<'updateAccount'>>().toMatchTypeOf<AccountResponse>();
    expectTypeOf<Answer<'closeAccount'>>().toMatchTypeOf<AccountResponse>();
    expectTypeOf<Answer<'savePayment'>>().toMatchTypeOf<PaymentResponse>();
    expectTypeOf<Answer<'registerDefault'>>().toMatchTypeOf<DefaultResponse>();
    expectTypeOf<Answer<'updateDefault'>>().toMatchTypeOf<DefaultResponse>();
    expectTypeOf<Answer<'getInstitution'>>().toMatchTypeOf<InstitutionResponse>();
    expectTypeOf<Answer<'registerWebhook'>>().toMatchTypeOf<WebhookRegistration>();
    expectTypeOf<Answer<'listWebhooks'>>().toMatchTypeOf<{ webhooks: WebhookRegistration[] }>();
    expectTypeOf<Answer<'deleteWebhook'>>().toMatchTypeOf<{ webhook_id: string; deleted: true }>();
    // Downloads answer bytes or a stream, not a JSON schema.
    expectTypeOf<Answer<'downloadBundle'>>().toBeNever();
    expectTypeOf<Answer<'downloadReport'>>().toBeNever();
  });
});
