export type EntryTable = Record<string, string>;
export const ROOT: string;
/** The shipped locales, from src/protocol/locale.ts (the one list). */
export const LOCALES: typeof import('../src/protocol/locale.js').LOCALES;
export const LAZY_LOCALES: typeof import('../src/protocol/locale.js').LAZY_LOCALES;
export const TRANSLATED_LOCALES: typeof import('../src/protocol/locale.js').TRANSLATED_LOCALES;
export const browserEntries: EntryTable;
/** Browser entries whose built files start with `'use client'`. */
export const CLIENT_ENTRIES: readonly string[];
export const scriptEntries: EntryTable;
export const scriptPartEntries: EntryTable;
export const serverPackageEntries: EntryTable;
export const serverEntries: EntryTable;
export const sandboxAssets: EntryTable;
export const journeyCatalogues: EntryTable;
export const allEntries: Record<
  | 'localeList'
  | 'browserEntries'
  | 'scriptEntries'
  | 'scriptPartEntries'
  | 'serverEntries'
  | 'sandboxAssets'
  | 'journeyCatalogues',
  EntryTable
>;
export interface MissingEntry {
  table: string;
  name: string;
  src: string;
}
export class MissingEntryError extends Error {
  name: 'MissingEntryError';
  missing: MissingEntry[];
  constructor(missing: MissingEntry[]);
}
export function requireSources<T extends Record<string, EntryTable>>(tables: T, root?: string): T;
