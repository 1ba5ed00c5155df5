// src/server/bytes.ts: the one bounded reader of the client (response bodies) and the webhook adapters (request bodies).
import { describe, expect, it } from 'vitest';
import { concatBytes, readBounded } from '../../src/server/bytes.js';

function streamOf(chunks: unknown[]): {
  stream: ReadableStream<Uint8Array>;
  pulled: () => number;
  cancelled: () => boolean;
} {
  let i = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (i < chunks.length) c.enqueue(chunks[i++] as Uint8Array);
        else c.close();
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => i, cancelled: () => cancelled };
}

const bytes = (...n: number[]) => new Uint8Array(n);

describe('readBounded', () => {
  it('returns every byte, in order, when the body is at most the limit', async () => {
    const { stream, cancelled } = streamOf([bytes(1, 2), bytes(3), bytes(4, 5)]);
    expect(await readBounded(stream, 5)).toEqual({ bytes: bytes(1, 2, 3, 4, 5), over: false });
    expect(cancelled()).toBe(false);
  });

  it('stops at the first chunk past the limit: cancels the stream, keeps the first limit bytes, says over', async () => {
    const s = streamOf([bytes(1, 2), bytes(3, 4, 5), bytes(6), bytes(7)]);
    expect(await readBounded(s.stream, 3)).toEqual({ bytes: bytes(1, 2, 3), over: true });
    expect(s.cancelled()).toBe(true);
    expect(s.pulled()).toBe(2);
  });

  it('refuses a chunk that is not bytes', async () => {
    await expect(readBounded(streamOf(['text']).stream, 10)).rejects.toThrow(TypeError);
  });

  it('concatBytes joins chunks and hands back a lone chunk as is', () => {
    const one = bytes(9);
    expect(concatBytes([one], 1)).toBe(one);
    expect(concatBytes([bytes(1), bytes(2, 3)], 3)).toEqual(bytes(1, 2, 3));
    expect(concatBytes([], 0)).toEqual(bytes());
  });
});
