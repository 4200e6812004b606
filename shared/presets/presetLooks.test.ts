import { describe, expect, it } from 'vitest';
import { replayTerrain } from '../recipe/replay';
import { flatLevels, slopeHistogram } from '../terrain/slopeHistogram';
import { buildPreset } from './terrainPresets';

/** Presets that look like their names (issue 22 item 5), measured on the slope histogram at 513² × 1 m. */
const target = (seed: number) => ({ width: 513, depth: 513, cellSize: 1, seed });

describe('presets measured by their slopes', () => {
  for (const seed of [1, 2, 3]) {
    it(`Mesas: flat tops at three or more levels, steep faces with talus at their feet (seed ${seed})`, () => {
      const { recipe, finishing } = buildPreset('mesas', target(seed));
      const field = replayTerrain({ ...target(seed), recipe, steps: finishing });
      const histogram = slopeHistogram(field);
      // ≥ 30 % of the area under 5° of slope…
      expect(histogram.between(0, 5)).toBeGreaterThanOrEqual(0.3);
      // …at three or more distinct levels (flat ground, 2 m bins, each level ≥ 3 % of the map)…
      const levels = flatLevels(field, 5, 2, 0.03);
      expect(levels.length).toBeGreaterThanOrEqual(3);
      for (let k = 1; k < levels.length; k++) expect(levels[k].height - levels[k - 1].height).toBeGreaterThan(10);
      // …steep faces over 45°, and the skirts between faces and treads (15°–45°).
      expect(histogram.between(45, 90)).toBeGreaterThanOrEqual(0.1);
      expect(histogram.between(15, 45)).toBeGreaterThanOrEqual(0.08);
    });
  }
});
