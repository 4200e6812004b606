import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { thermalErosion } from './thermal';
import { talusApron, WALL_REACH } from './talusApron';

/**
 * Talus aprons and alluvial floors against their closed forms: an apron burying a share a of a cliff
 * of height H slopes from a·H at the cliff's foot at tan = (1 − (1 − a) · WALL_REACH) · tan θ to its toe,
 * in every direction; a floor in a V of walls at angle φ filled f
 * metres is flat and 2f/tan φ wide; open ground, gentle valleys and plateaus are left alone.
 */
const CELL = 2;
const SIZE = 129;
const TALUS_DEG = 35;
const TAN = Math.tan((TALUS_DEG * Math.PI) / 180);
/** The apron's slope away from a straight wall at a share of ½. */
const APRON_TAN = (1 - 0.5 * WALL_REACH) * TAN;

function field(height: (x: number, z: number) => number): Heightfield {
  const f = createHeightfield(SIZE, SIZE, CELL);
  for (let j = 0; j < SIZE; j++) for (let i = 0; i < SIZE; i++) f.heights[j * SIZE + i] = height(i * CELL, j * CELL);
  return f;
}

/** Signed distance (m) from the line through the map's centre at `azimuthDeg`, positive on the cliff's top side. */
const across = (azimuthDeg: number) => {
  const a = (azimuthDeg * Math.PI) / 180;
  const c = ((SIZE - 1) * CELL) / 2;
  return (x: number, z: number) => (x - c) * Math.cos(a) + (z - c) * Math.sin(a);
};

describe('talus aprons', () => {
  const H = 60;
  const SHARE = 0.5;
  for (const azimuth of [0, 30, 45, 70]) {
    it(`against a cliff facing ${azimuth}° off the grid: from a·H at its foot to its toe at its closed-form slope`, () => {
      const d = across(azimuth);
      const cliff = field((x, z) => (d(x, z) > 0 ? H : 0));
      talusApron(cliff, { talusDeg: TALUS_DEG, talusShare: SHARE });
      // Sample along the cliff's normal, well inside the map: the apron's height at distance s from the lip.
      const a = (azimuth * Math.PI) / 180;
      const c = ((SIZE - 1) * CELL) / 2;
      const toe = (SHARE * H) / APRON_TAN;
      let worst = 0;
      for (let s = 4; s < toe - 4; s += 2) {
        for (const along of [-30, 0, 30]) {
          const x = c - s * Math.cos(a) - along * Math.sin(a);
          const z = c - s * Math.sin(a) + along * Math.cos(a);
          const i = Math.round(x / CELL);
          const j = Math.round(z / CELL);
          const sOf = -d(i * CELL, j * CELL);
          const expected = SHARE * H - APRON_TAN * sOf;
          worst = Math.max(worst, Math.abs(cliff.heights[j * SIZE + i] - expected) / (SHARE * H));
        }
      }
      // The chamfer's distances are within 2 % of the Euclidean, and the lip is a cell's staircase.
      expect(worst).toBeLessThan(0.06);
      // Beyond the toe the floor is untouched, and the cliff's top too.
      const far = Math.round((c - (toe + 8) * Math.cos(a)) / CELL);
      const farZ = Math.round((c - (toe + 8) * Math.sin(a)) / CELL);
      expect(cliff.heights[farZ * SIZE + far]).toBe(0);
      const top = Math.round((c + 20 * Math.cos(a)) / CELL);
      const topZ = Math.round((c + 20 * Math.sin(a)) / CELL);
      expect(cliff.heights[topZ * SIZE + top]).toBe(H);
    });
  }

  it('a round butte keeps a round apron: its toe within 3 % of its closed form in every direction', () => {
    const c = ((SIZE - 1) * CELL) / 2;
    const R = 16;
    const butte = field((x, z) => (Math.hypot(x - c, z - c) <= R ? H : 0));
    talusApron(butte, { talusDeg: TALUS_DEG, talusShare: SHARE });
    const expectedToe = R + (SHARE * H) / APRON_TAN;
    for (let k = 0; k < 48; k++) {
      const a = (2 * Math.PI * k) / 48;
      let r = R;
      while (r < c - 2) {
        const i = Math.round((c + r * Math.cos(a)) / CELL);
        const j = Math.round((c + r * Math.sin(a)) / CELL);
        if (butte.heights[j * SIZE + i] <= 0.5) break;
        r += 0.25;
      }
      expect(Math.abs(r - expectedToe) / expectedToe).toBeLessThan(0.03 + CELL / expectedToe);
    }
  });

  it('leaves ground no steeper than the angle of repose as it is, bit for bit (a plateau, gentle hills)', () => {
    const hills = field((x, z) => 30 + 8 * Math.sin(x / 40) * Math.cos(z / 55));
    const before = hills.heights.slice();
    talusApron(hills, { talusDeg: TALUS_DEG, talusShare: 0.5, floorFill: 3 });
    expect(Buffer.from(hills.heights.buffer).equals(Buffer.from(before.buffer))).toBe(true);
  });
});

