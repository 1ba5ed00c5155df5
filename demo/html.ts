/** Server-rendered pages of the demo app. Every value that reaches HTML passes through `esc`; no inline script or style. */
import type { ShippedLocale } from '../src/widget/index.js';
import { DEFAULT_LOCALE, SHIPPED_LOCALES } from '../src/sandbox/index.js';

export const esc = (v: unknown): string => String(v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface PageContext {
  sandboxUrl: string;
  vendor: string;
  /** HOSTED_JOURNEY_TRACE=1: application pages draw their trace. */
  tracing?: boolean;
  /** The journey's language (the page's `?locale=`): the widget's `locale` wherever a page opens the journey. */
  locale?: ShippedLocale;
}

/** A shipped locale's name, in its own language and tag: `Tiếng Việt (vi)`. */
const localeName = (l: ShippedLocale) => `${new Intl.DisplayNames([l], { type: 'language' }).of(l) ?? l} (${l})`;

/** `href` keeping the page's locale (none for the default). */
const keep = (href: string, locale: ShippedLocale) =>
  locale === DEFAULT_LOCALE ? href : `${href}?locale=${encodeURIComponent(locale)}`;

/**
 * The switch of the journey's language: a GET form (no script needed) over every shipped locale (src/protocol's one
 * list), back to the same page with `?locale=`.
 */
function localeSwitch(path: string, locale: ShippedLocale): string {
  const options = SHIPPED_LOCALES.map(
    (l) => `<option value="${esc(l)}"${l === locale ? ' selected' : ''}>${esc(localeName(l))}</option>`,
  ).join('');
  return `<form class="lang" method="get"${path ? ` action="${esc(path)}"` : ''}><label><span class="vh">Journey language</span><select name="locale" id="locale">${options}</select></label><button type="submit" class="ghost">Switch</button></form>`;
}

const NAV = [
  ['/', 'Overview'],
  ['/script-tag.html', 'Script tag'],
  ['/spa.html', 'SPA'],
  ['/direct.html', 'Server to server'],
  ['/credit.html', 'Credit reporting'],
  ['/connections.html', 'Connections'],
  ['/app.html', 'In an app'],
  ['/funnel.html', 'Funnel'],
] as const;

export function layout(o: {
  title: string;
  path: string;
  body: string;
  scripts?: string[];
  head?: string;
  ctx: PageContext;
}): string {
  const locale = o.ctx.locale ?? DEFAULT_LOCALE;
  const nav = NAV.map(
    ([href, label]) =>
      `<a href="${esc(keep(href, locale))}"${href === o.path ? ' aria-current="page"' : ''}>${label}</a>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(o.title)} · Lendly demo</title>
<link rel="stylesheet" href="/styles.css">
${o.head ?? ''}
</head>
<body>
<header class="top" aria-label="Lendly"><div class="top-in"><a class="logo" href="/">Lendly</a><nav class="nav" aria-label="Demo pages">${nav}</nav>${localeSwitch(o.path, locale)}</div></header>
<main class="wrap" aria-label="${esc(o.title)}" data-locale="${esc(locale)}">
${o.body}
</main>
<footer class="foot" aria-label="About this demo">Demo integrator app running against the local sandbox at <code>${esc(o.ctx.sandboxUrl)}</code> · vendor <code>${esc(o.ctx.vendor)}</code></footer>
${(o.scripts ?? []).map((s) => `<script type="module" src="${esc(s)}"></script>`).join('\n')}
</body>
</html>
`;
}

export function homePage(ctx: PageContext): string {
  const card = (href: string, pill: string, title: string, text: string) =>
    `<a class="card" href="${esc(keep(href, ctx.locale ?? DEFAULT_LOCALE))}"><span class="pill">${pill}</span><h2>${title}</h2><p>${text}</p><span class="go">Open →</span></a>`;
  return layout({
    ctx,
    path: '/',
    title: 'Overview',
    body: `<section class="hero"><h1>Verify income from bank statements in minutes</h1>
<p>Lendly is a pretend lender built on the <strong>hosted-journey</strong> SDK. Each page below shows one way to integrate,
running entirely on this machine against the sandbox: fake banks, real signed webhooks, real PDF/CSV/JSON bundles.</p></section>
<div class="cards">
${card('/script-tag.html', 'One tag', 'Script tag', 'The inline journey from a single <code>&lt;script&gt;</code> tag with <code>data-</code> attributes. No other code.')}
${card('/spa.html', 'ES module', 'Single-page app', 'Modal journey with theme and prefill pickers, a live event log, webhook-driven progress and downloads.')}
${card('/direct.html', 'No iframe', 'Server to server', 'Your own form; the server starts the application, creates the CDR consent and redirects to the bank.')}
${card('/credit.html', 'Credit', 'Credit reporting', 'Lodge an enquiry, read the report, open an account, report payments and list a default.')}
${card('/connections.html', 'A year', 'Connections', 'Each customer’s consents over the year: warnings before the end, renew with the same accounts, revoke. Move the sandbox clock.')}
${card('/app.html', 'Mobile', 'In an app', 'The journey in an app’s WebView: its bridge messages as they arrive, the bank step in the bank’s own app and back.')}
</div>`,
  });
}

/** The script-tag integration: the tag is the whole integration (the customer id is generated by this server). */
export function scriptTagPage(ctx: PageContext, customerId: string): string {
  return layout({
    ctx,
    path: '/script-tag.html',
    title: 'Script tag',
    body: `<section class="hero"><h1>Connect your bank</h1>
<p>This page embeds the journey with one script tag. Customer reference <code>${esc(customerId)}</code> ·
<a href="/applications/${esc(customerId)}" target="_blank" rel="noopener">follow this application's webhooks</a></p></section>
<div class="card journey-frame" id="journey"></div>
<script src="/sdk/hosted-journey.iife.js" data-vendor="${esc(ctx.vendor)}" data-customer-id="${esc(customerId)}" data-container="#journey" data-journey-origin="${esc(ctx.sandboxUrl)}" data-locale="${esc(ctx.locale ?? DEFAULT_LOCALE)}"></script>`,
  });
}

export function spaPage(ctx: PageContext): string {
  return layout({
    ctx,
    path: '/spa.html',
    title: 'Single-page app',
    scripts: ['/assets/spa.js'],
    body: `<section class="hero"><h1>Apply for a personal loan</h1><p>An ES-module app: the server starts the application with the
backend helper, the journey opens in a modal, progress arrives by webhooks streamed to this page.</p></section>
<div class="grid-2">
  <div class="stack">
    <form class="card stack" id="start-form">
      <h2>1 · Applicant</h2>
      <div class="fields">
        <label>Prefill<select id="prefill" name="prefill">
          <option value="alex">Alex Citizen</option><option value="sam">Sam Nguyen</option><option value="none">No prefill</option>
        </select></label>
        <label>Theme<select id="theme" name="theme">
          <option value="lendly">Lendly indigo</option><option value="forest">Forest</option><option value="sunset">Sunset</option><option value="none">Service default</option>
        </select></label>
        <label>Start at<select id="start-at" name="start-at">
          <option value="">Beginning</option><option value="banks">Bank list</option><option value="sandbox-bank">Sandbox Bank</option>
        </select></label>
      </div>
      <div class="row"><button type="submit" id="start">Connect bank account</button><span class="muted" id="start-status" role="status"></span></div>
    </form>
    <section class="card stack" aria-labelledby="progress-h"><h2 id="progress-h">2 · Progress</h2><div id="progress"><p class="muted">Nothing to follow yet: connect a bank account, and each step of the application shows here as its webhook arrives.</p></div></section>
  </div>
  <section class="card stack" aria-labelledby="log-h"><h2 id="log-h">Live event log</h2>
    <p class="muted">Journey events from the widget (<span class="pill">journey</span>) and webhooks received by the server (<span class="pill">webhook</span>).</p>
    <ul class="log" id="log" aria-live="polite" aria-labelledby="log-h" tabindex="0"><li class="empty">No events yet.</li></ul></section>
</div>`,
  });
}

export function directPage(ctx: PageContext, error?: string): string {
  return layout({
    ctx,
    path: '/direct.html',
    title: 'Server to server',
    body: `<section class="hero"><h1>Connect your bank — our own form</h1><p>No iframe and no widget: this form posts to the Lendly
server, which starts the application, attaches the bank by CDR and creates the consent through the backend helper, then sends
you to the bank. The bank sends you back here and webhooks do the rest.</p></section>
<div class="grid-2"><form class="card stack" method="post" action="/direct/start">
  <h2>Your details</h2>
  ${error ? `<div class="error" role="alert">${esc(error)}</div>` : ''}
  <label>Full name<input name="full_name" autocomplete="name" required value="Alex Citizen"></label>
  <label>Email<input name="email" type="email" autocomplete="email" required value="alex@example.com"></label>
  <label>Bank<select name="bank_id"><option value="sandbox-bank">Sandbox Bank</option><option value="cdr-only-bank">CDR-only Bank</option></select></label>
  <div class="row"><button type="submit" id="direct-start">Continue to my bank</button></div>
</form>
<aside class="card stack" aria-labelledby="what-h"><h2 id="what-h">What happens</h2><ol class="what">
<li>Lendly server: <code>startApplication</code> + <code>attachInstitution</code> (CDR)</li>
<li>Lendly server: <code>createConsent</code> with <code>redirect_uri</code> back to Lendly</li>
<li>Your browser goes to the bank’s consent page</li>
<li>The bank sends you back; webhooks report progress</li>
<li>On <code>crawl.completed</code> Lendly calls <code>finalise</code>; the bundle is ready to download</li></ol></aside></div>`,
  });
}

/** Progress of one application, live over Server-Sent Events (used after the script-tag and server-to-server flows). */
export function applicationPage(ctx: PageContext, ref: string, heading: string, note?: string): string {
  return layout({
    ctx,
    path: '',
    title: 'Application',
    scripts: ['/assets/status.js'],
    body: `<section class="hero"><h1>${esc(heading)}</h1><p>Application <code>${esc(ref)}</code>. This page follows the
webhooks Lendly’s server receives.</p></section>
${note ? `<div class="${note.startsWith('!') ? 'error' : 'okbox'}" role="status">${esc(note.replace(/^!/, ''))}</div><p></p>` : ''}
<div class="grid-2"><section class="card stack" aria-labelledby="p-h"><h2 id="p-h">Progress</h2><div id="progress" data-ref="${esc(ref)}"></div></section>
<section class="card stack" aria-labelledby="l-h"><h2 id="l-h">Webhooks</h2><ul class="log" id="log" aria-live="polite" aria-labelledby="l-h" tabindex="0"><li class="empty">Waiting for events…</li></ul></section></div>
${traceSection(ctx)}`,
  });
}

/** The application's trace as a waterfall (drawn by demo/status/waterfall.ts), or one line on how to turn it on. */
function traceSection(ctx: PageContext): string {
  const body = ctx.tracing
    ? `<p class="muted">Every span and event of this application's trace, from the customer's click to the report, in time
order: the page and the widget in the browser, Lendly's server and its webhook handler, and the sandbox.</p>
<div id="trace" data-state="waiting"><p class="muted">No span of this application yet.</p></div>`
    : '<p class="muted" id="trace-off">Start the demo with <code>HOSTED_JOURNEY_TRACE=1 npm run demo</code> to see this application’s trace here.</p>';
  return `<section class="card stack trace-card" aria-labelledby="t-h"><h2 id="t-h">Trace</h2>${body}</section>`;
}

export function creditPage(ctx: PageContext): string {
  return layout({
    ctx,
    path: '/credit.html',
    title: 'Credit reporting',
    scripts: ['/assets/credit.js'],
    body: `<section class="hero"><h1>Credit reporting</h1><p>Australian comprehensive credit reporting against the sandbox:
lodge an enquiry, read the report, then report an account, its monthly payments and a default.</p></section>
<ol class="wizard" id="wizard"><li data-w="lodge">Lodge enquiry</li><li data-w="report">Report</li><li data-w="account">Account</li><li data-w="payments">Payments</li><li data-w="default">Default</li><li data-w="close">Update / close</li></ol>
<div id="credit"></div>`,
  });
}

/** The connection's year: every customer's consents, the sandbox clock's buttons, renew (widget) and revoke. */
export function connectionsPage(ctx: PageContext): string {
  return layout({
    ctx,
    path: '/connections.html',
    title: 'Connections',
    scripts: ['/assets/connections.js'],
    body: `<section class="hero"><h1>Connections over the year</h1><p>A bank connection lasts up to a year. Lendly lists
each customer’s consents with the backend helper (<code>listConsents</code>), is warned by webhook before a sharing period
ends, renews with the widget in renew mode (<code>renewConsent</code>: the same accounts, a later date) and can revoke
(<code>revokeConsent</code>). The sandbox’s clock moves on when you ask it to.</p></section>
<div class="grid-2">
  <div class="stack">
    <section class="card stack" aria-labelledby="clock-h"><h2 id="clock-h">Sandbox clock</h2>
      <p class="muted">Now at the sandbox: <strong id="clock-now">…</strong>. Moving it fires every warning, expiry and
      webhook retry that falls due, in order.</p>
      <div class="row" id="clock">
        <button type="button" class="ghost" data-advance="1d">+1 day</button><button type="button" class="ghost" data-advance="7d">+7 days</button>
        <button type="button" class="ghost" data-advance="30d">+30 days</button><button type="button" class="ghost" data-advance="180d">+180 days</button>
      </div>
      <div class="row"><button type="button" id="connect">Connect a test customer</button><span class="muted" id="connections-status" role="status"></span></div>
    </section>
    <section class="stack" aria-labelledby="list-h"><h2 id="list-h">Consents</h2><div class="stack" id="connections" data-vendor="${esc(ctx.vendor)}" data-journey-origin="${esc(ctx.sandboxUrl)}"><p class="muted">No connection yet: connect a test customer here, or a bank on another page.</p></div></section>
  </div>
  <div class="stack">
  <section class="card stack" aria-labelledby="receiver-h"><h2 id="receiver-h">Receiver</h2>
    <p class="muted">Take Lendly’s <code>/webhooks</code> down (it answers 503) and the sandbox’s attempts fail, each with its
    next retry (the clock’s buttons bring retries due). Bring it back, then <strong>Catch up</strong>: the events list since
    it went down runs through the same exactly-once handler (<code>handler.catchUp</code>). <strong>Resend</strong> on a
    logged event sends it again (<code>resendEvent</code>): the handler answers it as a duplicate.</p>
    <div class="row"><button type="button" id="receiver-toggle" aria-pressed="false">Take the receiver down</button><button type="button" class="ghost" id="catch-up">Catch up</button>
    <span class="muted" id="receiver-status" role="status">The receiver is up.</span></div>
    <h3 id="failed-h">Failed attempts</h3>
    <ul class="log" id="failed" aria-labelledby="failed-h" tabindex="0"><li class="empty">No failed attempt.</li></ul></section>
  <section class="card stack" aria-labelledby="log-h"><h2 id="log-h">Webhook log</h2>
    <p class="muted">Every webhook Lendly’s server processes, the consent’s warnings included, as it arrives.</p>
    <ul class="log" id="log" aria-live="polite" aria-labelledby="log-h" tabindex="0"><li class="empty">No events yet.</li></ul></section>
  </div>
</div>`,
  });
}

/** The platforms the app page plays (`?bridge=`): the bridge the journey URL names. */
export const APP_BRIDGES = { ios: 'iOS', android: 'Android', 'react-native': 'React Native' } as const;
export type AppBridge = keyof typeof APP_BRIDGES;

/**
 * The journey inside a mobile app (demo/app/main.ts plays the app): the frame stands in for the WebView, the bank step
 * opens in a window of its own, the return link comes back through `/app-return`.
 */
export function appPage(
  ctx: PageContext,
  o: { ref: string; journeyUrl: string; returnUrl: string; bridge: AppBridge },
): string {
  const options = Object.entries(APP_BRIDGES)
    .map(([v, label]) => `<option value="${esc(v)}"${v === o.bridge ? ' selected' : ''}>${esc(label)}</option>`)
    .join('');
  return layout({
    ctx,
    path: '/app.html',
    title: 'In an app',
    scripts: ['/assets/app.js'],
    body: `<section class="hero"><h1>The journey inside a mobile app</h1><p>This page plays Lendly’s app. The frame stands in
for its WebView, opened at a journey URL Lendly’s server built with <code>nativeBridge</code> and <code>returnUrl</code>; the
app’s bridge is there before the journey loads (the sandbox’s stand-in). At the bank step the journey hands the app the
bank’s URL and waits: the bank runs in its own app, never in the WebView, and sends the customer back to the app’s return link.
See <code>docs/native-apps.md</code>.</p>
<form class="row" method="get" action="/app.html"><label>Platform <select name="bridge" id="bridge">${options}</select></label><button type="submit" class="ghost">Switch</button></form></section>
<div class="grid-2">
  <section class="card stack" aria-labelledby="webview-h"><h2 id="webview-h">Lendly app · WebView</h2>
    <div class="journey-frame app-webview" id="webview" data-journey-url="${esc(o.journeyUrl)}" data-return-url="${esc(o.returnUrl)}" data-ref="${esc(o.ref)}"></div>
    <p class="muted" id="app-state" role="status">Customer reference <code>${esc(o.ref)}</code>.</p></section>
  <div class="stack">
    <section class="card stack" aria-labelledby="bank-h"><h2 id="bank-h">The bank’s app</h2>
      <p class="muted" id="bank-state" role="status">The journey has not reached the bank step yet.</p>
      <div class="row"><button type="button" id="open-bank" hidden>Open in the bank’s app</button></div></section>
    <section class="card stack" aria-labelledby="log-h"><h2 id="log-h">Bridge messages</h2>
      <p class="muted">What the journey posts through <code>${esc(o.bridge)}</code>’s bridge (<span class="pill">bridge</span>) and what the app does (<span class="pill">app</span>).</p>
      <ul class="log" id="log" aria-live="polite" aria-labelledby="log-h" tabindex="0"><li class="empty">No message yet.</li></ul></section>
    <section class="card stack" aria-labelledby="p-h"><h2 id="p-h">Progress</h2><div id="progress" data-ref="${esc(o.ref)}"></div>
      <ul class="log" id="hooks" aria-label="Webhooks" tabindex="0"><li class="empty">Waiting for webhooks…</li></ul></section>
  </div>
</div>`,
  });
}

/** The app's return link (`returnUrl`): in a phone it opens the app; here it hands the link to the app page. */
export function appReturnPage(ctx: PageContext): string {
  return layout({
    ctx,
    path: '',
    title: 'Back to the app',
    scripts: ['/assets/app.js'],
    body: `<section class="hero"><h1>Back to the Lendly app</h1><p id="app-return" role="status">Handing the bank’s answer to the app…</p></section>`,
  });
}
