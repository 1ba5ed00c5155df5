// `hosted-journey-sandbox mcp` as an assistant runs it: the built CLI spawned over stdio and driven by the MCP SDK's own
// Client, through a whole journey to a downloaded bundle, the consent's year and the webhook deliveries; bad input is
// refused naming the field; no tool result ever carries the token's secret or id. A tool that calls an operation of
// the signed API asks for the fields the API asks for, required where the API requires them.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { API_OPERATIONS } from '../../src/protocol/index.js';
import { TOOLS, WITHOUT_TOOL } from '../../src/sandbox/mcp/tools.js';
import { openApiDocument } from '../../src/sandbox/openapi/document.js';
import { connectMcp, resultText as text, type ToolResult } from '../support/mcp.js';

const CLI = [path.resolve('dist/sandbox-cli.js')];
const TOKEN = { tokenId: 'mcp_tok', secret: 'mcp_secret_4f2a9c17' };

/** Every result any test saw, for the secret scan. */
const seen: Array<{ tool: string; result: ToolResult }> = [];

const connect = (args: string[], more: { env?: Record<string, string>; cwd?: string } = {}) =>
  connectMcp({ cli: CLI, args, ...more });

async function call(client: Client, tool: string, args: Record<string, unknown>): Promise<ToolResult> {
  const result = (await client.callTool({ name: tool, arguments: args })) as ToolResult;
  seen.push({ tool, result });
  return result;
}

/** The JSON a tool answered; fails the test with the tool's words when it answered an error. */
async function json(client: Client, tool: string, args: Record<string, unknown>): Promise<any> {
  const result = await call(client, tool, args);
  expect(result.isError, `${tool}: ${result.content[0]?.text}`).toBeFalsy();
  return JSON.parse(result.content[0]!.text!);
}

/** A receiver that refuses the first delivery it gets as a signature error (so the sandbox adds its hint), then 200. */
async function receiver() {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      bodies.push(body);
      if (bodies.length === 1) res.writeHead(401).end('{"error":{"code":"BAD_SIGNATURE"}}');
      else res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, bodies, close: () => new Promise<void>((r) => server.close(() => r())) };
}

it('every operation of the table is called by a tool or says why it is not, never both', () => {
  const called = Object.values(TOOLS).flatMap((row) => (row.operation ? [row.operation.name as string] : []));
  const without = Object.keys(WITHOUT_TOOL);
  expect(called.filter((name) => without.includes(name))).toEqual([]);
  expect([...called, ...without].sort()).toEqual(Object.keys(API_OPERATIONS).sort());
});