describe('alluvial floors', () => {
  it('fill a V between walls at 65° flat to f metres over its bed, 2f/tan 65° wide', () => {
    const wall = Math.tan((65 * Math.PI) / 180);
    const d = across(20);
    // A canyon 40 m deep in a plateau at 40 m, its bed along the line, walls at 65°.
    const canyon = field((x, z) => Math.min(40, wall * Math.abs(d(x, z))));
    const fill = 8;
    talusApron(canyon, { talusDeg: TALUS_DEG, floorFill: fill });
    const expectedWidth = (2 * fill) / wall;
    const c = ((SIZE - 1) * CELL) / 2;
    const a = (20 * Math.PI) / 180;
    // Walk across the canyon on a fine step and measure where the floor lies within 0.5 m of bed + f.
    let width = 0;
    for (let s = -30; s <= 30; s += 0.05) {
      const i = Math.round((c + s * Math.cos(a)) / CELL);
      const j = Math.round((c + s * Math.sin(a)) / CELL);
      if (Math.abs(canyon.heights[j * SIZE + i] - fill) < 0.5) width += 0.05;
    }
    // Sampling the grid's vertices: within a cell of the closed form.
    expect(Math.abs(width - expectedWidth)).toBeLessThan(CELL * 1.5);
    // Flat: over the bed (within 2 m of its line) the floor's heights spread by under a metre, over the
    // lowest vertex's height (the bed falls between vertices) plus f.
    const onBed = [...canyon.heights].filter((_, k) => Math.abs(d((k % SIZE) * CELL, Math.floor(k / SIZE) * CELL)) < 2);
    expect(Math.max(...onBed) - Math.min(...onBed)).toBeLessThan(1);
    expect(Math.min(...onBed)).toBeGreaterThanOrEqual(fill);
    expect(canyon.heights[0]).toBe(40);
  });

  it('a thermal layer without talusShare and floorFill keeps its bytes (saved projects replay)', () => {
    const d = across(30);
    const make = () => field((x, z) => (d(x, z) > 0 ? 30 : 0));
    const plain = make();
    const keyed = make();
    thermalErosion(plain, { iterations: 5, talusDeg: 35, strength: 0.25, retreatDeg: 65 });
    thermalErosion(keyed, { iterations: 5, talusDeg: 35, strength: 0.25, retreatDeg: 65, talusShare: undefined, floorFill: undefined });
    expect(Buffer.from(keyed.heights.buffer).equals(Buffer.from(plain.heights.buffer))).toBe(true);
    const aproned = make();
    thermalErosion(aproned, { iterations: 5, talusDeg: 35, strength: 0.25, retreatDeg: 65, talusShare: 0.5 });
    expect(Buffer.from(aproned.heights.buffer).equals(Buffer.from(plain.heights.buffer))).toBe(false);
  });
});
