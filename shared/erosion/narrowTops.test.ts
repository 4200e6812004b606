import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { thermalStep, applyStep } from '../recipe/steps';
import { heightAt } from '../terrain/surface';
import { discExtremum, discOffsets, flattenNarrowTops, roundLips, smoothLipsAlong } from './narrowTops';

const SIZE = 61;
const CELL = 2;

/** A field of heights f(x, z) in metres from the centre vertex. */
function fieldOf(f: (x: number, z: number) => number): Heightfield {
  const field = createHeightfield(SIZE, SIZE, CELL);
  const c = (SIZE - 1) / 2;
  for (let j = 0; j < SIZE; j++) for (let i = 0; i < SIZE; i++) field.heights[j * SIZE + i] = f((i - c) * CELL, (j - c) * CELL);
  return field;
}

/** Distance (m) from the centre line across an oblique direction (30° off the columns). */
const ANGLE = (30 * Math.PI) / 180;
const across = (x: number, z: number) => x * Math.cos(ANGLE) + z * Math.sin(ANGLE);

describe('narrow tops cut flat (the opening by a flat disc)', () => {
  it('uses a round disc: the vertices within half the width, symmetric', () => {
    const disc = discOffsets(6);
    expect(disc).toHaveLength(29); // within 3 cells: 1 + 4·3 (axes) + 4·3 ((1,1), (1,2), (2,1)) + 4 ((2,2))
    for (const [di, dj] of disc) expect(disc).toContainEqual([-di || 0, -dj || 0]);
    expect(disc).not.toContainEqual([3, 1]);
  });

  it("takes the disc's lowest and highest as a brute-force sweep over its offsets does, bit for bit, at the edges too", () => {
    const width = 37;
    const depth = 23;
    const from = new Float32Array(width * depth);
    let seed = 7;
    for (let k = 0; k < from.length; k++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      from[k] = Math.fround((seed / 2 ** 32) * 50 - 10);
    }
    for (const cells of [1, 2.5, 3, 6, 8, 12.4]) {
      for (const take of [-1, 1] as const) {
        const fast = new Float32Array(from.length);
        discExtremum(from, fast, width, depth, cells, take);
        const slow = new Float32Array(from.length);
        for (let j = 0; j < depth; j++)
          for (let i = 0; i < width; i++) {
            let best = from[j * width + i];
            for (const [di, dj] of discOffsets(cells)) {
              const x = i + di;
              const z = j + dj;
              if (x < 0 || z < 0 || x >= width || z >= depth) continue;
              best = take < 0 ? Math.min(best, from[z * width + x]) : Math.max(best, from[z * width + x]);
            }
            slow[j * width + i] = best;
          }
        expect(fast, `${cells} cells, ${take}`).toEqual(slow);
      }
    }
  });

  it('leaves a plateau, an oblique 72° wall, the lip between them and the floor below as they are', () => {
    const tan = Math.tan((72 * Math.PI) / 180);
    const f = (x: number, z: number) => Math.max(10, Math.min(40, 40 - tan * across(x, z)));
    const field = fieldOf(f);
    const before = field.heights.slice();
    flattenNarrowTops(field, 12);
    let most = 0;
    for (let k = 0; k < before.length; k++) most = Math.max(most, Math.abs(field.heights[k] - before[k]));
    // The opening of a ramp, a step and the crease between them by a flat disc is the shape itself
    // (exact in a continuum); on the grid a lip vertex may lose what the discrete disc misses, a few cm.
    expect(most).toBeLessThan(0.05);
  });

  it('cuts a cone to a flat top of the width asked, at the height where it is that wide, and leaves its flanks', () => {
    // A cone 40 m high at 1:1: opened by a disc 12 m across (radius 6 m), its top is flat at 40 − 6 m.
    const field = fieldOf((x, z) => 40 - Math.hypot(x, z));
    const before = field.heights.slice();
    flattenNarrowTops(field, 12);
    const c = (SIZE - 1) / 2;
    for (let j = 0; j < SIZE; j++)
      for (let i = 0; i < SIZE; i++) {
        const k = j * SIZE + i;
        const r = Math.hypot(i - c, j - c) * CELL;
        expect(field.heights[k]).toBeLessThanOrEqual(before[k]);
        if (r <= 6) expect(field.heights[k]).toBeCloseTo(34, 4);
        if (r >= 12) expect(field.heights[k]).toBe(before[k]);
      }
  });

  it('cuts an oblique knife-edged ridge to a flat crest as wide as asked, facing no grid direction', () => {
    const tan = Math.tan((72 * Math.PI) / 180);
    const field = fieldOf((x, z) => 40 - tan * Math.abs(across(x, z)));
    flattenNarrowTops(field, 12);
    // The crest: every vertex within 4.5 m of the ridge line (away from the edges) at about one height, where
    // the ridge is 10–12 m wide (a disc of vertices spans a little less than its width across an
    // oblique line); beyond 9 m the flanks untouched.
    const c = (SIZE - 1) / 2;
    let crest = 0;
    let low = Infinity;
    let high = -Infinity;
    for (let j = 8; j < SIZE - 8; j++)
      for (let i = 8; i < SIZE - 8; i++) {
        const d = Math.abs(across((i - c) * CELL, (j - c) * CELL));
        const h = field.heights[j * SIZE + i];
        if (d <= 4.5) {
          low = Math.min(low, h);
          high = Math.max(high, h);
          crest++;
        }
        if (d >= 9) expect(h).toBeCloseTo(40 - tan * d, 4);
      }
    // Flat to within a fifth of a cell of the 72° flank (the knife edge spread 14 m over that band).
    expect(high - low).toBeLessThan(0.4 * tan);
    expect(low).toBeGreaterThanOrEqual(40 - 6 * tan);
    expect(high).toBeLessThanOrEqual(40 - 5 * tan);
    expect(crest).toBeGreaterThan(200);
  });

  it('is the thermal step’s topWidth: absent, the step’s bytes are those without it', () => {
    const hills = () => fieldOf((x, z) => 20 + 15 * Math.sin(x / 9) * Math.cos(z / 7) + 0.3 * x);
    const without = hills();
    applyStep(without, thermalStep({ iterations: 3, talusDeg: 35 }), null);
    const zero = hills();
    applyStep(zero, thermalStep({ iterations: 3, talusDeg: 35, topWidth: 0 }), null);
    expect(zero.heights).toEqual(without.heights);
    const cut = hills();
    applyStep(cut, thermalStep({ iterations: 3, talusDeg: 35, topWidth: 16 }), null);
    expect(cut.heights).not.toEqual(without.heights);
  });
});

