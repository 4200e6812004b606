import { describe, expect, it } from 'vitest';
import type { MaskRule } from '../../../shared/masks/maskTypes';
import { ruleWeight } from '../../../shared/export/masks';
import { COVER_SLOPE_RULE, SEDIMENT_RULE, SEDIMENT_SRGB, WET_DARKENING, WET_RULE } from '../../../shared/erosion/cover';
import { srgbByteToLinear } from '../../../app/view/colourRamp';
import { applyErosionCover } from '../../../app/view/terrainColours';
import { COVER_GLSL, COVER_TERMS, glslFloat, ruleGlsl, SEDIMENT_LINEAR } from './coverShader';
import { glslSmoothstep, glslStep } from './testing/glslAsJs';

/** Evaluates a generated GLSL scalar expression (literals, smoothstep, step, + − ×) with the named values. */
function evaluate(expression: string, values: Record<string, number>): number {
  const names = Object.keys(values);
  const run = new Function('smoothstep', 'step', ...names, `return ${expression};`) as (...args: unknown[]) => number;
  return run(glslSmoothstep, glslStep, ...names.map((n) => values[n]));
}

const samples = (lo: number, hi: number, n: number) => Array.from({ length: n + 1 }, (_, k) => lo + ((hi - lo) * k) / n);

describe('the erosion cover in the LOD shader (coverShader.ts)', () => {
  it('writes float literals GLSL accepts', () => {
    expect(glslFloat(35)).toBe('35.0');
    expect(glslFloat(0.35)).toBe('0.35');
    expect(glslFloat(1e-7)).toBe('1e-7');
    expect(() => glslFloat(Number.NaN)).toThrow(/finite/);
  });

  it('each rule in GLSL weighs every value as masks.ts ruleWeight does (bands, soft and hard edges)', () => {
    const rules: MaskRule[] = [
      SEDIMENT_RULE,
      WET_RULE,
      COVER_SLOPE_RULE,
      { source: 'height', min: 0.5 },
      { source: 'height', max: 3 },
      { source: 'slope', min: 10, max: 30, softness: 5 },
      { source: 'height' },
    ];
    for (const rule of rules) {
      const expression = ruleGlsl(rule, 'v');
      for (const v of [...samples(-1, 2, 300), ...samples(0, 90, 180), rule.min ?? 0, rule.max ?? 0]) {
        expect(evaluate(expression, { v }), `${expression} at ${v}`).toBeCloseTo(ruleWeight(rule, v), 12);
      }
    }
    expect(ruleGlsl(COVER_SLOPE_RULE, 'slopeDeg')).toBe(
      `(1.0 - smoothstep(${glslFloat(COVER_SLOPE_RULE.max ?? 0)}, ${glslFloat((COVER_SLOPE_RULE.max ?? 0) + (COVER_SLOPE_RULE.softness ?? 0))}, slopeDeg))`,
    );
  });

  it('the shader’s cover colour is the CPU colour (applyErosionCover) for every byte of flow and deposition', () => {
    expect([...SEDIMENT_LINEAR]).toEqual(SEDIMENT_SRGB.map(srgbByteToLinear));
    // The GLSL function mixes towards these constants with the generated weights.
    expect(COVER_GLSL).toContain(`vec3(${SEDIMENT_LINEAR.map(glslFloat).join(', ')})`);
    expect(COVER_GLSL).toContain(`float sediment = ${COVER_TERMS.sediment};`);
    expect(COVER_GLSL).toContain(`float shade = ${COVER_TERMS.shade};`);
    expect(COVER_GLSL).toContain('return (colour + (TERRAIN_SEDIMENT - colour) * sediment) * shade;');
    expect(COVER_TERMS.shade).toContain(glslFloat(WET_DARKENING));
    const base = [0.12, 0.3, 0.05];
    for (const slopeDeg of [0, 10, 34, 36, 40, 44, 60]) {
      for (let byte = 0; byte <= 255; byte += 3) {
        const flow = byte / 255;
        const deposition = (255 - byte) / 255;
        const cpu = [...base];
        applyErosionCover(cpu, 0, slopeDeg, flow, deposition);
        const sediment = evaluate(COVER_TERMS.sediment, { deposition, slopeDeg });
        const shade = evaluate(COVER_TERMS.shade, { flow });
        const gpu = base.map((c, i) => (c + (SEDIMENT_LINEAR[i] - c) * sediment) * shade);
        gpu.forEach((c, i) => expect(c, `slope ${slopeDeg}, byte ${byte}`).toBeCloseTo(cpu[i], 12));
      }
    }
  });
});