describe('hosted-journey-sandbox mcp against a running sandbox (--url)', () => {
  let sandbox: Sandbox;
  let hooks: Awaited<ReturnType<typeof receiver>>;
  let client: Client;
  const dir = mkdtempSync(path.join(tmpdir(), 'hj-mcp-'));

  beforeAll(async () => {
    hooks = await receiver();
    sandbox = await startSandbox({
      tokens: [TOKEN],
      webhooks: [{ url: hooks.url, tokenId: TOKEN.tokenId }],
      crawlDelayMs: 0,
      duplicateRate: 0,
      webhookRetry: { baseDelayMs: 10, maxDelayMs: 50 },
    });
    ({ client } = await connect(['--url', sandbox.url], {
      env: { HJ_TOKEN_ID: TOKEN.tokenId, HJ_SIGNING_SECRET: TOKEN.secret },
      cwd: dir,
    }));
  });

  afterAll(async () => {
    await client?.close();
    await sandbox?.close();
    await hooks?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists every tool, each with an object input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'advance_clock',
        'complete_journey',
        'download_bundle',
        'download_credit_report',
        'expire_consent',
        'finalise_application',
        'get_institution',
        'get_journey_session',
        'list_consents',
        'list_journey_sessions',
        'list_webhook_deliveries',
        'renew_consent',
        'resend_webhook',
        'revoke_consent',
        'search_docs',
        'start_application',
      ].sort(),
    );
    for (const t of tools) expect(t.inputSchema.type, t.name).toBe('object');
    const bundle = tools.find((t) => t.name === 'download_bundle')!;
    expect(bundle.inputSchema.required).toEqual(['application_id', 'format']);
  });

  it('declares what each tool does to its world (MCP annotations), every hint on every tool', async () => {
    const { tools } = await client.listTools();
    const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    for (const t of tools)
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const)
        expect(typeof t.annotations?.[hint], `${t.name}.${hint}`).toBe('boolean');
    expect(tools.every((t) => t.annotations?.openWorldHint === false)).toBe(true);
    const readOnly = tools.filter((t) => t.annotations?.readOnlyHint).map((t) => t.name);
    expect(readOnly.sort()).toEqual([
      'get_institution',
      'get_journey_session',
      'list_consents',
      'list_journey_sessions',
      'list_webhook_deliveries',
      'search_docs',
    ]);
    const destructive = tools.filter((t) => t.annotations?.destructiveHint).map((t) => t.name);
    expect(destructive.sort()).toEqual(['advance_clock', 'expire_consent', 'revoke_consent', 'start_application']);
    // A download writes only a new file (never over one), so it is additive, and the same call again writes nothing.
    expect(hints.download_bundle).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(hints.resend_webhook).toMatchObject({ idempotentHint: false });
    for (const name of ['download_bundle', 'download_credit_report']) {
      const description = tools.find((t) => t.name === name)!.description!;
      expect(description, name).toMatch(/inside the MCP server's downloads folder/);
      expect(description, name).toMatch(/never overwritten/);
    }
  });

  it("asks, for each tool that calls an operation, the API's fields, required where the API requires them", async () => {
    const { tools } = await client.listTools();
    const doc = openApiDocument() as any;
    const ops = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((p) => Object.values(p));
    const schemaOf = (ref: string) => doc.components.schemas[ref.split('/').pop()!];
    /** What the API requires of an operation, and every field it takes: path parameters, query, body. */
    const api = (id: string) => {
      const op = ops.find((o) => o.operationId === id);
      const params = op.parameters.filter((p: any) => p.in === 'path' || p.in === 'query');
      const body = op.requestBody ? schemaOf(op.requestBody.content['application/json'].schema.$ref) : undefined;
      return {
        required: [...params.filter((p: any) => p.required).map((p: any) => p.name), ...(body?.required ?? [])],
        fields: [...params.map((p: any) => p.name), ...Object.keys(body?.properties ?? {})],
      };
    };
    let compared = 0;
    for (const [name, row] of Object.entries(TOOLS) as Array<[string, (typeof TOOLS)[keyof typeof TOOLS]]>) {
      if (!('operation' in row)) continue;
      const { name: id, renamed = {} } = row.operation as { name: string; renamed?: Record<string, string> };
      const listed = tools.find((t) => t.name === name)!.inputSchema;
      const asApi = (k: string) => renamed[k] ?? k;
      const wanted = api(id);
      expect((listed.required ?? []).map(asApi).sort(), name).toEqual(wanted.required.sort());
      for (const k of Object.keys(listed.properties ?? {}).filter((k) => k !== 'save_to'))
        expect(wanted.fields, `${name}.${k}`).toContain(asApi(k));
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(10);
    const start = tools.find((t) => t.name === 'start_application')!.inputSchema;
    expect(start.required).toEqual(['vendor', 'ref']);
    expect(Object.keys(start.properties ?? {})).toEqual(expect.arrayContaining(['full_name', 'email', 'phone']));
  });

  it('starts an application, takes it through the journey and downloads its bundle as a real PDF and as JSON', async () => {
    const app = await json(client, 'start_application', {
      vendor: 'acme',
      ref: 'mcp_1',
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(app.application_id).toMatch(/^app_/);
    const journey = await json(client, 'complete_journey', { vendor: 'acme', ref: 'mcp_1', pathway: 'cdr' });
    expect(journey).toMatchObject({ applicationId: app.application_id, status: 'crawled', outcome: 'approved' });
    await json(client, 'finalise_application', { vendor: 'acme', ref: 'mcp_1' });

    const pdf = await call(client, 'download_bundle', { application_id: app.application_id, format: 'pdf' });
    expect(pdf.isError).toBeFalsy();
    const resource = pdf.content.find((c) => c.type === 'resource')!.resource!;
    expect(resource).toMatchObject({ mimeType: 'application/pdf', uri: expect.stringContaining(app.application_id) });
    const bytes = Buffer.from(resource.blob!, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const parsed = await new PDFParse({ data: new Uint8Array(bytes) }).getText();
    expect(parsed.text).toContain('Ada Lovelace');

    // save_to is relative to the downloads folder, ./hosted-journey-downloads of the server's working directory.
    const saved = await json(client, 'download_bundle', {
      application_id: app.application_id,
      format: 'json',
      save_to: 'nested/bundle.json',
    });
    const to = path.join(dir, 'hosted-journey-downloads', 'nested', 'bundle.json');
    expect(saved).toMatchObject({ saved_to: to, mime_type: 'application/json; charset=utf-8' });
    expect(statSync(to).mode & 0o777).toBe(0o600);
    const bundle = JSON.parse(readFileSync(to, 'utf8'));
    expect(saved.bytes).toBe(readFileSync(to).byteLength);
    expect(JSON.stringify(bundle)).toContain(app.application_id);
  });

  it("lists the token's deliveries (a signature refusal's hint redacted) and resends one to the receiver", async () => {
    await sandbox.webhooksIdle();
    const deliveries = await json(client, 'list_webhook_deliveries', {});
    const types = new Set(deliveries.map((d: { type: string }) => d.type));
    expect(types).toEqual(expect.objectContaining(new Set(['consent.authorised', 'crawl.completed'])));
    const refused = deliveries.find((d: { status: number }) => d.status === 401);
    expect(refused.hint).toContain("as token '[redacted]'");
    const first = deliveries.find((d: { status: number }) => d.status === 200);
    const before = hooks.bodies.length;
    expect(await json(client, 'resend_webhook', { event_id: first.event_id })).toEqual({
      event_id: first.event_id,
      queued: 1,
    });
    await vi.waitFor(() => expect(hooks.bodies.length).toBe(before + 1));
    expect(JSON.parse(hooks.bodies.at(-1)!).event_id).toBe(first.event_id);
    await sandbox.webhooksIdle();
    const again = await json(client, 'list_webhook_deliveries', { event_id: first.event_id });
    expect(again.at(-1)).toMatchObject({ event_id: first.event_id, status: 200, resent: true });
    const unknown = await call(client, 'resend_webhook', { event_id: 'evt_none' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain("no event 'evt_none' was sent for this token");
  });

  it('takes the connection through its year: the clock, a renewal, a revocation and an expiry', async () => {
    const { consents } = await json(client, 'list_consents', { vendor: 'acme', ref: 'mcp_1' });
    const consentId = consents[0].consent_id;
    const bank = await json(client, 'get_institution', { id: consents[0].institution_id });
    expect(bank).toMatchObject({ id: consents[0].institution_id, name: expect.stringMatching(/\S/) });
    const moved = await json(client, 'advance_clock', { advance: '30d' });
    expect(Date.parse(moved.now)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const renewed = await json(client, 'renew_consent', { vendor: 'acme', ref: 'mcp_1', consent_id: consentId });
    expect(renewed.renewalId).toMatch(/^cns_/);
    const revoked = await json(client, 'revoke_consent', {
      vendor: 'acme',
      ref: 'mcp_1',
      consent_id: consentId,
      revoked_by: 'integrator',
    });
    expect(revoked).toMatchObject({ consent_id: consentId, status: 'revoked', revoked_by: 'integrator' });

    await json(client, 'start_application', { vendor: 'acme', ref: 'mcp_2', full_name: 'B C', email: 'b@example.com' });
    await json(client, 'complete_journey', { vendor: 'acme', ref: 'mcp_2' });
    const second = (await json(client, 'list_consents', { vendor: 'acme', ref: 'mcp_2' })).consents[0].consent_id;
    await json(client, 'expire_consent', { consent_id: second });
    const after = await json(client, 'list_consents', { vendor: 'acme', ref: 'mcp_2' });
    expect(after.consents[0]).toMatchObject({ consent_id: second, status: 'expired' });
  });

  it('refuses bad input naming the field and what it accepts', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      [
        'download_bundle',
        { application_id: 'app_1', format: 'docx' },
        /expected one of "pdf"\|"csv"\|"json" at format/,
      ],
      ['download_bundle', { application_id: 'app_1', format: 'pdf', save_to: '' }, /save_to is a file name/],
      ['start_application', { vendor: 'acme', ref: 'x', email: 'not-an-email' }, /email[\s\S]* at email/i],
      ['start_application', { vendor: 'ac me', ref: 'x' }, /letters, digits, - or _ at vendor/],
      ['advance_clock', { advance: 'soon' }, /advance: must be a duration/],
      ['revoke_consent', { vendor: 'a', ref: 'b', consent_id: 'c', revoked_by: 'bank' }, /revoked_by must be one of/],
      ['search_docs', {}, /query is required/],
    ];
    for (const [tool, args, message] of cases) {
      const result = await call(client, tool, args);
      expect(result.isError, tool).toBe(true);
      expect(text(result), tool).toMatch(message);
    }
  });

  it("answers the service's refusal as an error result", async () => {
    const result = await call(client, 'download_bundle', { application_id: 'app_unknown', format: 'pdf' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/APPLICATION_NOT_FOUND|no application/);
  });

  it('searches the docs: the MCP section answers how to add the server to an assistant', async () => {
    const hits = await json(client, 'search_docs', { query: 'mcpServers assistant config', limit: 3 });
    expect(hits[0]).toMatchObject({ page: 'docs/sandbox.md' });
    expect(hits[0].text).toContain('"mcpServers"');
  });

  it('never shows the token secret or id in any result', () => {
    expect(seen.length).toBeGreaterThan(20);
    for (const { tool, result } of seen) {
      const all = JSON.stringify(result);
      expect(all, tool).not.toContain(TOKEN.secret);
      expect(all, tool).not.toContain(TOKEN.tokenId);
    }
  });
});

describe('hosted-journey-sandbox mcp with a sandbox of its own', () => {
  it('starts one on a free port and drives it; its log goes to stderr, never into the MCP channel', async () => {
    const { client, stderr } = await connect(['--crawl-delay-ms', '0', '--token', 'own_tok:own_secret_77d1']);
    try {
      await vi.waitFor(() => expect(stderr()).toMatch(/driving the sandbox at http:\/\/127\.0\.0\.1:\d+ \(started/));
      await json(client, 'start_application', {
        vendor: 'acme',
        ref: 'own_1',
        full_name: 'A B',
        email: 'a@example.com',
      });
      const journey = await json(client, 'complete_journey', { vendor: 'acme', ref: 'own_1' });
      expect(journey.status).toBe('crawled');
      for (const { result } of seen) expect(JSON.stringify(result)).not.toContain('own_secret_77d1');
    } finally {
      await client.close();
    }
  });
});
