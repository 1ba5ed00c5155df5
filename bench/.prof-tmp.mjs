import { register } from 'tsx/esm/api'; register();
const ours = await import('../src/server/index.ts');
const { parseWebhookEvent, webhookEnvelopeSchema, webhookDataSchemas } = await import('../src/protocol/webhooks.ts');
import { createHmac } from 'node:crypto';
const body = JSON.stringify({ event_id: 'evt_bench_1', type: 'crawl.completed', created_at: '2026-11-22T00:00:00Z', vendor: 'acme', ref: 'c1', data: { accounts: 3, transactions: 120, note: 'x'.repeat(850) } });
const buf = Buffer.from(body);
const WHSEC = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const s = await ours.signWebhook({ payload: body, scheme: 'standard', secret: WHSEC, id: 'msg_1' });
const h = await ours.signWebhook({ payload: body, tokenId: 'wh_1', secret: 'sec', path: '/w' });
const keys=[{tokenId:'s',secret:WHSEC}];
const t = async (name, fn, n=200000) => { for (let i=0;i<20000;i++) { const r = fn(); if (r && r.then) await r; } const t0=performance.now(); for (let i=0;i<n;i++) { const r = fn(); if (r && r.then) await r; } console.log(name.padEnd(28), ((performance.now()-t0)*1000/n).toFixed(2),'µs'); };
const obj = JSON.parse(body);
const KEY = Buffer.from(WHSEC.slice(6),'base64');
for (let rep=0; rep<2; rep++) {
await t('buf.toString+parse', () => JSON.parse(buf.toString()));
await t('zod parseWebhookEvent', () => parseWebhookEvent(obj));
await t('zod envelope only', () => webhookEnvelopeSchema.safeParse(obj));
await t('zod data only', () => webhookDataSchemas['crawl.completed'].safeParse(obj.data));
await t('hmac', () => createHmac('sha256', KEY).update('msg_1.123.').update(buf).digest('base64'));
await t('ours verify std', () => ours.verifyWebhook({ body: buf, headers: s.headers, keys, scheme: 'standard' }));
await t('ours verify hmac', () => ours.verifyWebhook({ body: buf, headers: h.headers, keys: [{tokenId:'wh_1', secret:'sec'}], path: '/w' }));
}
