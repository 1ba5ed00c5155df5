// The webhook handler with PostgresInbox under load: autocannon (in this process) against
// toNodeHandler(createWebhookHandler({ store: PostgresInbox })) whose handler writes one effect row per event through
// ctx.db (committed with the done-mark in one transaction), against the floor (the same guarantee by hand: verify,
// then BEGIN; INSERT id ON CONFLICT DO NOTHING; the effect row; COMMIT, on a pool of the same size) and against a bare
// node:http server answering 200, each in its own process, interleaved (bare, floor, inbox, bare, floor, inbox…).
// 20 % of deliveries are copies of earlier events. After each floor and inbox round, the effect rows per event_id are
// counted in PostgreSQL: every event exactly once, none lost. Then bursts of simultaneous copies of one event (the
// duplicates section's check, on the inbox).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres } from '../../test/support/postgres.ts';
import { deliveryPlan, signDelivery } from '../lib/deliveries.mjs';
import { fmtInt, fmtMs, fmtRatio, fmtSpread, judge, median, spreadOf } from '../lib/stats.mjs';
import { startTarget } from '../lib/target.mjs';
import { BEFORE_EFFECTS, FLOOR_EFFECTS, INBOX_EFFECTS, INBOX_POOL, WEBHOOK } from '../servers/webhook-target.mjs';
import { blast } from './load.mjs';

export const title = 'Webhook handler + PostgresInbox under load';

const TOTAL = 3000;
const ROUNDS = 5;
const WARM_UP = 2000;
const BURST_COPIES = 200;
const BURST_EVENTS = 3;

/** CPU time (µs) of the PostgreSQL server: the postmaster and its children (the pool's backends stay connected). */
function postgresCpu(dataDir) {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const tick = 1e6 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
  let us = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from 3 (state) on
    if (Number(pid) === postmaster || Number(f[1]) === postmaster) us += (Number(f[11]) + Number(f[12])) * tick;
  }
  return us;
}

async function targetCpu(url) {
  return (await (await fetch(`${url}/__bench/cpu`)).json()).us;
}

