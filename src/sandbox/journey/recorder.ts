/**
 * The journey sessions the sandbox records (src/protocol/journey-sessions.ts) from the journey-API calls it serves.
 * 1. A session is named by the call's `X-Journey-Session-Id` (the widget's `sessionId`, which the page got in
 *    `welcome`), else by the page load's own id (its session credential's). It begins with its first customer action.
 * 2. A customer action is a POST of the journey API (a step shown, a choice, a login); a GET (the page's status
 *    polling, the bank list, the bank-return page's read) is none: it changes nothing in the record.
 * 3. The session ends once: `completed` when the page shows its last step or the application's data is in; `exited`
 *    when the page says the customer left; `abandoned` when no action came for the inactivity time, on the clock of
 *    the token the session belongs to (its application's, else the first token's). A call about an ended session
 *    changes nothing.
 * 4. Ending it queues one `journey.session` event (opt-in: only receivers that name the type get it) in the session's
 *    trace (the traceparent its calls carried).
 * 5. Nothing the customer typed is kept: ids, step names, times, the bank, error codes.
 * 6. A session is kept 30 days after it started, on its token's clock.
 */
import type { Application } from '../core/state.js';
import type { TokenClock } from '../core/clock.js';
import type { TraceContext } from '../../protocol/trace-context.js';
import {
  JOURNEY_SESSION_RETENTION_MS,
  type EndedJourneySessionOutcome,
  type JourneySessionView,
} from '../../protocol/journey-sessions.js';

/** The step the journey shows last when it completes, and the one it shows when the customer left. */
const LAST_STEP = 'done';
const EXIT_STEP = 'exited';
/** Longest list of steps or errors one session keeps (a page that loops is cut off, not grown without end). */
const MAX_ENTRIES = 200;

/** What one journey-API call tells about its session. */
export interface SessionNote {
  sessionId: string;
  vendor: string;
  ref: string;
  /** A POST: the customer did something. */
  action: boolean;
  /** The call's trace context, when it carried a valid traceparent. */
  trace?: TraceContext | undefined;
  /** The application the call acted on, once there is one. */
  app?: Application | undefined;
  /** A step the page shows now. */
  step?: string | undefined;
  /** The code of an error the page shows now. */
  error?: string | undefined;
}

interface Recorded {
  view: JourneySessionView;
  owner: string;
  trace: TraceContext | undefined;
  seq: number;
  cancel?: (() => void) | undefined;
}

export interface RecorderOptions {
  clock(tokenId: string): TokenClock;
  /** The token a session without an application belongs to (the journey pages' applications' owner). */
  defaultOwner: string;
  inactivityMs: number;
  /** Queues the `journey.session` event (the sandbox's typed emit, outside any request). */
  ended(session: { owner: string; trace: TraceContext | undefined; view: JourneySessionView }): void;
}

export class JourneyRecorder {
  readonly #sessions = new Map<string, Recorded>();
  readonly #options: RecorderOptions;
  #seq = 0;

  constructor(options: RecorderOptions) {
    this.#options = options;
  }

  /** Records what one call says (constraints 1–3). */
  note(n: SessionNote): void {
    let s = this.#sessions.get(n.sessionId);
    if (!s) {
      if (!n.action) return;
      s = this.#begin(n);
    }
    const v = s.view;
    if (v.vendor !== n.vendor || v.ref !== n.ref || v.outcome !== 'in_progress') return;
    if (!s.trace && n.trace) [s.trace, v.trace_id] = [n.trace, n.trace.traceId];
    if (n.app) this.#attach(s, n.app);
    const at = this.#now(s);
    if (n.step !== undefined && n.step !== EXIT_STEP && n.step !== v.last_step && v.steps.length < MAX_ENTRIES) {
      v.steps.push({ step: n.step, at });
      v.last_step = n.step;
    }
    if (n.error !== undefined && v.errors.length < MAX_ENTRIES) v.errors.push({ code: n.error, step: v.last_step, at });
    if (n.step === EXIT_STEP) this.#end(s, 'exited');
    else if (n.step === LAST_STEP) this.#end(s, 'completed');
    else if (n.action) {
      v.last_action_at = at;
      this.#arm(s);
    }
  }

  /** The application's data is in: its sessions still open complete (a journey run without a page, constraint 3). */
  dataIn(app: Application): void {
    for (const s of this.#sessions.values())
      if (s.view.application_id === app.id && s.view.outcome === 'in_progress') this.#end(s, 'completed');
  }

  /** A session of `owner`'s, while it is kept. */
  get(owner: string, id: string): JourneySessionView | undefined {
    const s = this.#sessions.get(id);
    return s && s.owner === owner && this.#kept(s) ? structuredClone(s.view) : undefined;
  }

  /** `owner`'s sessions kept now, in the order they began, each with its position (its sequence number). */
  kept(owner: string): Array<{ position: number; view: JourneySessionView }> {
    const out: Array<{ position: number; view: JourneySessionView }> = [];
    for (const s of this.#sessions.values())
      if (s.owner === owner && this.#kept(s)) out.push({ position: s.seq, view: s.view });
    return out;
  }

  #begin(n: SessionNote): Recorded {
    const owner = n.app?.owner ?? this.#options.defaultOwner;
    const at = this.#options.clock(owner).now().toISOString();
    const s: Recorded = {
      owner,
      trace: undefined,
      seq: ++this.#seq,
      view: {
        session_id: n.sessionId,
        vendor: n.vendor,
        ref: n.ref,
        application_id: null,
        trace_id: null,
        started_at: at,
        last_action_at: at,
        ended_at: null,
        outcome: 'in_progress',
        last_step: null,
        steps: [],
        institution: null,
        errors: [],
      },
    };
    this.#sessions.set(n.sessionId, s);
    return s;
  }

  #attach(s: Recorded, app: Application): void {
    s.view.application_id = app.id;
    if (app.institution) {
      const { id, name, pathway } = app.institution;
      s.view.institution = { id, name, pathway };
    }
    if (s.owner !== app.owner) {
      s.owner = app.owner;
      this.#arm(s);
    }
  }

  #now(s: Recorded): string {
    return this.#options.clock(s.owner).now().toISOString();
  }

  #kept(s: Recorded): boolean {
    return this.#options.clock(s.owner).now().getTime() - Date.parse(s.view.started_at) < JOURNEY_SESSION_RETENTION_MS;
  }

  #arm(s: Recorded): void {
    s.cancel?.();
    const due = Date.parse(s.view.last_action_at) + this.#options.inactivityMs;
    s.cancel = this.#options.clock(s.owner).at(due, () => this.#end(s, 'abandoned'));
  }

  #end(s: Recorded, outcome: EndedJourneySessionOutcome): void {
    s.cancel?.();
    s.cancel = undefined;
    s.view.outcome = outcome;
    s.view.ended_at = this.#now(s);
    this.#options.ended({ owner: s.owner, trace: s.trace, view: structuredClone(s.view) });
  }
}