describe('lips rounded (one pass)', () => {
  /** How far the drawn surface's height varies along a line `offset` metres from an oblique rim (over 50 m of it). */
  function spread(field: Heightfield, angle: number, offset: number): number {
    let low = Infinity;
    let high = -Infinity;
    for (let t = -25; t <= 25; t += 0.05) {
      const h = heightAt(field, -t * Math.sin(angle) + offset * Math.cos(angle), t * Math.cos(angle) + offset * Math.sin(angle));
      low = Math.min(low, h);
      high = Math.max(high, h);
    }
    return high - low;
  }

  for (const deg of [10, 30, 37]) {
    it(`draws a plateau's rim slanting ${deg}° across the grid as a line, not a one-cell staircase; the wall and the plateau beyond stay`, () => {
      const angle = (deg * Math.PI) / 180;
      const tan = Math.tan((72 * Math.PI) / 180);
      // A plateau at 40 m breaking over a 72° wall along a line at `deg` to the columns: the crease is
      // exact at the vertices, but the triangles between cut its corners one cell at a time.
      const field = fieldOf((x, z) => Math.max(10, Math.min(40, 40 - tan * (x * Math.cos(angle) + z * Math.sin(angle)))));
      const before = field.heights.slice();
      const stair = spread(field, angle, 0);
      expect(stair).toBeGreaterThan(1.2);
      roundLips(field, 1);
      // Along the rim the drawn height varied by 1.2–1.5 m (a staircase one cell deep): under half of that.
      expect(spread(field, angle, 0)).toBeLessThan(0.45 * stair);
      expect(spread(field, angle, -1)).toBeLessThan(0.4);
      const c = (SIZE - 1) / 2;
      for (let j = 1; j < SIZE - 1; j++)
        for (let i = 1; i < SIZE - 1; i++) {
          const k = j * SIZE + i;
          const d = ((i - c) * Math.cos(angle) + (j - c) * Math.sin(angle)) * CELL;
          expect(field.heights[k]).toBeLessThanOrEqual(before[k]);
          // The plateau more than two cells back and the face more than two cells down: as they were.
          if (d < -2 * CELL * 1.5 || (d > 2 * CELL * 1.5 && before[k] > 10)) expect(field.heights[k]).toBe(before[k]);
        }
    });
  }
});

