// `hosted-journey-sandbox mcp` as an assistant runs it: the CLI spawned over stdio, driven by the MCP SDK's own Client.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { sandboxCli } from './cli.js';

export interface McpConnectOptions {
  /** The arguments after `mcp`. */
  args: string[];
  /** Added to the SDK's default environment of a stdio server (which leaves the rest of the test's out). */
  env?: Record<string, string>;
  cwd?: string;
  /** The CLI's node arguments; default the built CLI when fresh, else the sources (support/cli.ts). */
  cli?: string[];
}

export interface ToolResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string; resource?: { uri: string; mimeType?: string; blob?: string } }>;
}

export async function connectMcp(options: McpConnectOptions): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...(options.cli ?? sandboxCli()), 'mcp', ...options.args],
    env: { ...getDefaultEnvironment(), ...options.env },
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err };
}

/** Every text part of a tool's answer, one per line. */
export const resultText = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('\n');
