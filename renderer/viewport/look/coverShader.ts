import type { MaskRule } from '../../../shared/masks/maskTypes';
import { COVER_SLOPE_RULE, SEDIMENT_RULE, SEDIMENT_SRGB, WET_DARKENING, WET_RULE } from '../../../shared/erosion/cover';
import { srgbByteToLinear } from '../../../app/view/colourRamp';

/**
 * The erosion cover (shared/erosion/cover.ts) in GLSL for the LOD terrain's vertex shader, generated
 * from the TypeScript rules and colours so that both stay one set of numbers: the same band with a
 * smoothstep edge as masks.ts's ruleWeight, the same mix as terrainColours.ts's applyErosionCover.
 */

/** A GLSL float literal of a number (always with a decimal point or exponent). */
export function glslFloat(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a finite number for GLSL: ${value}`);
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/**
 * A GLSL expression of one rule's weight (0…1) for the value named `value`: ruleWeight's formula
 * with GLSL's smoothstep (clamped Hermite, as masks.ts's) and step for a hard edge.
 */
export function ruleGlsl(rule: MaskRule, value: string): string {
  const soft = rule.softness ?? 0;
  const terms: string[] = [];
  if (rule.min !== undefined)
    terms.push(soft > 0 ? `smoothstep(${glslFloat(rule.min - soft)}, ${glslFloat(rule.min)}, ${value})` : `step(${glslFloat(rule.min)}, ${value})`);
  if (rule.max !== undefined)
    terms.push(soft > 0 ? `(1.0 - smoothstep(${glslFloat(rule.max)}, ${glslFloat(rule.max + soft)}, ${value}))` : `step(${value}, ${glslFloat(rule.max)})`);
  return terms.length > 0 ? terms.join(' * ') : '1.0';
}

/** Sediment's linear colour, as the CPU colours mix it. */
export const SEDIMENT_LINEAR: readonly [number, number, number] = [
  srgbByteToLinear(SEDIMENT_SRGB[0]),
  srgbByteToLinear(SEDIMENT_SRGB[1]),
  srgbByteToLinear(SEDIMENT_SRGB[2]),
];

/** The weights the cover function computes, as GLSL expressions (exported for the tests). */
export const COVER_TERMS = {
  sediment: `${ruleGlsl(SEDIMENT_RULE, 'deposition')} * ${ruleGlsl(COVER_SLOPE_RULE, 'slopeDeg')}`,
  shade: `1.0 - ${glslFloat(WET_DARKENING)} * ${ruleGlsl(WET_RULE, 'flow')}`,
};

/**
 * `vec3 terrainCovered(vec3 colour, float slopeDeg, float flow, float deposition)`: the natural colour
 * with the cover on top (flow and deposition 0…1, the RG8 texture's bytes / 255).
 */
export const COVER_GLSL = /* glsl */ `
const vec3 TERRAIN_SEDIMENT = vec3(${SEDIMENT_LINEAR.map(glslFloat).join(', ')});
vec3 terrainCovered(vec3 colour, float slopeDeg, float flow, float deposition) {
  float sediment = ${COVER_TERMS.sediment};
  float shade = ${COVER_TERMS.shade};
  return (colour + (TERRAIN_SEDIMENT - colour) * sediment) * shade;
}
`;
