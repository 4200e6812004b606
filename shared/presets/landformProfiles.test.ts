import { describe, expect, it } from 'vitest';
import { replayTerrain } from '../recipe/replay';
import { buildPreset, type PresetId } from './terrainPresets';
import { medianLipWidth, valleyFloorShare } from './testing/wallProfile';

/**
 * Canyons and Mesas read off their walls' profiles (issue 35 §3), at 513² × 2 m
 * (shared/presets/testing/wallProfile.ts):
 * - Canyons' floors: a river that deposits as well as cuts lies on a flat floor of alluvium between its
 *   walls; a canyon cut as a V is flat only along its thalweg. Of the ground inside valleys (20 m or
 *   more below the highest ground within 50 m), at least 12 % is flatter than 5° (alluvial floors fall
 *   a degree or two). The V-cut recipe had 4 % and 2 % at seeds 3 and 11.
 * - Mesas' lips: a caprock breaks off at its joints, so a mesa's rim is an edge: the cliff (over 50°)
 *   starts within two cells (4 m) of the last flat (under 5°) ground, where a soft rim rounds into a
 *   shoulder. The recipe that rounded its caps with talus passes had a median of 7.2 m at every seed.
 */
const ROW = { width: 513, depth: 513, cellSize: 2 };

function field(id: PresetId, seed: number) {
  const target = { ...ROW, seed };
  const { recipe, finishing } = buildPreset(id, target);
  return replayTerrain({ ...target, recipe, steps: finishing });
}

describe('Canyons: flat floors between the walls', () => {
  for (const seed of [3, 11, 29]) {
    it(`seed ${seed}: at least 12 % of the ground inside the canyons is floor under 5°`, () => {
      expect(valleyFloorShare(field('canyons', seed), 20)).toBeGreaterThanOrEqual(0.12);
    }, 60_000);
  }
});

describe('Mesas: caprock lips', () => {
  for (const seed of [1, 3, 11, 29]) {
    it(`seed ${seed}: the cliff starts within 4 m of a top's rim (median)`, () => {
      expect(medianLipWidth(field('mesas', seed))).toBeLessThanOrEqual(4);
    }, 60_000);
  }
});
