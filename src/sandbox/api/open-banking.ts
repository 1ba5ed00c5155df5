/**
 * The four open-banking endpoints: profile, consents, finalise, bundle. An application belongs to the token that
 * created it; every other token gets the answer it would get if the application did not exist.
 */
import {
  BUNDLE_CONTENT_TYPES,
  BUNDLE_FORMATS,
  consentBody,
  finaliseBody,
  profileBody,
  type BundleFormat,
} from '../../protocol/index.js';
import type { SandboxContext } from '../core/context.js';
import { SandboxErrorCode as E, SandboxHttpError, fieldError } from '../core/errors.js';
import {
  applicationView,
  attachInstitution,
  createConsent,
  consentUrl,
  finalise,
  requireApplication,
  requireLiveConsent,
  startApplication,
} from '../core/lifecycle.js';
import { json, parseJson, validate, type Reply, type RequestInfo } from '../core/http.js';
import { buildReport } from '../reports/application-report.js';
import { renderApplicationPdf } from '../reports/pdf.js';
import { renderTransactionsCsv } from '../reports/csv.js';

/** The journey page the bank returns to when the integrator gives no redirect_uri. */
export function bankReturnUrl(ctx: SandboxContext, vendor: string, ref: string): string {
  return `${ctx.origin()}/i/${encodeURIComponent(vendor)}/${encodeURIComponent(ref)}/bank-return`;
}

/** Without bank_id: start (or update) the application. With bank_id: attach it (starting the application if needed). */
export function profile(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const body = validate(profileBody, parseJson(info.body));
  const { vendor, ref } = info.params as { vendor: string; ref: string };
  const existed = ctx.state.findByRef(vendor, ref, tokenId) !== undefined;
  const app = startApplication(ctx, { vendor, ref, owner: tokenId }, body);
  if (body.bank_id !== undefined) attachInstitution(ctx, app, { institutionId: body.bank_id, pathway: body.pathway });
  else if (body.pathway !== undefined) throw fieldError('bank_id', 'bank_id is required when pathway is given');
  return json(applicationView(ctx, app), existed ? 200 : 201);
}

/** Why a consent cannot be made for a customer without an application: first consent, or renewal. */
/** Why a consent call found no application: `renews` names the consent it would renew. */
interface ConsentCall {
  vendor: string;
  ref: string;
  tokenId: string;
  renews?: string | undefined;
}

function noApplication(ctx: SandboxContext, { vendor, ref, tokenId, renews }: ConsentCall): string {
  if (renews === undefined) return `no application for ${vendor}/${ref}: call profile before creating a consent`;
  const renewed = ctx.state.consents.get(renews);
  const owner = renewed && ctx.state.applications.get(renewed.application_id);
  const hint = owner?.owner === tokenId ? `; consent '${renews}' is ${owner.vendor}/${owner.ref}'s` : '';
  return `no application for ${vendor}/${ref}, so no consent '${renews}' of theirs to renew${hint}`;
}

export function consents(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  const body = validate(consentBody, parseJson(info.body));
  const { vendor, ref } = info.params as { vendor: string; ref: string };
  const app = ctx.state.findByRef(vendor, ref, tokenId);
  if (!app)
    throw new SandboxHttpError(
      E.APPLICATION_NOT_STARTED,
      noApplication(ctx, { vendor, ref, tokenId, renews: body.renews }),
    );
  const consent = createConsent(ctx, app, {
    bankId: body.bank_id,
    returnUrl: body.redirect_uri ?? bankReturnUrl(ctx, vendor, ref),
    state: body.state,
    sharingDays: body.sharing_days,
    renews: body.renews,
  });
  return json(
    {
      consent_id: consent.id,
      consent_url: consentUrl(ctx, consent),
      expires_at: consent.expires_at,
      application_id: app.id,
      sharing_days: consent.sharing_days,
      ...(consent.renews !== undefined ? { renews: consent.renews } : {}),
    },
    201,
  );
}

export function finaliseApplication(ctx: SandboxContext, info: RequestInfo, tokenId: string): Reply {
  validate(finaliseBody, parseJson(info.body));
  const { vendor, ref } = info.params as { vendor: string; ref: string };
  const app = finalise(ctx, requireApplication(ctx, vendor, ref, tokenId));
  return json({ application_id: app.id, status: app.status });
}

/** When the id given is a ref of one of the token's applications: which id the bundle wants instead. */
function refHint(ctx: SandboxContext, id: string, tokenId: string): string {
  const app = [...ctx.state.applications.values()].find((a) => a.ref === id && a.owner === tokenId);
  return app
    ? `: '${id}' is a customer's ref (vendor ${app.vendor}); the bundle takes the application id, '${app.id}', ` +
        'the application_id of startApplication and of every webhook'
    : '';
}

export async function bundle(ctx: SandboxContext, info: RequestInfo, tokenId: string): Promise<Reply> {
  const format = info.url.searchParams.get('format') ?? 'json';
  if (!(BUNDLE_FORMATS as readonly string[]).includes(format))
    throw fieldError('format', `must be one of ${BUNDLE_FORMATS.join(', ')}`);
  // Another token's application answers exactly as an unknown id.
  const app = ctx.state.findById(info.params.id!, tokenId);
  if (!app)
    throw new SandboxHttpError(
      E.APPLICATION_NOT_FOUND,
      `no application '${info.params.id}'${refHint(ctx, info.params.id!, tokenId)}`,
    );
  requireLiveConsent(ctx, app);
  if ((app.status !== 'finalised' && app.status !== 'report_ready') || !app.data) {
    throw new SandboxHttpError(
      E.REPORT_NOT_READY,
      `the bundle exists once the application is finalised (status ${app.status})`,
    );
  }
  const report = buildReport(app, ctx.clock(app.owner).now());
  const f = format as BundleFormat;
  const body =
    f === 'json'
      ? JSON.stringify(report)
      : f === 'csv'
        ? renderTransactionsCsv(report)
        : await renderApplicationPdf(report);
  return {
    status: 200,
    body,
    headers: {
      'content-type': BUNDLE_CONTENT_TYPES[f],
      'content-disposition': `attachment; filename="${app.id}.${f}"`,
    },
  };
}
