/**
 * Where a download's `save_to` may write. A model chooses these calls after reading text that applicants typed, so
 * the path is the least trusted input the server takes:
 * 1. Only under the downloads folder named when the server starts (`--save-dir`, default `./hosted-journey-downloads`):
 *    no `..` segment, an absolute path only inside it, and every existing parent's real path (symlinks resolved)
 *    inside the folder's real path — checked before a missing directory is made and again after.
 * 2. Never over anything: the file is opened with O_CREAT|O_EXCL (`'wx'`), which also refuses a symlink, dangling or
 *    not, at the path itself.
 * 3. Never executable: mode 0o600 (the bundle holds the applicant's data).
 * 4. Only with the format's extension (`.pdf`, `.csv`, `.json`), so the file cannot pose as a script or a hook.
 */
import { closeSync, lstatSync, mkdirSync, openSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The folder a server started in `cwd` saves to when `--save-dir` is not given. */
export const DEFAULT_SAVE_DIR = 'hosted-journey-downloads';

/** What `save_to` accepts, for the tools' descriptions. */
export const SAVE_TO_RULE =
  "save_to is a file name (or a relative path) inside the MCP server's downloads folder, ending in the format's " +
  'extension; an existing file is never overwritten (choose a new name), and nothing is written outside the folder';

class SaveRefused extends Error {
  constructor(saveTo: string, why: string) {
    super(`save_to '${saveTo}' refused: ${why}; nothing was written`);
  }
}

const inside = (root: string, p: string) => {
  const rel = path.relative(root, p);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
};

/** The path `saveTo` names inside `root` (absolute), or a refusal saying which rule it broke. */
function resolveInside(root: string, saveTo: string, extension: string): string {
  if (saveTo.includes('\0')) throw new SaveRefused(saveTo, 'it holds a NUL character');
  if (saveTo.split(/[\\/]/).includes('..')) throw new SaveRefused(saveTo, "'..' is not allowed");
  const to = path.resolve(root, saveTo);
  if (!inside(root, to)) throw new SaveRefused(saveTo, `it is outside the downloads folder ${root}`);
  if (path.extname(to) !== extension)
    throw new SaveRefused(saveTo, `a ${extension.slice(1)} file ends in ${extension}`);
  return to;
}

const exists = (p: string) => lstatSync(p, { throwIfNoEntry: false }) !== undefined;

/** The deepest path of `dir`'s chain that exists, symlinks resolved; none for a symlink that leads nowhere. */
function realExisting(dir: string): string | undefined {
  let d = dir;
  while (!exists(d)) d = path.dirname(d);
  try {
    return realpathSync(d);
  } catch {
    return undefined;
  }
}

/** Makes `to`'s directory (and the folder), refusing when a parent that exists resolves outside the folder. */
function parentInside(root: string, to: string, saveTo: string): void {
  mkdirSync(root, { recursive: true });
  const realRoot = realpathSync(root);
  const parent = path.dirname(to);
  const outside = (real: string | undefined) => real === undefined || (real !== realRoot && !inside(realRoot, real));
  if (outside(realExisting(parent)))
    throw new SaveRefused(saveTo, 'a folder on its path is a symlink out of the downloads folder');
  mkdirSync(parent, { recursive: true });
  if (outside(realpathSync(parent)))
    throw new SaveRefused(saveTo, 'a folder on its path is a symlink out of the downloads folder');
}

/** A downloaded file: its bytes, MIME type and name (whose extension is the format's). */
export interface SavedFile {
  bytes: Uint8Array;
  mimeType: string;
  name: string;
}

/** Writes `file` to `saveTo` under `root` (absolute) by the rules above; answers what was written. */
export function save(
  root: string,
  saveTo: string,
  file: SavedFile,
): { saved_to: string; bytes: number; mime_type: string } {
  const to = resolveInside(root, saveTo, path.extname(file.name));
  parentInside(root, to, saveTo);
  let fd: number;
  try {
    fd = openSync(to, 'wx', 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST')
      throw new SaveRefused(saveTo, `${to} exists, and the server never overwrites: choose a new name`);
    throw error;
  }
  try {
    writeFileSync(fd, file.bytes);
  } finally {
    closeSync(fd);
  }
  return { saved_to: to, bytes: file.bytes.byteLength, mime_type: file.mimeType };
}
