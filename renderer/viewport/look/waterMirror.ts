import { DataTexture, DataUtils, HalfFloatType, LinearFilter, RedFormat, Vector4 } from 'three';
import type { HydrologyGrid } from '../../../shared/hydrology/grid';
import type { DirtyRegion } from '../../../app/document/region';

/**
 * The ground a lake mirrors (waterMaterial.ts marches each pixel's reflected ray against it): the
 * map's heights on a coarse grid of at most MIRROR_MAX_SIDE samples a side, each sample the highest
 * vertex within half a sample spacing of it, so a cliff or ridge is never lower here than on the map
 * (a ray that passes over this ground passes over the map's). Kept as a half-float texture read with
 * linear filtering; sent again whole (at most 257² × 2 bytes) when the heights change.
 */
export const MIRROR_MAX_SIDE = 257;

export interface MirrorGround {
  /** The highest height near each sample, row by row (j · width + i). */
  heights: Float32Array;
  width: number;
  depth: number;
  /** Map vertices between two samples. */
  step: number;
  /** Metres between two samples. */
  spacing: number;
  /** The map's half extent on x and z (metres): sample (0, 0) is vertex (0, 0) at (−halfX, −halfZ). */
  halfX: number;
  halfZ: number;
}

/** The sampling of `grid`: every `step`-th vertex, the least step that keeps both sides within MIRROR_MAX_SIDE. */
export function mirrorGroundShape(grid: HydrologyGrid): { step: number; width: number; depth: number } {
  const step = Math.max(1, Math.ceil((Math.max(grid.width, grid.depth) - 1) / (MIRROR_MAX_SIDE - 1)));
  return { step, width: Math.ceil((grid.width - 1) / step) + 1, depth: Math.ceil((grid.depth - 1) / step) + 1 };
}

/** Samples [i0, i1) × [j0, j1) of `ground` read again from the map's `heights` (each the highest vertex within step / 2). */
function fillMirror(ground: MirrorGround, grid: HydrologyGrid, heights: Float32Array, i0: number, j0: number, i1: number, j1: number): void {
  const { step, width } = ground;
  const reach = Math.floor(step / 2);
  for (let j = j0; j < j1; j++) {
    const vj0 = Math.max(0, j * step - reach);
    const vj1 = Math.min(grid.depth - 1, j * step + reach);
    for (let i = i0; i < i1; i++) {
      const vi0 = Math.max(0, i * step - reach);
      const vi1 = Math.min(grid.width - 1, i * step + reach);
      let top = -Infinity;
      for (let vj = vj0; vj <= vj1; vj++) {
        const row = vj * grid.width;
        for (let vi = vi0; vi <= vi1; vi++) {
          const h = heights[row + vi];
          if (h > top) top = h;
        }
      }
      ground.heights[j * width + i] = top;
    }
  }
}

/** The mirror's ground for the whole map. */
export function mirrorGround(grid: HydrologyGrid, heights: Float32Array): MirrorGround {
  const { step, width, depth } = mirrorGroundShape(grid);
  const ground: MirrorGround = {
    heights: new Float32Array(width * depth),
    width,
    depth,
    step,
    spacing: grid.cellSize * step,
    halfX: ((grid.width - 1) * grid.cellSize) / 2,
    halfZ: ((grid.depth - 1) * grid.cellSize) / 2,
  };
  fillMirror(ground, grid, heights, 0, 0, width, depth);
  return ground;
}

/** Samples [i0, i1) × [j0, j1). */
export interface MirrorRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/** Reads again the samples whose window `region` reaches (every one for 'all'); returns them. */
export function refreshMirrorGround(ground: MirrorGround, grid: HydrologyGrid, heights: Float32Array, region: DirtyRegion): MirrorRect {
  if (region.kind === 'all') {
    fillMirror(ground, grid, heights, 0, 0, ground.width, ground.depth);
    return { i0: 0, j0: 0, i1: ground.width, j1: ground.depth };
  }
  const reach = Math.floor(ground.step / 2);
  const first = (vertex: number, samples: number) => Math.min(samples, Math.max(0, Math.ceil((vertex - reach) / ground.step)));
  const past = (vertex: number, samples: number) => Math.min(samples, Math.max(0, Math.floor((vertex - 1 + reach) / ground.step) + 1));
  const rect = { i0: first(region.i0, ground.width), j0: first(region.j0, ground.depth), i1: past(region.i1, ground.width), j1: past(region.j1, ground.depth) };
  fillMirror(ground, grid, heights, rect.i0, rect.j0, rect.i1, rect.j1);
  return rect;
}

/** The highest sample of `ground` (the marching stops once a ray is above it). */
export function mirrorTop(ground: MirrorGround): number {
  let top = -Infinity;
  for (const h of ground.heights) if (h > top) top = h;
  return top;
}

/**
 * The map's x, z (centred on the origin, as the terrain) to the texture's u, v at its samples' centres:
 * u = x · tx.x + tx.y, v = z · tx.z + tx.w.
 */
export function mirrorTransform(ground: MirrorGround, out = new Vector4()): Vector4 {
  const { halfX, halfZ, spacing, width, depth } = ground;
  return out.set(1 / (spacing * width), (halfX / spacing + 0.5) / width, 1 / (spacing * depth), (halfZ / spacing + 0.5) / depth);
}

/**
 * `ground`'s heights as half floats into `texture` (made when null or of another size: then all of them,
 * else those of `rect`, the whole by default); returns the texture to use.
 */
export function mirrorTexture(
  ground: MirrorGround,
  texture: DataTexture | null,
  rect: MirrorRect = { i0: 0, j0: 0, i1: ground.width, j1: ground.depth },
): DataTexture {
  let target = texture;
  let { i0, j0, i1, j1 } = rect;
  if (!target || target.image.width !== ground.width || target.image.height !== ground.depth) {
    target?.dispose();
    target = new DataTexture(new Uint16Array(ground.width * ground.depth), ground.width, ground.depth, RedFormat, HalfFloatType);
    target.minFilter = LinearFilter;
    target.magFilter = LinearFilter;
    target.generateMipmaps = false;
    target.unpackAlignment = 2;
    [i0, j0, i1, j1] = [0, 0, ground.width, ground.depth];
  }
  const data = target.image.data as Uint16Array;
  for (let j = j0; j < j1; j++) for (let i = i0; i < i1; i++) data[j * ground.width + i] = DataUtils.toHalfFloat(ground.heights[j * ground.width + i]);
  target.needsUpdate = true;
  return target;
}
