#!/usr/bin/env node
// `redocly lint` of the generated OpenAPI document with Redocly's recommended rules (redocly.yaml), where a warning
// fails as an error does: the document is generated, so any problem is a generator's bug. Offline: no telemetry, no
// update check. Prints each problem; exits non-zero on any.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = process.argv[2] ?? 'dist/openapi.json';
const res = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
    'lint',
    '--config',
    path.join(root, 'redocly.yaml'),
    '--format=json',
    file,
  ],
  {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
let report;
try {
  report = JSON.parse(res.stdout);
} catch {
  console.error(`redocly lint gave no report (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
  process.exit(1);
}
for (const p of report.problems)
  console.error(`${p.severity} ${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ''})`);
const { errors, warnings } = report.totals;
console.log(`openapi lint (redocly ${report.version}, recommended): ${errors} errors, ${warnings} warnings in ${file}`);
process.exit(errors + warnings === 0 && res.status === 0 ? 0 : 1);
