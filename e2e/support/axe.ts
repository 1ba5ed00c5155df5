/**
 * axe-core's run options for a spec that reads only `violations`: axe then records every node only for the rules that
 * fail, and one node per rule for the passes, the incomplete and the inapplicable (its documented way to save time on
 * large pages: `resultTypes`). Every rule still runs on every node, so what fails is found as before.
 */
import type AxeBuilder from '@axe-core/playwright';

export const VIOLATIONS_ONLY: Parameters<AxeBuilder['options']>[0] = { resultTypes: ['violations'] };
