/** Tiny node:http helpers of the demo app (no framework). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiError, isClientError } from '../src/server/index.js';

/** Demo pages' CSP: scripts and styles only from this origin; the journey iframe only from the sandbox. */
export function csp(sandboxUrl: string): string {
  return `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-src ${sandboxUrl}; form-action 'self' ${sandboxUrl}; base-uri 'none'; frame-ancestors 'none'`;
}

export async function readBody(req: IncomingMessage, max = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) throw Object.assign(new Error('body too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  try {
    const v: unknown = text ? JSON.parse(text) : {};
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* below */
  }
  throw Object.assign(new Error('send a JSON object'), { status: 400 });
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, html: string, policy: string, status = 200): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cache-control': 'no-store',
  });
  res.end(html);
}

export function sendBytes(res: ServerResponse, bytes: Uint8Array, type: string, filename?: string): void {
  res.writeHead(200, {
    'content-type': type,
    'content-length': String(bytes.byteLength),
    'x-content-type-options': 'nosniff',
    ...(filename ? { 'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"` } : {}),
  });
  res.end(bytes);
}

/** Maps the backend helper's typed errors (and our own) to a JSON error reply. */
export function sendError(res: ServerResponse, err: unknown): void {
  if (isApiError(err)) {
    return sendJson(res, err.status, {
      error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
    });
  }
  if (isClientError(err)) {
    const e = err as Error & { code: string; fields?: unknown };
    return sendJson(res, e.name === 'HostedJourneyValidationError' ? 422 : 502, {
      error: { code: e.code, message: e.message, ...(e.fields ? { fields: e.fields } : {}) },
    });
  }
  const status = (err as { status?: number }).status ?? 500;
  sendJson(res, status, {
    error: {
      code: status === 500 ? 'INTERNAL' : 'BAD_REQUEST',
      message: status === 500 ? 'internal error' : (err as Error).message,
    },
  });
}
