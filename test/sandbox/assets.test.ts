// Asset serving in a package whose page bundles are missing (a temporary package root): an installed package that
// lacks one, and the repository before its build.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveAsset } from '../../src/sandbox/journey/pages.js';
import { errorReply } from '../../src/sandbox/core/http.js';

const root = mkdtempSync(path.join(tmpdir(), 'hj-assets-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('serveAsset', () => {
  const missing = (name: string) => {
    try {
      serveAsset(name, root);
    } catch (e) {
      return errorReply(e, 'req_1');
    }
    throw new Error(`${name} was served`);
  };

  it('an installed package (no sources beside it) missing an asset: 500 ASSETS_NOT_BUILT saying to reinstall', () => {
    const reply = missing('journey-words.vi.js');
    expect(reply.status).toBe(500);
    expect(reply.json).toMatchObject({
      error: { code: 'ASSETS_NOT_BUILT', message: expect.stringContaining('reinstall') },
    });
    expect(JSON.stringify(reply.json)).not.toContain('npm run build');
  });

  it('the repository (sources beside dist/) not built yet: 500 ASSETS_NOT_BUILT with "run npm run build"', () => {
    mkdirSync(path.join(root, 'src'), { recursive: true });
    const reply = missing('journey.js');
    expect(reply.status).toBe(500);
    expect(reply.json).toMatchObject({
      error: { code: 'ASSETS_NOT_BUILT', message: expect.stringContaining('run npm run build') },
    });
  });

  it('serves a built bundle with a JavaScript content type, and nothing outside its three names', () => {
    mkdirSync(path.join(root, 'dist', 'sandbox-assets'), { recursive: true });
    writeFileSync(path.join(root, 'dist', 'sandbox-assets', 'bank-return.js'), 'console.log(1)');
    const reply = serveAsset('bank-return.js', root)!;
    expect(reply.status).toBe(200);
    expect(reply.headers!['content-type']).toMatch(/^text\/javascript/);
    expect(String(reply.body)).toBe('console.log(1)');
    expect(serveAsset('../package.json', root)).toBeNull();
    expect(serveAsset('constructor', root)).toBeNull();
  });
});
