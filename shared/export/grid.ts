/**
 * What engine exports work on: a grid of vertex values with its own spacing along x and z (a map
 * resampled to an engine's size may have cells that are not square). Row-major, index j · width + i,
 * row 0 the smallest z, as everywhere in Faultline.
 */
import { createHeightfield, type Heightfield } from '../terrain/heightfield';

export interface ExportGrid {
  readonly width: number;
  readonly depth: number;
  /** Metres between neighbouring vertices along x and along z. */
  readonly cellX: number;
  readonly cellZ: number;
  readonly heights: Float32Array;
}

export function gridFromField(field: Heightfield): ExportGrid {
  return { width: field.width, depth: field.depth, cellX: field.cellSize, cellZ: field.cellSize, heights: field.heights };
}

/**
 * The grid as a heightfield for the heightmap codecs, which only store the samples (and, in a PNG's
 * text, one cell size: x's).
 */
export function gridAsField(grid: ExportGrid): Heightfield {
  return createHeightfield(grid.width, grid.depth, grid.cellX, grid.heights);
}

/** Extent in metres along x and z. */
export function gridExtent(grid: Pick<ExportGrid, 'width' | 'depth' | 'cellX' | 'cellZ'>): { sizeX: number; sizeZ: number } {
  return { sizeX: (grid.width - 1) * grid.cellX, sizeZ: (grid.depth - 1) * grid.cellZ };
}

/** A rectangle of vertices [i0, i0 + width) × [j0, j0 + depth) of any per-vertex values. */
export function cropValues<T extends Float32Array | Uint8Array>(values: T, sourceWidth: number, i0: number, j0: number, width: number, depth: number): T {
  const out = (values instanceof Uint8Array ? new Uint8Array(width * depth) : new Float32Array(width * depth)) as T;
  for (let j = 0; j < depth; j++) out.set(values.subarray((j0 + j) * sourceWidth + i0, (j0 + j) * sourceWidth + i0 + width), j * width);
  return out;
}

/**
 * A map with `left` columns and `top` rows in front, each a copy of the nearest edge value, whose
 * rows are read on demand (`rows`): the padded map is made whole only when `heights` is first read
 * (the heightmap file), not while the masks are made.
 */
export class PaddedGrid implements ExportGrid {
  private whole: Float32Array | null = null;
  readonly width: number;
  readonly depth: number;

  constructor(
    private readonly source: Float32Array,
    private readonly sourceWidth: number,
    private readonly left: number,
    private readonly top: number,
    sourceDepth: number,
    readonly cellX: number,
    readonly cellZ: number,
  ) {
    this.width = sourceWidth + left;
    this.depth = sourceDepth + top;
  }

  get heights(): Float32Array {
    return (this.whole ??= this.rows(0, this.depth));
  }

  /** A copy of rows [j0, j1). */
  rows(j0: number, j1: number): Float32Array {
    const out = new Float32Array((j1 - j0) * this.width);
    for (let j = j0; j < j1; j++) {
      const row = Math.max(0, j - this.top) * this.sourceWidth;
      const at = (j - j0) * this.width;
      out.fill(this.source[row], at, at + this.left);
      out.set(this.source.subarray(row, row + this.sourceWidth), at + this.left);
    }
    return out;
  }
}

export function cropGrid(grid: ExportGrid, i0: number, j0: number, width: number, depth: number): ExportGrid {
  if (!(i0 >= 0 && j0 >= 0 && i0 + width <= grid.width && j0 + depth <= grid.depth && width >= 2 && depth >= 2)) {
    throw new RangeError(`crop ${width} × ${depth} at (${i0}, ${j0}) does not fit a ${grid.width} × ${grid.depth} map`);
  }
  return { width, depth, cellX: grid.cellX, cellZ: grid.cellZ, heights: cropValues(grid.heights, grid.width, i0, j0, width, depth) };
}
