/**
 * HTML shells of the hosted journey (`/i/{vendor}/{ref}[/deep-link]`, `/i/{vendor}/{ref}/bank-return`) and the
 * static assets they load. Shells hold no inline script or style, so a strict CSP applies; journeys are meant to be
 * framed by integrators, hence `frame-ancestors *` and no X-Frame-Options.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJourneyUrl, QUERY } from '../../protocol/index.js';
import { INSTITUTIONS } from '../data/institutions.js';
import { JOURNEY_API_BASE } from '../../protocol/journey-api.js';
import { journeyWordsAsset } from '../../protocol/journey-copy.js';
import { TRANSLATED_LOCALES } from '../../protocol/locale.js';
import { SandboxErrorCode as E, SandboxHttpError } from '../core/errors.js';
import type { Reply } from '../core/http.js';
import { packageRoot } from '../core/package-root.js';
import type { JourneySession } from './session.js';

export const JOURNEY_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' https://fonts.googleapis.com; " +
  'font-src https://fonts.gstatic.com; frame-ancestors *';

/** asset URL name → candidate files (first existing wins). */
function assetFiles(root: string): Record<string, { files: string[]; type: string }> {
  const built = path.join(root, 'dist', 'sandbox-assets');
  return {
    'journey.js': { files: [path.join(built, 'journey.js')], type: 'text/javascript; charset=utf-8' },
    'bank-return.js': { files: [path.join(built, 'bank-return.js')], type: 'text/javascript; charset=utf-8' },
    'app-standin.js': { files: [path.join(built, 'app-standin.js')], type: 'text/javascript; charset=utf-8' },
    ...Object.fromEntries(
      TRANSLATED_LOCALES.map((locale) => [
        journeyWordsAsset(locale),
        { files: [path.join(built, journeyWordsAsset(locale))], type: 'text/javascript; charset=utf-8' },
      ]),
    ),
    'journey.css': {
      files: [path.join(built, 'journey.css'), path.join(root, 'src', 'sandbox', 'journey', 'browser', 'journey.css')],
      type: 'text/css; charset=utf-8',
    },
  };
}

let cachedRoot: string | undefined;

/**
 * `GET /assets/{name}`; 500 "run npm run build" when the bundle was not built; `null` for an unknown name.
 * Only the names above map to files, so no request path reaches the file system.
 */
export function serveAsset(name: string, root = (cachedRoot ??= packageRoot())): Reply | null {
  if (!Object.prototype.hasOwnProperty.call(assetFiles(root), name)) return null;
  const asset = assetFiles(root)[name]!;
  if (!asset) return null;
  const file = asset.files.find((f) => existsSync(f));
  if (!file) throw new SandboxHttpError(E.ASSETS_NOT_BUILT, missingAsset(name, root));
  return { status: 200, body: readFileSync(file), headers: { 'content-type': asset.type } };
}

/**
 * Why an asset is missing: in the repository, not built yet; in an installed package (no sources beside it), the
 * package itself lacks it, which no command of the user's fixes.
 */
const missingAsset = (name: string, root: string): string =>
  existsSync(path.join(root, 'src'))
    ? `the journey asset ${name} is not built: run npm run build`
    : `the installed package at ${root} lacks the journey asset dist/sandbox-assets/${name}: reinstall ` +
      'hosted-journey-sandbox, and report it if it is still missing';

/** JSON inside <script>: `<` escaped so no value can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `standin_bridge=1` on an app's journey URL [ours, sandbox only]: the shell loads the stand-in app bridge
 * (browser/app-standin.ts) before the journey, for a browser standing in for the app's WebView.
 */
export const STANDIN_BRIDGE_QUERY = 'standin_bridge';

