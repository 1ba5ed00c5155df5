/** `POST /api/v1/webhooks`: register a receiver at run time (besides the `webhooks` startup option). */
import { webhookRegistrationBody } from '../../protocol/index.js';
import type { SandboxContext } from '../context.js';
import { fieldError } from '../errors.js';
import { json, parseJson, validate, type Reply, type RequestInfo } from '../http.js';
import type { WebhookSender } from '../webhooks/sender.js';

export function registerWebhook(ctx: SandboxContext, sender: WebhookSender, info: RequestInfo, tokenId: string): Reply {
  const body = validate(webhookRegistrationBody, parseJson(info.body));
  const signWith = body.token_id ?? tokenId;
  const token = ctx.tokens.find((t) => t.tokenId === signWith);
  if (!token) throw fieldError('token_id', `no token '${signWith}' is configured on this sandbox`);
  sender.addReceiver({ url: body.url, tokenId: token.tokenId, secret: token.secret });
  return json({ webhook_id: `wh_${sender.listReceivers().length}`, url: body.url, token_id: token.tokenId }, 201);
}
