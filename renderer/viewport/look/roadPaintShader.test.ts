import { describe, expect, it } from 'vitest';
import { CLIMATES } from '../../../shared/ground/climate';
import { ROAD_APRON_M, ROAD_END_FADE_M, ROAD_SHOULDER_M, roadCoverAt, roadEndBlend } from '../../../shared/roads/roadPaint';
import { SHOULDER_RULE } from '../../../shared/ground/groundMaterials';
import { viewGroundLayers } from './groundShader';
import { ROAD_FRAGMENT_HEADER } from './roadPaintShader';
import { glslBody, glslSmoothstep, glslToJs } from './testing/glslAsJs';

/** The shader's end fade (roadPaintShader.ts terrainRoadEndFade) run as JavaScript. */
function shaderEndFade(): (e: number, length: number) => number {
  const body = glslToJs(glslBody(ROAD_FRAGMENT_HEADER, 'float terrainRoadEndFade('));
  const fade = new Function('e', 'length', 'smoothstep', body) as (e: number, length: number, s: typeof glslSmoothstep) => number;
  return (e, length) => fade(e, length, glslSmoothstep);
}

type Paint = { r: number; g: number; b: number; a: number };

/**
 * The shader's road cover (roadPaintShader.ts terrainRoadCover with its band, end fade and ragged line)
 * run as JavaScript: (paint, aa) → [surface, gravel] for a pixel far enough that the noise is off (aa ≥ 0.4 m).
 */
function shaderCover(endCap: number): (paint: Paint, aa: number) => number[] {
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const vec2 = (x: number, y = x) => [x, y];
  const fn = (signature: string, params: string[]) => {
    const body = glslToJs(glslBody(ROAD_FRAGMENT_HEADER, signature));
    const calls = 'const { terrainRoadBand, terrainRoadEndFade, terrainRoadRagged } = f;';
    return new Function('smoothstep', 'clamp', 'min', 'max', 'mix', 'vec2', 'terrainNoise', 'terrainRoadOn', 'terrainRoadEndCap', 'f', ...params, calls + body);
  };
  const band = fn('float terrainRoadBand(', ['x', 'halfWidth', 'aa']);
  const endFade = fn('float terrainRoadEndFade(', ['e', 'length']);
  const ragged = fn('float terrainRoadRagged(', ['weight', 'world', 'aa']);
  const cover = fn('vec2 terrainRoadCover(', ['paint', 'aa', 'world']);
  // Each function reaches the others through the names its body calls; the world point is a number (the noise is off).
  const mix = (a: number, b: number, t: number) => a + (b - a) * t;
  const common = (f: Record<string, unknown>) => [glslSmoothstep, clamp, Math.min, Math.max, mix, vec2, () => 0.5, 1, endCap, f];
  const all: Record<string, (...args: unknown[]) => unknown> = {};
  const bind =
    (g: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) =>
      g(...common(all), ...args);
  all.terrainRoadBand = bind(band as (...args: unknown[]) => unknown);
  all.terrainRoadEndFade = bind(endFade as (...args: unknown[]) => unknown);
  all.terrainRoadRagged = bind(ragged as (...args: unknown[]) => unknown);
  const run = bind(cover as (...args: unknown[]) => unknown);
  return (paint, aa) => run(paint, aa, 0) as number[];
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

  it('covers the surface and its gravel (shoulders, aprons) as roadCoverAt, the engine masks’ road and shoulder sources, say', () => {
    const endCap = 2;
    const cover = shaderCover(endCap);
    const half = 3.5;
    let checked = 0;
    for (const aa of [0.4, 0.9, 2]) {
      for (let d = -(half + ROAD_SHOULDER_M + 2); d <= half + ROAD_SHOULDER_M + 2; d += 0.13) {
        for (let e = endCap; e >= -(endCap + ROAD_APRON_M); e -= 0.21) {
          const [surface, gravel] = cover({ r: d, g: half, b: e, a: 0 }, aa);
          const want = roadCoverAt(d, half, e, aa);
          expect(surface, `surface at d ${d}, e ${e}, aa ${aa}`).toBeCloseTo(want.surface, 6);
          expect(gravel, `gravel at d ${d}, e ${e}, aa ${aa}`).toBeCloseTo(want.gravel, 6);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // The shoulder band itself, by hand: gravel from the surface's edge to ROAD_SHOULDER_M past it.
    expect(roadCoverAt(half + ROAD_SHOULDER_M / 2, half, 5, 0)).toEqual({ surface: 0, gravel: 1 });
    expect(roadCoverAt(half + ROAD_SHOULDER_M + 0.01, half, 5, 0)).toEqual({ surface: 0, gravel: 0 });
    expect(roadCoverAt(0, half, 5, 0)).toEqual({ surface: 1, gravel: 0 });
  });

  it('draws shoulders and aprons as the layer the engine masks call shoulder: gravel, by the shoulder rule, under the road, in every climate', () => {
    for (const climate of CLIMATES) {
      const layers = viewGroundLayers(climate, { treeLine: 300, snowLine: 400 });
      const l = layers.findIndex((layer) => layer.name === 'shoulder');
      expect(layers[l], climate).toMatchObject({ material: 'gravel', rules: [SHOULDER_RULE] });
      expect(layers[l + 1], climate).toMatchObject({ name: 'road', material: 'road' });
      expect(l + 2).toBe(layers.length);
    }
  });
});
