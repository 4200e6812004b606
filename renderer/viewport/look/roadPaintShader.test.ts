import { describe, expect, it } from 'vitest';
import { CLIMATES } from '../../../shared/ground/climate';
import { ROAD_APRON_M, ROAD_END_FADE_M, ROAD_END_PLAIN_FROM, ROAD_SHOULDER_M, roadCoverAt, roadEndBlend } from '../../../shared/roads/roadPaint';
import { turfNoise } from '../../../shared/ground/turfEdge';
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
 * The shader's road cover (roadPaintShader.ts terrainRoadCover with its band, end fades and ragged ends)
 * run as JavaScript: (paint, aa, turf) → [surface, gravel], `turf` the turf's noise the shader hands it.
 */
function shaderCover(endCap: number): (paint: Paint, aa: number, turf: number) => number[] {
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const vec2 = (x: number, y = x) => [x, y];
  const fn = (signature: string, params: string[]) => {
    const body = glslToJs(glslBody(ROAD_FRAGMENT_HEADER, signature));
    const calls = 'const { terrainRoadBand, terrainRoadEndFade, terrainRoadRagged } = f;';
    return new Function('smoothstep', 'clamp', 'min', 'max', 'mix', 'vec2', 'terrainRoadOn', 'terrainRoadEndCap', 'f', ...params, calls + body);
  };
  const band = fn('float terrainRoadBand(', ['x', 'halfWidth', 'aa']);
  const endFade = fn('float terrainRoadEndFade(', ['e', 'length']);
  const ragged = fn('float terrainRoadRagged(', ['fade', 'turf', 'aa']);
  const cover = fn('vec2 terrainRoadCover(', ['paint', 'aa', 'turf']);
  // Each function reaches the others through the names its body calls.
  const mix = (a: number, b: number, t: number) => a + (b - a) * t;
  const common = (f: Record<string, unknown>) => [glslSmoothstep, clamp, Math.min, Math.max, mix, vec2, 1, endCap, f];
  const all: Record<string, (...args: unknown[]) => unknown> = {};
  const bind =
    (g: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) =>
      g(...common(all), ...args);
  all.terrainRoadBand = bind(band as (...args: unknown[]) => unknown);
  all.terrainRoadEndFade = bind(endFade as (...args: unknown[]) => unknown);
  all.terrainRoadRagged = bind(ragged as (...args: unknown[]) => unknown);
  const run = bind(cover as (...args: unknown[]) => unknown);
  return (paint, aa, turf) => run(paint, aa, turf) as number[];
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

  it('covers the surface and its gravel (shoulders, aprons) as roadCoverAt says: ragged ends up close, the engine masks’ plain cover far off', () => {
    const endCap = 2;
    const cover = shaderCover(endCap);
    const half = 3.5;
    let checked = 0;
    for (const aa of [0.02, 0.25, 0.4, 2]) {
      for (let d = -(half + ROAD_SHOULDER_M + 2); d <= half + ROAD_SHOULDER_M + 2; d += 0.13) {
        for (let e = endCap; e >= -(endCap + ROAD_APRON_M); e -= 0.21) {
          // The turf's noise where the shader reads it (the map's x, z: the end along x, the offset along z).
          const turf = turfNoise(e, d, aa);
          const [surface, gravel] = cover({ r: d, g: half, b: e, a: 0 }, aa, turf);
          const want = roadCoverAt(d, half, e, aa, turf);
          expect(surface, `surface at d ${d}, e ${e}, aa ${aa}`).toBeCloseTo(want.surface, 6);
          expect(gravel, `gravel at d ${d}, e ${e}, aa ${aa}`).toBeCloseTo(want.gravel, 6);
          // From ROAD_END_PLAIN_FROM a pixel on, the engine masks' cover (the plain fades), whatever the noise.
          if (aa >= ROAD_END_PLAIN_FROM) {
            const plain = roadCoverAt(d, half, e, aa);
            expect(surface).toBeCloseTo(plain.surface, 6);
            expect(gravel).toBeCloseTo(plain.gravel, 6);
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1500);
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
