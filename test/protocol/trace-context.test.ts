import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_TRACEPARENT_LENGTH,
  MAX_TRACESTATE_LENGTH,
  childContext,
  formatTraceparent,
  parseTraceHeaders,
  parseTraceparent,
  parseTracestate,
  randomHexId,
} from '../../src/protocol/trace-context.js';

const GOOD = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));

describe('parseTraceparent', () => {
  it("reads the Recommendation's example", () => {
    expect(parseTraceparent(GOOD)).toEqual({
      ok: true,
      context: { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', flags: 1 },
    });
  });

  it.each([
    [undefined, 'missing'],
    [null, 'missing'],
    ['', 'missing'],
    [42, 'malformed'],
    [{ toString: () => GOOD }, 'malformed'],
    ['ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', 'version'],
    ['00-00000000000000000000000000000000-00f067aa0ba902b7-01', 'zero_id'],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01', 'zero_id'],
    ['00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01', 'malformed'],
    ['00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01', 'malformed'],
    ['00-4bf92f3577b34da6a3ce929d0e0e47366-00f067aa0ba902b7-01', 'malformed'],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b-01', 'malformed'],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-1', 'malformed'],
    ['00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra', 'malformed'],
    [` ${GOOD}`, 'malformed'],
    [`${GOOD}\n`, 'malformed'],
    ['0-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', 'malformed'],
    [`01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-${'x'.repeat(MAX_TRACEPARENT_LENGTH)}`, 'oversize'],
    ['x'.repeat(10_000), 'oversize'],
  ])('ignores %j as %s', (value, problem) => {
    expect(parseTraceparent(value)).toEqual({ ok: false, problem });
  });

  it('reads a later version as 00, its extra fields after a dash ignored', () => {
    const later = '01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-03-what-comes-next';
    const p = parseTraceparent(later);
    expect(p.ok && formatTraceparent(p.context)).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-03');
    expect(parseTraceparent('01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-03x').ok).toBe(false);
  });

  it('format ∘ parse is the identity on every valid version-00 value', () => {
    fc.assert(
      fc.property(hex(32), hex(16), hex(2), (t, s, f) => {
        fc.pre(!/^0+$/.test(t) && !/^0+$/.test(s));
        const value = `00-${t}-${s}-${f}`;
        const p = parseTraceparent(value);
        return p.ok && formatTraceparent(p.context) === value;
      }),
    );
  });

  it('never throws and never accepts an all-zero id, version ff, uppercase or a wrong length, whatever the input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), fc.anything(), mutated()), (value) => {
        const p = parseTraceparent(value);
        if (!p.ok) return true;
        const v = value as string;
        return (
          !v.startsWith('ff') &&
          v === v.toLowerCase() &&
          (v.length === 55 || (!v.startsWith('00') && v[55] === '-')) &&
          !/^0+$/.test(p.context.traceId) &&
          !/^0+$/.test(p.context.spanId)
        );
      }),
      { numRuns: 2000 },
    );
  });
});

/** A valid traceparent with one character replaced, inserted or removed. */
function mutated() {
  return fc
    .tuple(fc.nat(GOOD.length - 1), fc.constantFrom('0', 'f', 'F', '-', ' ', 'g', ''), fc.boolean())
    .map(([i, c, insert]) => GOOD.slice(0, i) + c + GOOD.slice(insert ? i : i + 1));
}

describe('parseTracestate', () => {
  it('keeps a valid list, dropping empty members and the blanks around them', () => {
    expect(parseTracestate('rojo=00f067aa0ba902b7, ,congo=t61rcWkgMzE')).toBe(
      'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE',
    );
    expect(parseTracestate('tenant@vendor=x')).toBe('tenant@vendor=x');
  });

  it.each([
    ['no equals'],
    ['Upper=x'],
    ['a=b,a=c'],
    ['a=x=y'],
    ['a=x,y'],
    ['a='],
    ['a= b,c=d \t x'],
    ['a=\u00e9'],
    [''],
    [' , '],
    [`k=${'v'.repeat(MAX_TRACESTATE_LENGTH)}`],
    [Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(',')],
  ])('drops %j', (value) => {
    expect(parseTracestate(value)).toBeUndefined();
  });

  it('never throws, and what it keeps is within the limits and parses again to itself', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 600 }), fc.anything()), (value) => {
        const s = parseTracestate(value);
        return s === undefined || (s.length <= MAX_TRACESTATE_LENGTH && parseTracestate(s) === s);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseTraceHeaders', () => {
  it('carries a valid tracestate with the parent, and drops a bad one alone', () => {
    expect(parseTraceHeaders(GOOD, 'a=1')).toMatchObject({ ok: true, context: { tracestate: 'a=1' } });
    const p = parseTraceHeaders(GOOD, 'bad');
    expect(p.ok && 'tracestate' in p.context).toBe(false);
    expect(parseTraceHeaders('junk', 'a=1')).toEqual({ ok: false, problem: 'malformed' });
  });
});

describe('new contexts', () => {
  it('a child keeps the trace, flags and state and has a new span id; a new trace is sampled and valid', () => {
    const parent = {
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      flags: 0,
      tracestate: 'a=1',
    };
    const child = childContext(parent);
    expect(child).toMatchObject({ traceId: parent.traceId, flags: 0, tracestate: 'a=1' });
    expect(child.spanId).not.toBe(parent.spanId);
    const fresh = childContext();
    expect(parseTraceparent(formatTraceparent(fresh)).ok).toBe(true);
    expect(fresh.flags).toBe(1);
    expect(randomHexId(16)).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(Array.from({ length: 100 }, () => childContext().traceId)).size).toBe(100);
  });

  it('ids drawn across many refills of the random pool are valid lowercase hex, not zero, and all different', () => {
    // 2,000 contexts use 48,000 random bytes: the 4 KiB pool is refilled eleven times.
    const contexts = Array.from({ length: 2000 }, () => childContext());
    const ids = contexts.flatMap((c) => [c.traceId, c.spanId]);
    for (const c of contexts) {
      expect(c.traceId).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
      expect(c.spanId).toMatch(/^(?!0{16})[0-9a-f]{16}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Every byte value turns up: no bit of the bytes is masked or fixed on the way from the pool to the hex.
    const bytes = new Set(ids.join('').match(/../g));
    expect(bytes.size).toBe(256);
  });
});
