import { describe, expect, it } from 'vitest';
import { accumulateFlow } from './accumulation';
import { priorityFlood } from './priorityFlood';
import { referenceAccumulateFlow } from './testing/referenceAccumulation';
import { referencePriorityFlood } from './testing/referencePriorityFlood';
import { FLOOD_CASES } from './testing/floodCases';

/** The bytes behind a typed array, for a bit-for-bit comparison (−0 vs 0 and NaN payloads included). */
const bytes = (a: Float32Array | Float64Array | Int32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/**
 * The flood and the accumulation were tuned for speed (session 12) without changing a byte of what
 * they return: each must equal the implementation it replaced (kept in testing/) bit for bit.
 */
describe('the tuned flood and accumulation equal the implementations they replaced, bit for bit', () => {
  const cases = FLOOD_CASES;
  for (const { name, grid, heights } of cases) {
    it(`floods ${name} to the same levels and drainage surface`, () => {
      const tuned = priorityFlood(grid, heights);
      const reference = referencePriorityFlood(grid, heights);
      expect(bytes(tuned.level)).toEqual(bytes(reference.level));
      expect(bytes(tuned.drainage)).toEqual(bytes(reference.drainage));
    });
    for (const exponent of [1, 1.1]) {
      it(`accumulates ${name} (p = ${exponent}) to the same areas, outflow and order`, () => {
        const { drainage } = referencePriorityFlood(grid, heights);
        const tuned = accumulateFlow(grid, drainage, exponent);
        const reference = referenceAccumulateFlow(grid, drainage, exponent);
        expect(bytes(tuned.area)).toEqual(bytes(reference.area));
        expect(bytes(tuned.order)).toEqual(bytes(reference.order));
        expect(Object.is(tuned.outflow, reference.outflow)).toBe(true);
      });
    }
  }
});
