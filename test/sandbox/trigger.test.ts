// triggerJourney (kit) and `hosted-journey-sandbox trigger` (CLI): an application taken through the journey without a
// browser — bank, pathway, outcome — by the pages' and the bank's own calls, so the same webhooks go out, duplicates
// included.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/server/index.js';
import { isTriggerJourneyError, triggerJourney, TriggerJourneyError } from '../../src/sandbox/testing/index.js';
import { sandboxCli } from '../support/cli.js';
import {
  approveConsent,
  startTestSandbox,
  startWebhookReceiver,
  type TestSandbox,
  type WebhookReceiverHandle,
} from '../support/sandbox.js';

let sb: TestSandbox;
let hooks: WebhookReceiverHandle;
beforeAll(async () => {
  hooks = await startWebhookReceiver();
  sb = await startTestSandbox({ duplicateRate: 1, webhooks: [{ url: hooks.url }] });
});
afterAll(async () => {
  await sb.close();
  await hooks.close();
});

const received = (applicationId: string) =>
  hooks.received.filter((h) => h.json.application_id === applicationId).map((h) => h.json);

describe('triggerJourney', () => {
  it('cdr, approved: consent.authorised, crawl.completed and the data events, each twice with duplicateRate 1', async () => {
    const started = await sb.request('POST', '/api/v1/acme/trig_1/profile', {
      full_name: 'T R',
      email: 't@example.com',
    });
    const result = await triggerJourney(sb, { vendor: 'acme', ref: 'trig_1', pathway: 'cdr', outcome: 'approved' });
    expect(result).toEqual({
      vendor: 'acme',
      ref: 'trig_1',
      applicationId: started.json.application_id,
      status: 'crawled',
      pathway: 'cdr',
      outcome: 'approved',
    });
    await sb.webhooksIdle();
    const events = received(result.applicationId);
    const types = [...new Set(events.map((e) => e.type))];
    expect(types[0]).toBe('consent.authorised');
    expect(types).toContain('crawl.completed');
    for (const id of new Set(events.map((e) => e.event_id)))
      expect(events.filter((e) => e.event_id === id)).toHaveLength(2);
    // The application is ready for the backend's next step.
    expect((await sb.request('POST', '/api/v1/acme/trig_1/finalise', {})).status).toBe(200);
  });

  it('sends the same events as the journey pages’ own calls do', async () => {
    await triggerJourney(sb, { vendor: 'acme', ref: 'trig_2' });
    const page = await sb.journey('acme', 'trig_3');
    await page.call('POST', 'start', { full_name: 'Alex Citizen', email: 'alex@example.com' });
    await page.call('POST', 'institution', { institution_id: 'sandbox-bank', pathway: 'cdr' });
    const consent = (await page.call('POST', 'consent', {})).json;
    await approveConsent(sb.url, consent.consent_url, 'approve');
    await sb.waitForStatus('acme', 'trig_3', 'crawled');
    await sb.webhooksIdle();
    const typesOf = (ref: string) =>
      hooks.received.filter((h) => (h.json as { ref?: string }).ref === ref).map((h) => h.json.type);
    expect(typesOf('trig_2')).toEqual(typesOf('trig_3'));
    expect(typesOf('trig_2').length).toBeGreaterThan(4);
  });

  it('cdr, denied: the application is denied and nothing is retrieved', async () => {
    const result = await triggerJourney(sb, { vendor: 'acme', ref: 'trig_4', outcome: 'denied' });
    expect(result.status).toBe('denied');
    await sb.webhooksIdle();
    expect(received(result.applicationId).map((e) => e.type)).not.toContain('crawl.completed');
  });

  it('crawler, approved and failed: crawler.lifecycle_updated RELEASED, or FAILED', async () => {
    const ok = await triggerJourney(sb, { vendor: 'acme', ref: 'trig_5', pathway: 'crawler' });
    expect(ok.status).toBe('crawled');
    const failed = await triggerJourney(sb, { vendor: 'acme', ref: 'trig_6', pathway: 'crawler', outcome: 'failed' });
    expect(failed.status).toBe('institution_selected');
    await sb.webhooksIdle();
    const statuses = (id: string) =>
      received(id)
        .filter((e) => e.type === 'crawler.lifecycle_updated')
        .map((e) => (e.data as { status: string }).status);
    expect(statuses(ok.applicationId)).toContain('RELEASED');
    expect(statuses(failed.applicationId)).toContain('FAILED');
    expect(received(failed.applicationId).map((e) => e.type)).not.toContain('crawl.completed');
  });

  it('an outcome the pathway does not have, or a bad ref, is a typed error before any call', async () => {
    const bad = [
      { vendor: 'acme', ref: 'trig_7', pathway: 'crawler' as const, outcome: 'denied' as const },
      { vendor: 'acme', ref: 'trig_7', pathway: 'cdr' as const, outcome: 'failed' as const },
      { vendor: 'acme', ref: 'bad ref' },
    ];
    for (const options of bad) {
      const error = await triggerJourney(sb, options).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TriggerJourneyError);
      expect(error).toMatchObject({ code: 'INVALID_OPTIONS' });
    }
    const refused = await triggerJourney(sb, { vendor: 'acme', ref: 'trig_8', bank: 'no-such-bank' }).catch((e) => e);
    expect(refused).toMatchObject({ code: 'REFUSED', sandboxCode: 'VALIDATION_FAILED' });
  });

  it('an X-Ray or B3 trace header as traceparent: the refusal names the W3C form and says those are not read', async () => {
    const given = {
      'AWS X-Ray X-Amzn-Trace-Id': 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
      "B3 single header ('b3')": '80f198ee56343ba864fe8b2a57d3eff7-e457b5a2e4d86bd1-1',
    };
    for (const [kind, traceparent] of Object.entries(given)) {
      const error = await triggerJourney(sb, { vendor: 'acme', ref: 'trig_9', traceparent }).catch((e: unknown) => e);
      expect(isTriggerJourneyError(error)).toBe(true);
      expect((error as Error).message).toContain('traceparent: 00-<32 hex>-<16 hex>-<2 hex>');
      expect((error as Error).message).toContain(`this is a${kind.startsWith('A') ? 'n' : ''} ${kind}`);
      expect((error as Error).message).toContain(
        'X-Amzn-Trace-Id (AWS X-Ray) and B3 (b3, X-B3-*) headers are not read',
      );
    }
    // The signed client refuses the same option in the same words.
    expect(() =>
      createClient({
        baseUrl: sb.url,
        tokenId: 'tok',
        signingSecret: 'a-secret-of-sorts',
        traceparent: given['AWS X-Ray X-Amzn-Trace-Id'],
      }),
    ).toThrow(/traceparent: 00-<32 hex>-<16 hex>-<2 hex>.*AWS X-Ray X-Amzn-Trace-Id value.*are not read/);
  });
});

