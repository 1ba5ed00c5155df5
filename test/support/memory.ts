// Peak growth of process.memoryUsage().arrayBuffers (Buffers, ArrayBuffers, stream chunks) while a test runs.
// Sample it from the code that produces data (each chunk pulled / written), then read growth() at the end.
// global.gc is used only when the test process was started with --expose-gc; the bounds asserted must hold without it.

export interface MemoryProbe {
  /** Records the current value; call it as often as data moves. */
  sample(): void;
  /** Peak minus the value at creation, bytes (samples once more first). */
  growth(): number;
}

export function memoryProbe(): MemoryProbe {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage().arrayBuffers;
  let peak = base;
  const sample = () => {
    const v = process.memoryUsage().arrayBuffers;
    if (v > peak) peak = v;
  };
  const growth = () => {
    sample();
    return peak - base;
  };
  return { sample, growth };
}

export const MiB = 1024 * 1024;

/**
 * A lazily generated body: each pull produces the next chunk of `total` bytes, so nothing exists before the reader
 * asks for it. One chunk buffer is reused, so what the probe sees is what the consumer keeps or copies.
 */
export function lazyWebBody(
  total: number,
  onPull: () => void = () => {},
  chunkSize = 64 * 1024,
): { stream: ReadableStream<Uint8Array>; pulled: () => number; cancelled: () => boolean } {
  const chunk = new Uint8Array(chunkSize).fill(0x20);
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        onPull();
        if (pulled >= total) return c.close();
        const n = Math.min(chunk.length, total - pulled);
        pulled += n;
        c.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n));
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

/** Reads `stream` to its end or its error: the bytes read, and the error (undefined when it ended). */
export async function readToError(stream: ReadableStream<Uint8Array>): Promise<{ read: number; err: unknown }> {
  let read = 0;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { read, err: undefined };
      read += value.byteLength;
    }
  } catch (err) {
    return { read, err };
  }
}
