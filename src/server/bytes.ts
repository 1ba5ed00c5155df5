/** Byte helpers shared by the signed client (response bodies) and the webhook adapters (request bodies). */

/** The `chunks` (`size` bytes in all) as one array; the chunk itself when there is only one. */
export function concatBytes(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.byteLength;
  }
  return out;
}

/**
 * Reads `stream`, counting. Once more than `limit` bytes came in it stops reading (cancels the stream) and returns
 * the first `limit` bytes with `over: true`. A chunk that is not bytes is a TypeError.
 */
export async function readBounded(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ bytes: Uint8Array; over: boolean }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: concatBytes(chunks, size), over: false };
    if (!ArrayBuffer.isView(value)) throw new TypeError('body chunk is not bytes');
    if (size + value.byteLength > limit) {
      reader.cancel().catch(() => {});
      chunks.push(value.subarray(0, limit - size));
      return { bytes: concatBytes(chunks, limit), over: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
}
