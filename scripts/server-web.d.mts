export const SERVER_ENTRY: string;
export const SERVER_ENTRIES: string[];
export const SELECTED_WEB: string;
export function viteWebCrypto(): { name: string; enforce: 'pre'; resolveId(source: string): string | null };
export function esbuildWebCrypto(): { name: string; setup(build: unknown): void };
export function bundleServerWeb(): Promise<
  typeof import('../src/server/index.js') &
    typeof import('../src/server/stores/index.js') &
    typeof import('../src/server/telemetry/index.js') &
    typeof import('../src/server/testing.js')
>;
