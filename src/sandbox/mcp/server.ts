/**
 * `hosted-journey-sandbox mcp`: an MCP server (the official TypeScript SDK, stdio) whose tools drive a sandbox — one
 * already running (`--url`, checked to be a sandbox first: check.ts) or one it starts itself. The tools are the rows
 * of tools.ts; this file registers them and turns each answer into MCP content (a `save_to` through save.ts). Every
 * answer and every refusal passes through `redact`, so the token's secret and id never reach the assistant, whatever a
 * tool or an error message carried.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { packageRoot } from '../core/package-root.js';
import { DEFAULT_TOKENS, type SandboxOptions } from '../options.js';
import { startSandbox } from '../start.js';
import { checkSandbox } from './check.js';
import { loadDocs, type DocSection } from './docs.js';
import { DEFAULT_SAVE_DIR, save } from './save.js';
import { clientFor, TOOLS, type McpTarget, type ToolContext, type ToolOutput } from './tools.js';

/** Every occurrence of the token's secret and id replaced, in any text a tool answers. */
export function redactor(target: McpTarget): (text: string) => string {
  const secrets = [target.token.secret, target.token.id].filter((s) => s.length > 0);
  return (text) => secrets.reduce((t, s) => t.split(s).join('[redacted]'), text);
}

function content(out: ToolOutput, redact: (text: string) => string, saveDir: string): CallToolResult {
  if ('json' in out) return { content: [{ type: 'text', text: redact(JSON.stringify(out.json, null, 2)) }] };
  if (out.saveTo !== undefined) {
    const saved = save(saveDir, out.saveTo, out.file);
    return { content: [{ type: 'text', text: redact(JSON.stringify(saved, null, 2)) }] };
  }
  const { bytes, mimeType, name, uri } = out.file;
  return {
    content: [
      { type: 'text', text: redact(`${name}: ${bytes.byteLength} bytes, ${mimeType}, embedded below as ${uri}`) },
      { type: 'resource', resource: { uri, mimeType, blob: Buffer.from(bytes).toString('base64') } },
    ],
  };
}

const version = (): string =>
  (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;

export interface SandboxMcpServerOptions {
  target: McpTarget;
  /** The absolute folder downloads' `save_to` writes under (save.ts); made on the first save. */
  saveDir: string;
  docs?: () => readonly DocSection[];
}

/** The MCP server with every tool of tools.ts registered against `target`. */
export function createSandboxMcpServer({ target, saveDir, docs = cachedDocs() }: SandboxMcpServerOptions): McpServer {
  const server = new McpServer({ name: 'hosted-journey-sandbox', version: version() });
  const ctx: ToolContext = { target, client: clientFor(target), docs };
  const redact = redactor(target);
  for (const [name, row] of Object.entries(TOOLS)) {
    server.registerTool(
      name,
      { title: row.title, description: row.description, inputSchema: row.input, annotations: row.annotations },
      async (args: Record<string, unknown>): Promise<CallToolResult> => {
        try {
          return content(await row.run(ctx, args), redact, saveDir);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          return { isError: true, content: [{ type: 'text', text: redact(`${name} failed: ${message}`) }] };
        }
      },
    );
  }
  return server;
}

function cachedDocs(): () => readonly DocSection[] {
  let docs: readonly DocSection[] | undefined;
  return () => (docs ??= loadDocs());
}

export interface McpServeOptions {
  /**
   * A running sandbox, checked to be one (check.ts) before the server starts; without it the server starts one (with
   * `sandbox`'s options) and stops it on exit.
   */
  url?: string;
  /** The token the tools sign with; default the sandbox's first token. */
  token?: { id: string; secret: string };
  /** The only folder downloads are saved in (save.ts); default `hosted-journey-downloads` in the working directory. */
  saveDir?: string;
  /** Options of the sandbox it starts when no `url` is given (its log goes to stderr: stdout is the MCP channel). */
  sandbox?: SandboxOptions;
}

/** Serves the tools over stdio until the client closes the channel; stderr says which sandbox they drive. */
export async function serveMcp(options: McpServeOptions): Promise<void> {
  const first = options.sandbox?.tokens?.[0] ?? DEFAULT_TOKENS[0]!;
  const token = options.token ?? { id: first.tokenId, secret: first.secret };
  if (options.url !== undefined) await checkSandbox(options.url, token.id);
  const embedded =
    options.url === undefined
      ? await startSandbox({ ...options.sandbox, port: options.sandbox?.port ?? 0 })
      : undefined;
  const url = options.url ?? embedded!.url;
  const saveDir = path.resolve(options.saveDir ?? DEFAULT_SAVE_DIR);
  const server = createSandboxMcpServer({ target: { url, token }, saveDir });
  const transport = new StdioServerTransport();
  process.stderr.write(
    `hosted-journey-sandbox mcp: ${Object.keys(TOOLS).length} tools on stdio, driving the sandbox at ${url}` +
      `${embedded ? ' (started for this server)' : ''}, saving downloads in ${saveDir}\n`,
  );
  let closed = false;
  const stop = async () => {
    if (closed) return;
    closed = true;
    await server.close().catch(() => {});
    await embedded?.close();
    process.exit(0);
  };
  transport.onclose = () => void stop();
  process.stdin.on('end', () => void stop());
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  await server.connect(transport);
}
