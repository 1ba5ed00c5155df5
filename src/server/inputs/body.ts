/** Raw bodies: the exact bytes received, from any realm; a parsed body is refused with an explanation. */
import { SignatureVerificationError } from '../errors.js';

/** The exact bytes received. Strings are hashed as UTF-8, so prefer bytes when the body may not be valid UTF-8. */
export type RawBody = string | Uint8Array | ArrayBuffer;

export const PARSED_BODY_MESSAGE =
  'body must be the raw bytes received (string, Uint8Array, ArrayBuffer), not parsed JSON: ' +
  're-serialising changes the bytes. Express: express.raw({ type: "*/*" }) on this route, or toNodeHandler; ' +
  'Next.js and Fetch runtimes: ' +
  '`await req.text()` or `await req.arrayBuffer()`, never `await req.json()`.';

/** ArrayBuffer's own byteLength getter: throws unless given a real ArrayBuffer, from any realm. */
const byteLengthOf = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')!.get!;
function isArrayBuffer(x: unknown): x is ArrayBuffer {
  if (x instanceof ArrayBuffer) return true;
  if (typeof x !== 'object' || x === null) return false;
  try {
    byteLengthOf.call(x);
    return true;
  } catch {
    return false;
  }
}

/**
 * Accepts bytes from any realm (vm contexts, workers): views by `ArrayBuffer.isView`, buffers by their internal slot.
 */
export function toRawBody(body: unknown): string | Uint8Array {
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (isArrayBuffer(body)) return new Uint8Array(body);
  if (body === undefined || body === null) return '';
  throw new SignatureVerificationError('PARSED_BODY', PARSED_BODY_MESSAGE);
}
