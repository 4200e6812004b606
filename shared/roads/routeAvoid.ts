/**
 * What a routed road keeps off when asked to (the Route mode's "Avoid water" and "Avoid props",
 * `faultline road --avoid`): the cells the router (route.ts) may not put the road's surface on.
 * - Water: every vertex the stack's water covers (depth > 0).
 * - Props: every vertex within a prop's footprint (its type's radius × its scale) plus the clearance
 *   props are cleared from a road by (props.ts) and a cell's diagonal, so a road that goes round a
 *   prop does not clear it when it is made. The spline through the route's points strays from the
 *   searched chords by less than a cell, which the diagonal covers.
 */
import type { GroundSize } from './profile';
import { findPropType } from '../props/library';
import type { Prop } from '../props/prop';
import { DEFAULT_PROP_CLEARANCE } from './props';

export interface RouteAvoidance {
  /** The stack's water depth per vertex (metres), when water is avoided. */
  waterDepth?: Float32Array | null;
  /** The props to keep clear of, when props are avoided. */
  props?: readonly (Pick<Prop, 'x' | 'z' | 'type'> & { scale?: number })[];
}

/** The blocked cells (1 = kept off), width × depth row-major as the heights; undefined when nothing is avoided. */
export function routeBlockedCells(size: GroundSize, avoid: RouteAvoidance): Uint8Array | undefined {
  const { width, depth, cellSize } = size;
  const water = avoid.waterDepth ?? null;
  const props = avoid.props ?? [];
  if (!water && props.length === 0) return undefined;
  const blocked = new Uint8Array(width * depth);
  if (water) for (let k = 0; k < blocked.length; k++) if (water[k] > 0) blocked[k] = 1;
  for (const prop of props) {
    const reach = (findPropType(prop.type)?.footprintRadius ?? 0) * Math.abs(prop.scale ?? 1) + DEFAULT_PROP_CLEARANCE + cellSize * Math.SQRT2;
    const ci = prop.x / cellSize + (width - 1) / 2;
    const cj = prop.z / cellSize + (depth - 1) / 2;
    const r = reach / cellSize;
    for (let j = Math.max(0, Math.ceil(cj - r)); j <= Math.min(depth - 1, Math.floor(cj + r)); j++)
      for (let i = Math.max(0, Math.ceil(ci - r)); i <= Math.min(width - 1, Math.floor(ci + r)); i++)
        if ((i - ci) ** 2 + (j - cj) ** 2 <= r * r) blocked[j * width + i] = 1;
  }
  return blocked;
}
