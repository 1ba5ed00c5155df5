// Types of system-deps.mjs, for the TypeScript specs that import it (e2e/engines).
export const CHROMIUM_PATH: string;
export const HEADLESS_SHELL_PATH: string;
export type EngineName = 'chromium' | 'gecko' | 'webkit';
export interface EngineDep {
  path: string;
  /** null when installed, else the exact install command. */
  missing(): string | null;
}
export const ENGINES: { chromium: EngineDep; gecko: EngineDep; webkit: EngineDep & { driver: string } };
export function redisServerPath(): string | null;
export function findSystemDeps(): { missing: Array<{ name: string; why: string; install: string }> };
export function postgresBinDir(): string | null;
/** `pdftotext` on the PATH, or null. */
export function pdftotextPath(): string | null;
/** The command that installs it. */
export const PDFTOTEXT_INSTALL: string;
