/**
 * The snow's edge: the one rule by which the 3D view, the 2D map and the engine's snow mask all place
 * snow (groundMaterials.ts builds the snow layer from it). Snow is full from the snow line up and fades
 * in below it over a band as wide as a share of the gap between the tree and the snow lines, never
 * narrower than SNOW_MIN_SOFTNESS (unless the gap is) nor wider than the gap: an edge a metre or two wide was a hard step, drawn along every rill
 * of a slope as a saw-tooth, and aliased at a far view.
 */
import type { MaskRule } from '../masks/maskTypes';

/** The narrowest snow edge, metres of height (on a 40° slope about 4 m of ground between 10 % and 90 % snow). */
export const SNOW_MIN_SOFTNESS = 6;
/** The snow edge's width as a share of the gap between the tree line and the snow line. */
export const SNOW_SOFTNESS_SHARE = 0.25;
/** Snow holds on ground up to 50°, gone by 60°. */
export const SNOW_SLOPE_RULE: MaskRule = { source: 'slope', max: 50, softness: 10 };

const round = (v: number) => Math.round(v * 100) / 100;

/** The snow's height rule for the View's lines (a snow line at or below the tree line counts as one metre above it). */
export function snowHeightRule(lines: { readonly treeLine: number; readonly snowLine: number }): MaskRule {
  const gap = Math.max(1, lines.snowLine - lines.treeLine);
  // Never wider than the gap: snow does not reach below the tree line.
  return { source: 'height', min: round(lines.snowLine), softness: round(Math.min(gap, Math.max(SNOW_MIN_SOFTNESS, SNOW_SOFTNESS_SHARE * gap))) };
}
