// scripts/scratch.mjs: the examples' and consumer projects' installs go to /dev/shm only where it is a writable tmpfs
// with room and without noexec; anywhere else (Docker's 64 MB /dev/shm, a noexec mount, a disk, no /dev/shm) the OS
// temp directory.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ROOM, SHM, pickScratch, scratchRoot } from '../../scripts/scratch.mjs';

const line = (type: string, options: string) => `${type} ${SHM} ${type} ${options} 0 0`;
const mounts = (shm: string) => ['/dev/vda / ext4 rw,relatime 0 0', shm, 'proc /proc proc rw 0 0'].join('\n');
const pick = (shm: string, free = ROOM, writable = true) =>
  pickScratch({ mounts: mounts(shm), free, writable }, '/tmp');

describe('pickScratch', () => {
  it('takes /dev/shm when it is a writable tmpfs, without noexec, with 2 GB free', () => {
    expect(pick(line('tmpfs', 'rw,relatime,size=24684096k'))).toBe(SHM);
  });
  it("keeps the temp directory for Docker's default 64 MB /dev/shm", () => {
    expect(pick(line('tmpfs', 'rw,nosuid,nodev,noexec,relatime,size=65536k'), 64 * 1024 ** 2)).toBe('/tmp');
    expect(pick(line('tmpfs', 'rw,relatime,size=65536k'), 64 * 1024 ** 2)).toBe('/tmp');
  });
  it('keeps the temp directory for a noexec mount (a native compiler could not load from it)', () => {
    expect(pick(line('tmpfs', 'rw,nosuid,nodev,noexec,relatime'))).toBe('/tmp');
  });
  it('keeps the temp directory when /dev/shm is not a tmpfs, is not mounted, or is not writable', () => {
    expect(pick(line('ext4', 'rw,relatime'))).toBe('/tmp');
    expect(pick('')).toBe('/tmp');
    expect(pick(line('tmpfs', 'rw,relatime'), ROOM, false)).toBe('/tmp');
  });
});

it("scratchRoot answers this machine's choice: /dev/shm or the OS temp directory, and one that exists", () => {
  const root = scratchRoot();
  expect([SHM, tmpdir()]).toContain(root);
  expect(existsSync(root)).toBe(true);
});
