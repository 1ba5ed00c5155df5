/**
 * The eight credit-reporting endpoints: enquiries, reports, accounts, payments, defaults. An enquiry, an account and a
 * default belong to the token that created them; every other token gets the answer it would get for an unknown id.
 */
import {
  DEPRECATED_REPAYMENT_CODE,
  LEGACY_CURRENT_CODE,
  refusePayment,
  reportableMonths,
  type RepaymentCode,
  DEFAULT_MIN_AMOUNT,
  DEFAULT_MIN_DAYS_OVERDUE,
  createAccountBody,
  getReportBody,
  lodgeEnquiryBody,
  registerDefaultBody,
  savePaymentBody,
  updateAccountBody,
  updateDefaultBody,
} from '../../protocol/index.js';
import type { SandboxContext } from '../core/context.js';
import { SandboxErrorCode as E, SandboxHttpError, fieldError, type FieldError } from '../core/errors.js';
import { json, parseJson, validate, type Reply, type RequestInfo } from '../core/http.js';
import { newId, type CreditAccount, type CreditDefault, type Enquiry } from '../core/state.js';
import { buildCreditReport } from '../credit/credit-report.js';
import { renderCreditReportPdf } from '../credit/pdf.js';
import { expire } from '../credit/retention.js';

const today = (ctx: SandboxContext) => ctx.now().toISOString().slice(0, 10);

/** The record with this id when `tokenId` created it; another token's is not found, exactly as an unknown id. */
function owned<T extends { owner: string }>(records: ReadonlyMap<string, T>, id: string, tokenId: string) {
  const record = records.get(id);
  return record?.owner === tokenId ? record : undefined;
}

function findEnquiry(ctx: SandboxContext, id: string, tokenId: string): Enquiry {
  const e = owned(ctx.state.enquiries, id, tokenId);
  if (!e) throw new SandboxHttpError(E.ENQUIRY_NOT_FOUND, `no enquiry '${id}'`);
  return e;
}

function findAccount(ctx: SandboxContext, id: string, tokenId: string): CreditAccount {
  const a = owned(ctx.state.accounts, id, tokenId);
  if (!a) throw new SandboxHttpError(E.ACCOUNT_NOT_FOUND, `no account '${id}'`);
  return a;
}

function findDefault(ctx: SandboxContext, id: string, tokenId: string): CreditDefault {
  const d = owned(ctx.state.defaults, id, tokenId);
  if (!d)
    throw new SandboxHttpError(E.UNKNOWN_DEFAULT, `no default '${id}' is registered: register it before updating it`);
  return d;
}

export function lodgeEnquiry(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const body = validate(lodgeEnquiryBody, parseJson(info.body));
  const dob = Date.parse(body.applicant.date_of_birth);
  const age = (ctx.now().getTime() - dob) / (365.25 * 86_400_000);
  if (!Number.isFinite(dob) || age < 18 || age > 120)
    throw fieldError('applicant.date_of_birth', 'the applicant must be 18 or older (and the date real)');
  const vendor = ctx.tokens.find((t) => t.tokenId === tokenId)?.vendor;
  const enquiry: Enquiry = {
    ...body,
    id: newId('enq'),
    owner: tokenId,
    lodged_at: ctx.now().toISOString(),
    ...(vendor ? { vendor } : {}),
  };
  ctx.state.enquiries.set(enquiry.id, enquiry);
  return json({ enquiry_id: enquiry.id, status: 'lodged', lodged_at: enquiry.lodged_at }, 201);
}

export function getReport(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const { enquiry_id } = validate(getReportBody, parseJson(info.body));
  return json(buildCreditReport(ctx.state, ctx.seed, findEnquiry(ctx, enquiry_id, tokenId), ctx.now()));
}

/** The credit report's download is a PDF. */
export const REPORT_CONTENT_TYPE = 'application/pdf';

export async function downloadReport(ctx: SandboxContext, info: RequestInfo, tokenId: string): Promise<Reply> {
  const id = info.url.searchParams.get('enquiry_id');
  if (!id) throw fieldError('enquiry_id', 'the enquiry_id query parameter is required');
  const report = buildCreditReport(ctx.state, ctx.seed, findEnquiry(ctx, id, tokenId), ctx.now());
  const pdf = await renderCreditReportPdf(report);
  return {
    status: 200,
    body: pdf,
    headers: { 'content-type': REPORT_CONTENT_TYPE, 'content-disposition': `attachment; filename="${id}.pdf"` },
  };
}

