import { describe, expect, it } from 'vitest';
import { zlibSync } from 'fflate';
import { createExactInflater, inflateExactly } from './zlib';

describe("inflating into the caller's array", () => {
  const values = new Float32Array(300_000).map((_, k) => Math.sin(k / 97) * 1000);
  const raw = new Uint8Array(values.buffer);
  const compressed = zlibSync(raw, { level: 6 });

  it('writes the output into the given bytes, which are the outcome (no buffer of its own, no copy)', () => {
    const target = new Float32Array(values.length);
    const into = new Uint8Array(target.buffer);
    const outcome = inflateExactly([compressed], raw.length, into);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.data).toBe(into);
    expect(target).toEqual(values);
  });

  it('refuses a target of another size, and still stops at the expected size', () => {
    expect(() => createExactInflater(raw.length, compressed.length, { into: new Uint8Array(raw.length - 4) })).toThrow(RangeError);
    const short = new Uint8Array(raw.length - 4);
    const outcome = inflateExactly([compressed], raw.length - 4, short);
    expect(outcome).toMatchObject({ ok: false, problem: 'too-long' });
  });
});
