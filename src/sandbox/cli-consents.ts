/**
 * The CLI's consent sub-commands against a running sandbox (the testing kit's functions, no browser):
 *   clock --advance 30d                                      move the token's clock; due warnings and expiries fire
 *   expire --consent <id>                                    end a sharing period now
 *   revoke --vendor <v> --ref <r> --consent <id>             stop sharing at the bank's dashboard, as the customer
 *   renew --vendor <v> --ref <r> --consent <id> [--outcome approved|cancelled] [--days <n>]
 * Each takes `--url` (default http://127.0.0.1:4010) and `--token id:secret` (default the sandbox's default token).
 */
import { parseArgs } from 'node:util';
import type { SandboxTarget } from './testing/consents.js';

export const CONSENT_USAGE = `
       hosted-journey-sandbox clock --advance <duration>
  Moves the --token's clock on a running sandbox (e.g. 30d, 12h, 90m; each token has its own): every consent
  warning, expiry and webhook retry of its applications that falls due fires, in order.
       hosted-journey-sandbox expire --consent <id>
  Ends a consent's sharing period now (consent.expired).
       hosted-journey-sandbox revoke --vendor <v> --ref <r> --consent <id>
  The customer stops sharing on the bank's dashboard (consent.revoked, revoked_by data_holder).
       hosted-journey-sandbox renew --vendor <v> --ref <r> --consent <id> [--outcome approved|cancelled] [--days <n>]
  Renews a consent through the bank: approved (consent.renewed) or cancelled by the customer (nothing changes).
  Each also takes --url <url> (default http://127.0.0.1:4010) and --token <id:secret>.`;

export const CONSENT_COMMANDS = ['clock', 'expire', 'revoke', 'renew'] as const;
type Command = (typeof CONSENT_COMMANDS)[number];

const FLAGS = ['url', 'token', 'advance', 'consent', 'vendor', 'ref', 'outcome', 'days'];

function parse(argv: string[], fail: (m: string) => never): Record<string, string | undefined> {
  try {
    const options = Object.fromEntries(FLAGS.map((k) => [k, { type: 'string' as const }]));
    return parseArgs({ args: argv, options, strict: true }).values as Record<string, string | undefined>;
  } catch (error) {
    return fail((error as Error).message);
  }
}

function targetOf(v: Record<string, string | undefined>, fail: (m: string) => never): SandboxTarget {
  const url = v.url ?? 'http://127.0.0.1:4010';
  if (v.token === undefined) return url;
  const i = v.token.indexOf(':');
  if (i <= 0 || i === v.token.length - 1) fail(`--token must be id:secret, got '${v.token}'`);
  return { url, token: { id: v.token.slice(0, i), secret: v.token.slice(i + 1) } };
}

function need(v: Record<string, string | undefined>, keys: string[], command: string, fail: (m: string) => never) {
  const missing = keys.filter((k) => !v[k]);
  if (missing.length) fail(`${command} needs ${missing.map((k) => `--${k}`).join(' and ')}`);
}

/**
 * Every flag is checked before the testing kit (the client, the operation table and their schemas) is loaded: a bad
 * flag answers in the time Node takes to start (about 0.2 CPU-s, against 1 with the kit loaded).
 */
async function run(command: Command, v: Record<string, string | undefined>, fail: (m: string) => never) {
  const sandbox = targetOf(v, fail);
  if (command === 'clock') {
    need(v, ['advance'], command, fail);
    const { advanceClock } = await import('./testing/consents.js');
    return advanceClock(sandbox, v.advance!);
  }
  need(v, command === 'expire' ? ['consent'] : ['vendor', 'ref', 'consent'], command, fail);
  const consent = { vendor: v.vendor!, ref: v.ref!, consentId: v.consent! };
  const outcome = v.outcome ?? 'approved';
  if (outcome !== 'approved' && outcome !== 'cancelled') fail(`--outcome must be approved or cancelled`);
  const days = v.days === undefined ? undefined : Number(v.days);
  if (days !== undefined && !(Number.isInteger(days) && days >= 1 && days <= 365))
    fail('--days must be a whole number from 1 to 365');
  const kit = await import('./testing/consents.js');
  if (command === 'expire')
    return kit.expireConsent(sandbox, consent.consentId).then(() => ({ expired: consent.consentId }));
  if (command === 'revoke') return kit.revokeAtBank(sandbox, consent).then(() => ({ revoked: consent.consentId }));
  return kit.triggerRenewal(sandbox, { ...consent, outcome, ...(days !== undefined ? { sharingDays: days } : {}) });
}

/** Runs one sub-command: exit 0 with its result as JSON, 1 when the sandbox refused, 2 on a bad flag. */
export async function consentCommand(command: Command, argv: string[], fail: (m: string) => never): Promise<void> {
  const values = parse(argv, fail);
  try {
    process.stdout.write(`${JSON.stringify(await run(command, values, fail))}\n`);
  } catch (error) {
    process.stderr.write(`hosted-journey-sandbox: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
