import { describe, expect, it } from 'vitest';
import { ruleWeight } from '../masks/ruleWeight';
import { defaultMaskSet } from '../export/masks';
import { groundLayers } from './groundMaterials';
import { snowHeightRule, SNOW_MIN_SOFTNESS } from './snowLine';

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
