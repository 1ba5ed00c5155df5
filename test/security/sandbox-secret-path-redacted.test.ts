// Attack: read a receiver's secret off the sandbox's index or log. Slack-style receiver URLs carry their secret in the
// path (https://hooks.slack.com/services/T…/B…/<secret>), not in userinfo or the query; the index (HTML and JSON) and
// the log show such segments as `***`, and keep paths made of words readable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayUrl } from '../../src/sandbox/core/redact.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

const SECRET = 'xoxbZq8Rw3LkP0aVt7Yn2Mc5';
const LETTERS_ONLY = 'QwErTyUiOpAsDfGhJkLzXcVb';
let sb: TestSandbox;
const lines: string[] = [];
beforeAll(async () => {
  sb = await startTestSandbox({
    log: (l) => lines.push(l),
    webhookRetry: { attempts: 1, baseDelayMs: 1, timeoutMs: 500 },
    webhooks: [{ url: `http://127.0.0.1:9/services/T0001/B0002/${SECRET}` }],
  });
  await sb.request('POST', '/api/v1/webhooks', { url: `http://127.0.0.1:9/hooks/${LETTERS_ONLY}` });
});
afterAll(() => sb.close());

describe('a secret in a receiver URL’s path is never shown', () => {
  it('the index (JSON and HTML) shows the path with the secret as ***', async () => {
    const json = await sb.raw('GET', '/', { headers: { accept: 'application/json' } });
    const html = await sb.raw('GET', '/');
    for (const page of [json.text, html.text]) {
      expect(page).not.toContain(SECRET);
      expect(page).not.toContain(LETTERS_ONLY);
    }
    expect(json.json.webhooks.map((w: { url: string }) => w.url)).toEqual([
      'http://127.0.0.1:9/services/T0001/B0002/***',
      'http://127.0.0.1:9/hooks/***',
    ]);
  });

  it('the log line of a failed delivery shows it redacted too', async () => {
    await sb.driveToCrawled('acme', 'slack_1');
    await sb.webhooksIdle();
    expect(lines.some((l) => l.includes('/services/T0001/B0002/***'))).toBe(true);
    expect(lines.join('\n')).not.toContain(SECRET);
  });

  it('paths made of words stay readable', () => {
    expect(displayUrl('http://127.0.0.1:3000/api/v1/hosted-journey/webhooks')).toBe(
      'http://127.0.0.1:3000/api/v1/hosted-journey/webhooks',
    );
    expect(displayUrl('https://example.com/hooks/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7')).toBe(
      'https://example.com/hooks/***',
    );
  });
});
