// Requirement: importing any browser entry in Node (server-side rendering) must not throw or touch `window`.
import { describe, expect, it } from 'vitest';

describe('server-side import', () => {
  it('imports the widget, the IIFE entry and the bridge with no window or document', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const widget = await import('../../src/widget/index.js');
    const child = await import('../../src/child/index.js');
    const iife = await import('../../src/widget/iife.js');
    expect(typeof widget.createJourney).toBe('function');
    expect(typeof child.connectToParent).toBe('function');
    await expect(iife.mounted).resolves.toBeNull();
    expect(widget.buildJourneyUrl({ vendor: 'acme', customerId: 'c1', journeyOrigin: 'https://j.example.com' })).toBe(
      'https://j.example.com/i/acme/c1',
    );
  });
});
