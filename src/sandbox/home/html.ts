/**
 * The HTML rendering of the sandbox index (model in model.ts) and its stylesheet, `GET /assets/index.css`.
 * No script, no inline style, no inline event handler: the page works under `default-src 'none'`. Every value from
 * the model goes through `esc` — token ids, receiver URLs and delivery errors come from options and registrations.
 */
import type { Reply } from '../core/http.js';
import type { SandboxIndex, SandboxIndexWebhook } from './model.js';

export const INDEX_STYLESHEET_PATH = '/assets/index.css';
/** img-src 'self' lets the browser's own favicon request through (it answers 404) without a report. */
export const INDEX_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const esc = (s: string | number) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const code = (s: string) => `<code>${esc(s)}</code>`;

function deliveries(hook: SandboxIndexWebhook): string {
  if (hook.recent_deliveries.length === 0) return '<p class="muted">No delivery yet.</p>';
  const rows = hook.recent_deliveries.map((d) => {
    const ok = d.status !== null && d.status >= 200 && d.status < 300;
    const result = d.status === null ? `error: ${d.error ?? 'unknown'}` : String(d.status);
    // What the sandbox concluded from the attempt, on a row of its own under it.
    const notes = [
      d.gave_up ? `gave up after ${d.attempt} attempts` : '',
      d.next_retry_at ? `next retry ${d.next_retry_at.replace('T', ' ').replace(/\.\d+Z$/, 'Z')}` : '',
      d.hint ? `hint: ${d.hint}` : '',
    ].filter(Boolean);
    const note = notes.length ? `<tr class="note"><td></td><td colspan="4">${esc(notes.join(' · '))}</td></tr>` : '';
    return (
      `<tr><td><time datetime="${esc(d.at)}">${esc(d.at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'))}</time></td>` +
      `<td>${code(d.type)}</td>` +
      `<td>${code(d.event_id)}${d.duplicate ? ' <span class="tag">duplicate</span>' : ''}</td>` +
      `<td class="num">${esc(d.attempt)}</td><td class="${ok ? 'ok' : 'fail'}">${esc(result)}</td></tr>` +
      note
    );
  });
  return (
    `<table><thead><tr><th>Time (UTC)</th><th>Event</th><th>Event id</th><th>Attempt</th><th>Result</th></tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

function webhooks(model: SandboxIndex): string {
  if (model.webhooks.length === 0) {
    return (
      `<p class="muted">No receiver registered. Pass <code>webhooks</code> to <code>startSandbox</code>,` +
      ` <code>--webhook</code> to the CLI, or call ${code('client.registerWebhook({ url })')} of` +
      ` <code>hosted-journey-server</code> (${code('POST /api/v1/webhooks')}, signed).</p>`
    );
  }
  return model.webhooks
    .map(
      (h) =>
        `<article class="hook" aria-label="Webhook ${esc(h.webhook_id)}">
<h3>${code(h.url)}</h3>
<p class="muted">${esc(h.webhook_id)} · token ${code(h.token_id)} · scheme ${esc(h.scheme)} · ` +
        `${h.events ? `events ${h.events.map(code).join(' ')}` : 'every event type'} · ` +
        `${esc(h.queued)} queued · newest first</p>
${health(h)}${deliveries(h)}</article>`,
    )
    .join('\n');
}

/** The line saying a receiver is failing, or disabled and how to send to it again. */
function health(h: SandboxIndex['webhooks'][number]): string {
  if (h.disabled_at)
    return (
      `<p class="hook-disabled" role="status">Disabled at ${esc(h.disabled_at)}: every attempt failed since ` +
      `${esc(h.failing_since ?? '')} (5 days). Nothing is sent to it until ` +
      `${code(`client.recoverWebhook({ id: '${h.webhook_id}', since })`)} or it is registered again.</p>\n`
    );
  return h.failing_since ? `<p class="muted">Failing since ${esc(h.failing_since)}.</p>\n` : '';
}

export function renderIndexHtml(model: SandboxIndex): string {
  const parents = Object.entries(model.journey.parent_origins).map(
    ([vendor, origins]) =>
      `<tr><td>${vendor === '*' ? 'every other vendor (<code>*</code>)' : code(vendor)}</td>` +
      `<td>${origins.map(code).join(' ')}</td></tr>`,
  );
  const banks = model.institutions.map(
    (i) => `<tr><td>${code(i.id)}</td><td>${esc(i.name)}</td><td>${i.pathways.map(code).join(' ')}</td></tr>`,
  );
  const logins = model.test_logins.crawler.map(
    (l) => `<tr><td>${code(l.username)} / ${code(l.password)}</td><td>${esc(l.result)}</td></tr>`,
  );
  const endpoints = model.endpoints.map((e) => `<tr><td>${esc(e.method)}</td><td>${code(e.path)}</td></tr>`);
  const demo = model.links.demo
    ? `<dt>Demo</dt><dd><a href="${esc(model.links.demo)}">${esc(model.links.demo)}</a></dd>`
    : '';
  return (
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>hosted-journey sandbox</title>
<link rel="stylesheet" href="${INDEX_STYLESHEET_PATH}">
</head>
<body>
<header><span class="logo" aria-hidden="true"></span><h1>hosted-journey sandbox</h1><span class="badge">Test` +
    ` data only</span></header>
<main>
<p class="lead">${esc(model.about)}</p>
<section aria-labelledby="connect"><h2 id="connect">Connect</h2>
<dl>
<dt>API base</dt><dd>${code(model.api_base)} — the <code>baseUrl</code> of <code>createClient</code>; every API` +
    ` call is HMAC-signed</dd>
<dt>Token ids</dt><dd>${model.tokens.map((t) => code(t.token_id)).join(' ')} <span class="muted">(secrets are` +
    ` not shown here)</span></dd>
<dt>Journey URL</dt><dd>${code(model.journey.url_pattern)} <span class="muted">deep links` +
    ` ${model.journey.deep_links.map(code).join(' ')}</span></dd>
<dt>This page as JSON</dt><dd>${code(`curl -H 'Accept: application/json' ${model.api_base}/`)}</dd>
${demo}
</dl></section>
<section aria-labelledby="banks"><h2 id="banks">Banks and test logins</h2>
<table><thead><tr><th>Institution id</th><th>Name</th><th>Pathways</th></tr></thead>` +
    `<tbody>${banks.join('')}</tbody></table>
<table><thead><tr><th>Crawler login (username / password)</th><th>Result</th></tr></thead>` +
    `<tbody>${logins.join('')}</tbody></table>
<p>CDR: ${esc(model.test_logins.cdr)}</p></section>
<section aria-labelledby="parents"><h2 id="parents">Parent origins</h2>
<p class="muted">Pages allowed to frame each vendor's journey (<code>loopback</code>: localhost, 127.0.0.0/8,` +
    ` [::1], any port).</p>
<table><thead><tr><th>Vendor</th><th>Origins</th></tr></thead><tbody>${parents.join('')}</tbody></table></section>
<section aria-labelledby="webhooks"><h2 id="webhooks">Webhooks</h2>
${webhooks(model)}</section>
<section aria-labelledby="endpoints"><h2 id="endpoints">Signed endpoints</h2>
<table><thead><tr><th>Method</th><th>Path</th></tr></thead><tbody>${endpoints.join('')}</tbody></table></section>
</main>
<footer>Reload for the latest deliveries. No secret is shown on this page.</footer>
</body>
</html>
`
  );
}

