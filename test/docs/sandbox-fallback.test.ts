// Attack on the reader: a docs block that reads its URL, token or secret from the environment and falls back to the
// sandbox's (`process.env.HJ_API_URL ?? 'http://127.0.0.1:4010'`, `?? 'sandbox_secret'`) runs as pasted and, copied to
// production with a variable missing, talks to localhost or signs with a public secret instead of stopping. No block
// of README.md or docs/ (checked or skipped: a skipped block is still copied) does; the rule itself is shown to catch
// each form. docs/server.md and docs/production.md's blocks that run are also run by the docs tests (snippets,
// quick-start). No build needed.
import { describe, expect, it } from 'vitest';
import { SANDBOX_FALLBACK, extractBlocks, markdownFiles } from './snippets.js';

const CODE = new Set(['ts', 'tsx', 'js', 'mjs', 'cjs', 'jsx', 'html']);

describe('no docs block falls back to the sandbox when a variable is missing', () => {
  it('README.md and every docs/**/*.md', () => {
    const found: string[] = [];
    let blocks = 0;
    for (const file of markdownFiles().filter((f) => !f.startsWith('dist/'))) {
      for (const b of extractBlocks(file).blocks) {
        if (!CODE.has(b.lang)) continue;
        blocks++;
        b.code.split('\n').forEach((text, i) => {
          if (SANDBOX_FALLBACK.test(text)) found.push(`${b.file}:${b.line + i}: ${text.trim()}`);
        });
      }
    }
    expect(blocks).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });

  it('docs/production.md reads each of its variables as required', () => {
    const code = extractBlocks('docs/production.md')
      .blocks.map((b) => b.code)
      .join('\n');
    for (const name of ['HJ_API_URL', 'HJ_TOKEN_ID', 'HJ_SIGNING_SECRET'])
      expect(code).toContain(`required('${name}')`);
  });

  it('the rule catches each form of fallback, and lets a required variable or a sandbox block pass', () => {
    const caught = [
      "baseUrl: process.env.HJ_API_URL ?? 'http://127.0.0.1:4010',",
      'baseUrl: process.env.HJ_API_URL || "http://localhost:4010",',
      "tokenId: process.env.HJ_TOKEN_ID ?? 'sandbox_token',",
      "signingSecret: process.env['HJ_SIGNING_SECRET'] ?? 'sandbox_secret',",
      'baseUrl: process.env.HJ_API_URL ?? `http://[::1]:4010`,',
      'baseUrl: process.env.HJ_API_URL ?? sandbox.url,',
    ];
    const passed = [
      "baseUrl: required('HJ_API_URL'),",
      "baseUrl: 'http://127.0.0.1:4010', // the sandbox, as such",
      'const PORT = Number(process.env.PORT ?? 3000);',
      "const webhookSecret = process.env.HJ_WEBHOOK_SECRET ?? required('HJ_SIGNING_SECRET');",
      "const tokenId = process.env.HJ_TOKEN_ID ?? '';",
    ];
    expect(caught.filter((t) => !SANDBOX_FALLBACK.test(t))).toEqual([]);
    expect(passed.filter((t) => SANDBOX_FALLBACK.test(t))).toEqual([]);
  });
});
