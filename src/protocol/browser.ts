// The browser half of the wire: what the widget, the journey bridge and the bindings may import. It pulls in no zod
// (webhook and endpoint schemas live in webhooks.ts / api.ts, for server code), so browser bundles stay small whatever
// the bundler's tree-shaking does. test/architecture/imports.test.ts keeps browser parts on this door.
export * from './errors.js';
export * from './url.js';
export * from './messages.js';
export * from './app-messages.js';
export * from './window-messenger.js';
export * from './locale.js';
export * from './pseudo.js';
export * from './nearest.js';
export * from './trace-context.js';