function shell(title: string, script: string, config: unknown, first?: string): Reply {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/assets/journey.css">
<script type="application/json" id="hj-config">${scriptJson(config)}</script>
${first ? `<script src="/assets/${first}"></script>\n` : ''}<script src="/assets/${script}" defer></script>
</head>
<body><noscript>This journey needs JavaScript.</noscript><div id="hj-root"></div></body>
</html>
`;
  return {
    status: 200,
    body: html,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': JOURNEY_CSP },
  };
}

/**
 * A journey load for a parent origin the vendor has not registered: an error page that refuses framing, so a foreign
 * parent gets neither the journey nor a session credential.
 */
function parentRefused(vendor: string, parent: string): Reply {
  const code = E.PARENT_ORIGIN_NOT_ALLOWED;
  const message =
    `${parent} is not a registered parent origin of '${vendor}'. ` +
    `Register it: startSandbox({ parentOrigins: { ${vendor}: ['${parent}'] } }) ` +
    `or --parent-origin ${vendor}=${parent} ` +
    '(the default allows loopback origins only).';
  const html =
    `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Journey unavailable</title><link rel="stylesheet" href="/assets/journey.css"></head>
<body><main class="hj-return"><h1>This journey cannot be shown here</h1>` +
    `<p data-code="${code}">${escapeHtml(message)}</p></main></body>
</html>
`;
  return {
    status: 403,
    body: html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'x-frame-options': 'DENY',
      'content-security-policy': "frame-ancestors 'none'; default-src 'none'; style-src 'self'",
    },
  };
}

/** What the journey shells need from the sandbox. */
export interface JourneyPageDeps {
  /** The application's status, written into the shell so the first step renders without a request. */
  status?(vendor: string, ref: string): unknown;
  /** Whether `origin` may frame `vendor`'s journey (the parent-origin registry). */
  parentOriginAllowed(vendor: string, origin: string): boolean;
  /** The journey protocol when the URL does not name one (`journey_protocol`): the `journeyProtocol` option. */
  journeyProtocol?: JourneyProtocol;
  /** The traceparent of consent `consentId` of `vendor`/`ref` (the trace of the journey that opened it), if any. */
  consentTraceparent?(vendor: string, ref: string, consentId: string): string | undefined;
  /** A fresh session credential for this page load (its issue time and page id are the issuer's). */
  issueSession(s: Omit<JourneySession, 'issuedAt' | 'pageId'>): string;
}

export type JourneyProtocol = 'bridge' | 'plain';
/** Query parameter choosing the journey protocol for one load: `?journey_protocol=plain`. */
export const JOURNEY_PROTOCOL_QUERY = 'journey_protocol';

/** The load's protocol: the query's, when it names one, else the sandbox's default. */
function protocolOf(url: URL, fallback: JourneyProtocol = 'bridge'): JourneyProtocol {
  const asked = url.searchParams.get(JOURNEY_PROTOCOL_QUERY);
  return asked === 'plain' || asked === 'bridge' ? asked : fallback;
}

/** `/i/{vendor}/{ref}…`: the journey shell, the bank-return shell, or `null` when the path is not a journey. */
export function journeyPage(url: URL, deps: JourneyPageDeps): Reply | null {
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.length === 4 && segments[3] === 'bank-return') {
    const parsed = parseJourneyUrl(new URL(`/i/${segments[1]}/${segments[2]}`, url));
    if (!parsed) return null;
    const { vendor, customerId: ref } = parsed;
    const session = deps.issueSession({ kind: 'bank-return', vendor, ref, parentOrigin: null });
    // The bank's redirect brings no trace context: the page's call joins the journey's trace from the consent's.
    const traceparent = deps.consentTraceparent?.(vendor, ref, url.searchParams.get('consent_id') ?? '');
    return shell('Returning to your application', 'bank-return.js', {
      vendor,
      ref,
      apiBase: JOURNEY_API_BASE,
      session,
      ...(traceparent ? { traceparent } : {}),
    });
  }
  const parsed = parseJourneyUrl(url);
  if (!parsed) return null;
  // A parent_origin that is present but invalid (parseJourneyUrl drops it) is refused like an unregistered one.
  const rawParent = url.searchParams.get(QUERY.parentOrigin);
  const parentOrigin = parsed.parentOrigin ?? null;
  if (rawParent && (parentOrigin === null || !deps.parentOriginAllowed(parsed.vendor, parentOrigin))) {
    return parentRefused(parsed.vendor, parentOrigin ?? rawParent);
  }
  // In an app's WebView the return link's origin (the app's universal link / App Link domain) is registered as a
  // parent origin is: the consent's return_to must be on it, so the bank cannot be made to send the customer elsewhere.
  const appReturn = parsed.native?.returnUrl ? new URL(parsed.native.returnUrl).origin : null;
  if (appReturn !== null && !deps.parentOriginAllowed(parsed.vendor, appReturn)) {
    return parentRefused(parsed.vendor, appReturn);
  }
  return shell(
    'Connect your bank',
    'journey.js',
    {
      vendor: parsed.vendor,
      ref: parsed.customerId,
      apiBase: JOURNEY_API_BASE,
      session: deps.issueSession({
        kind: 'journey',
        vendor: parsed.vendor,
        ref: parsed.customerId,
        parentOrigin: appReturn ?? parentOrigin,
        collect: parsed.collect,
        ...(appReturn !== null ? { app: true } : {}),
      }),
      // The application's status as of this response, so the first step renders without a request first.
      ...(deps.status ? { status: deps.status(parsed.vendor, parsed.customerId) } : {}),
      institutions: INSTITUTIONS.map(({ id, name, pathways, colour }) => ({ id, name, pathways, colour })),
      protocol: protocolOf(url, deps.journeyProtocol),
    },
    appReturn !== null && url.searchParams.get(STANDIN_BRIDGE_QUERY) === '1' ? 'app-standin.js' : undefined,
  );
}
