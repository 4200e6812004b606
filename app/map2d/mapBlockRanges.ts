import type { Heightfield, HeightRange } from '../../shared/terrain/heightfield';
import type { DirtyRegion } from '../document/region';

/** Side of a range block in vertices: a 64 m dab touches at most 3 × 3 of them on a 1 m grid. */
export const RANGE_BLOCK_SIDE = 64;

/**
 * The map's height range kept per small block of vertices, so that after an edit only the touched
 * blocks are rescanned and the map's range is a pass over a few thousand block ranges.
 */
export class MapBlockRanges {
  private readonly blocksX: number;
  private readonly blocksZ: number;
  private readonly mins: Float64Array;
  private readonly maxs: Float64Array;

  constructor(
    readonly width: number,
    readonly depth: number,
    private readonly side = RANGE_BLOCK_SIDE,
  ) {
    this.blocksX = Math.ceil(width / side);
    this.blocksZ = Math.ceil(depth / side);
    this.mins = new Float64Array(this.blocksX * this.blocksZ);
    this.maxs = new Float64Array(this.blocksX * this.blocksZ);
  }

  /** Rescans the blocks a change touched. */
  update(field: Heightfield, region: DirtyRegion): void {
    const all = region.kind === 'all';
    const bx0 = all ? 0 : Math.max(0, Math.floor(region.i0 / this.side));
    const bz0 = all ? 0 : Math.max(0, Math.floor(region.j0 / this.side));
    const bx1 = all ? this.blocksX : Math.min(this.blocksX, Math.ceil(region.i1 / this.side));
    const bz1 = all ? this.blocksZ : Math.min(this.blocksZ, Math.ceil(region.j1 / this.side));
    for (let bz = bz0; bz < bz1; bz++) for (let bx = bx0; bx < bx1; bx++) this.scan(field, bx, bz);
  }

  /** The map's height range. */
  range(): HeightRange {
    let min = Infinity;
    let max = -Infinity;
    for (let b = 0; b < this.mins.length; b++) {
      if (this.mins[b] < min) min = this.mins[b];
      if (this.maxs[b] > max) max = this.maxs[b];
    }
    return { min, max };
  }

  private scan(field: Heightfield, bx: number, bz: number): void {
    const { width, heights } = field;
    const i0 = bx * this.side;
    const i1 = Math.min(this.width, i0 + this.side);
    const j1 = Math.min(this.depth, (bz + 1) * this.side);
    let min = Infinity;
    let max = -Infinity;
    for (let j = bz * this.side; j < j1; j++) {
      for (let k = j * width + i0, end = j * width + i1; k < end; k++) {
        const h = heights[k];
        if (h < min) min = h;
        if (h > max) max = h;
      }
    }
    const b = bz * this.blocksX + bx;
    this.mins[b] = min;
    this.maxs[b] = max;
  }
}
