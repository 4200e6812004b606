/**
 * Props and roads, as pure functions: which props stand on a road (its surface plus a clearance, plus
 * the prop's own footprint) and are cleared when it is made or moved; an exclusion for scatter rules;
 * and props placed along a road at a spacing on either side, aligned with it (their height and tilt
 * come from snapping to the surface, as for every prop).
 */
import { findPropType } from '../props/library';
import type { Prop } from '../props/prop';
import type { FittedRoad } from './fittedRoad';

/** Nearest-centreline queries for points: stations bucketed on a grid of `cell` metres. */
export class RoadProximity {
  private readonly buckets = new Map<number, number[]>();
  private readonly cell: number;

  constructor(
    readonly fitted: FittedRoad,
    /** Farthest distance from the centreline a query needs answered, metres. */
    readonly reach: number,
  ) {
    this.cell = Math.max(1, reach);
    const { line } = fitted;
    for (let k = 0; k < line.n - 1; k++) {
      const key = this.key(Math.floor(line.x[k] / this.cell), Math.floor(line.z[k] / this.cell));
      const list = this.buckets.get(key);
      if (list) list.push(k);
      else this.buckets.set(key, [k]);
    }
  }

  private key(bx: number, bz: number): number {
    return (bx + 1_000_000) * 2_000_003 + (bz + 1_000_000);
  }

  /** Distance from (x, z) to the centreline and the fractional station there; null beyond the reach. */
  nearest(x: number, z: number): { distance: number; station: number } | null {
    const { line } = this.fitted;
    const bx = Math.floor(x / this.cell);
    const bz = Math.floor(z / this.cell);
    let best = Infinity;
    let station = 0;
    for (let dz = -2; dz <= 2; dz++) {
      for (let dx = -2; dx <= 2; dx++) {
        for (const k of this.buckets.get(this.key(bx + dx, bz + dz)) ?? []) {
          const ex = line.x[k + 1] - line.x[k];
          const ez = line.z[k + 1] - line.z[k];
          const len2 = ex * ex + ez * ez;
          const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - line.x[k]) * ex + (z - line.z[k]) * ez) / len2)) : 0;
          const d = Math.hypot(x - line.x[k] - t * ex, z - line.z[k] - t * ez);
          if (d < best) {
            best = d;
            station = k + t;
          }
        }
      }
    }
    return best <= this.reach ? { distance: best, station } : null;
  }

  /** Whether a circle of `radius` at (x, z) reaches the road surface grown by `clearance`. */
  touches(x: number, z: number, clearance: number, radius = 0): boolean {
    const hit = this.nearest(x, z);
    if (!hit) return false;
    const { width } = this.fitted.line;
    const a = Math.floor(hit.station);
    const b = Math.min(width.length - 1, a + 1);
    const half = (width[a] + (width[b] - width[a]) * (hit.station - a)) / 2;
    return hit.distance < half + clearance + radius;
  }
}

/** Default clearance around a road's surface that props are cleared from, metres. */
export const DEFAULT_PROP_CLEARANCE = 1;

const proximityFor = (fittedRoads: readonly FittedRoad[], clearance: number, extra = 0) =>
  fittedRoads.map((fitted) => {
    let widest = 0;
    for (let k = 0; k < fitted.line.n; k++) widest = Math.max(widest, fitted.line.width[k]);
    return new RoadProximity(fitted, widest / 2 + clearance + extra);
  });

/** The props standing on any of the roads (surface + clearance, counting each prop's footprint), and the rest. */
export function propsOnRoads<P extends Pick<Prop, 'x' | 'z' | 'type' | 'scale'>>(
  props: readonly P[],
  fittedRoads: readonly FittedRoad[],
  clearance = DEFAULT_PROP_CLEARANCE,
): { kept: P[]; removed: P[] } {
  let largest = 0;
  const radius = (p: P) => (findPropType(p.type)?.footprintRadius ?? 0) * Math.abs(p.scale ?? 1);
  for (const p of props) largest = Math.max(largest, radius(p));
  const near = proximityFor(fittedRoads, clearance, largest);
  const kept: P[] = [];
  const removed: P[] = [];
  for (const p of props) (near.some((road) => road.touches(p.x, p.z, clearance, radius(p))) ? removed : kept).push(p);
  return { kept, removed };
}

/** For scatter rules: true where a prop may not go (on a road or within `clearance` of its surface). */
export function roadExclusion(fittedRoads: readonly FittedRoad[], clearance = DEFAULT_PROP_CLEARANCE): (x: number, z: number) => boolean {
  const near = proximityFor(fittedRoads, clearance);
  return (x, z) => near.some((road) => road.touches(x, z, clearance));
}

export interface AlongRoadOptions {
  type: string;
  /** Metres between props along the road. */
  spacing: number;
  /** Metres beyond the surface's edge. */
  offset: number;
  side: 'left' | 'right' | 'both';
  /** Metres along the road of the first prop (default half the spacing). */
  start?: number;
  scale?: number;
}

/** Props at a spacing along the road beside its edge, facing along it; ids from `makeId`. */
export function placeAlongRoad(fitted: FittedRoad, options: AlongRoadOptions, makeId: (k: number) => string): Prop[] {
  const { line } = fitted;
  if (!(options.spacing > 0) || !Number.isFinite(options.spacing)) throw new RangeError(`spacing must be a positive number of metres, got ${options.spacing}`);
  if (!Number.isFinite(options.offset)) throw new RangeError(`offset must be a number of metres, got ${options.offset}`);
  if (!findPropType(options.type)) throw new RangeError(`unknown prop type "${options.type}"`);
  const sides = options.side === 'both' ? [1, -1] : options.side === 'left' ? [1] : [-1];
  const props: Prop[] = [];
  for (let s = options.start ?? options.spacing / 2; s <= line.length + 1e-9; s += options.spacing) {
    const k = Math.min(line.n - 1, Math.round(s / line.ds));
    const lateral = line.width[k] / 2 + options.offset;
    for (const side of sides) {
      // Left of travel is (tz, −tx).
      props.push({
        id: makeId(props.length),
        type: options.type,
        x: line.x[k] + side * line.tz[k] * lateral,
        z: line.z[k] - side * line.tx[k] * lateral,
        yaw: Math.atan2(line.tx[k], line.tz[k]),
        scale: options.scale ?? 1,
      });
    }
  }
  return props;
}
