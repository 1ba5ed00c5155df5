#!/usr/bin/env node
/**
 * `hosted-journey-sandbox`: runs the sandbox until SIGINT/SIGTERM.
 *   hosted-journey-sandbox --port 4010 --token demo:demo_secret --webhook http://127.0.0.1:3000/webhooks@demo
 * `hosted-journey-sandbox trigger`: takes an application of a running sandbox through the journey (triggerJourney).
 *   hosted-journey-sandbox trigger --vendor acme --ref cust_1 --pathway cdr --outcome approved
 * `clock`, `expire`, `revoke`, `renew`: the consent's year on a running sandbox (cli-consents.ts).
 *   hosted-journey-sandbox clock --advance 30d
 * `mcp`: an MCP server on stdio whose tools drive a running sandbox (`--url`) or one it starts (mcp/server.ts).
 *   HJ_TOKEN_ID=demo HJ_SIGNING_SECRET=demo_secret hosted-journey-sandbox mcp --url http://127.0.0.1:4010
 */
import { parseArgs } from 'node:util';
import type { SandboxOptions } from './start.js';
import { CRAWLER_LOGINS, INSTITUTIONS } from './data/institutions.js';
import type { TriggerJourneyOptions } from './testing/trigger.js';
import { CONSENT_COMMANDS, CONSENT_USAGE, consentCommand } from './cli-consents.js';

const USAGE = `Usage: hosted-journey-sandbox [options]
  --port <n>              port to listen on (default 4010; 0 = any free port)
  --host <host>           interface (default 127.0.0.1)
  --allowed-host <name>   a host name pages and index answer besides loopback names and IP addresses, repeatable
                          (e.g. a Docker service name; other names get 403 HOST_NOT_ALLOWED)
  --token <id:secret>     API credentials, repeatable (default sandbox_token:sandbox_secret)
  --webhook <url[@token]> webhook receiver, repeatable; gets that token's events, signed with its secret
                          (default the first token)
  --parent-origin <vendor=origin>
                          a parent origin allowed to frame the vendor's journey, repeatable; vendor '*' = any
                          vendor without its own entry, origin 'loopback' = any loopback origin
                          (default: loopback origins only, for every vendor)
  --demo-url <url>        an app the index page (GET /) links to, e.g. your integrator app
  --journey-protocol <p>  bridge (default) or plain: journeys that run no bridge and only post RELEASED
  --duplicate-rate <p>    probability a webhook is delivered twice (default 0.2)
  --seed <text>           seed of all generated data (default sandbox)
  --crawl-delay-ms <n>    simulated crawl duration (default 1500)
  --crawler-timeout-ms <n> how long a crawler seed waits for credentials before TIMEDOUT (default 600000)
  --help

       hosted-journey-sandbox trigger --vendor <v> --ref <r> [options]
  Takes an application of a running sandbox through the journey without a browser (the pages' and the bank's calls),
  so the same webhooks go out; prints the result as JSON.
  --url <url>             the sandbox (default http://127.0.0.1:4010)
  --bank <id>             institution (default sandbox-bank)
  --pathway <p>           cdr (default) or crawler
  --outcome <o>           approved (default), denied (cdr) or failed (crawler)
  --name <full name>      --email <email>: the applicant, when the application does not exist yet
  --timeout-ms <n>        time limit (default 15000)${CONSENT_USAGE}

       hosted-journey-sandbox mcp [--url <url> | sandbox options] [--save-dir <dir>]
  An MCP server on stdio for an assistant (docs/sandbox.md, "mcp: the sandbox for an assistant"): tools that start
  an application, take it through the journey and the consent's year, list and resend webhook deliveries,
  download bundles and reports, search the docs. With --url it drives that running sandbox (it exits 2 unless
  the URL serves a sandbox), signing as the token in the environment, HJ_TOKEN_ID and HJ_SIGNING_SECRET (default
  the sandbox's default token); without, it starts a sandbox of its own (any free port unless --port) with the
  options above.
  --save-dir <dir>        the only folder downloads are saved in, as new files (default ./hosted-journey-downloads)
  It needs the official MCP SDK beside the sandbox: npm install --save-dev @modelcontextprotocol/sdk@1`;

