import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import { buildPreset, canyonScale, reliefScale } from './terrainPresets';
import { bedSlopeCounts, shareBetween } from './testing/bedSlopes';
import { rimWidths } from './testing/rimWidths';
import { topFlankSlopes } from './testing/topFlanks';

/**
 * Canyons at 257² × 2 m, the size a designer first sees and the tour shows, reads as a canyon as 513² does
 * (issue 35 §3; canyonRims.test.ts measures 513²): sheer sandstone faces under rims a few cells wide.
 * A cliff-former stands no steeper than its thickness over faceCells (3.3) cells, so with the column scaled
 * to the map (53 m on a 512 m map, 5–14 m beds on 2 m cells) the walls stood at ~60° and the buttes rounded
 * into domes: 0.1 % of the faces over 70° at seeds 1/3/11, the median rim 13.7/13.3/11.7 m, a quarter of them
 * over 8.5–8.8 m. Drawn at 513²'s scale on its cells (canyonScale: beds as many cells thick as at 513²):
 * 48.4/50.6/53.5 % of the faces over 70° (513²: 50.9/50.7 % at seeds 3/11), median rims 6.0/6.8/5.7 m,
 * quartiles 5.7 m (two diagonal cells).
 * - The tops (buttes, promontories, the plateau: ground under 15° on the upper cliff-formers, the Navajo and
 *   the caprock) fall away over cliffs, not shoulders (testing/topFlanks.ts: ground within three cells of a
 *   top and at least 3 m ×scale under it): over 60° at 3–4 % of it on the old scale, the domes' median slope
 *   53–54°; 92/82/85 % now, median 69–70° (513²: 81/83 % at seeds 3/11).
 */
const SEEDS = [1, 3, 11];
const MIN_FACES = 0.4;
const MAX_MEDIAN_M = 8;
const MAX_QUARTILE_M = 6;
const MIN_SHEER_FLANKS = 0.75;
/** The upper cliff-formers start at the sixth bed (the Navajo sandstone), bottom first. */
const UPPER_CLIFFS_BED = 5;

describe('Canyons at 257²: sheer faces, crisp rims, tops with sheer sides', () => {
  it('draws a map under 513² at the scale of 513² on its cells, and larger maps at their relief scale', () => {
    expect(canyonScale({ width: 257, depth: 257, cellSize: 2, seed: 1 })).toBe(2);
    expect(canyonScale({ width: 513, depth: 513, cellSize: 2, seed: 1 })).toBe(reliefScale({ width: 513, depth: 513, cellSize: 2, seed: 1 }));
    expect(canyonScale({ width: 1025, depth: 1025, cellSize: 1, seed: 1 })).toBe(2);
    expect(canyonScale({ width: 257, depth: 257, cellSize: 10, seed: 1 })).toBe(4);
  });

  for (const seed of SEEDS) {
    const rimText = `the median rim at most ${MAX_MEDIAN_M} m, a quarter within ${MAX_QUARTILE_M} m`;
    it(`seed ${seed}: ${MIN_FACES * 100} % of the faces over 70°, ${rimText}; ${MIN_SHEER_FLANKS * 100} % of the tops' flanks over 60°`, () => {
      const target = { width: 257, depth: 257, cellSize: 2, seed };
      const { recipe, finishing } = buildPreset('canyons', target);
      const fluvial = finishing.find((step) => step.kind === 'fluvial');
      if (fluvial?.kind !== 'fluvial' || !fluvial.strata) throw new Error('Canyons has no fluvial layer with strata');
      const field = replayTerrainOnce({ ...target, recipe, steps: finishing });
      expect(shareBetween(bedSlopeCounts(field, fluvial.strata).faces, 70, 91)).toBeGreaterThanOrEqual(MIN_FACES);
      const rims = rimWidths(field, fluvial.strata).sort((a, b) => a - b);
      expect(rims.length).toBeGreaterThan(300);
      expect(rims[Math.floor(rims.length / 2)]).toBeLessThanOrEqual(MAX_MEDIAN_M);
      expect(rims[Math.floor(rims.length / 4)]).toBeLessThanOrEqual(MAX_QUARTILE_M);
      const { base, beds } = fluvial.strata;
      expect(beds[UPPER_CLIFFS_BED].hardness).toBeGreaterThan(beds[UPPER_CLIFFS_BED - 1].hardness);
      const level = base + beds.slice(0, UPPER_CLIFFS_BED).reduce((sum, bed) => sum + bed.thickness, 0);
      const flanks = topFlankSlopes(field, level, 3 * canyonScale(target));
      expect(flanks.length).toBeGreaterThan(200);
      expect(flanks.filter((deg) => deg > 60).length / flanks.length).toBeGreaterThanOrEqual(MIN_SHEER_FLANKS);
    }, 60_000);
  }
});