const CSS =
  `:root{--primary:#0b5fff;--text:#111827;--muted:#5b6473;--line:#e3e7ee;--soft:#f5f7fb;--ok:#1b7f4b;` +
  `--fail:#c62828;
--font:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color-scheme:light}
*{box-sizing:border-box}body{margin:0;font-family:var(--font);color:var(--text);background:var(--soft);` +
  `font-size:15px;line-height:1.5}
header{display:flex;align-items:center;gap:12px;padding:16px 24px;background:#fff;border-bottom:1px solid var(--line)}
.logo{width:28px;height:28px;border-radius:8px;background:linear-gradient(135deg,var(--primary),#ffb800)}
h1{font-size:19px;margin:0}.badge{margin-left:auto;font-size:12px;font-weight:600;letter-spacing:.04em;` +
  `text-transform:uppercase;
color:#7a5200;background:#fff4d6;border:1px solid #f3d27a;padding:2px 8px;border-radius:999px}
main{max-width:960px;margin:24px auto;padding:0 16px}
section{background:#fff;border:1px solid var(--line);border-radius:12px;padding:16px 20px;margin-bottom:16px}
h2{font-size:17px;margin:0 0 12px}h3{font-size:15px;margin:8px 0 4px;word-break:break-all}.lead{font-size:16px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}dt{font-weight:600}dd{margin:0;` +
  `word-break:break-word}
table{width:100%;border-collapse:collapse;margin:8px 0 12px;font-size:14px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top}` +
  `th{color:var(--muted);font-weight:600}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;background:var(--soft);` +
  `padding:1px 4px;border-radius:4px;word-break:break-all}
.muted{color:var(--muted);font-size:14px}.num{text-align:right}.ok{color:var(--ok);font-weight:600}` +
  `.fail{color:var(--fail);font-weight:600}
.tag{font-size:11px;text-transform:uppercase;color:#7a5200;background:#fff4d6;border-radius:999px;padding:0 6px}
.hook+.hook{border-top:1px solid var(--line);margin-top:12px;padding-top:8px}
.note td{color:var(--fail);font-size:13px;padding-top:0}
a{color:var(--primary)}footer{text-align:center;font-size:13px;color:var(--muted);margin:0 0 24px}
@media (max-width:560px){main{padding:0 8px}section{padding:12px}table{font-size:13px}th,td{padding:6px 4px}` +
  `code{font-size:12px}}`;

/** `GET /assets/index.css`. */
export function indexStylesheet(): Reply {
  return { status: 200, body: CSS, headers: { 'content-type': 'text/css; charset=utf-8' } };
}