describe('lips drawn along their contours (lipDrop)', () => {
  /** A caprock 16 m thick at 40 m breaking over a face `run` metres wide onto soft rock at 35°, its rim at `deg` to the columns, jogging ±0.6 of a cell. */
  function caprock(deg: number, run: number): Heightfield {
    const angle = (deg * Math.PI) / 180;
    let seed = 5;
    return fieldOf((x, z) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const d = x * Math.cos(angle) + z * Math.sin(angle) + (seed / 2 ** 32 - 0.5) * 1.2 * CELL;
      return d <= 0 ? 40 : d < run ? 40 - (16 * d) / run : Math.max(0, 24 - 0.7 * (d - run));
    });
  }

  it('raises the face’s and the rim’s vertices only (never lowers one) and leaves ground that drops less than lipDrop as it is', () => {
    for (const deg of [10, 30, 37]) {
      const field = caprock(deg, 3);
      const before = field.heights.slice();
      smoothLipsAlong(field, CELL);
      let raised = 0;
      for (let j = 1; j < SIZE - 1; j++)
        for (let i = 1; i < SIZE - 1; i++) {
          const k = j * SIZE + i;
          expect(field.heights[k]).toBeGreaterThanOrEqual(before[k]);
          if (field.heights[k] > before[k]) raised++;
          // Within two cells (all passes' reach) of nothing that drops more than a cell's run: as it was.
          let steepNear = false;
          for (let dj = -3; dj <= 3 && !steepNear; dj++)
            for (let di = -3; di <= 3 && !steepNear; di++) {
              const n = (j + dj) * SIZE + i + di;
              if (i + di < 1 || j + dj < 1 || i + di >= SIZE - 1 || j + dj >= SIZE - 1) continue;
              for (const m of [n - 1, n + 1, n - SIZE, n + SIZE, n - SIZE - 1, n - SIZE + 1, n + SIZE - 1, n + SIZE + 1])
                if (before[n] - before[m] > CELL) steepNear = true;
            }
          if (!steepNear) expect(field.heights[k]).toBe(before[k]);
        }
      expect(raised, `${deg}°`).toBeGreaterThan(20);
    }
  });

  it('leaves a caprock whose rim runs along a column exactly as it is', () => {
    const field = fieldOf((x) => (x <= 0 ? 40 : x < 2 ? 24 : Math.max(0, 24 - 0.7 * (x - 2))));
    const before = field.heights.slice();
    smoothLipsAlong(field, CELL);
    expect(field.heights).toEqual(before);
  });

  it('is the thermal step’s lipDrop: absent, the step’s bytes are those without it', () => {
    const without = caprock(30, 3);
    applyStep(without, thermalStep({ iterations: 3, talusDeg: 35 }), null);
    const drawn = caprock(30, 3);
    applyStep(drawn, thermalStep({ iterations: 3, talusDeg: 35, lipDrop: CELL }), null);
    expect(drawn.heights).not.toEqual(without.heights);
    const again = caprock(30, 3);
    applyStep(again, thermalStep({ iterations: 3, talusDeg: 35 }), null);
    expect(again.heights).toEqual(without.heights);
  });
});
