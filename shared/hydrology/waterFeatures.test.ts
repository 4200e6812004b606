import { describe, expect, it } from 'vitest';
import { evaluateWater, WATER_RIVER } from './water';
import { findWaterFeatures } from './waterFeatures';
import { DEFAULT_WATER_PARAMS } from './waterParams';
import { createWaterSurface } from './waterSurface';

// A main V valley down the map (thalweg at i = 40, falling 0.1 per row to the bottom edge, j = 120)
// and a tributary V valley joining it from the left edge along j = 80, both with sides of slope 1.
const WIDTH = 61;
const ROWS = 121;
const MAIN_I = 40;
const JOIN_J = 80;

function twoValleys(): Float32Array {
  const heights = new Float32Array(WIDTH * ROWS);
  for (let j = 0; j < ROWS; j++) {
    for (let i = 0; i < WIDTH; i++) {
      const main = Math.abs(i - MAIN_I) + 0.1 * (ROWS - 1 - j);
      const joinHeight = 0.1 * (ROWS - 1 - JOIN_J);
      const tributary = i <= MAIN_I ? Math.abs(j - JOIN_J) + 0.1 * (MAIN_I - i) + joinHeight : Infinity;
      heights[j * WIDTH + i] = Math.min(main, tributary);
    }
  }
  return heights;
}

describe('the rivers of the Water list', () => {
  it('lists a main river from its head to the map edge and a tributary ending at the confluence', () => {
    const grid = { width: WIDTH, depth: ROWS, cellSize: 1 };
    const heights = twoValleys();
    const carved = new Float32Array(heights.length);
    const riverArea = 100;
    const water = evaluateWater(grid, heights, carved, { ...DEFAULT_WATER_PARAMS, riverArea, lakes: false })!;
    const rivers = findWaterFeatures(grid, water, carved).features.filter((f) => f.kind === 'river');
    expect(rivers).toHaveLength(2);
    const [main, tributary] = [...rivers].sort((a, b) => b.length - a.length);
    // The main river's head: where the area above its thalweg, the map's whole width (60 m) times
    // the rows above and half the top row, first reaches the river area: 60 (d + 0.5) = 100.
    const mainHead = riverArea / (WIDTH - 1) - 0.5;
    // From there to the bottom edge (120 rows), and one cell for its mouth there.
    expect(Math.abs(main.length - (ROWS - 1 - mainHead + 1))).toBeLessThanOrEqual(2);
    expect(main.bounds).toMatchObject({ j1: ROWS });
    // The tributary's catchment spans the rows within about 36 of j = 80 (where its sides meet the
    // main valley's): 72 m wide, so its head is 100 / 72 − 0.5 columns in from the left edge; it
    // ends with its step into the main river at i = 40.
    const tributaryHead = riverArea / 72 - 0.5;
    expect(Math.abs(tributary.length - (MAIN_I - tributaryHead))).toBeLessThanOrEqual(2);
    expect(tributary.bounds).toMatchObject({ j0: JOIN_J, j1: JOIN_J + 1 });
    expect(tributary.bounds.i1).toBeLessThanOrEqual(MAIN_I);
  });

  it('keeps a river whose own line runs dry for a few cells as one river down to its mouth', () => {
    // A river along row 2 falling 0.1 m per cell towards i = 0; its own line stops at i = 20…22
    // (its contributing area dipped under the threshold there) and goes on below.
    const grid = { width: 40, depth: 5, cellSize: 2 };
    const heights = new Float32Array(200);
    const water = createWaterSurface(200);
    for (let j = 0; j < 5; j++) for (let i = 0; i < 40; i++) heights[j * 40 + i] = 0.1 * i + Math.abs(j - 2);
    for (let i = 0; i < 40; i++) {
      if (i >= 20 && i <= 22) continue;
      const v = 2 * 40 + i;
      water.kind[v] = WATER_RIVER;
      water.surface[v] = heights[v] + 0.5;
    }
    const { features, featureOf } = findWaterFeatures(grid, water, heights);
    expect(features).toHaveLength(1);
    // 39 steps from i = 39 to the edge at i = 0, and one cell for the mouth.
    expect(features[0]).toMatchObject({ kind: 'river', length: 40 * 2, vertices: 37 });
    expect(featureOf[2 * 40 + 21]).toBe(1);
  });
});
