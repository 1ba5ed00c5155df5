export const SERVER_ENTRY: string;
export const SELECTED_WEB: string;
export function viteWebCrypto(): { name: string; enforce: 'pre'; resolveId(source: string): string | null };
export function esbuildWebCrypto(): { name: string; setup(build: unknown): void };
export function bundleServerWeb(): Promise<typeof import('../src/server/index.js')>;
