/**
 * Constant-time string comparison for signatures. Run time depends only on the lengths, never on where the first
 * difference is. Signatures are compared as base64 text, so a non-canonical encoding of the right bytes is rejected.
 */
export function timingSafeEqualString(a: string, b: string): boolean {
  const len = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < len; i++) {
    // charCodeAt past the end is NaN → `| 0` makes it 0; the loop length never depends on the contents.
    diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  }
  return diff === 0;
}
