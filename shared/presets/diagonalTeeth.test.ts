import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import { diagonalTeeth } from '../terrain/diagonalTeeth';
import { buildPreset } from './terrainPresets';

/**
 * Saw-teeth on ridges (issue 34): where a ridge runs along the cells' other diagonal, the fixed split
 * dips under its crest once a cell (shared/terrain/diagonalTeeth.ts). Measured at 257² × 2 m, the
 * map the editor opens with, where a ridge's teeth showed against the sky up close. Without crease
 * rounding Mountains had 1.8–2.5 % of its cells breaking by more than a quarter of a cell (0.5 m) and
 * 5–6 % by more than an eighth; a crease drawn exactly (along a row, a column or the split) or smooth
 * ground breaks by none.
 */
const SEEDS = [1, 3, 11];
const CELL = 2;

describe('Mountains: ridges without saw-teeth', () => {
  it(`at seeds ${SEEDS.join(', ')}: ≤ 0.1 % of cells break by more than a quarter cell, ≤ 2.5 % by more than an eighth`, () => {
    for (const seed of SEEDS) {
      const target = { width: 257, depth: 257, cellSize: CELL, seed };
      const { recipe, finishing } = buildPreset('mountains', target);
      const field = replayTerrainOnce({ ...target, recipe, steps: finishing });
      expect(diagonalTeeth(field, CELL / 4).share, `seed ${seed}`).toBeLessThanOrEqual(0.001);
      expect(diagonalTeeth(field, CELL / 8).share, `seed ${seed}`).toBeLessThanOrEqual(0.025);
    }
  }, 120_000);
});

/**
 * Canyons close up (issue 35 §3): its walls' lips and ledges ran along the other diagonal as teeth a
 * cell apart, seen on the caprock rim against the sky and as zig-zag edges of the bed colours (the view
 * reads them at the drawn surface's height). Without crease rounding, at 257² × 2 m seeds 1, 3 and 11
 * had 0.07–0.08 % of their cells breaking by more than 3/4 of a cell, the largest 2.6–2.7 m; at 513²,
 * the close-up pictures' size, whose walls are twice as tall, seed 3 had 0.85 %, the largest 4.2 m.
 * The thermal layer's creaseBreak of half a cell takes the largest to 1.1–1.3 m at 257² (2.6 m at
 * 513², where under 0.01 % break by more than 3/4 of a cell). Teeth under half a cell stay (3.3–4.5 %
 * of cells break by more than a quarter, 3.2–4.4 % without). A finer break rounds the walls
 * themselves: a sixteenth of a cell (Mountains') stood 15–18 % of the slope-formers over 45° and left
 * 19 % of seed 29's cliff faces over 70° (canyonCliffs.test.ts asks ≤ 12 % and ≥ 20 %); 3/8 of a cell
 * left a step at the map's edge (canyonMouths.test.ts).
 * Since 257² is drawn at 513²'s scale on its cells (canyonScale in terrainPresets.ts), its walls are as tall as
 * 513²'s and so are its teeth: 2–3 cells in 64,516 break by more than 3/4 of a cell at seeds 1/3/11, the largest
 * 1.55–1.71 m (513² at seeds 1/3/11: 3–6 cells in 260,100, the largest 2.0–3.5 m). Asked: at most 1 in
 * 10,000 cells, none by more than a cell.
 */
describe('Canyons: wall lips without large saw-teeth', () => {
  it(`at seeds ${SEEDS.join(', ')}: at most 0.01 % of cells break by more than 3/4 of a cell, none by more than a cell`, () => {
    for (const seed of SEEDS) {
      const target = { width: 257, depth: 257, cellSize: CELL, seed };
      const { recipe, finishing } = buildPreset('canyons', target);
      const field = replayTerrainOnce({ ...target, recipe, steps: finishing });
      expect(diagonalTeeth(field, (3 * CELL) / 4).share, `seed ${seed}`).toBeLessThanOrEqual(0.0001);
      expect(diagonalTeeth(field, CELL).toothed, `seed ${seed}`).toBe(0);
    }
  }, 120_000);
});
