// Server-side rendering imports the browser entries in Node: they must load without a DOM and define nothing.
// Exits non-zero (assert) on any wrong result.
import assert from 'node:assert/strict';

const element = await import('hosted-journey/element');
assert.equal(element.defineHostedJourneyElement(), undefined);
const widget = await import('hosted-journey');
assert.equal(typeof widget.createJourney, 'function');
assert.equal(typeof (await import('hosted-journey/react')).useHostedJourney, 'function');
assert.equal(typeof (await import('hosted-journey/preact')).HostedJourney, 'function');
assert.equal(typeof (await import('hosted-journey/child')).connectToParent, 'function');
console.log('spa consumer: the browser entries import under SSR (Node, no DOM)');
