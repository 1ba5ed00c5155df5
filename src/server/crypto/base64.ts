/**
 * Runtime-neutral base64 (no Buffer) over `btoa`/`atob`, which every Fetch runtime has: for the Web Crypto provider.
 */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function bytesToBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000) as unknown as number[]);
  return btoa(s);
}

/** Strict standard base64 decoding; throws `Error('invalid base64')` on any other character or bad padding. */
export function base64ToBytes(text: string): Uint8Array {
  if (!BASE64.test(text)) throw new Error('invalid base64');
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
