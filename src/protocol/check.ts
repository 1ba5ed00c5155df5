/**
 * A tiny schema checker for the browser message path. zod/mini's floor (~5.5 KB gzip) alone would be half the
 * inline widget's 10 KB budget; these ~0.5 KB cover what the message protocol needs. Semantics follow zod's
 * (objects strip unknown keys, optional accepts a missing key), and test/protocol/check-vs-zod.test.ts checks with
 * fast-check that every schema in messages.ts accepts exactly what its zod twin accepts and returns the same data.
 * Server-side code keeps using zod.
 */
/**
 * Where a value failed. No message: the browser path reports only the paths (`decodeMessage`'s detail) or success
 * (`checkOutgoing`), so a message per check would be bytes no one reads.
 */
export interface Issue {
  path: PropertyKey[];
}
export type SafeParseResult<T> = { success: true; data: T } | { success: false; error: { issues: Issue[] } };

type Run<T> = (value: unknown, path: PropertyKey[], issues: Issue[]) => T;

export interface Schema<T> {
  /** @internal runs the check, pushing issues; the return value is meaningful only when no issue was pushed. */
  readonly run: Run<T>;
  /** Set on `opt()` schemas: a missing key is fine. */
  readonly optional?: true;
  safeParse(value: unknown): SafeParseResult<T>;
}
export type Infer<S> = S extends Schema<infer T> ? T : never;

function schema<T>(run: Run<T>, optional?: true): Schema<T> {
  return {
    run,
    optional,
    safeParse(value) {
      const issues: Issue[] = [];
      const data = run(value, [], issues);
      return issues.length ? { success: false, error: { issues } } : { success: true, data };
    },
  };
}

const fail = <T>(issues: Issue[], path: PropertyKey[]): T => {
  issues.push({ path });
  return undefined as T;
};

/** A string of `min`..`max` characters. */
export const str = (min = 0, max = Infinity): Schema<string> =>
  schema((v, p, i) => (typeof v === 'string' && v.length >= min && v.length <= max ? v : fail(i, p)));

/** A string matching `pattern` (as zod's `z.string().check(z.regex(pattern))`; give `pattern` no `g`/`y` flag). */
export const match = (pattern: RegExp): Schema<string> =>
  schema((v, p, i) => (typeof v === 'string' && pattern.test(v) ? v : fail(i, p)));

export const bool = (): Schema<boolean> => schema((v, p, i) => (typeof v === 'boolean' ? v : fail(i, p)));

export const oneOf = <const V extends readonly string[]>(values: V): Schema<V[number]> =>
  schema((v, p, i) => (values.includes(v as string) ? (v as V[number]) : fail(i, p)));

/** An absolute http(s) URL (as zod's `z.url({ protocol: /^https?$/ })`: parsable by `URL`, scheme http or https). */
export const httpUrl = (): Schema<string> =>
  schema((v, p, i) => {
    if (typeof v === 'string') {
      try {
        const { protocol } = new URL(v);
        if (protocol === 'http:' || protocol === 'https:') return v;
      } catch {
        /* not a URL */
      }
    }
    return fail(i, p);
  });

export const opt = <T>(inner: Schema<T>): Schema<T | undefined> & { readonly optional: true } =>
  schema((v, p, i) => (v === undefined ? undefined : inner.run(v, p, i)), true) as Schema<T | undefined> & {
    readonly optional: true;
  };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S];
type ObjectOut<S extends Shape> = { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & {
  [K in OptionalKeys<S>]?: Infer<S[K]>;
};
type Flatten<T> = { [K in keyof T]: T[K] };

/** An object with these keys; unknown keys are dropped, as zod's `z.object` does. */
export const obj = <S extends Shape>(shape: S): Schema<Flatten<ObjectOut<S>>> =>
  schema((v, p, i) => {
    if (!isPlainObject(v)) return fail(i, p);
    const out: Record<string, unknown> = {};
    for (const key in shape) {
      const value = shape[key]!.run(v[key], [...p, key], i);
      if (value !== undefined || key in v) out[key] = value;
    }
    return out as Flatten<ObjectOut<S>>;
  });

/** A record of string values (keys are strings by construction). */
export const strRecord = (): Schema<Record<string, string>> =>
  schema((v, p, i) => {
    if (!isPlainObject(v)) return fail(i, p);
    for (const key of Object.keys(v)) if (typeof v[key] !== 'string') fail(i, [...p, key]);
    return { ...(v as Record<string, string>) };
  });
