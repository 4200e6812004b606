import { expect } from 'vitest';

/**
 * A vitest set-up file (vitest.config.ts `setupFiles`): `toEqual` on typed arrays compares them element
 * by element as vitest's own rule does (the same type, the same length, each element `Object.is`), in one
 * loop instead of vitest's generic walk, which costs about a microsecond per element: comparing a few
 * 257² maps took seconds (BENCHMARKS.md, "Session 11: CI time"). Not a typed array, or a DataView: vitest
 * decides as before; on a difference vitest still prints its diff.
 */
export function typedArraysEqual(a: unknown, b: unknown): boolean | undefined {
  if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b) || a instanceof DataView || b instanceof DataView) return undefined;
  if (Object.prototype.toString.call(a) !== Object.prototype.toString.call(b)) return undefined;
  const x = a as unknown as ArrayLike<number | bigint>;
  const y = b as unknown as ArrayLike<number | bigint>;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return false;
  return true;
}

// Workers keep their modules between files (isolate: false) and vitest keeps its testers on globalThis:
// add this one once per worker.
const installed = Symbol.for('faultline.typedArraysEqual');
const state = globalThis as { [installed]?: true };
if (!state[installed]) {
  expect.addEqualityTesters([typedArraysEqual]);
  state[installed] = true;
}
