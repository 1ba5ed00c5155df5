// The MCP SDK is an optional peer of the sandbox package only, and only its CLI reaches it: the widget's and the server's
// packages carry none of it, and the sandbox's module and testing kit do not import it (the CLI loads it by import()).
// Without it installed, `mcp` exits 2 naming the install line: scripts/check-packaging.mjs runs that from the tarball.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { closure } from '../../scripts/packages.mjs';

const SDK = '@modelcontextprotocol/sdk';
const packages = path.resolve('dist/packages');
const manifest = (name: string) => JSON.parse(readFileSync(path.join(packages, name, 'package.json'), 'utf8'));
const files = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.(m?js|d\.ts)$/.test(f))
    .map((f) => path.join(dir, f));

it('the widget and server packages neither depend on the MCP SDK nor carry a line of it', () => {
  for (const name of ['hosted-journey', 'hosted-journey-server']) {
    expect(Object.keys(manifest(name).dependencies ?? {}), name).not.toContain(SDK);
    const carrying = files(path.join(packages, name)).filter((f) => readFileSync(f, 'utf8').includes(SDK));
    expect(carrying, name).toEqual([]);
  }
});

it("the sandbox package names it as an optional peer, and only the CLI's closure imports it", () => {
  const sandbox = manifest('hosted-journey-sandbox');
  expect(sandbox.dependencies).not.toHaveProperty(SDK);
  expect(sandbox.peerDependencies?.[SDK]).toMatch(/^>=1\.\d+\.\d+ <2$/);
  expect(sandbox.peerDependenciesMeta?.[SDK]).toEqual({ optional: true });
  for (const entry of ['dist/sandbox.js', 'dist/sandbox-testing.js'])
    expect([...closure([entry]).bare.keys()], entry).not.toContain(SDK);
  expect([...closure(['dist/sandbox-cli.js']).bare.keys()]).toContain(SDK);
  expect(readFileSync('dist/sandbox-cli.js', 'utf8')).not.toMatch(/^import[^;]*modelcontextprotocol/m);
});
