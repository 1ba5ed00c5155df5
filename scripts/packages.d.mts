export const PACKAGES_DIR: string;
export const PACKAGES: Record<string, { exports: unknown; files: () => string[]; docs: string[]; peers?: string[] }>;
export function closure(entries: string[]): { files: Set<string>; bare: Map<string, string> };
export function exportTargets(exports: unknown): string[];
export function assemblePackages(options?: { log?: (line: string) => void }): Record<string, string>;