describe('hosted-journey-sandbox trigger', () => {
  function cli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
    const child = spawn(process.execPath, [...sandboxCli(), 'trigger', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
  }

  it('takes an application of a running sandbox through the journey and prints the result', async () => {
    const run = await cli(['--url', sb.url, '--vendor', 'acme', '--ref', 'trig_cli', '--pathway', 'crawler']);
    expect(run.code, run.err).toBe(0);
    expect(run.err).toBe(`hosted-journey-sandbox: trigger → the sandbox at ${sb.url}\n`);
    expect(JSON.parse(run.out)).toMatchObject({
      vendor: 'acme',
      ref: 'trig_cli',
      status: 'crawled',
      pathway: 'crawler',
    });
    await sb.webhooksIdle();
    expect(received(JSON.parse(run.out).applicationId).map((e) => e.type)).toContain('crawl.completed');
  });

  it('without --url it says it talks to the default sandbox at 127.0.0.1:4010, before anything else', async () => {
    // A ref the kit refuses before any call, so nothing is sent to whatever listens on 4010 on this machine.
    const run = await cli(['--vendor', 'acme', '--ref', 'not a ref']);
    expect(run.code).toBe(2);
    expect(run.err.split('\n')[0]).toBe(
      'hosted-journey-sandbox: trigger → the sandbox at http://127.0.0.1:4010 (the default; --url <url> for another)',
    );
  });

  it('a URL where no sandbox listens: exit 1, naming the URL and the refusal', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const run = await cli(['--url', url, '--vendor', 'acme', '--ref', 'trig_none']);
    expect(run.code).toBe(1);
    expect(run.err).toContain(`hosted-journey-sandbox: no sandbox answered at ${url} (ECONNREFUSED)`);
  });

  it('a mistyped flag prints one line naming it and a pointer to --help, not the usage; --help prints it', async () => {
    const [typo, help] = await Promise.all([
      cli(['--url', sb.url, '--vendor', 'acme', '--reff', 'x']),
      cli(['--help']),
    ]);
    expect(typo.code).toBe(2);
    expect(typo.err.trim().split('\n')).toEqual([
      expect.stringMatching(/^hosted-journey-sandbox: Unknown option '--reff'/),
      "Run 'hosted-journey-sandbox trigger --help' for the options.",
    ]);
    expect(help.code).toBe(0);
    expect(help.out).toContain('hosted-journey-sandbox trigger --vendor <v> --ref <r> [options]');
  });

  it('a bad flag exits 2 with a pointer to --help; a refusal exits 1 with the sandbox’s answer', async () => {
    const bad = await cli([
      '--url',
      sb.url,
      '--vendor',
      'acme',
      '--ref',
      'x',
      '--outcome',
      'denied',
      '--pathway',
      'crawler',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/outcome 'denied' is not one of the crawler pathway's/);
    const refused = await cli(['--url', sb.url, '--vendor', 'acme', '--ref', 'trig_cli_2', '--bank', 'nope']);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/VALIDATION_FAILED/);
  });
});
