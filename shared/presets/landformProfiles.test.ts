import { describe, expect, it } from 'vitest';
import { replayTerrainOnce } from './testing/replayOnce';
import { buildPreset, type PresetId } from './terrainPresets';
import { medianLipWidth, talusAtCliffFeet, valleyFloorShare } from './testing/wallProfile';

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
 * - Talus at the cliffs' feet: rock fallen from a cliff rests at its angle of repose, 33–37° on scree
 *   (Statham 1977); the ground steeper than 20° and gentler than a cliff (50°) within 8 m below a cliff
 *   is asked to stand there most often (its mode, whole degrees, within a degree of that range), and on
 *   Mesas, whose caprock sheds onto soft beds, to lie at the feet of three cliff vertices in four. Before
 *   the aprons that ground stood most often at 49–50° (the walls' lower cliffs), and on Mesas was at the
 *   feet of 46–47 % of the cliff vertices.
 */
const ROW = { width: 513, depth: 513, cellSize: 2 };

function field(id: PresetId, seed: number) {
  const target = { ...ROW, seed };
  const { recipe, finishing } = buildPreset(id, target);
  return replayTerrainOnce({ ...target, recipe, steps: finishing });
}

const REPOSE_DEG = [33, 37] as const;

describe('Canyons: flat floors between the walls, talus at their feet', () => {
  for (const seed of [3, 11, 29]) {
    it(`seed ${seed}: at least 12 % of the ground inside the canyons is floor under 5°; the feet stand at the angle of repose`, () => {
      const canyons = field('canyons', seed);
      expect(valleyFloorShare(canyons, 20)).toBeGreaterThanOrEqual(0.12);
      const { modeDeg } = talusAtCliffFeet(canyons);
      expect(modeDeg).toBeGreaterThanOrEqual(REPOSE_DEG[0] - 1);
      expect(modeDeg).toBeLessThanOrEqual(REPOSE_DEG[1] + 1);
    }, 60_000);
  }
});

describe('Mesas: caprock lips over talus aprons', () => {
  for (const seed of [1, 3, 11, 29]) {
    it(`seed ${seed}: the cliff starts within 4 m of a top's rim (median); talus at the angle of repose at the cliffs' feet`, () => {
      const mesas = field('mesas', seed);
      expect(medianLipWidth(mesas)).toBeLessThanOrEqual(4);
      const { modeDeg, footedCliffs } = talusAtCliffFeet(mesas);
      expect(modeDeg).toBeGreaterThanOrEqual(REPOSE_DEG[0] - 1);
      expect(modeDeg).toBeLessThanOrEqual(REPOSE_DEG[1] + 1);
      expect(footedCliffs).toBeGreaterThanOrEqual(0.75);
    }, 60_000);
  }
});
