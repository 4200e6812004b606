import type { Heightfield } from '../../shared/terrain/heightfield';
import { createChunkLayout, type ChunkLayout } from '../../shared/lod/chunkLayout';
import { computeChunkErrors, updateChunkErrors, type ChunkErrors } from '../../shared/lod/chunkErrors';
import { DEFAULT_TRIANGLE_BUDGET, selectLod, type LodCamera, type LodOptions, type LodSelection } from '../../shared/lod/selectLod';
import type { DirtyRegion } from '../region';

/**
 * Maps whose full mesh would exceed the triangle budget are drawn with level of detail (1025² is
 * already 2.1 M triangles); smaller ones draw the exact mesh directly.
 */
export function usesLod(field: Pick<Heightfield, 'width' | 'depth'>): boolean {
  return 2 * (field.width - 1) * (field.depth - 1) > DEFAULT_TRIANGLE_BUDGET;
}

/** Chunk ranges [cx0, cx1] × [cz0, cz1] whose heights changed. */
export interface ChunkRange {
  cx0: number;
  cz0: number;
  cx1: number;
  cz1: number;
}

/**
 * The document side of terrain LOD: chunk errors kept in step with edits (only touched chunks are
 * recomputed) and the level choice for a camera. Holds no rendering state.
 */
export class LodTerrainModel {
  layout: ChunkLayout;
  errors: ChunkErrors;
  private dims: string;

  constructor(field: Heightfield) {
    this.layout = createChunkLayout(field.width, field.depth, field.cellSize);
    this.errors = computeChunkErrors(field, this.layout);
    this.dims = dimsOf(field);
  }

  /** Applies a document change; returns the chunks whose heights changed (all of them for a new map). */
  applyChange(field: Heightfield, region: DirtyRegion): ChunkRange {
    const all = { cx0: 0, cz0: 0, cx1: this.layout.chunksX - 1, cz1: this.layout.chunksZ - 1 };
    if (dimsOf(field) !== this.dims) {
      this.layout = createChunkLayout(field.width, field.depth, field.cellSize);
      this.errors = computeChunkErrors(field, this.layout);
      this.dims = dimsOf(field);
      return { cx0: 0, cz0: 0, cx1: this.layout.chunksX - 1, cz1: this.layout.chunksZ - 1 };
    }
    if (region.kind === 'all') {
      this.errors = computeChunkErrors(field, this.layout);
      return all;
    }
    updateChunkErrors(field, this.errors, region.i0, region.j0, region.i1, region.j1);
    const c = this.layout.chunkCells;
    // Shading normals read one vertex further, so a border edit also reshades the next chunk.
    return {
      cx0: Math.max(0, Math.floor((region.i0 - 2) / c)),
      cz0: Math.max(0, Math.floor((region.j0 - 2) / c)),
      cx1: Math.min(all.cx1, Math.floor(region.i1 / c)),
      cz1: Math.min(all.cz1, Math.floor(region.j1 / c)),
    };
  }

  select(camera: LodCamera, options?: LodOptions): LodSelection {
    return selectLod(this.errors, camera, options);
  }

  /** Lowest and highest height of the map, from the per-chunk ranges. */
  heightBounds(): { min: number; max: number } {
    let min = Infinity;
    let max = -Infinity;
    for (let c = 0; c < this.errors.minHeight.length; c++) {
      min = Math.min(min, this.errors.minHeight[c]);
      max = Math.max(max, this.errors.maxHeight[c]);
    }
    return { min, max };
  }
}

function dimsOf(field: Heightfield): string {
  return `${field.width}x${field.depth}@${field.cellSize}`;
}
