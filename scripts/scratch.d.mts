// Types of scratch.mjs, for the TypeScript specs and tests that import it.
export const SHM: string;
export const ROOM: number;
/** /dev/shm when `mounts` shows it a tmpfs without noexec, writable, with ROOM free; else `fallback` (os.tmpdir()). */
export function pickScratch(at: { mounts: string; free: number; writable: boolean }, fallback?: string): string;
/** /dev/shm when it is a writable tmpfs with 2 GB free and without noexec, else `os.tmpdir()`. */
export function scratchRoot(): string;
