// The MCP server's `save_to` as an attack: a model, after reading text an applicant typed, asks a download to write
// over an executable git hook (the bundle's JSON then runs as a shell script, the applicant's `$(touch …)` with it),
// to climb out with `..`, to follow a symlink out, to write a script's extension, or to an absolute path elsewhere.
// The real server (the CLI over stdio, driven by the SDK's Client) refuses each with a tool error and writes nothing
// outside its downloads folder; what it does write is a new file, mode 0o600.
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, resultText, type ToolResult } from '../support/mcp.js';
import { startTestSandbox, type TestSandbox } from '../support/sandbox.js';

const base = mkdtempSync(path.join(tmpdir(), 'hj-mcp-save-'));
const downloads = path.join(base, 'downloads');
const outside = path.join(base, 'outside');
const hook = path.join(base, 'repo', '.git', 'hooks', 'pre-commit');
const HOOK = '#!/bin/sh\nexec git diff --cached --check\n';
const NAME = '$(touch /tmp/hj-pwned)';

/** Every path under `dir` but the downloads folder, with its mode and content (or link target). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true }) as string[]) {
    const p = path.join(dir, entry);
    if (p === downloads || p.startsWith(`${downloads}${path.sep}`)) continue;
    const st = lstatSync(p);
    const what = st.isSymbolicLink() ? `-> ${readlinkSync(p)}` : st.isFile() ? readFileSync(p, 'utf8') : 'dir';
    out[entry] = `${(st.mode & 0o777).toString(8)} ${what}`;
  }
  return out;
}

let sb: TestSandbox;
let client: Client;
let applicationId: string;
let enquiryId: string;
let before: Record<string, string>;

async function download(args: Record<string, unknown>, tool = 'download_bundle'): Promise<ToolResult> {
  const defaults = tool === 'download_bundle' ? { application_id: applicationId, format: 'json' } : {};
  return (await client.callTool({ name: tool, arguments: { ...defaults, ...args } })) as ToolResult;
}

async function refused(args: Record<string, unknown>, why: RegExp, tool?: string): Promise<void> {
  const result = await download(args, tool);
  expect(result.isError, resultText(result)).toBe(true);
  expect(resultText(result)).toMatch(/save_to '.*' refused: /);
  expect(resultText(result)).toMatch(why);
  expect(resultText(result)).toMatch(/nothing was written/);
}

beforeAll(async () => {
  sb = await startTestSandbox();
  await sb.request('POST', '/api/v1/acme/save_1/profile', { full_name: NAME, email: 'x@example.com' });
  applicationId = await sb.driveToCrawled('acme', 'save_1');
  expect((await sb.request('POST', '/api/v1/acme/save_1/finalise', {})).status).toBe(200);
  const enquiry = await sb.request('POST', '/enquiry/lodge', {
    applicant: {
      first_name: 'Robin',
      last_name: 'Example',
      date_of_birth: '1988-02-29',
      address: { line1: '10 Smith St', suburb: 'Fitzroy', state: 'VIC', postcode: '3065' },
    },
    enquiry_type: 'credit_application',
    product: 'credit_card',
    amount: '3000.00',
  });
  enquiryId = enquiry.json.enquiry_id;

  mkdirSync(path.dirname(hook), { recursive: true });
  writeFileSync(hook, HOOK, { mode: 0o755 });
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'keep.json'), '{"keep":true}');
  mkdirSync(downloads);
  writeFileSync(path.join(downloads, 'run.json'), HOOK, { mode: 0o755 });
  chmodSync(path.join(downloads, 'run.json'), 0o755);
  symlinkSync(outside, path.join(downloads, 'out'));
  symlinkSync(path.join(outside, 'made-later'), path.join(downloads, 'gone'));
  symlinkSync(hook, path.join(downloads, 'hook.json'));
  symlinkSync(path.join(outside, 'new.json'), path.join(downloads, 'dangling.json'));
  before = snapshot(base);

  ({ client } = await connectMcp({ args: ['--url', sb.url, '--save-dir', downloads] }));
});

afterAll(async () => {
  await client?.close();
  await sb?.close();
  rmSync(base, { recursive: true, force: true });
});

describe('download save_to cannot reach past its downloads folder', () => {
  it('the git hook: an absolute path to an executable hook is refused, the hook unchanged', async () => {
    await refused({ save_to: hook }, /outside the downloads folder/);
    await refused({ save_to: `${hook}.json` }, /outside the downloads folder/);
    expect(readFileSync(hook, 'utf8')).toBe(HOOK);
    expect(statSync(hook).mode & 0o777).toBe(0o755);
  });

  it('overwrite: an existing executable file in the folder is refused, its content and mode kept', async () => {
    await refused({ save_to: 'run.json' }, /exists, and the server never overwrites: choose a new name/);
    await refused({ save_to: path.join(downloads, 'run.json') }, /never overwrites/);
    expect(readFileSync(path.join(downloads, 'run.json'), 'utf8')).toBe(HOOK);
    expect(statSync(path.join(downloads, 'run.json')).mode & 0o777).toBe(0o755);
  });

  it("path traversal: any '..' is refused, even one that would land back inside", async () => {
    await refused({ save_to: '../repo/.git/hooks/pre-commit.json' }, /'\.\.' is not allowed/);
    await refused({ save_to: 'a/../../outside/x.json' }, /'\.\.' is not allowed/);
    await refused({ save_to: 'a/../inside.json' }, /'\.\.' is not allowed/);
    await refused({ save_to: '..\\outside\\x.json' }, /'\.\.' is not allowed/);
  });

  it('absolute path elsewhere: refused, nothing made there', async () => {
    await refused({ save_to: path.join(outside, 'bundle.json') }, /outside the downloads folder/);
    await refused({ save_to: path.join(base, 'downloads-evil', 'bundle.json') }, /outside the downloads folder/);
    await refused({ save_to: downloads }, /outside the downloads folder/);
  });

  it('symlink out: a symlinked folder, a symlinked file and a dangling symlink are each refused', async () => {
    await refused({ save_to: 'out/bundle.json' }, /a folder on its path is a symlink out of the downloads folder/);
    await refused({ save_to: 'out/deeper/bundle.json' }, /symlink out of the downloads folder/);
    await refused({ save_to: 'gone/bundle.json' }, /symlink out of the downloads folder/);
    await refused({ save_to: 'hook.json' }, /exists, and the server never overwrites/);
    await refused({ save_to: 'dangling.json' }, /exists, and the server never overwrites/);
    expect(readdirSync(outside)).toEqual(['keep.json']);
  });

  it("wrong extension: a bundle or report is written only under its format's extension", async () => {
    await refused({ save_to: 'bundle.sh' }, /a json file ends in \.json/);
    await refused({ save_to: 'pre-commit' }, /a json file ends in \.json/);
    await refused({ save_to: 'bundle.pdf' }, /a json file ends in \.json/);
    await refused({ save_to: 'bundle.csv', format: 'pdf' }, /a pdf file ends in \.pdf/);
    await refused(
      { enquiry_id: enquiryId, save_to: 'report.json' },
      /a pdf file ends in \.pdf/,
      'download_credit_report',
    );
  });

  it('writes a new file, mode 0o600, inside the folder; the same call again is refused, the first kept', async () => {
    const first = await download({ save_to: 'acme/bundle.json' });
    expect(first.isError, resultText(first)).toBeFalsy();
    const to = path.join(downloads, 'acme', 'bundle.json');
    expect(JSON.parse(resultText(first))).toMatchObject({
      saved_to: to,
      mime_type: expect.stringMatching(/^application\/json(;|$)/),
    });
    expect(statSync(to).mode & 0o777).toBe(0o600);
    const written = readFileSync(to, 'utf8');
    expect(written).toContain(applicationId);
    await refused({ save_to: 'acme/bundle.json' }, /never overwrites/);
    expect(readFileSync(to, 'utf8')).toBe(written);
    const report = await download({ enquiry_id: enquiryId, save_to: 'report.pdf' }, 'download_credit_report');
    expect(report.isError, resultText(report)).toBeFalsy();
    expect(readFileSync(path.join(downloads, 'report.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('nothing outside the downloads folder changed', () => {
    expect(snapshot(base)).toEqual(before);
    expect(readdirSync(downloads).sort()).toEqual([
      'acme',
      'dangling.json',
      'gone',
      'hook.json',
      'out',
      'report.pdf',
      'run.json',
    ]);
  });
});
