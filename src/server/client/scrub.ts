/**
 * The service's own words (an error body's message, code, fields, request id) before they go into an error: control
 * characters out (a CR/LF in a log line starts a forged one), and no value of the request's own headers — a service
 * or proxy that echoes the request would otherwise put its `Authorization` signature into `e.message` and every log.
 */

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;
/** Longest service text kept in one error field. */
const MAX_CHARS = 1000;

export type Scrub = (text: string) => string;

/**
 * A scrubber for one request: `sent` are the values of the headers it carried that are ours alone (signature, date,
 * digest, idempotency key); the signature is also removed on its own, without the `HMAC <tokenId>:` before it.
 */
export function scrubberFor(sent: readonly (string | undefined)[]): Scrub {
  const values = new Set<string>();
  for (const v of sent) {
    if (!v) continue;
    values.add(v);
    const sig = /^HMAC [^:]+:(.+)$/.exec(v)?.[1];
    if (sig) values.add(sig);
  }
  const longestFirst = [...values].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text.replace(CONTROL, ' ');
    for (const v of longestFirst) out = out.split(v).join('[redacted]');
    return out.length > MAX_CHARS ? `${out.slice(0, MAX_CHARS)}…` : out;
  };
}
