// Attack (on the integrator's own CI): numeric options that switch the sandbox's bounds off — NaN or Infinity
// retries, a negative delay, a port out of range. Every numeric option of startSandbox is finite and in range at
// creation, or startSandbox rejects with a SandboxOptionError naming the option, before anything listens.
import { describe, expect, it } from 'vitest';
import {
  isSandboxOptionError,
  SandboxOptionError,
  startSandbox,
  type SandboxOptions,
} from '../../src/sandbox/index.js';

const BAD: Array<[string, SandboxOptions]> = [
  ['port', { port: -1 }],
  ['port', { port: 70_000 }],
  ['port', { port: 1.5 }],
  ['duplicateRate', { duplicateRate: Number.NaN }],
  ['duplicateRate', { duplicateRate: 2 }],
  ['crawlDelayMs', { crawlDelayMs: Number.POSITIVE_INFINITY }],
  ['crawlDelayMs', { crawlDelayMs: -5 }],
  ['crawlerTimeoutMs', { crawlerTimeoutMs: 2 ** 31 }],
  ['webhookRetry.attempts', { webhookRetry: { attempts: Number.POSITIVE_INFINITY } }],
  ['webhookRetry.attempts', { webhookRetry: { attempts: 0 } }],
  ['webhookRetry.attempts', { webhookRetry: { attempts: 2.5 } }],
  ['webhookRetry.baseDelayMs', { webhookRetry: { baseDelayMs: Number.NaN } }],
  ['webhookRetry.maxDelayMs', { webhookRetry: { maxDelayMs: -1 } }],
  ['webhookRetry.timeoutMs', { webhookRetry: { timeoutMs: 0 } }],
  ['webhookRetry.timeoutMs', { webhookRetry: { timeoutMs: Number.POSITIVE_INFINITY } }],
];

describe('startSandbox numeric options', () => {
  for (const [option, options] of BAD) {
    it(`${JSON.stringify(options, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v))} → SandboxOptionError (${option})`, async () => {
      const error = await startSandbox(options).then(
        (s) => s.close().then(() => undefined),
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SandboxOptionError);
      expect(error).toBeInstanceOf(RangeError);
      expect(isSandboxOptionError(error)).toBe(true);
      expect(error).toMatchObject({ code: 'INVALID_OPTION', option });
      expect((error as Error).message).toMatch(new RegExp(`^${option.replace('.', '\\.')} must be`));
    });
  }

  it('values at the edges of each range are accepted: the sandbox starts and answers', async () => {
    const started = startSandbox({
      port: 0,
      duplicateRate: 1,
      crawlDelayMs: 0,
      crawlerTimeoutMs: 2 ** 31 - 1,
      webhookRetry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0, timeoutMs: 1 },
    });
    await expect(started).resolves.toMatchObject({ url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
    const sb = await started;
    try {
      expect(sb.port).toBeGreaterThan(0);
      expect((await fetch(`${sb.url}/`)).status).toBe(200);
    } finally {
      await sb.close();
    }
  });
});
