import type { Heightfield } from '../../shared/terrain/heightfield';
import { chunkCount, createChunkLayout, type ChunkLayout } from '../../shared/lod/chunkLayout';
import { chunksTouching, computeChunkErrorBounds, computeChunkErrors, updateChunkErrorsAt, type ChunkErrors } from '../../shared/lod/chunkErrors';
import {
  DEFAULT_MAX_PIXEL_ERROR,
  DEFAULT_TRIANGLE_BUDGET,
  chunkPixelScales,
  selectLevels,
  updateListedPixelScales,
  type LodCamera,
  type LodOptions,
  type LodSelection,
} from '../../shared/lod/selectLod';
import type { DirtyRegion } from '../document/region';
import { CameraSnapshot } from './cameraSnapshot';

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

export interface LodTerrainModelOptions {
  /** Start with conservative error bounds and refine them with refineErrors (no stall on opening a big map). */
  deferExactErrors?: boolean;
}

/**
 * The document side of terrain LOD: chunk errors kept in step with edits (only touched chunks are
 * recomputed) and the level choice for a camera. Holds no rendering state.
 *
 * A whole-map change only measures each chunk's height range at once and bounds its errors by it
 * (never coarser than exact); refineErrors then computes exact errors a few chunks at a time.
 * Per-chunk pixel scales are kept while the camera stays put: only chunks whose height range
 * changed are rescored.
 */
export class LodTerrainModel {
  // Set by useLayoutOf, which the constructor calls.
  layout!: ChunkLayout;
  errors: ChunkErrors;
  private field: Heightfield;
  private dims!: string;
  /** 1 for chunks whose errors are still the conservative bound. */
  private pending!: Uint8Array;
  private pendingCount = 0;
  /** Where the next refineErrors call starts looking for pending chunks. */
  private refineCursor = 0;
  /** Counts whole-map changes: exact errors computed elsewhere from older heights must not be installed. */
  private wholeMapChanges = 0;

  private scales!: Float64Array;
  private readonly scaleCamera = new CameraSnapshot();
  private scalesValid = false;
  /** Chunks whose height range changed since the scales were computed (rescored on the next select). */
  private staleScales!: Int32Array;
  private staleCount = 0;
  private staleFlags!: Uint8Array;
  private lastSelection: { selection: LodSelection; maxPixelError: number; triangleBudget: number } | null = null;

  constructor(field: Heightfield, options: LodTerrainModelOptions = {}) {
    this.field = field;
    this.useLayoutOf(field);
    if (options.deferExactErrors) this.errors = this.boundAll(field);
    else this.errors = computeChunkErrors(field, this.layout);
  }

  /** Chunks whose errors are still conservative bounds. */
  get pendingChunks(): number {
    return this.pendingCount;
  }

  /** Which whole-map change the pending bounds belong to (see installErrors). */
  get wholeMapGeneration(): number {
    return this.wholeMapChanges;
  }

  /**
   * Installs exact errors computed off the main thread (laid out as ChunkErrors.errors) from the
   * heights of whole-map change `generation`, for the chunks still pending: a chunk edited since
   * was recomputed here and is not pending, and an untouched one still has those heights. Errors of
   * an older generation are ignored. Returns whether any errors changed (then select again).
   */
  installErrors(generation: number, errors: Float32Array): boolean {
    if (generation !== this.wholeMapChanges || errors.length !== this.errors.errors.length || this.pendingCount === 0) return false;
    const { levelCount } = this.layout;
    for (let c = 0; c < this.pending.length; c++) {
      if (!this.pending[c]) continue;
      this.errors.errors.set(errors.subarray(c * levelCount, (c + 1) * levelCount), c * levelCount);
      this.markRefined(c);
    }
    this.lastSelection = null;
    return true;
  }

  /**
   * Applies a document change; returns the chunks whose heights changed (all of them for a new map).
   * A rectangle updates its chunks exactly; a whole-map change sets conservative bounds and leaves
   * the exact errors to refineErrors.
   */
  applyChange(field: Heightfield, region: DirtyRegion): ChunkRange {
    this.field = field;
    this.lastSelection = null;
    if (dimsOf(field) !== this.dims) {
      this.useLayoutOf(field);
      this.errors = this.boundAll(field);
      return this.allChunks();
    }
    if (region.kind === 'all') {
      this.errors = this.boundAll(field);
      this.scalesValid = false;
      return this.allChunks();
    }
    const touched = chunksTouching(this.layout, region.i0, region.j0, region.i1, region.j1);
    if (touched) {
      const { chunksX } = this.layout;
      for (let cz = touched.cz0; cz <= touched.cz1; cz++) {
        for (let cx = touched.cx0; cx <= touched.cx1; cx++) {
          const c = cz * chunksX + cx;
          updateChunkErrorsAt(field, this.errors, cx, cz);
          this.markRefined(c);
          this.markStale(c);
        }
      }
    }
    const c = this.layout.chunkCells;
    const all = this.allChunks();
    // Shading normals read one vertex further, so a border edit also reshades the next chunk.
    return {
      cx0: Math.max(0, Math.floor((region.i0 - 2) / c)),
      cz0: Math.max(0, Math.floor((region.j0 - 2) / c)),
      cx1: Math.min(all.cx1, Math.floor(region.i1 / c)),
      cz1: Math.min(all.cz1, Math.floor(region.j1 / c)),
    };
  }

