import { describe, expect, it } from 'vitest';
import { ruleWeight } from '../masks/ruleWeight';
import { defaultMaskSet, layerCoverage, MaskSources } from '../export/masks';
import { groundLayers } from './groundMaterials';
import { snowBand, snowHeightRule, snowHeightShift, SNOW_MIN_SOFTNESS, SNOW_SLOPE_RULE } from './snowLine';

/** Where smoothstep (3t² − 2t³) reaches `level`, by bisection: the closed form's root in 0…1. */
function smoothstepAt(level: number): number {
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 60; k++) {
    const t = (lo + hi) / 2;
    if (t * t * (3 - 2 * t) < level) lo = t;
    else hi = t;
  }
  return (lo + hi) / 2;
}

describe('the snow’s edge', () => {
  it('spans at least two 2 m cells of ground between 10 % and 90 % snow on a 40° slope, at Mountains’ lines (tree 50 m, snow 72 m)', () => {
    const rule = snowHeightRule({ treeLine: 50, snowLine: 72 });
    // Heights where the rule is 10 % and 90 %, found on the rule itself, and their run on a 40° slope.
    const find = (level: number) => {
      let lo = 0;
      let hi = 72;
      for (let k = 0; k < 60; k++) {
        const h = (lo + hi) / 2;
        if (ruleWeight(rule, h) < level) lo = h;
        else hi = h;
      }
      return lo;
    };
    const run = (find(0.9) - find(0.1)) / Math.tan((40 * Math.PI) / 180);
    expect(run).toBeGreaterThanOrEqual(4);
    // The closed form: the 10–90 % band of a smoothstep is (t₉₀ − t₁₀) of its width.
    expect(find(0.9) - find(0.1)).toBeCloseTo((smoothstepAt(0.9) - smoothstepAt(0.1)) * (rule.softness ?? 0), 6);
    expect(ruleWeight(rule, 72)).toBe(1);
  });

  it('widens with the gap between the lines (within it), and the view’s layers and the engine’s snow mask use the same rule', () => {
    expect(snowHeightRule({ treeLine: 200, snowLine: 350 }).softness).toBeGreaterThan(SNOW_MIN_SOFTNESS);
    expect(snowHeightRule({ treeLine: 80, snowLine: 90 }).softness).toBe(SNOW_MIN_SOFTNESS);
    // Never below the tree line: a 2 m gap keeps a 2 m edge.
    expect(snowHeightRule({ treeLine: 2, snowLine: 4 }).softness).toBe(2);
    const lines = { treeLine: 50, snowLine: 72 };
    const view = groundLayers('temperate', lines, { erosion: true, road: false }).find((l) => l.name === 'snow');
    const engine = defaultMaskSet(0, 100, true, lines.snowLine, { treeLine: lines.treeLine }).layers.find((l) => l.name === 'snow');
    expect(view?.rules[0]).toEqual(snowHeightRule(lines));
    expect(engine?.rules).toEqual(view?.rules);
  });
});

describe('the ragged snow line', () => {
  // Mountains' lines: tree 50 m, snow 72 m, so a 22 m gap, a 6 m edge and a band of 0.3 × 22 = 6.6 m.
  const lines = { treeLine: 50, snowLine: 72 };
  const heightRule = snowHeightRule(lines);
  const snowAt = (h: number, x: number, z: number, slope: number, nx: number, nz: number) =>
    ruleWeight(heightRule, h + snowHeightShift(snowBand(lines), x, z, slope, nx, nz)) * ruleWeight(SNOW_SLOPE_RULE, slope);
  const points: [number, number][] = [];
  for (let x = -1500; x <= 1500; x += 47) for (let z = -1500; z <= 1500; z += 61) points.push([x, z]);

  it('has a band of 6.6 m at Mountains’ lines, never reaching below the tree line', () => {
    expect(snowBand(lines)).toBeCloseTo(6.6, 9);
    // 2 m gap: the edge takes all of it, no band.
    expect(snowBand({ treeLine: 2, snowLine: 4 })).toBe(0);
  });

  it('leaves flat ground well below the band bare and covers flat ground well above it, wherever it is', () => {
    // The noise moves flat ground by at most 0.4 × 6.6 = 2.64 m: bare below 72 − 6 − 2.64, full above 72 + 2.64.
    for (const [x, z] of points) {
      expect(snowAt(63.3, x, z, 0, 0, 0)).toBe(0);
      expect(snowAt(74.7, x, z, 0, 0, 0)).toBe(1);
    }
  });

  it('wanders: on flat ground just below the snow line some places are thinly covered and some fully', () => {
    const weights = points.map(([x, z]) => snowAt(70, x, z, 0, 0, 0));
    expect(Math.min(...weights)).toBeLessThan(0.4);
    expect(Math.max(...weights)).toBe(1);
  });

  it('leaves a 55° face in the band bare, whichever way it faces', () => {
    // Its shift is at most 6.6 × (0.4 + 0.5 sin 55° − 2 × smoothstep(0.75)) = −5.8 m: 71 m reads below 66 m.
    const s = Math.sin((55 * Math.PI) / 180);
    for (const [x, z] of points)
      for (const [nx, nz] of [
        [0, -s],
        [s, 0],
        [0, s],
        [-s, 0],
      ])
        expect(snowAt(71, x, z, 55, nx, nz)).toBe(0);
  });

  it('holds snow lower on a north face than on a south face at the same place, by band × sin(slope) × cos(235° − 180°)', () => {
    // A face looking north (−z) has its normal's horizontal part (0, −sin θ); the sun stands at 235°.
    const theta = 30;
    const sin = Math.sin((theta * Math.PI) / 180);
    for (const [x, z] of points.slice(0, 200)) {
      const north = snowHeightShift(13.2, x, z, theta, 0, -sin);
      const south = snowHeightShift(13.2, x, z, theta, 0, sin);
      expect(north - south).toBeCloseTo(13.2 * sin * Math.cos((55 * Math.PI) / 180), 9);
      expect(snowAt(70, x, z, theta, 0, -sin)).toBeGreaterThanOrEqual(snowAt(70, x, z, theta, 0, sin));
    }
  });

  it('is what the engine’s snow mask is: the mask on a north-facing plane equals the rule at each vertex', () => {
    // A plane rising 0.5 m per metre to the south (so it faces north), 65…85 m over 41 × 41 vertices 1 m apart.
    const w = 41;
    const heights = new Float32Array(w * w);
    for (let j = 0; j < w; j++) for (let i = 0; i < w; i++) heights[j * w + i] = 65 + 0.5 * j;
    const set = defaultMaskSet(65, 85, false, lines.snowLine, { treeLine: lines.treeLine });
    const layer = set.layers.find((l) => l.name === 'snow');
    const view = groundLayers('temperate', lines, { erosion: false, road: false }).find((l) => l.name === 'snow');
    expect(layer?.snowBand).toBe(view?.snowBand);
    const coverage = layerCoverage(layer!, new MaskSources({ width: w, depth: w, cellX: 1, cellZ: 1, heights }), w * w);
    // The plane's unit normal: (0, 1, −0.5) / √1.25; its slope atan(0.5).
    const slope = (Math.atan(0.5) * 180) / Math.PI;
    const nz = -0.5 / Math.sqrt(1.25);
    let covered = 0;
    for (let j = 1; j < w - 1; j++)
      for (let i = 1; i < w - 1; i++) {
        const expected = snowAt(heights[j * w + i], i - 20, j - 20, slope, 0, nz);
        expect(coverage[j * w + i]).toBeCloseTo(expected, 4);
        covered += expected;
      }
    expect(covered).toBeGreaterThan(0);
  });
});