export function createAccount(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const body = validate(createAccountBody, parseJson(info.body));
  if (!owned(ctx.state.enquiries, body.enquiry_id, tokenId)) {
    throw new SandboxHttpError(
      E.NO_ENQUIRY,
      `no enquiry '${body.enquiry_id}': lodge an enquiry before creating its account`,
    );
  }
  const account: CreditAccount = {
    ...body,
    id: newId('acct'),
    owner: tokenId,
    status: 'open',
    payments: new Map(),
    variations: new Map(),
  };
  ctx.state.accounts.set(account.id, account);
  return json(accountView(account), 201);
}

export function updateAccount(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const body = validate(updateAccountBody, parseJson(info.body));
  const account = findAccount(ctx, body.account_id, tokenId);
  if (account.status === 'closed') throw new SandboxHttpError(E.ACCOUNT_CLOSED, `account '${account.id}' is closed`);
  if (body.closed_on !== undefined && body.status !== 'closed')
    throw fieldError('closed_on', "closed_on needs status 'closed'");
  if (body.credit_limit !== undefined) account.credit_limit = body.credit_limit;
  if (body.status === 'closed') {
    const closedOn = body.closed_on ?? today(ctx);
    if (closedOn < account.opened_on) throw fieldError('closed_on', 'an account cannot close before it opened');
    account.status = 'closed';
    account.closed_on = closedOn;
  }
  return json(accountView(account));
}

function accountView(a: CreditAccount): Record<string, unknown> {
  return {
    account_id: a.id,
    enquiry_id: a.enquiry_id,
    account_type: a.account_type,
    credit_limit: a.credit_limit,
    opened_on: a.opened_on,
    status: a.status,
    ...(a.closed_on ? { closed_on: a.closed_on } : {}),
  };
}

export function savePayment(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const body = validate(savePaymentBody, parseJson(info.body));
  const account = findAccount(ctx, body.account_id, tokenId);
  const refusal = refusePayment(body, account, reportableMonths(ctx.now()));
  if (refusal)
    throw new SandboxHttpError(refusal.code, refusal.message, [{ path: refusal.path, message: refusal.message }]);
  if (account.status === 'closed')
    throw new SandboxHttpError(
      E.ACCOUNT_CLOSED,
      `account '${account.id}' is closed; no further payments can be reported`,
    );
  if (body.month < account.opened_on.slice(0, 7))
    throw fieldError('month', 'the month is before the account was opened');
  // refusePayment let no month through without its status.
  const legacy = body.status === LEGACY_CURRENT_CODE;
  const status: RepaymentCode = body.status === LEGACY_CURRENT_CODE ? '0' : body.status!;
  const h = body.hardship;
  account.payments.set(body.month, h ? { status, hardship: h.code } : { status });
  if (h?.code === 'V') account.variations.set(h.arrangement_id, body.month);
  expire(account, ctx.now());
  const warning = {
    code: DEPRECATED_REPAYMENT_CODE,
    message: "status 'C' is deprecated: the data standard writes a current month as '0'; it was saved as '0'",
  };
  return json({
    account_id: account.id,
    month: body.month,
    status,
    ...(h ? { hardship: h } : {}),
    ...(legacy ? { warnings: [warning] } : {}),
  });
}

export function registerDefault(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const body = validate(registerDefaultBody, parseJson(info.body));
  const account = findAccount(ctx, body.account_id, tokenId);
  const fields: FieldError[] = [];
  if (Number(body.amount) < DEFAULT_MIN_AMOUNT)
    fields.push({ path: 'amount', message: `a default needs at least $${DEFAULT_MIN_AMOUNT} overdue` });
  if (body.days_overdue < DEFAULT_MIN_DAYS_OVERDUE)
    fields.push({ path: 'days_overdue', message: `a default needs at least ${DEFAULT_MIN_DAYS_OVERDUE} days overdue` });
  if (fields.length)
    throw new SandboxHttpError(E.VALIDATION_FAILED, fields.map((f) => `${f.path}: ${f.message}`).join('; '), fields);
  const record: CreditDefault = {
    id: newId('dft'),
    owner: tokenId,
    account_id: account.id,
    amount: body.amount,
    days_overdue: body.days_overdue,
    listed_on: body.listed_on ?? today(ctx),
    status: 'outstanding',
  };
  ctx.state.defaults.set(record.id, record);
  return json(
    {
      default_id: record.id,
      account_id: record.account_id,
      amount: record.amount,
      days_overdue: record.days_overdue,
      listed_on: record.listed_on,
      status: record.status,
    },
    201,
  );
}

export function updateDefault(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const body = validate(updateDefaultBody, parseJson(info.body));
  const record = findDefault(ctx, body.default_id, tokenId);
  if (record.status !== 'outstanding')
    throw new SandboxHttpError(E.DEFAULT_CLOSED, `default '${record.id}' is already ${record.status}`);
  if (body.amount !== undefined) record.amount = body.amount;
  record.status = body.status;
  return json({ default_id: record.id, account_id: record.account_id, amount: record.amount, status: record.status });
}
