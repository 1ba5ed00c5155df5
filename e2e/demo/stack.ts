/**
 * The demo's end-to-end stack: a real sandbox on 127.0.0.1 and the real demo app on localhost (two origins), both on
 * free ports, plus helpers that parse downloaded bundles back with pdf-parse and csv-parse.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';
import { expect, type Frame, type FrameLocator, type Page } from '@playwright/test';
import { DEFAULT_TOKENS, startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { startDemo, type Demo } from '../../demo/server.js';
import type { PageMark } from '../../demo/shared.js';
import { startTracing } from '../../demo/tracing.js';
import { createClient } from '../../src/server/index.js';
import { approveConsent } from '../../test/support/sandbox.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const NEEDED = ['dist/hosted-journey.iife.js', 'dist/sandbox-assets/journey.js', 'dist/sandbox-assets/bank-return.js'];

export interface Stack {
  sandbox: Sandbox;
  demo: Demo;
  close(): Promise<void>;
}

/**
 * `tracing`: as HOSTED_JOURNEY_TRACE=1 does, the demo keeps every trace's rows for its application pages; here the
 * sandbox runs in the same process, so its spans go to the same store (npm run demo forwards them from its process).
 */
export async function startStack(o: { tracing?: boolean } = {}): Promise<Stack> {
  const tracing = o.tracing ? startTracing({ exporter: null, global: false }) : undefined;
  const missing = NEEDED.filter((f) => !existsSync(path.join(ROOT, f)));
  if (missing.length) throw new Error(`missing ${missing.join(', ')}: run npm run build first`);
  // duplicateRate 0.5 so every run sees duplicate deliveries; the seed keeps the data deterministic.
  const sandbox = await startSandbox({
    host: '127.0.0.1',
    crawlDelayMs: 300,
    duplicateRate: 0.5,
    seed: 'demo-e2e',
    webhookRetry: { attempts: 5, baseDelayMs: 20 },
    // The demo's credentials are Lendly's, as in npm run demo: the credit report names Lendly.
    tokens: DEFAULT_TOKENS.map((t) => ({ ...t, vendor: 'lendly' })),
    ...(tracing ? { telemetry: { tracerProvider: tracing.provider } } : {}),
  });
  const assetsDir = mkdtempSync(path.join(tmpdir(), 'hj-demo-assets-'));
  // DEMO_REDIS_URL runs the same flows with RedisDedupeStore instead of memory.
  const demo = await startDemo({
    sandboxUrl: sandbox.url,
    port: 0,
    assetsDir,
    ...(process.env.DEMO_REDIS_URL ? { redisUrl: process.env.DEMO_REDIS_URL } : {}),
    ...(tracing ? { tracing } : {}),
  });
  return {
    sandbox,
    demo,
    async close() {
      await demo.close();
      await sandbox.close();
      await tracing?.provider.shutdown();
      rmSync(assetsDir, { recursive: true, force: true });
    },
  };
}

const hex = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('hex');

/**
 * A traced application without a browser, for pages that only show it: the page's start (its click, a traceparent
 * header), three widget events, the bank by CDR through signed calls in that trace, the approval; then the webhooks
 * and Lendly's finalise run as ever. Resolves with the ref once the report is ready.
 */
export async function traceApplication(stack: Stack): Promise<string> {
  const traceparent = `00-${hex(16)}-${hex(8)}-01`;
  const at = Date.now();
  const res = await fetch(`${stack.demo.url}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', traceparent },
    body: '{}',
  });
  const { ref } = (await res.json()) as { ref: string };
  const marks: PageMark[] = [
    { kind: 'click', at, end: Date.now(), traceparent },
    ...['ready', 'step', 'institution_selected'].map((type) => ({
      kind: 'event' as const,
      type,
      at: Date.now(),
      traceparent,
    })),
  ];
  await fetch(`${stack.demo.url}/api/applications/${ref}/widget-events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ marks }),
  });
  const token = DEFAULT_TOKENS[0]!;
  const client = createClient({ baseUrl: stack.sandbox.url, tokenId: token.tokenId, signingSecret: token.secret });
  await client.attachInstitution({ vendor: 'lendly', ref, bank_id: 'sandbox-bank', pathway: 'cdr', traceparent });
  const consent = await client.createConsent({ vendor: 'lendly', ref, bank_id: 'sandbox-bank', traceparent });
  await approveConsent(stack.sandbox.url, consent.consent_url, 'approve');
  await waitForReport(stack, ref);
  return ref;
}

/** Waits until the demo has processed `application.report_ready` for `ref` (after its own `finalise`). */
export async function waitForReport(stack: Stack, ref: string): Promise<void> {
  await expect.poll(() => stack.demo.store.get(ref)?.reportReady ?? false, { timeout: 20_000 }).toBe(true);
  await stack.sandbox.webhooksIdle();
}

/** Every delivery the demo received, and proof that each event id was processed exactly once. */
export function assertExactlyOnce(stack: Stack): { deliveries: number; duplicates: number; unique: number } {
  const deliveries = stack.demo.deliveries().filter((d) => d.eventId);
  const processed = stack.demo.processed();
  const ids = new Set(deliveries.map((d) => d.eventId));
  expect(new Set(processed).size).toBe(processed.length); // no event handled twice
  expect([...ids].sort()).toEqual([...processed].sort()); // every delivered event handled
  return {
    deliveries: deliveries.length,
    duplicates: deliveries.filter((d) => d.outcome === 'duplicate').length,
    unique: ids.size,
  };
}

export async function download(page: Page, selector: string): Promise<Buffer> {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()]);
  const file = await dl.path();
  const { readFileSync } = await import('node:fs');
  return readFileSync(file);
}

export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

export function csvRows(bytes: Buffer): Record<string, string>[] {
  return parseCsv(bytes, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
}

export interface BundleJson {
  ref: string;
  customer?: { full_name?: string };
  transactions: { transaction_id: string; description: string; amount: string; date: string }[];
}

/** Terms → details (prefilled or typed) → skip myGov → bank list, inside the journey iframe. */
export async function walkToBanks(frame: FrameLocator, details?: { fullName: string; email: string }): Promise<void> {
  await frame.getByLabel(/I have read and agree/).check();
  await frame.getByRole('button', { name: 'Agree and continue' }).click();
  if (details) {
    await frame.getByLabel('Full name').fill(details.fullName);
    await frame.getByLabel('Email').fill(details.email);
  }
  await frame.getByRole('button', { name: 'Continue' }).click();
  await frame.getByRole('button', { name: 'Skip this step' }).click();
}

export type { Frame };