  /**
   * Computes exact errors for pending chunks until about `budgetMs` has passed (at least one chunk
   * per call, so it always progresses); returns whether any errors changed, i.e. whether levels
   * should be selected again.
   */
  refineErrors(budgetMs: number, now: () => number = () => performance.now()): boolean {
    if (this.pendingCount === 0) return false;
    const { chunksX } = this.layout;
    const count = this.pending.length;
    const start = now();
    let refined = 0;
    while (this.pendingCount > 0) {
      while (!this.pending[this.refineCursor]) this.refineCursor = (this.refineCursor + 1) % count;
      const c = this.refineCursor;
      updateChunkErrorsAt(this.field, this.errors, c % chunksX, Math.floor(c / chunksX));
      this.markRefined(c);
      refined++;
      const elapsed = now() - start;
      // Stop before a chunk that, at this call's average cost, would overrun the budget.
      if (elapsed + elapsed / refined > budgetMs) break;
    }
    // Height ranges are unchanged (they were exact already), so the pixel scales stay valid.
    if (refined > 0) this.lastSelection = null;
    return refined > 0;
  }

  select(camera: LodCamera, options: LodOptions = {}): LodSelection {
    const maxPixelError = options.maxPixelError ?? DEFAULT_MAX_PIXEL_ERROR;
    const triangleBudget = options.triangleBudget ?? DEFAULT_TRIANGLE_BUDGET;
    const sameCamera = this.scalesValid && this.scaleCamera.matches(camera);
    if (!sameCamera) {
      chunkPixelScales(this.errors, camera, this.scales);
      this.scaleCamera.copy(camera);
      this.scalesValid = true;
      this.clearStale();
      this.lastSelection = null;
    } else if (this.staleCount > 0) {
      updateListedPixelScales(this.errors, camera, this.scales, this.staleScales, this.staleCount);
      this.clearStale();
      this.lastSelection = null;
    }
    const last = this.lastSelection;
    if (last && last.maxPixelError === maxPixelError && last.triangleBudget === triangleBudget) return last.selection;
    const selection = selectLevels(this.errors, this.scales, { maxPixelError, triangleBudget });
    this.lastSelection = { selection, maxPixelError, triangleBudget };
    return selection;
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

  /** Chunk layout and per-chunk tables for the field's size (nothing pending, no scales yet). */
  private useLayoutOf(field: Heightfield): void {
    this.layout = createChunkLayout(field.width, field.depth, field.cellSize);
    this.dims = dimsOf(field);
    const count = chunkCount(this.layout);
    this.pending = new Uint8Array(count);
    this.pendingCount = 0;
    this.scales = new Float64Array(count);
    this.scalesValid = false;
    this.staleScales = new Int32Array(count);
    this.staleFlags = new Uint8Array(count);
    this.staleCount = 0;
  }

  private allChunks(): ChunkRange {
    return { cx0: 0, cz0: 0, cx1: this.layout.chunksX - 1, cz1: this.layout.chunksZ - 1 };
  }

  private boundAll(field: Heightfield): ChunkErrors {
    this.wholeMapChanges++;
    this.pending.fill(1);
    this.pendingCount = this.pending.length;
    this.refineCursor = 0;
    return computeChunkErrorBounds(field, this.layout);
  }

  private markRefined(c: number): void {
    if (!this.pending[c]) return;
    this.pending[c] = 0;
    this.pendingCount--;
  }

  private markStale(c: number): void {
    if (!this.scalesValid || this.staleFlags[c]) return;
    this.staleFlags[c] = 1;
    this.staleScales[this.staleCount++] = c;
  }

  private clearStale(): void {
    for (let n = 0; n < this.staleCount; n++) this.staleFlags[this.staleScales[n]] = 0;
    this.staleCount = 0;
  }
}

function dimsOf(field: Heightfield): string {
  return `${field.width}x${field.depth}@${field.cellSize}`;
}
