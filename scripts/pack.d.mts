type Log = (line: string) => void;
export const TARBALLS_DIR: string;
export const VENDOR_DIR: string;
export function packTarballs(dir?: string, options?: { log?: Log; assemble?: boolean }): Record<string, string>;
export function vendorInto(project: string, tarballs: Record<string, string>, options?: { log?: Log }): string[];
export function missingGroups(dist?: string): string[];
export const GROUP_MARKS: Record<string, string>;