/** A bad flag: one line naming it, one pointing at `--help`, exit 2 (the whole usage would bury the line). */
function fail(message: string, command = 'hosted-journey-sandbox'): never {
  process.stderr.write(`hosted-journey-sandbox: ${message}\nRun '${command} --help' for the options.\n`);
  process.exit(2);
}

/** The flag's value as a number within `[min, max]`, or a failure naming the flag (`command`: the subcommand's). */
function number(value: string | undefined, name: string, [min, max]: [number, number], command?: string) {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) fail(`--${name} must be a number from ${min} to ${max}`, command);
  return n;
}

function parseCli(argv: string[]): SandboxOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        token: { type: 'string', multiple: true },
        webhook: { type: 'string', multiple: true },
        'parent-origin': { type: 'string', multiple: true },
        'demo-url': { type: 'string' },
        'journey-protocol': { type: 'string' },
        'duplicate-rate': { type: 'string' },
        seed: { type: 'string' },
        'crawl-delay-ms': { type: 'string' },
        'crawler-timeout-ms': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const tokens = (values.token ?? []).map((t) => {
    const i = t.indexOf(':');
    if (i <= 0 || i === t.length - 1) fail(`--token must be id:secret, got '${t}'`);
    return { tokenId: t.slice(0, i), secret: t.slice(i + 1) };
  });
  const webhooks = (values.webhook ?? []).map((w) => {
    const at = w.lastIndexOf('@');
    const hasToken = at > w.indexOf('://') + 3 && !w.slice(at).includes('/');
    const url = hasToken ? w.slice(0, at) : w;
    try {
      new URL(url);
    } catch {
      fail(`--webhook must be a URL, got '${url}'`);
    }
    return hasToken ? { url, tokenId: w.slice(at + 1) } : { url };
  });
  const parentOrigins: Record<string, string[]> = {};
  for (const entry of values['parent-origin'] ?? []) {
    const eq = entry.indexOf('=');
    if (eq <= 0 || eq === entry.length - 1) fail(`--parent-origin must be vendor=origin, got '${entry}'`);
    (parentOrigins[entry.slice(0, eq)] ??= []).push(entry.slice(eq + 1));
  }
  const opts: SandboxOptions = {
    port: number(values.port, 'port', [0, 65535]) ?? 4010,
    tokens,
    webhooks,
    // Each webhook delivery attempt and each 401 of the API, one line each, stamped with the time of day.
    log: (line) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`),
  };
  if (Object.keys(parentOrigins).length > 0) opts.parentOrigins = parentOrigins;
  if (values.host) opts.host = values.host;
  if (values['allowed-host']?.length) opts.allowedHosts = values['allowed-host'];
  if (values['demo-url'] !== undefined) opts.demoUrl = values['demo-url'];
  const protocol = values['journey-protocol'];
  if (protocol !== undefined && protocol !== 'bridge' && protocol !== 'plain')
    fail(`--journey-protocol must be bridge or plain, got '${protocol}'`);
  if (protocol !== undefined) opts.journeyProtocol = protocol;
  const rate = number(values['duplicate-rate'], 'duplicate-rate', [0, 1]);
  if (rate !== undefined) opts.duplicateRate = rate;
  if (values.seed !== undefined) opts.seed = values.seed;
  const delay = number(values['crawl-delay-ms'], 'crawl-delay-ms', [0, 600_000]);
  if (delay !== undefined) opts.crawlDelayMs = delay;
  const timeout = number(values['crawler-timeout-ms'], 'crawler-timeout-ms', [0, 2 ** 31 - 1]);
  if (timeout !== undefined) opts.crawlerTimeoutMs = timeout;
  return opts;
}

const TRIGGER = 'hosted-journey-sandbox trigger';
const DEFAULT_URL = 'http://127.0.0.1:4010';

function parseTrigger(argv: string[]): { url: string; chosen: boolean; options: TriggerJourneyOptions } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(
          ['url', 'vendor', 'ref', 'bank', 'pathway', 'outcome', 'name', 'email', 'timeout-ms'].map((k) => [
            k,
            { type: 'string' as const },
          ]),
        ),
        help: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message, TRIGGER);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const v = values as Record<string, string | undefined>;
  if (!v.vendor || !v.ref) fail('trigger needs --vendor and --ref', TRIGGER);
  const options: TriggerJourneyOptions = { vendor: v.vendor, ref: v.ref };
  if (v.bank) options.bank = v.bank;
  if (v.pathway) options.pathway = v.pathway as NonNullable<TriggerJourneyOptions['pathway']>;
  if (v.outcome) options.outcome = v.outcome as NonNullable<TriggerJourneyOptions['outcome']>;
  if (v.name || v.email)
    options.customer = { fullName: v.name ?? 'Alex Citizen', email: v.email ?? 'alex@example.com' };
  const timeout = number(v['timeout-ms'], 'timeout-ms', [1, 600_000], TRIGGER);
  if (timeout !== undefined) options.timeoutMs = timeout;
  return { url: v.url ?? DEFAULT_URL, chosen: v.url !== undefined, options };
}

/** `trigger`: exit 0 with the result as JSON, 1 when the sandbox refused or timed out, 2 on a bad flag. */
async function trigger(argv: string[]): Promise<void> {
  const { url, chosen, options } = parseTrigger(argv);
  // stdout carries only the JSON result; which sandbox answers goes to stderr, so a pipe into jq still works.
  const which = chosen ? '' : ' (the default; --url <url> for another)';
  process.stderr.write(`hosted-journey-sandbox: trigger → the sandbox at ${url}${which}\n`);
  try {
    const { triggerJourney } = await import('./testing/trigger.js');
    const result = await triggerJourney(url, options);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'INVALID_OPTIONS') fail((error as Error).message, TRIGGER);
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const message = (error as Error).message;
    const reason = code === undefined ? `no sandbox answered at ${url} (${cause ?? message})` : message;
    process.stderr.write(`hosted-journey-sandbox: ${reason}\n`);
    process.exitCode = 1;
  }
}

const MCP = 'hosted-journey-sandbox mcp';
const MCP_SDK = '@modelcontextprotocol/sdk';

/**
 * The MCP server and the official SDK it is built on. The SDK is an optional peer dependency of the sandbox (it brings
 * about 90 packages the other commands never use): missing, `mcp` stops before anything starts, naming the install
 * line.
 */
async function loadMcp(): Promise<typeof import('./mcp/server.js')> {
  try {
    return await import('./mcp/server.js');
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === 'ERR_MODULE_NOT_FOUND' && message?.includes(`'${MCP_SDK}'`))
      fail(
        'the MCP server needs the official MCP SDK, an optional peer dependency that is not installed: ' +
          `npm install --save-dev ${MCP_SDK}@1`,
        MCP,
      );
    throw error;
  }
}

/** `--save-dir <dir>` taken out of `argv` (the mcp command's own flag, in both modes), and the other arguments. */
function takeSaveDir(argv: string[]): { saveDir?: string; rest: string[] } {
  const rest: string[] = [];
  let saveDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--save-dir' || a.startsWith('--save-dir=')) {
      saveDir = a === '--save-dir' ? argv[++i] : a.slice('--save-dir='.length);
      if (!saveDir) fail('--save-dir needs a folder', MCP);
    } else rest.push(a);
  }
  return { ...(saveDir ? { saveDir } : {}), rest };
}

/** The token `--url` signs with: HJ_TOKEN_ID and HJ_SIGNING_SECRET, both or neither (the sandbox's default). */
function envToken(): { id: string; secret: string } | undefined {
  const { HJ_TOKEN_ID: id, HJ_SIGNING_SECRET: secret } = process.env;
  if (!id && !secret) return undefined;
  if (!id || !secret)
    fail("set both HJ_TOKEN_ID and HJ_SIGNING_SECRET, or neither for the sandbox's default token", MCP);
  return { id, secret };
}

/** `mcp`: stdout is the MCP channel from here on, so every line of ours (and the sandbox's log) goes to stderr. */
async function mcp(args: string[]): Promise<void> {
  const { saveDir, rest: argv } = takeSaveDir(args);
  const onFail = (error: Error) => fail(error.message, MCP);
  if (!argv.some((a) => a === '--url' || a.startsWith('--url='))) {
    const sandbox = parseCli(argv);
    if (!argv.some((a) => a === '--port' || a.startsWith('--port='))) sandbox.port = 0;
    sandbox.log = (line) => process.stderr.write(`${line}\n`);
    const { serveMcp } = await loadMcp();
    return serveMcp({ sandbox, ...(saveDir ? { saveDir } : {}) }).catch(onFail);
  }
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { url: { type: 'string' } }, strict: true }));
  } catch (error) {
    const token = argv.some((a) => a === '--token' || a.startsWith('--token='));
    fail(
      token
        ? 'with --url the token comes from the environment, HJ_TOKEN_ID and HJ_SIGNING_SECRET (an MCP client ' +
            'config\'s "env"), so its secret stays out of the config\'s command line'
        : `${(error as Error).message} (with --url only --save-dir applies: the sandbox's own flags are its own)`,
      MCP,
    );
  }
  const url = values.url!;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    fail(`--url must be an http(s) URL, got '${url}'`, MCP);
  const token = envToken();
  const { serveMcp } = await loadMcp();
  return serveMcp({ url, ...(token ? { token } : {}), ...(saveDir ? { saveDir } : {}) }).catch(onFail);
}

