/**
 * The funnel of journey sessions (the service's records, `client.listJourneySessions`): how many sessions reached each
 * step, how they ended, by bank and pathway. Pure: the funnel page (funnel-page.ts) draws what `funnelOf` counts, and
 * the sandbox's test counts 1,000 sessions with it.
 */
import type { JourneySessionView } from '../src/server/types.js';

/** The journey's steps in the order a customer meets them (a pathway takes one of `crawler_login`, `bank_authorisation`). */
export const FUNNEL_STEPS = [
  'terms',
  'details',
  'banks',
  'bank',
  'crawler_login',
  'bank_authorisation',
  'retrieving',
  'done',
] as const;
export const OUTCOMES = ['completed', 'exited', 'abandoned', 'in_progress'] as const;

export interface FunnelFilter {
  /** Only sessions at this bank (its id). */
  bank?: string | undefined;
  /** Only sessions on this pathway (`cdr`, `crawler`). */
  pathway?: string | undefined;
}

export interface BankRow {
  bank: string;
  name: string;
  pathway: string;
  sessions: number;
  completed: number;
}

export interface Funnel {
  sessions: number;
  /** Sessions that showed each step, in FUNNEL_STEPS' order. */
  steps: Array<{ step: string; reached: number }>;
  outcomes: Record<(typeof OUTCOMES)[number], number>;
  /** Where the sessions that did not complete stopped: their `last_step`, most first. */
  stoppedAt: Array<{ step: string; sessions: number }>;
  /** Every bank and pathway seen (whatever the filter), most sessions first; `-` for sessions before a bank. */
  byBank: BankRow[];
}

const matches = (s: JourneySessionView, f: FunnelFilter) =>
  (f.bank === undefined || s.institution?.id === f.bank) &&
  (f.pathway === undefined || s.institution?.pathway === f.pathway);

export function funnelOf(all: readonly JourneySessionView[], filter: FunnelFilter = {}): Funnel {
  const sessions = all.filter((s) => matches(s, filter));
  const outcomes = { completed: 0, exited: 0, abandoned: 0, in_progress: 0 };
  const stopped = new Map<string, number>();
  for (const s of sessions) {
    if (s.outcome in outcomes) outcomes[s.outcome as keyof typeof outcomes]++;
    if (s.outcome === 'exited' || s.outcome === 'abandoned') {
      const at = s.last_step ?? '(none)';
      stopped.set(at, (stopped.get(at) ?? 0) + 1);
    }
  }
  const banks = new Map<string, BankRow>();
  for (const s of all) {
    const bank = s.institution?.id ?? '-';
    const pathway = s.institution?.pathway ?? '-';
    const key = `${bank} ${pathway}`;
    const name = s.institution?.name ?? 'No bank chosen';
    const row = banks.get(key) ?? { bank, name, pathway, sessions: 0, completed: 0 };
    row.sessions++;
    if (s.outcome === 'completed') row.completed++;
    banks.set(key, row);
  }
  return {
    sessions: sessions.length,
    steps: FUNNEL_STEPS.map((step) => ({
      step,
      reached: sessions.filter((s) => s.steps.some((x) => x.step === step)).length,
    })),
    outcomes,
    stoppedAt: [...stopped].map(([step, n]) => ({ step, sessions: n })).sort((a, b) => b.sessions - a.sessions),
    byBank: [...banks.values()].sort((a, b) => b.sessions - a.sessions),
  };
}

/** One session's timeline: each step and error at its offset from the start (ms), then how it ended. */
export function timelineOf(s: JourneySessionView): Array<{ atMs: number; what: string; error?: true }> {
  const t0 = Date.parse(s.started_at);
  const rows: Array<{ atMs: number; what: string; error?: true }> = [
    ...s.steps.map((x) => ({ atMs: Date.parse(x.at) - t0, what: x.step })),
    ...s.errors.map((e) => ({ atMs: Date.parse(e.at) - t0, what: `error ${e.code}`, error: true as const })),
  ];
  if (s.ended_at) rows.push({ atMs: Date.parse(s.ended_at) - t0, what: s.outcome });
  return rows.sort((a, b) => a.atMs - b.atMs);
}
