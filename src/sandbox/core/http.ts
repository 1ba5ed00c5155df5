/** Reading requests and writing replies on node:http, with the error body shape shared by every route. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEADERS } from '../../protocol/index.js';
import { type IssueLike, issueMessage, PLAIN_ISSUES } from '../../protocol/issues.js';
import { SandboxErrorCode as E, SandboxHttpError, isSandboxHttpError, type FieldError } from './errors.js';

/** Larger bodies are refused with 413 before they are buffered. */
export const MAX_BODY_BYTES = 1_048_576;

/** What a handler returns; the router writes it (and the idempotency store can replay it). */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Serialised as JSON unless `body` is given. */
  json?: unknown;
  body?: Buffer | string;
}

export interface RequestInfo {
  req: IncomingMessage;
  url: URL;
  /** Raw path with query, exactly as received (what signatures cover). */
  rawPath: string;
  params: Record<string, string>;
  body: Buffer;
  requestId: string;
}

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new SandboxHttpError(E.PAYLOAD_TOO_LARGE, `request bodies are limited to ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new SandboxHttpError(E.PAYLOAD_TOO_LARGE, `request bodies are limited to ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body; an empty body is `{}`. */
export function parseJson(body: Buffer): unknown {
  if (body.length === 0) return {};
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new SandboxHttpError(E.INVALID_JSON, 'the body is not valid JSON');
  }
}

interface SafeParser<T> {
  safeParse(
    value: unknown,
    params: typeof PLAIN_ISSUES,
  ): { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
}

/** Validates with a protocol schema; 422 with one entry per failing field. */
export function validate<T>(schema: SafeParser<T>, value: unknown): T {
  const result = schema.safeParse(value, PLAIN_ISSUES);
  if (result.success) return result.data;
  const fields: FieldError[] = result.error.issues.map((i) => ({
    path: i.path.map(String).join('.') || '(body)',
    message: issueMessage(i, value),
  }));
  throw new SandboxHttpError(
    E.VALIDATION_FAILED,
    `the request body is invalid: ${fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`,
    fields,
  );
}

/** Headers on every response. */
const BASE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

export function writeReply(res: ServerResponse, reply: Reply, requestId: string): void {
  const headers: Record<string, string> = { ...BASE_HEADERS, [HEADERS.requestId]: requestId, ...reply.headers };
  let body: Buffer | string = '';
  if (reply.body !== undefined) body = reply.body;
  else if (reply.json !== undefined) {
    body = JSON.stringify(reply.json);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, headers);
  res.end(body);
}

export function errorReply(error: unknown, requestId: string): Reply {
  const e = isSandboxHttpError(error) ? error : new SandboxHttpError(E.INTERNAL, 'internal sandbox error');
  return {
    status: e.status,
    json: {
      error: {
        code: e.code,
        message: e.message,
        request_id: requestId,
        ...(e.fields ? { fields: e.fields } : {}),
        ...e.extra,
      },
    },
  };
}

export const json = (value: unknown, status = 200): Reply => ({ status, json: value });
