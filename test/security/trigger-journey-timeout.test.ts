// Attack (on a test suite's run time): a sandbox that accepts the connection and never answers, or a timeoutMs that
// is not a number. triggerJourney's timeoutMs bounds every request of the run, not only its polling: a silent server
// ends in TriggerJourneyError TIMEOUT within the limit, and NaN, '300', 0, -1 or Infinity are refused before any
// request with INVALID_OPTIONS, as every other option is.
import { type Server, type Socket, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TriggerJourneyError, triggerJourney } from '../../src/sandbox/testing/trigger.js';

let silent: Server;
let url = '';
let connections = 0;
const sockets: Socket[] = [];
beforeAll(async () => {
  silent = createServer((s) => {
    connections++;
    sockets.push(s);
  });
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => silent.close(() => r()));
});

describe('triggerJourney against a sandbox that never answers', () => {
  it('rejects with TIMEOUT once timeoutMs has passed, though the first request never got an answer', async () => {
    const t0 = performance.now();
    const err = await triggerJourney(url, { vendor: 'acme', ref: 'cust_silent', timeoutMs: 300 }).catch(
      (e: unknown) => e,
    );
    const took = performance.now() - t0;
    expect(err).toBeInstanceOf(TriggerJourneyError);
    expect(err).toMatchObject({ code: 'TIMEOUT' });
    expect((err as Error).message).toMatch(/did not finish within 300 ms/);
    // The server's accept can run after the client gave up, on a loaded machine: wait for it, then count.
    await vi.waitFor(() => expect(connections).toBe(1));
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(5_000);
  });
});

describe('timeoutMs is checked like every other option', () => {
  it.each([
    ['NaN', Number.NaN],
    ["'300' (a string)", '300'],
    ['0', 0],
    ['-1', -1],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['past 2³¹−1 ms', 2 ** 31],
  ])('%s → INVALID_OPTIONS naming timeoutMs, nothing sent', async (_, timeoutMs) => {
    const before = connections;
    const err = await triggerJourney(url, { vendor: 'acme', ref: 'cust_1', timeoutMs: timeoutMs as number }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ name: 'TriggerJourneyError', code: 'INVALID_OPTIONS' });
    expect((err as Error).message).toMatch(/timeoutMs must be a finite number of ms > 0/);
    expect(connections).toBe(before);
  });
});
