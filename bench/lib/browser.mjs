// The Chromium side of the bench: Debian's Chromium through Playwright (never a downloaded browser), launched with
// playwright.config.ts's arguments; an integrator page on one loopback origin (localhost) and the journey on another
// (the sandbox on 127.0.0.1), so parent and journey really are two origins and two renderer processes.
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { root } from './bundle.mjs';
import { listen } from './http.mjs';
import { CHROMIUM_PATH } from './machine.mjs';

export async function launchChromium() {
  const config = (await import('../../playwright.config.ts')).default;
  const args = config.use?.launchOptions?.args ?? ['--no-sandbox', '--disable-gpu'];
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args });
}

/** Bundles a fixture as an IIFE for the browser (unminified: these are harness pages, not size figures). */
export async function browserBundle(fixture) {
  const out = await build({
    entryPoints: [path.join(root, 'bench/fixtures', fixture)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return out.outputFiles[0].contents;
}

const html = (script, body = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head><body>${body}<script src="${script}"></script></body></html>`;

/** The integrator page: `/` loads the widget harness (window.HJ). Served on http://localhost:<port>. */
export async function startParentPage() {
  const js = await browserBundle('harness.js');
  const server = await listen((req, res) => {
    if (req.url === '/harness.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    return res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(html('/harness.js', '<div id="slots"></div>'));
  });
  return { url: server.url.replace('127.0.0.1', 'localhost'), close: server.close };
}

/** A journey origin serving only the relay fixture at /i/{vendor}/{ref}. Served on http://127.0.0.1:<port>. */
export async function startRelayJourney() {
  const js = await browserBundle('relay-journey.js');
  const server = await listen((req, res) => {
    if (req.url === '/relay.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    if (req.url?.startsWith('/i/'))
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html('/relay.js'));
    return res.writeHead(404).end();
  });
  return server;
}

/** The sandbox (journey pages at /i/{vendor}/{ref}) on 127.0.0.1, with the test defaults when the helper exists. */
export async function startJourneySandbox() {
  const { startSandbox } = await import('../../src/sandbox/index.ts');
  const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, crawlDelayMs: 0, duplicateRate: 0 });
  return sandbox;
}

/** Proportional set size (KiB) summed over this process's Chromium descendants (Linux /proc; 0 elsewhere). */
export function chromiumPssKiB() {
  let procs;
  try {
    procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  const parent = new Map();
  const name = new Map();
  for (const pid of procs) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      name.set(pid, stat.slice(stat.indexOf('(') + 1, close));
      parent.set(pid, stat.slice(close + 2).split(' ')[1]);
    } catch {
      /* exited meanwhile */
    }
  }
  const mine = (pid) => {
    for (let p = pid, hops = 0; p && p !== '0' && hops < 64; p = parent.get(p), hops++)
      if (p === String(process.pid)) return true;
    return false;
  };
  let total = 0;
  for (const pid of procs) {
    if (pid === String(process.pid) || !/chrom/i.test(name.get(pid) ?? '') || !mine(pid)) continue;
    try {
      total += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* exited meanwhile */
    }
  }
  return total;
}
