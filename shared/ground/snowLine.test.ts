import { describe, expect, it } from 'vitest';
import { ruleWeight } from '../masks/ruleWeight';
import { defaultMaskSet, layerCoverage, MaskSources } from '../export/masks';
import { groundLayers } from './groundMaterials';
import { boxedRisingEdge } from './footprintFilter';
import { snowBand, snowHeightRule, snowHeightShift, snowShiftInReach, SNOW_MIN_SOFTNESS, SNOW_SLOPE_RULE } from './snowLine';

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
  // Mountains' lines at 257²: tree 50 m, snow 72 m, so a 22 m gap, a 6 m edge and a band of 0.5 × 22 = 11 m.
  const lines = { treeLine: 50, snowLine: 72 };
  const band = snowBand(lines);
  const heightRule = snowHeightRule(lines);
  const snowAt = (h: number, x: number, z: number, slope: number, nx: number, nz: number) =>
    ruleWeight(heightRule, h + snowHeightShift(band, x, z, slope, nx, nz)) * ruleWeight(SNOW_SLOPE_RULE, slope);
  const points: [number, number][] = [];
  for (let x = -1500; x <= 1500; x += 47) for (let z = -1500; z <= 1500; z += 61) points.push([x, z]);
  const smoothstep = (t: number) => t * t * (3 - 2 * t);
  const radians = (deg: number) => (deg * Math.PI) / 180;
  // The sun at compass 235°: its horizontal direction (x east, z south).
  const sun = [Math.sin(radians(235)), -Math.cos(radians(235))];

  it('has a band of 11 m at Mountains’ lines; none where the edge takes the whole gap', () => {
    expect(band).toBeCloseTo(11, 9);
    // 2 m gap: the edge takes all of it.
    expect(snowBand({ treeLine: 2, snowLine: 4 })).toBe(0);
  });

  it('on flat ground moves the line by band × (0.3 + 0.35 × noise): bare below 72 − 6 − 0.65 × 11, full above 72 + 0.05 × 11', () => {
    for (const [x, z] of points) {
      expect(snowAt(58.8, x, z, 0, 0, 0)).toBe(0);
      expect(snowAt(72.6, x, z, 0, 0, 0)).toBe(1);
    }
    // Snow never reaches below the tree line: the most the line comes down is the band, 11 m ≤ 22 − 6.
    expect(band).toBeLessThanOrEqual(lines.snowLine - lines.treeLine - (heightRule.softness ?? 0));
  });

  it('wanders: on flat ground 4 m below the snow line some places are thinly covered and some fully', () => {
    const weights = points.map(([x, z]) => snowAt(68, x, z, 0, 0, 0));
    expect(Math.min(...weights)).toBeLessThan(0.4);
    expect(Math.max(...weights)).toBe(1);
  });

  it('holds snow lower on a slope facing away from the sun than on one facing it, by band × 0.35 × 2 sin θ below 45°', () => {
    for (const theta of [10, 30, 44]) {
      const sin = Math.sin(radians(theta));
      for (const [x, z] of points.slice(0, 200)) {
        const away = snowHeightShift(band, x, z, theta, -sin * sun[0], -sin * sun[1]);
        const toward = snowHeightShift(band, x, z, theta, sin * sun[0], sin * sun[1]);
        expect(away - toward).toBeCloseTo(band * 0.35 * 2 * sin, 9);
        // A north face against a south one: the sun's z part, cos(235° − 180°), of that.
        const north = snowHeightShift(band, x, z, theta, 0, -sin);
        const south = snowHeightShift(band, x, z, theta, 0, sin);
        expect(north - south).toBeCloseTo(band * 0.35 * 2 * sin * Math.cos(radians(55)), 9);
      }
    }
  });

  it('sheds snow from steep faces that face the sun, not from steep shaded ones: band × smoothstep((θ − 45°) / 15°) × sin θ more', () => {
    for (const theta of [50, 55, 58]) {
      const sin = Math.sin(radians(theta));
      for (const [x, z] of points.slice(0, 200)) {
        const away = snowHeightShift(band, x, z, theta, -sin * sun[0], -sin * sun[1]);
        const toward = snowHeightShift(band, x, z, theta, sin * sun[0], sin * sun[1]);
        expect(away - toward).toBeCloseTo(band * (0.35 * 2 * sin + smoothstep((theta - 45) / 15) * sin), 9);
        // The shaded face at the same place is as on flat ground plus its shade: no steepness term.
        expect(away - snowHeightShift(band, x, z, 0, 0, 0)).toBeCloseTo(band * 0.35 * sin, 9);
      }
    }
    // A 55° face squarely to the sun, 2 m above the snow line: the straight line gives it snow (the slope rule’s half), the ragged one less.
    const sin55 = Math.sin(radians(55));
    for (const [x, z] of points) {
      const straight = ruleWeight(heightRule, 74) * ruleWeight(SNOW_SLOPE_RULE, 55);
      expect(snowAt(74, x, z, 55, sin55 * sun[0], sin55 * sun[1])).toBeLessThan(straight);
      expect(snowAt(74, x, z, 55, -sin55 * sun[0], -sin55 * sun[1])).toBe(straight);
    }
  });

  it('is skipped only where it cannot change the snow: snowShiftInReach gives the same weight as the whole shift', () => {
    let skipped = 0;
    let worst = 0;
    for (let h = 40; h <= 110; h += 0.37)
      for (const footprint of [0, 3, 12])
        for (const [slope, nx, nz] of [
          [0, 0, 0],
          [30, 0.5 * sun[0], 0.5 * sun[1]],
          [58, -0.85 * sun[0], -0.85 * sun[1]],
          [58, 0.85 * sun[0], 0.85 * sun[1]],
        ])
          for (const [x, z] of points.slice(0, 40)) {
            const whole = snowHeightShift(band, x, z, slope, nx, nz);
            const inReach = snowShiftInReach(band, heightRule, h, footprint, x, z, slope, nx, nz);
            if (inReach !== whole) skipped++;
            const weigh = (shift: number) => boxedRisingEdge(heightRule.min ?? 0, heightRule.softness ?? 0, h + shift, footprint);
            worst = Math.max(worst, Math.abs(weigh(inReach) - weigh(whole)));
          }
    expect(worst).toBe(0);
    expect(skipped).toBeGreaterThan(0);
  });

  it('is what the engine’s snow mask is: the mask on a north-facing plane equals the rule at each vertex', () => {
    // A plane rising 0.5 m per metre to the south (so it faces north), 60…80 m over 41 × 41 vertices 1 m apart.
    const w = 41;
    const heights = new Float32Array(w * w);
    for (let j = 0; j < w; j++) for (let i = 0; i < w; i++) heights[j * w + i] = 60 + 0.5 * j;
    const set = defaultMaskSet(60, 80, false, lines.snowLine, { treeLine: lines.treeLine });
    const layer = set.layers.find((l) => l.name === 'snow');
    const view = groundLayers('temperate', lines, { erosion: false, road: false }).find((l) => l.name === 'snow');
    expect(layer?.snowBand).toBe(view?.snowBand);
    const coverage = layerCoverage(layer!, new MaskSources({ width: w, depth: w, cellX: 1, cellZ: 1, heights }), w * w);
    // The plane's unit normal: (0, 1, −0.5) / √1.25; its slope atan(0.5).
    const slope = (Math.atan(0.5) * 180) / Math.PI;
    const nz = -0.5 / Math.sqrt(1.25);
    let covered = 0;
    let partial = 0;
    for (let j = 1; j < w - 1; j++)
      for (let i = 1; i < w - 1; i++) {
        const expected = snowAt(heights[j * w + i], i - 20, j - 20, slope, 0, nz);
        expect(coverage[j * w + i]).toBeCloseTo(expected, 4);
        covered += expected;
        if (expected > 0 && expected < 1) partial++;
      }
    expect(covered).toBeGreaterThan(0);
    expect(partial).toBeGreaterThan(0);
  });
});
