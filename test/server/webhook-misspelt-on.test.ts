// A misspelt key in createWebhookHandler's `on` ('crawl.complete'; TypeScript refuses it, plain JavaScript does not) would answer every real delivery of that type
// 200 `ignored`, silently: one warning at creation names the nearest event type — on the console, or through the
// `logger` when one is given. A key far from every known type may be a type newer than this SDK: no warning.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebhookHandler } from '../../src/server/index.js';

const verify = { keys: [{ tokenId: 'wh_1', secret: 'misspelt-secret-1' }] };
const fn = async () => {};
afterEach(() => vi.restoreAllMocks());

describe('a misspelt on key', () => {
  it("'crawl.complete': one console warning at creation naming 'crawl.completed'", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    createWebhookHandler({ verify, on: { 'crawl.complete': fn, 'consent.authorised': fn } as never });
    expect(warn.mock.calls.map((c) => c.join(' '))).toEqual([
      "hosted-journey: createWebhookHandler: on['crawl.complete'] is not an event type; did you mean 'crawl.completed'?",
    ]);
  });

  it('through the logger when one is given, never the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    createWebhookHandler({ verify, on: { 'application.reportready': fn } as never, logger });
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      { key: 'application.reportready', suggestion: 'application.report_ready' },
      "createWebhookHandler: on['application.reportready'] is not an event type; did you mean 'application.report_ready'?",
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it("known types, '*' and a type far from every known one (newer than this SDK): no warning", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    createWebhookHandler({
      verify,
      on: { 'crawl.completed': fn, 'application.report_ready': fn, 'partner.invoice_settled': fn, '*': fn } as never,
    });
    expect(warn).not.toHaveBeenCalled();
  });
});
