/** The demo app's memory of applications: log entries per customer ref, and live subscribers (SSE). */
import type { ApplicationSnapshot, LogEntry } from './shared.js';

type Listener = (entry: LogEntry) => void;

interface Tracked extends ApplicationSnapshot {
  /** `state` sent with a server-to-server consent, checked when the bank sends the customer back. */
  consentState?: string;
}

export class ApplicationStore {
  readonly #apps = new Map<string, Tracked>();
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #everyRef = new Set<(ref: string, entry: LogEntry) => void>();

  get(ref: string): Tracked | undefined {
    return this.#apps.get(ref);
  }

  /** Customer refs in the order they were first seen. */
  refs(): string[] {
    return [...this.#apps.keys()];
  }

  ensure(ref: string): Tracked {
    let app = this.#apps.get(ref);
    if (!app) {
      app = { ref, entries: [], reportReady: false };
      this.#apps.set(ref, app);
    }
    return app;
  }

  snapshot(ref: string): ApplicationSnapshot {
    const { consentState: _hidden, ...snap } = this.ensure(ref);
    return { ...snap, entries: [...snap.entries] };
  }

  record(ref: string, entry: LogEntry): void {
    const app = this.ensure(ref);
    app.entries.push(entry);
    if (entry.type === 'application.report_ready') app.reportReady = true;
    for (const fn of this.#listeners.get(ref) ?? []) fn(entry);
    for (const fn of this.#everyRef) fn(ref, entry);
  }

  /** Every customer's entries as they are recorded (the Connections page's log). */
  subscribeAll(fn: (ref: string, entry: LogEntry) => void): () => void {
    this.#everyRef.add(fn);
    return () => this.#everyRef.delete(fn);
  }

  subscribe(ref: string, fn: Listener): () => void {
    let set = this.#listeners.get(ref);
    if (!set) this.#listeners.set(ref, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }
}
