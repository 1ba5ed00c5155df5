/**
 * The hosted-journey URL: `{journeyOrigin}/i/{vendor}/{customerId}[/deep-link]?query`, and the bank-redirect path.
 * Every part of its shape lives under url/, one file per concern: its vocabulary and tables (types.ts), the checks of
 * its parts (validate.ts), building (build.ts) and parsing (parse.ts). The widget builds, the journey pages and the
 * bridge parse — all from the same tables.
 */
export * from './url/types.js';
export * from './url/validate.js';
export * from './url/build.js';
export * from './url/parse.js';
export * from './url/native.js';
