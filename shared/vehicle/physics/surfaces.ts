/**
 * What each wheel stands on, and what that does to it: a documented table of surfaces (grip relative to
 * a tyre on a dry sealed road, rolling resistance as a fraction of the wheel's load) and the rules that
 * pick one from what the editor knows of the ground: the road layers, the erosion cover, the snow line
 * and the slope. Water joins with the water layer.
 *
 * Values (dry, passenger-car tyres): rolling resistance from Wong, Theory of Ground Vehicles (table 1.2:
 * concrete/asphalt 0.013–0.015, medium-hard soil 0.05–0.08, sand 0.15–0.30, packed snow 0.025–0.03);
 * friction from the usual road-safety tables (dry asphalt 0.8–1.0, gravel and bare rock 0.6–0.8, grass
 * 0.4–0.55, loose sand 0.3–0.5, packed snow 0.2–0.3), as a share of the tyre's own μ on a road.
 */
import type { Heightfield } from '../../terrain/heightfield';
import { heightAt, slopeAt } from '../../terrain/surface';

export type SurfaceId = 'road' | 'grass' | 'rock' | 'sediment' | 'snow';

export interface Surface {
  readonly label: string;
  /** Multiplies the tyre's friction (1 on a dry sealed road). */
  readonly grip: number;
  /** Rolling resistance, fraction of the wheel's load. */
  readonly rollingResistance: number;
}

export const SURFACES: Readonly<Record<SurfaceId, Surface>> = {
  road: { label: 'Road', grip: 1, rollingResistance: 0.015 },
  grass: { label: 'Grass', grip: 0.55, rollingResistance: 0.06 },
  rock: { label: 'Rock', grip: 0.75, rollingResistance: 0.02 },
  sediment: { label: 'Sand', grip: 0.45, rollingResistance: 0.15 },
  snow: { label: 'Snow', grip: 0.3, rollingResistance: 0.03 },
};

export const SURFACE_IDS = Object.keys(SURFACES) as SurfaceId[];

/** Ground steeper than this is bare rock (the erosion cover's sediment does not lie there either). */
export const ROCK_SLOPE_DEG = 35;
/** Snow lies above the snow line on ground up to this slope. */
export const SNOW_MAX_SLOPE_DEG = 40;
/** Deposition (byte / 255 of the map's largest) from which the ground counts as sediment (cover.ts's SEDIMENT_RULE). */
export const SEDIMENT_FROM = 0.1;

/** What the rules read; each source is optional (without any, the ground is grass or rock by slope). */
export interface SurfaceSources {
  readonly field: Heightfield;
  /** Per vertex: non-zero on a road's carriageway. */
  readonly roads?: Uint8Array | null;
  /** Per vertex: the erosion cover's deposition bytes (coverBytes). */
  readonly deposition?: Uint8Array | null;
  /** Height, metres, above which the ground is snow (absent: none). */
  readonly snowLine?: number;
}

/** A surface at (x, z) in world metres. */
export type SurfaceLookup = (x: number, z: number) => SurfaceId;

/** The surface rules over `sources`: road, then snow, then rock by slope, then sediment, else grass. */
export function surfaceLookup(sources: SurfaceSources): SurfaceLookup {
  const { field, roads, deposition, snowLine } = sources;
  const n = field.width * field.depth;
  const byVertex = (values: Uint8Array | null | undefined, x: number, z: number): number => {
    if (!values || values.length !== n) return 0;
    const i = Math.max(0, Math.min(field.width - 1, Math.round(x / field.cellSize + (field.width - 1) / 2)));
    const j = Math.max(0, Math.min(field.depth - 1, Math.round(z / field.cellSize + (field.depth - 1) / 2)));
    return values[j * field.width + i];
  };
  const rockSlope = (ROCK_SLOPE_DEG * Math.PI) / 180;
  const snowSlope = (SNOW_MAX_SLOPE_DEG * Math.PI) / 180;
  return (x, z) => {
    if (byVertex(roads, x, z) !== 0) return 'road';
    const slope = slopeAt(field, x, z);
    if (snowLine !== undefined && slope <= snowSlope && heightAt(field, x, z) >= snowLine) return 'snow';
    if (slope > rockSlope) return 'rock';
    if (byVertex(deposition, x, z) >= SEDIMENT_FROM * 255) return 'sediment';
    return 'grass';
  };
}

/**
 * Marks the vertices on roads' carriageways: within half the width of a centreline station (stations
 * are at most half a cell apart in practice; each marks a disc of its half width).
 */
export function roadCarriageways(
  lines: readonly { n: number; x: ArrayLike<number>; z: ArrayLike<number>; width: ArrayLike<number> }[],
  field: Pick<Heightfield, 'width' | 'depth' | 'cellSize'>,
): Uint8Array {
  const { width: W, depth: D, cellSize: s } = field;
  const out = new Uint8Array(W * D);
  for (const line of lines) {
    for (let k = 0; k < line.n; k++) {
      const half = line.width[k] / 2;
      const ci = line.x[k] / s + (W - 1) / 2;
      const cj = line.z[k] / s + (D - 1) / 2;
      const r = half / s;
      for (let j = Math.max(0, Math.ceil(cj - r)); j <= Math.min(D - 1, Math.floor(cj + r)); j++) {
        for (let i = Math.max(0, Math.ceil(ci - r)); i <= Math.min(W - 1, Math.floor(ci + r)); i++) {
          if ((i - ci) ** 2 + (j - cj) ** 2 <= r * r) out[j * W + i] = 1;
        }
      }
    }
  }
  return out;
}
