// The sandbox serves a journey that runs no bridge: per load (?journey_protocol=plain) or by default
// (journeyProtocol: 'plain'); the page's config says which, and the browser entry picks its bridge by it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageConfig, startTestSandbox, type TestSandbox } from '../support/sandbox.js';

let bridge: TestSandbox;
let plain: TestSandbox;
beforeAll(async () => {
  bridge = await startTestSandbox();
  plain = await startTestSandbox({ journeyProtocol: 'plain' });
});
afterAll(async () => {
  await bridge.close();
  await plain.close();
});

const protocolOf = async (sb: TestSandbox, query: string) =>
  pageConfig((await sb.raw('GET', `/i/acme/proto_1${query}`)).text)?.protocol;

describe('journey protocol', () => {
  it('bridge by default; plain for a load that asks, or for every load with journeyProtocol: plain', async () => {
    expect(await protocolOf(bridge, '')).toBe('bridge');
    expect(await protocolOf(bridge, '?journey_protocol=plain')).toBe('plain');
    expect(await protocolOf(plain, '')).toBe('plain');
    expect(await protocolOf(plain, '?journey_protocol=bridge')).toBe('bridge');
    expect(await protocolOf(plain, '?journey_protocol=other')).toBe('plain');
  });

  it('a plain journey still gets its session credential and runs the same API', async () => {
    const page = await plain.journey('acme', 'proto_2');
    expect(page.session).toBeTruthy();
    expect((await page.call('POST', 'start', { full_name: 'P L', email: 'p@example.com' })).status).toBe(201);
  });

  it('journeyProtocol takes bridge or plain only', async () => {
    await expect(startTestSandbox({ journeyProtocol: 'none' as 'plain' })).rejects.toMatchObject({
      name: 'SandboxOptionError',
      option: 'journeyProtocol',
    });
  });
});
