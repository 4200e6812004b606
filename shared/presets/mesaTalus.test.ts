import { describe, expect, it } from 'vitest';
import { CLIMATE_LOOKS } from '../ground/climate';
import { groundLayers, groundPalette, writeGroundColour } from '../ground/groundMaterials';
import { srgbByteToLinear } from '../terrain/colourRamp';
import { strataPeriod, type Strata } from '../terrain/strata';
import { buildPreset } from './terrainPresets';

/**
 * Mesas' talus aprons (issue 35 §3): the scree at the cliffs' feet was the washes' plain gravel, a grey
 * smudge under red and buff cliffs. Scree is the cliffs' rock broken up and mixed as it falls: on Mesas'
 * own beds its colour (at 34°, below the rock's 35–43° edge) is asked to lie at most half as far from
 * the cliffs' mean colour (rock at 60°, over one repeat of the beds) as the gravel does, and to be the
 * same at every height (rubble, not the beds' stripes). Distances in linear RGB.
 */
const LINES = { treeLine: 2500, snowLine: 5000 };
const INPUTS = { flow: 0, deposition: 0, road: 0 };

const distance = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe('Mesas: talus aprons in their cliffs’ rock', () => {
  it('the scree is nearer the cliffs’ mean colour than the gravel by half, and the same at every height', () => {
    const step = buildPreset('mesas', { width: 513, depth: 513, cellSize: 2, seed: 3 }).finishing.find((s) => s.kind === 'thermal');
    const strata = (step && 'strata' in step ? step.strata : undefined) as Strata | undefined;
    if (!strata) throw new Error('Mesas has a thermal step with strata');
    const layers = groundLayers('desert', LINES, { erosion: false, road: false });
    const palette = groundPalette('desert', layers, strata);
    const scratch = new Float32Array(layers.length);
    const colour = (height: number, slopeDeg: number) => {
      const out = new Float32Array(3);
      writeGroundColour(palette, { ...INPUTS, height, slopeDeg }, out, 0, scratch);
      return out;
    };
    const period = strataPeriod(strata);
    const cliffs = [0, 0, 0];
    const talus: Float32Array[] = [];
    const samples = 200;
    for (let n = 0; n < samples; n++) {
      const height = strata.base + ((n + 0.5) / samples) * period;
      const rock = colour(height, 60);
      for (let c = 0; c < 3; c++) cliffs[c] += rock[c] / samples;
      talus.push(colour(height, 34));
    }
    const gravel = CLIMATE_LOOKS.desert.srgb.gravel.map(srgbByteToLinear);
    for (const t of talus) {
      expect(distance(t, talus[0])).toBeLessThan(1e-6);
      expect(distance(t, cliffs)).toBeLessThanOrEqual(0.5 * distance(gravel, cliffs));
    }
  });
});
