import { describe, expect, it } from 'vitest';
import { fluvialLayer } from '../layers/testing/stacks';
import { createHeightfield } from '../terrain/heightfield';
import { gridFromField } from './grid';
import { stackHardness } from './hardness';
import { availableSources, MaskSetError, MaskSources, parseMaskSet } from './masks';

const size = { width: 5, depth: 3, cellSize: 10 };
const fluvial = fluvialLayer;

describe('the hardness mask source', () => {
  it('is the hardness of the bed each height lies in: 10 m soft (1), 5 m hard (4), repeating from 100 m', () => {
    const heights = Float32Array.from([100, 105, 109.9, 110, 114.9, 115, 125, 126, 99, 94.9, 95, 90, 85, 84.9, 130]);
    const strata = {
      beds: [
        { thickness: 10, hardness: 1 },
        { thickness: 5, hardness: 4 },
      ],
      base: 100,
      dipDeg: 0,
      dipAzimuthDeg: 0,
    };
    // e = h − 100 modulo 15: [0, 10) soft, [10, 15) hard.
    expect(Array.from(stackHardness([fluvial(strata)], size, heights)!)).toEqual([1, 1, 1, 4, 4, 1, 4, 4, 4, 1, 4, 1, 1, 4, 1]);
  });

  it('follows the dip: beds rising 1 m per metre toward +x put the same height in lower beds to the east', () => {
    const heights = new Float32Array(15).fill(100);
    const strata = {
      beds: [
        { thickness: 10, hardness: 1 },
        { thickness: 10, hardness: 3 },
      ],
      base: 95,
      dipDeg: 45,
      dipAzimuthDeg: 0,
    };
    // x = −20 … 20 m: e = 100 − x − 95 = 25, 15, 5, −5, −15, modulo 20: 5, 15, 5, 15, 5 → soft, hard, …
    const row = Array.from(stackHardness([fluvial(strata)], size, heights)!.subarray(5, 10));
    expect(row).toEqual([1, 3, 1, 3, 1]);
  });

  it('is there only with an enabled fluvial layer with strata, and a rule on it is refused in one line otherwise', () => {
    const heights = new Float32Array(15);
    expect(stackHardness([fluvial(null)], size, heights)).toBeNull();
    expect(stackHardness([fluvial({ beds: [{ thickness: 1, hardness: 2 }], base: 0, dipDeg: 0, dipAzimuthDeg: 0 }, false)], size, heights)).toBeNull();
    const rules = { layers: [{ name: 'cliff', rules: [{ source: 'hardness', min: 2 }] }] };
    expect(() => parseMaskSet(rules, availableSources({}))).toThrow(MaskSetError);
    expect(() => parseMaskSet(rules, availableSources({}))).toThrow(/hardness needs a fluvial or thermal layer with strata/);
    const hardness = Float32Array.from({ length: 15 }, (_, k) => (k < 5 ? 4 : 1));
    const set = parseMaskSet(rules, availableSources({ hardness }));
    expect(set.layers[0].rules[0].source).toBe('hardness');
    // The export reads it as it is given.
    expect(new MaskSources(gridFromField(createHeightfield(5, 3, 10)), { hardness }).values('hardness')).toBe(hardness);
  });
});
