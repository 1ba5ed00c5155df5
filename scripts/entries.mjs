// The entry tables of scripts/build.mjs, in a module of their own so tests can import them without running a build.
// Every source named here must exist: a missing one stops the build (requireSources), it is never skipped.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The shipped locales, from their one list (src/protocol/locale.ts): `LAZY_LOCALES` (every one but en-AU: the widget's
 * catalogue parts), `TRANSLATED_LOCALES` (those and not the pseudo-locale: the journey's catalogue files).
 */
const LOCALE_LIST = 'src/protocol/locale.ts';
// A tree without it has no list: the tables below are then without locales, and requireSources names it missing.
export const { LOCALES, LAZY_LOCALES, TRANSLATED_LOCALES } = existsSync(path.join(ROOT, LOCALE_LIST))
  ? await (await import('tsx/esm/api')).tsImport(`../${LOCALE_LIST}`, import.meta.url)
  : { LOCALES: [], LAZY_LOCALES: [], TRANSLATED_LOCALES: [] };

/** Browser ES-module entries (package exports). name → source. */
export const browserEntries = {
  index: 'src/widget/index.ts',
  child: 'src/child/index.ts',
  preact: 'src/bindings/preact.tsx',
  react: 'src/bindings/react.ts',
  element: 'src/bindings/element.ts',
  // The journey in a React Native app: not a browser's, but built the same way (ES module, every package external).
  'react-native': 'src/react-native/index.ts',
};
/**
 * Browser entries whose built files start with `'use client'` (components with hooks: a React Server Component that
 * imports them, as in Next.js's App Router, renders them on the client).
 */
export const CLIENT_ENTRIES = ['react', 'preact'];
/** `<script>` builds (IIFE, everything bundled). name → source. */
export const scriptEntries = {
  'hosted-journey.iife': 'src/widget/iife.ts',
};
/**
 * The script build's lazy parts, each its own file `dist/hosted-journey.<part>.js` loaded from next to the main script
 * when a journey needs it (src/widget/script-parts.ts, whose ScriptPart type names the same). part → source.
 */
export const scriptPartEntries = {
  modal: 'src/widget/modal.tsx',
  prewarm: 'src/widget/prewarm.ts',
  plain: 'src/widget/plain.ts',
  typos: 'src/widget/typos.ts',
  'error-view': 'src/widget/error-view.ts',
  'no-journey': 'src/widget/no-journey.ts',
  // The widget's catalogues other than en-AU (src/widget/words/load.ts), each loaded only when negotiated.
  ...Object.fromEntries(LAZY_LOCALES.map((l) => [l, `src/widget/words/${l}.ts`])),
};
/**
 * The entries of hosted-journey-server, each a door named for its concern (docs/server.md), built for Node as one of
 * `serverEntries` and again for Fetch-API runtimes with Web Crypto as `<name>-web` (scripts/build.mjs); its `browser`
 * condition gets `<name>-browser`, a refusal. name → source. `hosted-journey-server/types` is declarations only
 * (src/server/types.ts: nothing to run), so it has no built file.
 */
export const serverPackageEntries = {
  server: 'src/server/index.ts',
  'server-stores': 'src/server/stores/index.ts',
  'server-telemetry': 'src/server/telemetry/index.ts',
  'server-testing': 'src/server/testing.ts',
};
/** Server-side entries for Node. name → source. */
export const serverEntries = {
  ...serverPackageEntries,
  sandbox: 'src/sandbox/index.ts',
  'sandbox-testing': 'src/sandbox/testing/index.ts',
  'sandbox-cli': 'src/sandbox/cli.ts',
};
/** Self-contained browser bundles served by the sandbox (journey pages, bank pages). name → source. */
export const sandboxAssets = {
  journey: 'src/sandbox/journey/browser/journey.tsx',
  'bank-return': 'src/sandbox/journey/browser/bank-return.ts',
  'app-standin': 'src/sandbox/journey/browser/app-standin.ts',
};

/**
 * The journey's catalogues served beside its bundle, one file each (dist/sandbox-assets/journey-words.<locale>.js),
 * loaded by the page only when it negotiates that locale: every translated locale (the pseudo-locale is built in).
 * locale → source exporting `WORDS`.
 */
export const journeyCatalogues = Object.fromEntries(
  TRANSLATED_LOCALES.map((l) => [l, `src/sandbox/journey/browser/words/${l}.ts`]),
);

export const allEntries = {
  /** The one list of locales the tables above read. */
  localeList: { locales: LOCALE_LIST },
  browserEntries,
  scriptEntries,
  scriptPartEntries,
  serverEntries,
  sandboxAssets,
  journeyCatalogues,
};

/** Thrown when an entry table names a source file that does not exist. */
export class MissingEntryError extends Error {
  name = 'MissingEntryError';
  constructor(missing) {
    super(
      `build: ${missing.length} entry source${missing.length === 1 ? '' : 's'} missing:\n` +
        missing.map(({ table, name, src }) => `  ${table}.${name} → ${src}`).join('\n') +
        '\nFix the path in scripts/entries.mjs or remove the entry; the build does not skip entries.',
    );
    this.missing = missing;
  }
}

/**
 * Checks that every source of the given tables exists under `root`; throws one MissingEntryError naming all that do
 * not. Returns the tables unchanged.
 * @example requireSources({ browserEntries, serverEntries })
 */
export function requireSources(tables, root = ROOT) {
  const missing = [];
  for (const [table, entries] of Object.entries(tables)) {
    for (const [name, src] of Object.entries(entries)) {
      if (!existsSync(path.join(root, src))) missing.push({ table, name, src });
    }
  }
  if (missing.length) throw new MissingEntryError(missing);
  return tables;
}