function send(agent, url, d) {
  return new Promise((resolve, reject) => {
    const req = request(url + WEBHOOK.path, { method: 'POST', headers: d.headers, agent, timeout: 15_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy(new Error('delivery timed out')));
    req.on('error', reject);
    req.end(d.body);
  });
}

/** Effect rows per event id: how many events have one, more than one, none. */
async function exactlyOnce(pool, eventIds, table = INBOX_EFFECTS) {
  const { rows } = await pool.query(
    `SELECT event_id, count(*)::int AS n FROM ${table} WHERE event_id = ANY($1) GROUP BY event_id`,
    [eventIds],
  );
  const n = new Map(rows.map((r) => [r.event_id, r.n]));
  let once = 0;
  let doubles = 0;
  let losses = 0;
  for (const id of eventIds) {
    const k = n.get(id) ?? 0;
    if (k === 1) once++;
    else if (k === 0) losses++;
    else doubles++;
  }
  return { once, doubles, losses };
}

const statusText = (s) =>
  Object.entries(s)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

export async function run({ total = TOTAL, rounds = ROUNDS } = {}) {
  const db = await startPostgres();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  pool.on('error', () => {});
  const targets = [];
  const dispatcher = new Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    await pool.query(`CREATE TABLE ${INBOX_EFFECTS} (event_id text NOT NULL)`); // no unique constraint: doubles show
    await pool.query(`CREATE TABLE ${FLOOR_EFFECTS} (event_id text NOT NULL)`);
    await pool.query(`CREATE TABLE ${BEFORE_EFFECTS} (event_id text NOT NULL)`);
    const bare = await startTarget('bare');
    targets.push(bare);
    const floor = await startTarget('floor', { databaseUrl: db.url });
    targets.push(floor);
    const inbox = await startTarget('inbox', { databaseUrl: db.url });
    targets.push(inbox);
    // BENCH_COMPARE=DIR: DIR/dist/server.js (an earlier build) as one more target, its own tables, in the same rounds.
    const before = process.env.BENCH_COMPARE ? await startTarget('inbox-before', { databaseUrl: db.url }) : undefined;
    if (before) targets.push(before);
    const beforeRatios = [];
    const toBefore = [];
    const beforeChecks = [];
    const warm = await deliveryPlan({ total: WARM_UP, prefix: 'pgwarm', seed: 98 });
    for (const t of targets) await blast(t.url, warm.deliveries);
    const rows = [];
    const ratios = [];
    const floorRatios = [];
    const checks = [];
    const floorChecks = [];
    const cpu = { bare: [], inbox: [], postgres: [], floor: [], floorPostgres: [] };
    for (let r = 1; r <= rounds; r++) {
      const plan = await deliveryPlan({ total, prefix: `pg${r}`, seed: 50 + r });
      const b0 = await targetCpu(bare.url);
      const b = await blast(bare.url, plan.deliveries);
      cpu.bare.push(((await targetCpu(bare.url)) - b0) / total);
      // The floor and the inbox take turns going first (the tables of the one that goes second have just grown).
      const runFloor = async () => {
        const f0 = await targetCpu(floor.url);
        const fp0 = postgresCpu(path.join(db.dir, 'data'));
        const f = await blast(floor.url, plan.deliveries);
        cpu.floorPostgres.push((postgresCpu(path.join(db.dir, 'data')) - fp0) / total);
        cpu.floor.push(((await targetCpu(floor.url)) - f0) / total);
        floorChecks.push(await exactlyOnce(pool, plan.eventIds, FLOOR_EFFECTS));
        return f;
      };
      const runInbox = async () => {
        const i0 = await targetCpu(inbox.url);
        const p0 = postgresCpu(path.join(db.dir, 'data'));
        const h = await blast(inbox.url, plan.deliveries);
        cpu.postgres.push((postgresCpu(path.join(db.dir, 'data')) - p0) / total);
        cpu.inbox.push(((await targetCpu(inbox.url)) - i0) / total);
        checks.push(await exactlyOnce(pool, plan.eventIds));
        return h;
      };
      let f;
      let h;
      let bf;
      const runBefore = async () => {
        const x = await blast(before.url, plan.deliveries);
        beforeChecks.push(await exactlyOnce(pool, plan.eventIds, BEFORE_EFFECTS));
        return x;
      };
      if (before) {
        // Three targets: each goes first, second and third in turn.
        const order = [
          async () => (f = await runFloor()),
          async () => (h = await runInbox()),
          async () => (bf = await runBefore()),
        ];
        for (let i = 0; i < 3; i++) await order[(i + r) % 3]();
        beforeRatios.push(bf.rps / f.rps);
        toBefore.push(h.rps / bf.rps);
        process.stderr.write(
          `round ${r}: inbox/floor ${fmtRatio(h.rps / f.rps)}, before/floor ${fmtRatio(bf.rps / f.rps)}, ` +
            `inbox/before ${fmtRatio(h.rps / bf.rps)}, before ${JSON.stringify(beforeChecks.at(-1))}\n`,
        );
      } else if (r % 2) {
        f = await runFloor();
        h = await runInbox();
      } else {
        h = await runInbox();
        f = await runFloor();
      }
      const floorOnce = floorChecks.at(-1);
      const once = checks.at(-1);
      ratios.push(h.rps / b.rps);
      floorRatios.push(h.rps / f.rps);
      const line = (name, x, ratio, toFloor, runs) => [
        `${r}`,
        name,
        fmtInt(x.rps),
        ratio,
        toFloor,
        fmtMs(x.p50, 0),
        fmtMs(x.p99, 0),
        statusText(x.statuses),
        runs,
      ];
      const effectRows = (x) => `${x.once}/${plan.uniques} once, ${x.doubles} doubles, ${x.losses} lost`;
      rows.push(line('bare node:http (200)', b, '—', '—', '—'));
      rows.push(
        line(
          'floor: verify + BEGIN; INSERT … ON CONFLICT; effect; COMMIT',
          f,
          fmtRatio(f.rps / b.rps),
          '—',
          effectRows(floorOnce),
        ),
      );
      rows.push(
        line(
          '**toNodeHandler + PostgresInbox**',
          h,
          fmtRatio(h.rps / b.rps),
          fmtRatio(h.rps / f.rps),
          effectRows(once),
        ),
      );
    }
    // Bursts: BURST_COPIES identical copies of one event at once (one connection each) → one effect row.
    let burstOk = 0;
    const burstStatuses = {};
    for (let e = 0; e < BURST_EVENTS; e++) {
      const d = await signDelivery(`pgburst_${e}`, e);
      const statuses = await Promise.all(Array.from({ length: BURST_COPIES }, () => send(dispatcher, inbox.url, d)));
      for (const s of statuses) burstStatuses[s] = (burstStatuses[s] ?? 0) + 1;
      const resend = await send(dispatcher, inbox.url, d);
      const once = await exactlyOnce(pool, [d.eventId]);
      if (once.once === 1 && resend === 200) burstOk++;
    }
    if (before) {
      const range = (xs) => `${fmtRatio(Math.min(...xs))}–${fmtRatio(Math.max(...xs))}`;
      process.stderr.write(
        `inbox/floor median ${fmtRatio(median(floorRatios))} (rounds ${range(floorRatios)}); ` +
          `before/floor median ${fmtRatio(median(beforeRatios))} (rounds ${range(beforeRatios)}); ` +
          `inbox/before median ${fmtRatio(median(toBefore))} (rounds ${range(toBefore)})\n`,
      );
    }
    const doubles = checks.reduce((n, c) => n + c.doubles, 0);
    const losses = checks.reduce((n, c) => n + c.losses, 0);
    const floorDoubles = floorChecks.reduce((n, c) => n + c.doubles, 0);
    const floorLosses = floorChecks.reduce((n, c) => n + c.losses, 0);
    const us = (xs) => `${median(xs).toFixed(0)} µs`;
    return {
      title,
      intro:
        `${rounds} interleaved rounds (bare, floor, inbox) of ${fmtInt(total)} signed deliveries each ` +
        `(${fmtInt(total * 0.8)} events + ${fmtInt(total * 0.2)} copies of earlier ones), after ${fmtInt(WARM_UP)} ` +
        'warm-up deliveries per target; autocannon with 16 keep-alive connections, pipelining 1, on loopback. Each ' +
        `target runs in its own Node process; PostgreSQL ${pgVersion(db)} is private to this section ` +
        '(test/support/postgres.ts: a copy of a cluster initdb made once, in a temp dir, `fsync=off` — a production ' +
        `server also waits for its disk at each commit). The inbox and floor targets each have a pg Pool of ${INBOX_POOL}. Per new event the inbox ` +
        "sends two messages besides the handler's `INSERT` of one effect row through `ctx.db`: `BEGIN; EXECUTE` of " +
        'the claim (prepared once per connection: `pg_try_advisory_xact_lock(…)` and the lookup of the event) and ' +
        "the session's reset (six statements: what the handler may have changed on the pooled connection), `EXECUTE` " +
        "of the prepared done-mark (`INSERT … ON CONFLICT … DO UPDATE`, only in the claim's transaction), then " +
        '`COMMIT`, one message; a copy of a done event ' +
        'is the first message and a ROLLBACK not waited for. The floor verifies the same way, then sends ' +
        '`BEGIN`, `INSERT id ON CONFLICT DO NOTHING`, the effect row and `COMMIT`, one round trip each. Exactly-once ' +
        `is checked by counting effect rows per event_id (no unique constraint on them). Then ${BURST_EVENTS} bursts ` +
        `of ${BURST_COPIES} simultaneous copies of one event, each followed by a resend.`,
      tables: [
        {
          columns: [
            'round',
            'target',
            'deliveries/s',
            'ratio to bare',
            'ratio to floor',
            'p50',
            'p99',
            'HTTP statuses',
            'effect rows per event',
          ],
          rows,
        },
        {
          caption: 'CPU time per delivery (median over rounds; the load generator not included)',
          columns: ['target', 'target process', 'PostgreSQL (all its processes)'],
          rows: [
            ['bare node:http (200)', us(cpu.bare), '—'],
            ['floor (verify + four statements by hand)', us(cpu.floor), us(cpu.floorPostgres)],
            ['toNodeHandler + PostgresInbox', us(cpu.inbox), us(cpu.postgres)],
          ],
        },
        {
          caption: `${BURST_COPIES} simultaneous copies of one event`,
          columns: ['events', 'one effect row and resend → 200', 'HTTP statuses of the copies'],
          rows: [[String(BURST_EVENTS), `${burstOk}/${BURST_EVENTS}`, statusText(burstStatuses)]],
        },
      ],
      goals: [
        {
          name: 'throughput ratio to the floor (the same guarantee by hand, same pool and load; PostgresInbox)',
          goal: '≥ 0.85×',
          figure: fmtSpread(spreadOf(floorRatios)),
          met: judge(spreadOf(floorRatios), 0.85),
          bound:
            `CPU per delivery: ${us(cpu.inbox)} in the handler process and ${us(cpu.postgres)} in PostgreSQL, ` +
            `against ${us(cpu.floor)} and ${us(cpu.floorPostgres)} for the floor: the inbox sends two messages ` +
            'besides the effect (the floor four), its statements prepared once per connection; it also runs the ' +
            "handler's path (verify, claim, context, fenced ctx.db, the reply), resets the session a handler may have " +
            'changed (about a sixth of its PostgreSQL instructions per new event, by callgrind) and keeps a done_at ' +
            'index for prune() (about 3 %); the floor, whose code is fixed and whose table is never pruned, needs neither. ' +
            'Throughput is bound by that CPU: the load generator, the targets and PostgreSQL share ' +
            `${os.cpus().length} cores.`,
        },
        {
          name: 'throughput ratio to a bare server (PostgresInbox, one effect row per event)',
          goal: 'reported',
          figure: fmtSpread(spreadOf(ratios)),
          met: null,
          reported: true,
          bound: `the floor itself reaches ${fmtRatio(median(floorRatios.map((x, i) => ratios[i] / x)))} of bare`,
        },
        {
          name: 'exactly-once effects under load, the floor (doubles, losses)',
          goal: '0, 0',
          figure: `${floorDoubles}, ${floorLosses}`,
          met: floorDoubles === 0 && floorLosses === 0,
        },
        {
          name: 'exactly-once effects under load, PostgresInbox (doubles, losses)',
          goal: '0, 0',
          figure: `${doubles}, ${losses}`,
          met: doubles === 0 && losses === 0,
        },
        {
          name: `one effect row for ${BURST_COPIES} simultaneous copies (PostgresInbox)`,
          goal: `${BURST_EVENTS}/${BURST_EVENTS}`,
          figure: `${burstOk}/${BURST_EVENTS}`,
          met: burstOk === BURST_EVENTS,
        },
      ],
      notes: [
        "A copy arriving while the original holds the event's advisory lock is answered 409 at once and not " +
          'processed; the original commits, so nothing is lost.',
      ],
    };
  } finally {
    for (const t of targets) await t.stop();
    dispatcher.destroy();
    await pool.end().catch(() => {});
    await db.destroy();
  }
}

function pgVersion(db) {
  try {
    return readFileSync(path.join(db.dir, 'data', 'PG_VERSION'), 'utf8').trim();
  } catch {
    return '';
  }
}
