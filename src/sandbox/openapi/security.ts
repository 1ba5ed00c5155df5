/**
 * The request-signing scheme and the headers it signs, as the OpenAPI document states them: built from the constants
 * of src/protocol/signing.ts, so the document says what the client and the verifier do.
 */
import {
  AUTH_SCHEME,
  DEFAULT_CONTENT_TYPE,
  DEFAULT_TOLERANCE,
  EMPTY_BODY_MD5,
  HEADERS,
  stringToSign,
} from '../../protocol/index.js';
import { MAX_KEY_LENGTH } from '../api/auth.js';

/** The `x-provenance` of a detail: the service's documentation, the project's seed, or this project's decision. */
export type Provenance = 'doc' | 'seed' | 'ours';
export const PROVENANCE = 'x-provenance';

const EXAMPLE = stringToSign({
  method: 'GET',
  contentMd5: EMPTY_BODY_MD5,
  contentType: DEFAULT_CONTENT_TYPE,
  date: 'Sun, 22 Nov 2026 00:00:00 GMT',
  pathWithQuery: '/api/v1/applications/app_123/bundle?format=json',
});

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');

const SIGNING = `Every request is signed with HMAC-SHA256 [doc]. Send the headers \`Date\` (RFC 1123, GMT), \
\`Content-MD5\` \
(base64 MD5 of the exact body bytes; \`${EMPTY_BODY_MD5}\`, the MD5 of the empty string, when there is no body), \
\`Content-Type\` (\`${DEFAULT_CONTENT_TYPE}\`, also on GET) and \
\`Authorization: ${AUTH_SCHEME} <tokenId>:<signature>\`, \
where the signature is the base64 HMAC-SHA256, keyed with the token's signing secret, of the five lines

    METHOD
    Content-MD5
    Content-Type
    Date
    path with query

joined by \\n (no trailing newline). For example, for \`GET /api/v1/applications/app_123/bundle?format=json\`:

${indent(EXAMPLE)}

The query string is part of the signed path [ours]. The service accepts a \`Date\` up to \
${DEFAULT_TOLERANCE.pastSec} s \
in the past and ${DEFAULT_TOLERANCE.futureSec} s in the future [ours]. A request that fails any check is answered 401 \
with a code naming the failure (MISSING_HEADER, MALFORMED_HEADER, UNKNOWN_KEY, BAD_SIGNATURE, BODY_DIGEST_MISMATCH, \
TIMESTAMP_TOO_OLD, TIMESTAMP_IN_FUTURE). hosted-journey-server's \`createClient\` and \`signRequest\` sign this way.`;

const DELIVERY = `Webhook deliveries [ours: the service's own delivery signature is unpublished] are POSTs signed \
with the same scheme as requests, keyed with the receiving token's secret: the signed path is the receiver's path. \
Verify them with hosted-journey-server's \`createWebhookHandler\` or \`verifyWebhook\`.`;

const STANDARD = `Alternative delivery scheme, chosen per receiver [ours]: Standard Webhooks \
(https://www.standardwebhooks.com): \`${HEADERS.webhookId}\`, \`${HEADERS.webhookTimestamp}\` and \
\`${HEADERS.webhookSignature}: v1,<base64 HMAC-SHA256>\` of \`id.timestamp.body\`, keyed with a \`whsec_\` secret.`;

export const securitySchemes = {
  hmac: { type: 'apiKey', in: 'header', name: 'Authorization', description: SIGNING, [PROVENANCE]: 'doc' },
  hmacDelivery: {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: DELIVERY,
    [PROVENANCE]: 'ours',
  },
  standardWebhooks: {
    type: 'apiKey',
    in: 'header',
    name: HEADERS.webhookSignature,
    description: STANDARD,
    [PROVENANCE]: 'ours',
  },
} as const;

/**
 * Header parameters, by component name. The signed headers (`Date`, `Content-MD5`, `Authorization`) are not among
 * them: they are the `hmac` security scheme's, which a client applies to every request (a signing middleware), so a
 * generated client does not ask for them on each call.
 */
export const headerParameters = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'The same key with the same body answers the stored 2xx answer again (header `idempotent-replayed: true`); the ' +
      'same key with another body is 409 IDEMPOTENCY_KEY_REUSED. A POST that carries one is safe to retry [ours].',
    schema: { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH },
    [PROVENANCE]: 'ours',
  },
} as const;
