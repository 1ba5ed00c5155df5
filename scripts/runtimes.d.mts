// Types of runtimes.mjs, for the tests that import it.
export const root: string;
export const PINS_DIR: string;
export const RUNTIMES: Record<
  'node22' | 'node24' | 'deno' | 'bun' | 'miniflare',
  { label: string; pkg: string; bin: string }
>;
export function pinnedVersions(lock?: unknown): Record<keyof typeof RUNTIMES | 'workerd', string | undefined>;
export function runtimesDir(env?: Record<string, string | undefined>): string;
export function installCommand(dir: string): string;
export function findRuntime(
  dir: string,
  name: keyof typeof RUNTIMES,
  at?: { platform?: string; arch?: string },
): { path: string; missing?: undefined } | { missing: string; path?: undefined };
export function installRuntimes(options?: {
  dir?: string;
  npm?: string;
  log?: (line: string) => void;
}): Promise<{ dir: string; installed?: boolean; error?: string }>;
