// docs/sandbox.md's MCP section against the server it describes: the tools' table lists every tool with exactly the
// fields of its input schema as an assistant receives it (`name?` for an optional one), and the configuration example
// keeps the token in `env`, where `--url` reads it.
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { expect, it } from 'vitest';
import { createSandboxMcpServer } from '../../src/sandbox/mcp/server.js';

const page = readFileSync('docs/sandbox.md', 'utf8');
const start = page.indexOf('### `mcp`');
const section = page.slice(start, page.indexOf('\n## ', start));

async function listedTools() {
  const server = createSandboxMcpServer({
    target: { url: 'http://127.0.0.1:9', token: { id: 'docs_tok', secret: 'docs_secret' } },
    saveDir: '/nonexistent',
    docs: () => [],
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'docs-test', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  await client.close();
  return tools;
}

it("the tools' table names every tool and exactly its input fields, optional ones with '?'", async () => {
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const documented = Object.fromEntries(
    rows.map(([, tool, input]) => [tool!.replace(/`/g, ''), [...input!.matchAll(/`([a-z_]+\??)`/g)].map((m) => m[1])]),
  );
  const schemas = Object.fromEntries(
    (await listedTools()).map((t) => {
      const required = new Set(t.inputSchema.required ?? []);
      return [t.name, Object.keys(t.inputSchema.properties ?? {}).map((f) => (required.has(f) ? f : `${f}?`))];
    }),
  );
  expect(Object.keys(documented).sort()).toEqual(Object.keys(schemas).sort());
  for (const [tool, fields] of Object.entries(schemas)) expect(documented[tool], tool).toEqual(fields);
});

it('the configuration example passes the token in env, not on the command line', () => {
  const block = /```json\n([\s\S]*?)```/.exec(section)![1]!;
  const server = JSON.parse(block).mcpServers['hosted-journey-sandbox'];
  expect(server.args).toContain('--url');
  expect(server.args).not.toContain('--token');
  expect(Object.keys(server.env).sort()).toEqual(['HJ_SIGNING_SECRET', 'HJ_TOKEN_ID']);
});
