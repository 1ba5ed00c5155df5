/**
 * The answer to `GET /` (and `HEAD /`): JSON when the client ranks `application/json` above `text/html` in `Accept`,
 * HTML otherwise; `Vary: Accept`. Both are rendered from one model (model.ts), so neither shows more than the other.
 */
import type { SandboxContext } from '../core/context.js';
import type { Reply } from '../core/http.js';
import type { WebhookSender } from '../webhooks/sender.js';
import { INDEX_CSP, renderIndexHtml } from './html.js';
import { indexModel } from './model.js';

/**
 * The q-value `accept` gives `type/sub`, and how specific the range that gave it was (2 exact, 1 `type/*`, 0 `*\/*`, -1
 * none).
 */
function quality(accept: string, type: string, sub: string): { q: number; specificity: number } {
  let best = { q: 0, specificity: -1 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const [t, s] = range.split('/');
    const specificity = t === type && s === sub ? 2 : t === type && s === '*' ? 1 : t === '*' && s === '*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    best = { q: Number.isFinite(q) ? Math.min(1, Math.max(0, q)) : 0, specificity };
  }
  return best;
}

/**
 * True when `accept` ranks `application/json` above `text/html`: a higher q-value, or the same one from a more
 * specific range (`application/json, text/plain, *\/*` → JSON; a browser's `text/html,…,*\/*;q=0.8` → HTML).
 */
export function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false;
  const json = quality(accept, 'application', 'json');
  const html = quality(accept, 'text', 'html');
  return json.q > 0 && (json.q > html.q || (json.q === html.q && json.specificity > html.specificity));
}

/** The answer to `GET /` or `HEAD /` (node:http sends no body for HEAD). */
export function indexReply(ctx: SandboxContext, sender: WebhookSender, accept: string | undefined): Reply {
  const model = indexModel(ctx, sender);
  if (prefersJson(accept)) return { status: 200, json: model, headers: { vary: 'Accept' } };
  return {
    status: 200,
    body: renderIndexHtml(model),
    headers: {
      'content-type': 'text/html; charset=utf-8',
      vary: 'Accept',
      'content-security-policy': INDEX_CSP,
      'x-frame-options': 'DENY',
    },
  };
}
