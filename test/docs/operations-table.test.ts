// The docs' tables of operations come from the operation table (src/protocol/operations.ts): docs/server.md's table of
// the client's methods is generated from it (`UPDATE_DOCS=1 npx vitest run test/docs/operations-table.test.ts` writes
// it again), and every other docs table row that names client methods (`lodgeEnquiry(…)`) and endpoints
// (`POST /enquiry/lodge`) names the endpoints those methods call, and only those.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { API_OPERATIONS, type ApiOperation } from '../../src/protocol/operations.js';
import { OPERATIONS } from '../../src/server/client/operations.js';

const root = path.resolve(import.meta.dirname, '../..');
const SERVER_MD = path.join(root, 'docs/server.md');
const START = '<!-- operations: generated from src/protocol/operations.ts (test/docs/operations-table.test.ts) -->';
const END = '<!-- /operations -->';

const methods = OPERATIONS as Record<string, { operation: string; method: string; path: string }>;
const SOURCE = { seed: '[seed]', ours: '[ours]', sandbox: 'sandbox only' } as const;

/** The table docs/server.md shows: one row per client method. */
function table(): string {
  const rows = Object.entries(methods).map(([name, m]) => {
    const row: ApiOperation = API_OPERATIONS[m.operation as keyof typeof API_OPERATIONS];
    const answers = row.response ? 'JSON' : `a file (${Object.keys(row.download ?? {}).join(', ')})`;
    const codes = row.errors.length ? row.errors.map((c) => `\`${c}\``).join(', ') : '—';
    return `| \`${name}\` | \`${m.method} ${m.path}\` | ${SOURCE[row.source]} | ${answers} | ${codes} |`;
  });
  return [START, '| method | calls | | answers | its own error codes |', '|---|---|---|---|---|', ...rows, END].join(
    '\n',
  );
}

it("docs/server.md's table of the client's methods is the operation table's", () => {
  const text = readFileSync(SERVER_MD, 'utf8');
  const [a, b] = [text.indexOf(START), text.indexOf(END)];
  expect(a, `docs/server.md has no ${START}`).toBeGreaterThan(0);
  const generated = table();
  if (process.env.UPDATE_DOCS === '1')
    writeFileSync(SERVER_MD, text.slice(0, a) + generated + text.slice(b + END.length));
  else expect(text.slice(a, b + END.length)).toBe(generated);
});

it("every docs table row naming client methods and endpoints names the methods' endpoints", () => {
  const files = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join('docs', f));
  let checked = 0;
  for (const file of [...files, 'README.md']) {
    for (const line of readFileSync(path.join(root, file), 'utf8').split('\n')) {
      if (!line.startsWith('|') || line.includes(START)) continue;
      const named = [...line.matchAll(/`(\w+)\(/g)].map((m) => m[1]!).filter((n) => n in methods);
      const endpoints = [...line.matchAll(/`(GET|POST|DELETE) (\/[^`?\s]*)/g)].map((m) => `${m[1]} ${m[2]}`);
      if (named.length === 0 || endpoints.length === 0) continue;
      const called = named.map((n) => `${methods[n]!.method} ${methods[n]!.path}`);
      expect(new Set(endpoints), `${file}: ${line.slice(0, 80)}`).toEqual(new Set(called));
      checked++;
    }
  }
  expect(checked).toBeGreaterThanOrEqual(6); // docs/credit-reporting.md's steps at least
});