async function main(): Promise<void> {
  if (process.argv[2] === 'trigger') return trigger(process.argv.slice(3));
  if (process.argv[2] === 'mcp') return mcp(process.argv.slice(3));
  const command = CONSENT_COMMANDS.find((c) => c === process.argv[2]);
  if (command) return consentCommand(command, process.argv.slice(3), fail);
  const options = parseCli(process.argv.slice(2));
  // Loaded once the flags are known good: a bad flag or --help answers in the time Node takes to start.
  const { DEFAULT_TOKENS, startSandbox } = await import('./start.js');
  const sandbox = await startSandbox(options).catch((error: Error) => fail(error.message));
  const tokens = options.tokens?.length ? options.tokens : DEFAULT_TOKENS;
  const lines = [
    `hosted-journey sandbox listening on ${sandbox.url}`,
    `  index:           ${sandbox.url}/   (HTML; JSON with Accept: application/json)`,
    `  API base:        ${sandbox.url}`,
    `  journey:         ${sandbox.url}/i/{vendor}/{ref}   e.g. ${sandbox.url}/i/demo/cust_1`,
    ...tokens.map((t) => `  credentials:     token id ${t.tokenId}  secret ${t.secret}`),
    ...(options.webhooks ?? []).map(
      (w) => `  webhook:         ${w.url}${w.tokenId ? ` (signed as ${w.tokenId})` : ''}`,
    ),
    ...(options.parentOrigins
      ? Object.entries(options.parentOrigins).map(
          ([v, list]) => `  parent origins:  ${v === '*' ? 'any other vendor' : v}: ${list.join(', ')}`,
        )
      : ['  parent origins:  loopback only (add --parent-origin vendor=https://your.app)']),
    `  banks:           ${INSTITUTIONS.map((i) => `${i.id} (${i.pathways.join('+')})`).join(', ')}`,
    `  crawler logins:  ${CRAWLER_LOGINS.connected.username}/${CRAWLER_LOGINS.connected.password} connects; ` +
      `${CRAWLER_LOGINS.otp.username}/${CRAWLER_LOGINS.otp.password} asks for code ${CRAWLER_LOGINS.otp.code}; ` +
      `${CRAWLER_LOGINS.failed.username}/${CRAWLER_LOGINS.failed.password} fails`,
    ...(options.demoUrl ? [`  demo:            ${options.demoUrl}`] : []),
    'Logging each webhook delivery (with its status) and each 401 (with its reason code) below. Press Ctrl+C to stop.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping sandbox\n`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
