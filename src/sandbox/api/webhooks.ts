/**
 * `POST /api/v1/webhooks`: register a receiver at run time (besides the `webhooks` startup option). A registration
 * belongs to the token that signed it: it receives only that token's applications' events, signed with its secret.
 * `token_id`, when given, must be that same token (naming another would hand its deliveries to this caller).
 */
import { webhookRegistrationBody } from '../../protocol/index.js';
import type { SandboxContext } from '../context.js';
import { fieldError } from '../errors.js';
import { json, parseJson, validate, type Reply, type RequestInfo } from '../http.js';
import type { WebhookSender } from '../webhooks/sender.js';

export function registerWebhook(ctx: SandboxContext, sender: WebhookSender, info: RequestInfo, tokenId: string): Reply {
  const body = validate(webhookRegistrationBody, parseJson(info.body));
  if (body.token_id !== undefined && body.token_id !== tokenId) {
    throw fieldError(
      'token_id',
      `must be the token that signs this request ('${tokenId}'): a receiver gets only its own token's events`,
    );
  }
  const token = ctx.tokens.find((t) => t.tokenId === tokenId)!;
  sender.addReceiver({ url: body.url, tokenId: token.tokenId, secret: token.secret });
  return json({ webhook_id: `wh_${sender.listReceivers().length}`, url: body.url, token_id: token.tokenId }, 201);
}
