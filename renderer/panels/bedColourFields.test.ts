import { describe, expect, it } from 'vitest';
import { bedColourFields } from './bedColourFields';

// The Layers tab's bed colour fields: one per bed, named by the path the undoable edit sets, each
// showing the colour the views paint the bed in (its own, or the climate's for its hardness).
describe('bedColourFields', () => {
  const params = {
    iterations: 20,
    strata: {
      beds: [
        { thickness: 6, hardness: 0.5 },
        { thickness: 4, hardness: 8, colour: '#B8643C' },
        { thickness: 3, hardness: 9 },
      ],
      base: 0,
      dipDeg: 0,
      dipAzimuthDeg: 0,
    },
  };

  it('names each bed of a strata group, bottom first, by its colour path', () => {
    expect(bedColourFields(params, 'desert').map((field) => field.path)).toEqual(['strata.beds.0.colour', 'strata.beds.1.colour', 'strata.beds.2.colour']);
    expect(bedColourFields({ iterations: 20, talusDeg: 33 }, 'desert')).toEqual([]);
    expect(bedColourFields({ strata: null }, 'desert')).toEqual([]);
  });

  it("shows a bed's own colour, and the climate's colour for its hardness where it has none", () => {
    const desert = bedColourFields(params, 'desert');
    expect(desert.map((field) => field.colour)).toEqual([null, '#B8643C', null]);
    expect(desert[1].shown).toBe('#b8643c');
    // The desert's soft and hard bed colours (climate.ts): the softest bed in the first, the hardest in the second.
    expect(desert[0].shown).toBe('#964e34');
    expect(desert[2].shown).toBe('#cc9c62');
    // Another climate: the beds without a colour change, the one with its own keeps it.
    const temperate = bedColourFields(params, 'temperate');
    expect(temperate[0].shown).toBe('#6c6256');
    expect(temperate[1].shown).toBe('#b8643c');
    expect(temperate[2].shown).toBe('#867a68');
  });
});
