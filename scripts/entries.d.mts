export type EntryTable = Record<string, string>;
export const ROOT: string;
export const browserEntries: EntryTable;
/** Browser entries whose built files start with `'use client'`. */
export const CLIENT_ENTRIES: readonly string[];
export const scriptEntries: EntryTable;
export const scriptPartEntries: EntryTable;
export const serverEntries: EntryTable;
export const sandboxAssets: EntryTable;
export const allEntries: Record<
  'browserEntries' | 'scriptEntries' | 'scriptPartEntries' | 'serverEntries' | 'sandboxAssets',
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
