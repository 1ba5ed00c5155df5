// Where big throwaway installs go: in memory (/dev/shm) when it is a writable tmpfs with room and without noexec
// (Next.js loads its native compiler from node_modules), else the OS temp directory. Installing the Next.js example
// writes about 400 MB in thousands of files: 17.6 s and 18.4 CPU-s on the disk's ext4, 9.6 s and 10.3 CPU-s in tmpfs
// (measured side by side; its build took the same either way). Docker's default /dev/shm (64 MB) has no room, so it is
// not used there. Not for installs whose size is measured: `du` counts a tmpfs directory as no block at all.
import { accessSync, constants, readFileSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';

export const SHM = '/dev/shm';
export const ROOM = 2 * 1024 ** 3;

/**
 * The choice itself: `mounts` is /proc/mounts' text, `free` the bytes an unprivileged user may still write there,
 * `writable` whether this process may create files there.
 */
export function pickScratch({ mounts, free, writable }, fallback = tmpdir()) {
  const mount = mounts
    .split('\n')
    .map((l) => l.split(' '))
    .find((f) => f[1] === SHM);
  const usable = mount?.[2] === 'tmpfs' && !mount[3]?.split(',').includes('noexec') && writable && free >= ROOM;
  return usable ? SHM : fallback;
}

/** /dev/shm when it fits (see above), else `os.tmpdir()`. */
export function scratchRoot() {
  try {
    const { bavail, bsize } = statfsSync(SHM);
    let writable = true;
    try {
      accessSync(SHM, constants.W_OK);
    } catch {
      writable = false;
    }
    return pickScratch({ mounts: readFileSync('/proc/mounts', 'utf8'), free: bavail * bsize, writable });
  } catch {
    return tmpdir(); // no /dev/shm, or no /proc (not Linux)
  }
}
