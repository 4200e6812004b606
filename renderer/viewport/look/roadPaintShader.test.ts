import { describe, expect, it } from 'vitest';
import { CLIMATES } from '../../../shared/ground/climate';
import { ROAD_APRON_M, ROAD_END_FADE_M, roadEndBlend } from '../../../shared/roads/roadPaint';
import { shoulderLayer, viewGroundLayers } from './groundShader';
import { ROAD_FRAGMENT_HEADER } from './roadPaintShader';
import { glslBody, glslSmoothstep, glslToJs } from './testing/glslAsJs';

/** The shader's end fade (roadPaintShader.ts terrainRoadEndFade) run as JavaScript. */
function shaderEndFade(): (e: number, length: number) => number {
  const body = glslToJs(glslBody(ROAD_FRAGMENT_HEADER, 'float terrainRoadEndFade('));
  const fade = new Function('e', 'length', 'smoothstep', body) as (e: number, length: number, s: typeof glslSmoothstep) => number;
  return (e, length) => fade(e, length, glslSmoothstep);
}

describe('the road paint in the terrain shader', () => {
  it('fades a road’s end onto the ground as roadEndBlend says (the 2D map draws that profile): the surface’s fray and the apron', () => {
    const fade = shaderEndFade();
    for (let e = 1; e >= -ROAD_APRON_M - 1; e -= 0.05) {
      const blend = roadEndBlend(e);
      expect(fade(e, ROAD_END_FADE_M), `surface at ${e}`).toBeCloseTo(blend.surface, 6);
      expect(fade(e, ROAD_APRON_M), `apron at ${e}`).toBeCloseTo(blend.apron, 6);
    }
  });

  it('draws shoulders and aprons in the gravel the engine masks call gravel, in every climate', () => {
    for (const climate of CLIMATES) {
      const layers = viewGroundLayers(climate, { treeLine: 300, snowLine: 400 });
      const l = shoulderLayer(layers);
      expect(l, climate).toBeGreaterThanOrEqual(0);
      expect(layers[l]).toMatchObject({ name: 'gravel', material: 'gravel' });
    }
    expect(shoulderLayer([{ name: 'grass', material: 'grass', banded: 0, rules: [] }])).toBe(-1);
  });
});
