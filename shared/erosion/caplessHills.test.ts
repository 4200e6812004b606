import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import type { Strata } from '../terrain/strata';
import { weatherCaplessHills } from './caplessHills';
import { thermalErosion } from './thermal';
import { thermalProblem } from './params';

/** 30 m of shale under 10 m of caprock, repeating from 0: caps at 30–40, 70–80, … */
const STRATA: Strata = {
  beds: [
    { thickness: 30, hardness: 1 },
    { thickness: 10, hardness: 20 },
  ],
  base: 0,
  dipDeg: 0,
  dipAzimuthDeg: 0,
};
const SIZE = 129;
const CELL = 1;
const TALUS = Math.tan((35 * Math.PI) / 180);

/** A tread at 39 m (in the cap 30–40) with a shape `top(r)` standing on it, r metres from the centre. */
function onTread(top: (r: number) => number): Heightfield {
  const field = createHeightfield(SIZE, SIZE, CELL);
  const c = (SIZE - 1) / 2;
  for (let j = 0; j < SIZE; j++) for (let i = 0; i < SIZE; i++) field.heights[j * SIZE + i] = Math.max(39, top(Math.hypot(i - c, j - c) * CELL));
  return field;
}
const centre = (field: Heightfield) => field.heights[((SIZE - 1) / 2) * SIZE + (SIZE - 1) / 2];

describe('capless hills weathered down', () => {
  it("a shale cone at the talus angle on a cap tread comes down to a rounded hill at most the relief over the cap's top", () => {
    // A cone rising 25 m over the tread (to 64 m, in the shale 40–70): no cap holds it up.
    const field = onTread((r) => 64 - r * TALUS);
    const before = field.heights.slice();
    weatherCaplessHills(field, STRATA, 6, 35);
    // The cone's foot from 39 to 40 m lies in the cap and is held up by it: the hill over the cap's top
    // (40 m), 24 m at its point, becomes 6·(1 − e^(−24/6)) m over it, the closed form (float32 rounding).
    expect(centre(field)).toBeLessThanOrEqual(40 + 6);
    expect(centre(field)).toBeCloseTo(40 + 6 * (1 - Math.exp(-24 / 6)), 3);
    // Never raised; the tread round it as it was.
    for (let k = 0; k < before.length; k++) expect(field.heights[k]).toBeLessThanOrEqual(before[k]);
    expect(field.heights[0]).toBe(39);
    // Rounded: gentle at the top (a cell from it), as steep as before at its foot.
    const c = (SIZE - 1) / 2;
    const topDrop = centre(field) - field.heights[c * SIZE + c + 1];
    expect(topDrop).toBeLessThan(0.1 * TALUS * CELL);
  });

  it('a butte (a cap on a shale stem) and the escarpment below a mesa are left as they are', () => {
    // A stem of shale from the tread up to a cap at 70–79 m, 10 m across, its sides at 80°.
    const steep = Math.tan((80 * Math.PI) / 180);
    const butte = onTread((r) => (r <= 5 ? 79 : 79 - (r - 5) * steep));
    const before = butte.heights.slice();
    weatherCaplessHills(butte, STRATA, 6, 35);
    expect(butte.heights).toEqual(before);
    // A mesa's edge: a cap at 70–79 m over a shale slope at the talus angle down to the tread.
    const escarpment = createHeightfield(SIZE, SIZE, CELL);
    for (let j = 0; j < SIZE; j++)
      for (let i = 0; i < SIZE; i++) escarpment.heights[j * SIZE + i] = i < 40 ? 79 : i < 42 ? 79 - (i - 39) * 4.5 : Math.max(39, 70 - (i - 41) * CELL * TALUS);
    const edge = escarpment.heights.slice();
    weatherCaplessHills(escarpment, STRATA, 6, 35);
    for (let k = 0; k < edge.length; k++) expect(escarpment.heights[k]).toBeCloseTo(edge[k], 4);
  });

  it('a thermal step without caplessRelief leaves the cone; the parameter is checked', () => {
    const field = onTread((r) => 64 - r * TALUS);
    const withIt = onTread((r) => 64 - r * TALUS);
    thermalErosion(field, { iterations: 0, talusDeg: 35, strength: 0.25, strata: STRATA });
    thermalErosion(withIt, { iterations: 0, talusDeg: 35, strength: 0.25, strata: STRATA, caplessRelief: 6 });
    expect(centre(field)).toBeCloseTo(64, 4);
    expect(centre(withIt)).toBeLessThanOrEqual(46);
    expect(thermalProblem({ iterations: 0, talusDeg: 35, strength: 0.25, caplessRelief: -1 })).toMatch(/capless relief/);
    expect(thermalProblem({ iterations: 0, talusDeg: 35, strength: 0.25, jointSpacing: 0.5 })).toMatch(/joint spacing/);
    expect(thermalProblem({ iterations: 0, talusDeg: 35, strength: 0.25, jointing: 1 })).toMatch(/jointing/);
  });

  it('with a cap width, a scrap of cap on a cone comes down with the cone; a cap as wide stands', () => {
    // A 35° shale cone from the tread (39 m) up to 70 m, with a scrap of cap (70–75 m) 6 m across on its tip.
    const cone = () => onTread((r) => (r <= 3 ? 75 : Math.min(70, 75 - (r - 3) * 4.5) - Math.max(0, r - 4.2) * TALUS));
    const held = cone();
    const before = held.heights.slice();
    weatherCaplessHills(held, STRATA, 6, 35);
    // Every piece of cap holds ground up (absent width): the cone stands, as before the parameter.
    expect(held.heights).toEqual(before);
    const scrap = cone();
    weatherCaplessHills(scrap, STRATA, 6, 35, 16);
    // The scrap holds nothing up: the cone and the scrap are a capless hill over the cap below's top
    // (40 m), 35 m at the tip, so 6·(1 − e^(−35/6)) m over it (the closed form, float32 rounding).
    expect(centre(scrap)).toBeCloseTo(40 + 6 * (1 - Math.exp(-35 / 6)), 3);
    for (let k = 0; k < before.length; k++) expect(scrap.heights[k]).toBeLessThanOrEqual(before[k]);
    expect(scrap.heights[0]).toBe(39);
    // A butte whose cap (70–79 m) is about 13 m across, its sides at 80°: it stands with a width of 8 m,
    // and at 16 m (no disc that wide fits in its cap) it comes down as the cone did.
    const steep = Math.tan((80 * Math.PI) / 180);
    const butte = () => onTread((r) => (r <= 5 ? 79 : 79 - (r - 5) * steep));
    const narrow = butte();
    const stem = narrow.heights.slice();
    weatherCaplessHills(narrow, STRATA, 6, 35, 8);
    expect(narrow.heights).toEqual(stem);
    const wide = butte();
    weatherCaplessHills(wide, STRATA, 6, 35, 16);
    expect(centre(wide)).toBeCloseTo(40 + 6 * (1 - Math.exp(-39 / 6)), 3);
    // Through a thermal step, and the parameter is checked.
    const step = cone();
    thermalErosion(step, { iterations: 0, talusDeg: 35, strength: 0.25, strata: STRATA, caplessRelief: 6, capWidth: 16 });
    expect(step.heights).toEqual(scrap.heights);
    expect(thermalProblem({ iterations: 0, talusDeg: 35, strength: 0.25, capWidth: -1 })).toMatch(/cap width/);
  });
});
