#!/usr/bin/env node
// CPU time per verification at 1 KiB (process.cpuUsage over 40 000 calls, median of 5 interleaved rounds): ours — a
// verifier made once (createWebhookVerifier, with and without payload validation) and the one-shot verifyWebhook —
// beside the raw node:crypto implementation of each scheme, sync and behind `async`. CPU time, unlike ops/s, holds
// up on a shared machine. Not a test: `node bench/verify-cpu.mjs`.
import { register } from 'tsx/esm/api';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
register();
const ours = { ...(await import('../src/server/index.ts')), ...(await import('../src/server/testing.ts')) };
const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const KEY = Buffer.from(WHSEC.slice(6), 'base64');
const SECRET = 'webhook-secret-1';
const P = '/webhooks';
const base = {
  event_id: 'evt_bench_1',
  type: 'crawl.completed',
  created_at: '2026-11-22T00:00:00Z',
  vendor: 'acme',
  ref: 'c1',
  data: { accounts: 3, transactions: 120, note: 'x'.repeat(850) },
};
const body = Buffer.from(JSON.stringify(base));
const std = await ours.signWebhook({ payload: body, scheme: 'standard', secret: WHSEC, id: 'msg_1' });
const hm = await ours.signWebhook({ payload: body, tokenId: 'wh_1', secret: SECRET, path: P });
function rawStd(b, h, key) {
  if (Math.abs(Date.now() / 1000 - Number(h['webhook-timestamp'])) > 300) throw new Error('ts');
  const e = createHmac('sha256', key).update(`${h['webhook-id']}.${h['webhook-timestamp']}.`).update(b).digest();
  const g = Buffer.from(h['webhook-signature'].slice(3), 'base64');
  if (g.length !== e.length || !timingSafeEqual(g, e)) throw new Error('sig');
  return JSON.parse(b);
}
function rawHmac(b, h, secret, p) {
  if (Math.abs(Date.now() - Date.parse(h.date)) > 300_000) throw new Error('timestamp');
  const md5 = createHash('md5').update(b).digest('base64');
  if (md5 !== h['content-md5']) throw new Error('digest');
  const sig = h.authorization.slice(h.authorization.indexOf(':') + 1);
  const text = `POST\n${h['content-md5']}\n${h['content-type']}\n${h.date}\n${p}`;
  const e = createHmac('sha256', secret).update(text).digest();
  const g = Buffer.from(sig, 'base64');
  if (g.length !== e.length || !timingSafeEqual(g, e)) throw new Error('signature');
  return JSON.parse(b);
}
const vStd = ours.createWebhookVerifier({ keys: [{ tokenId: 'std', secret: WHSEC }], scheme: 'standard' });
const vHm = ours.createWebhookVerifier({ keys: [{ tokenId: 'wh_1', secret: SECRET }], path: P });
const sStd = ours.createWebhookSignatureVerifier({ keys: [{ tokenId: 'std', secret: WHSEC }], scheme: 'standard' });
const stdKeys = [{ tokenId: 'std', secret: WHSEC }];
const hKeys = [{ tokenId: 'wh_1', secret: SECRET }];
const cases = {
  'std raw': () => rawStd(body, std.headers, KEY),
  'std raw async': async () => rawStd(body, std.headers, KEY),
  'std prepared verify': () => vStd.verify({ body, headers: std.headers }),
  'std prepared signature-only': () => sStd.verify({ body, headers: std.headers }),
  'std one-shot verifyWebhook': () =>
    ours.verifyWebhook({ body, headers: std.headers, keys: stdKeys, scheme: 'standard' }),
  'hmac raw': () => rawHmac(body, hm.headers, SECRET, P),
  'hmac raw async': async () => rawHmac(body, hm.headers, SECRET, P),
  'hmac prepared verify': () => vHm.verify({ body, headers: hm.headers }),
  'hmac one-shot verifyWebhook': () => ours.verifyWebhook({ body, headers: hm.headers, keys: hKeys, path: P }),
};
const N = 40000;
const res = {};
for (let round = 0; round < 5; round++)
  for (const [k, f] of Object.entries(cases)) {
    for (let i = 0; i < 2000; i++) {
      const r = f();
      if (r?.then) await r;
    }
    const t0 = process.cpuUsage();
    for (let i = 0; i < N; i++) {
      const r = f();
      if (r?.then) await r;
    }
    const u = process.cpuUsage(t0);
    (res[k] ??= []).push((u.user + u.system) / N);
  }
const med = (a) => a.sort((x, y) => x - y)[a.length >> 1];
for (const [k, a] of Object.entries(res))
  console.log(
    k.padEnd(30),
    med(a).toFixed(2),
    'µs',
    (med(res[k.startsWith('std') ? 'std raw' : 'hmac raw']) / med(a)).toFixed(2) + '× raw',
  );
