/**
 * Scatter and water: by default no prop stands in water (a `water` or `river` layer's, metres per
 * vertex from shared/layers/stackWater.ts). A position is wet where the water on the exact surface
 * triangle under it is deeper than 0.
 */
import type { Heightfield } from '../terrain/heightfield';
import { heightAt } from '../terrain/surface';

/** Positions in water, for ScatterOptions.exclude; `water` metres per vertex on the map's grid. */
export function waterExclusion(water: Heightfield): (x: number, z: number) => boolean {
  return (x, z) => heightAt(water, x, z) > 0;
}

/** Excluded where any of the rules excludes (undefined when there are none). */
export function excludeAny(rules: readonly ((x: number, z: number) => boolean)[]): ((x: number, z: number) => boolean) | undefined {
  if (rules.length === 0) return undefined;
  if (rules.length === 1) return rules[0];
  return (x, z) => rules.some((rule) => rule(x, z));
}
