/**
 * The water's level of detail, chosen as the terrain's is (shared/lod/selectLod.ts): per block, the
 * coarsest level whose sheet strays (waterBlockDetail.ts) by at most `maxPixelError` pixels at the
 * block's nearest point, and if that draws more than the triangle budget, the smallest larger bound
 * that fits. Blocks outside the camera's frustum, or every block when there is no camera yet, take
 * their coarsest level: what the GPU holds for a map's water is what the camera needs, not the map.
 */
import type { HydrologyGrid } from '../../shared/hydrology/grid';
import { createChunkLayout, type ChunkLayout } from '../../shared/lod/chunkLayout';
import type { ChunkErrors } from '../../shared/lod/chunkErrors';
import { chunkPixelScales, DEFAULT_MAX_PIXEL_ERROR, levelsForPixelError, type LodCamera } from '../../shared/lod/selectLod';
import type { WaterBlockDetail } from './waterBlockDetail';
import { WATER_BLOCK_CELLS, WATER_LEVEL_COUNT } from './waterCorners';
import { NO_COARSER_NEIGHBOURS, type EdgeSteps } from './waterMesh';
import { RIVER_STRIP_TRIANGLE_BUDGET, WATER_TRIANGLE_BUDGET } from '../../shared/lod/sceneBudget';

/**
 * At most this many triangles of water sheet from any camera: the water's share of the scene's 2 M
 * (shared/lod/sceneBudget.ts) when the sheet holds the rivers too, that share less the rivers' strips'
 * when they are strips (`WATER_SHEET_LAKES_BUDGET`).
 */
export { WATER_TRIANGLE_BUDGET };
export const WATER_SHEET_LAKES_BUDGET = WATER_TRIANGLE_BUDGET - RIVER_STRIP_TRIANGLE_BUDGET;

export interface WaterLodOptions {
  maxPixelError?: number;
  triangleBudget?: number;
}

export class WaterLevels {
  readonly layout: ChunkLayout;
  private readonly table: ChunkErrors;
  private readonly triangleTable: Uint32Array;
  private readonly wet: Uint8Array;

  constructor(grid: HydrologyGrid) {
    this.layout = createChunkLayout(grid.width, grid.depth, grid.cellSize, WATER_BLOCK_CELLS);
    const count = this.layout.chunksX * this.layout.chunksZ;
    this.table = {
      layout: this.layout,
      errors: new Float32Array(count * this.layout.levelCount),
      minHeight: new Float32Array(count),
      maxHeight: new Float32Array(count),
      maxLevel: new Uint8Array(count),
    };
    this.triangleTable = new Uint32Array(count * WATER_LEVEL_COUNT);
    this.wet = new Uint8Array(count);
  }

  get blockCount(): number {
    return this.wet.length;
  }

  /** Block `key` (row-major) is now `detail` (null: dry). */
  set(key: number, detail: WaterBlockDetail | null): void {
    const { levelCount } = this.layout;
    const { errors, minHeight, maxHeight, maxLevel } = this.table;
    this.wet[key] = detail ? 1 : 0;
    for (let level = 0; level < levelCount; level++) {
      errors[key * levelCount + level] = !detail ? 0 : level < WATER_LEVEL_COUNT ? detail.errors[level] : Infinity;
    }
    for (let level = 0; level < WATER_LEVEL_COUNT; level++) this.triangleTable[key * WATER_LEVEL_COUNT + level] = detail ? detail.triangles[level] : 0;
    minHeight[key] = detail ? detail.minY : 0;
    maxHeight[key] = detail ? detail.maxY : 0;
    maxLevel[key] = detail ? detail.maxLevel : 0;
  }

  holdsWater(key: number): boolean {
    return this.wet[key] === 1;
  }

  /** Triangles drawn at `levels`. */
  triangles(levels: Uint8Array): number {
    let total = 0;
    for (let key = 0; key < levels.length; key++) total += this.triangleTable[key * WATER_LEVEL_COUNT + levels[key]];
    return total;
  }

  /** Each block's level for `camera` (null: every block at its coarsest). */
  select(camera: LodCamera | null, options: WaterLodOptions = {}): Uint8Array {
    const maxPixelError = options.maxPixelError ?? DEFAULT_MAX_PIXEL_ERROR;
    const budget = options.triangleBudget ?? WATER_TRIANGLE_BUDGET;
    const scales = camera ? chunkPixelScales(this.table, camera) : new Float64Array(this.wet.length);
    const levels = new Uint8Array(this.wet.length);
    levelsForPixelError(this.table, scales, maxPixelError, levels);
    if (this.triangles(levels) <= budget) return levels;
    // Relax the bound until it fits (or every block is at its coarsest), then bisect on a log scale.
    let low = maxPixelError;
    let high = maxPixelError > 0 ? maxPixelError * 2 : 1e-3;
    for (let n = 0; n < 60; n++) {
      levelsForPixelError(this.table, scales, high, levels);
      if (this.triangles(levels) <= budget || this.allCoarsest(levels)) break;
      low = high;
      high *= 2;
    }
    for (let n = 0; n < 20; n++) {
      const mid = Math.sqrt(low * high);
      levelsForPixelError(this.table, scales, mid, levels);
      if (this.triangles(levels) <= budget) high = mid;
      else low = mid;
    }
    return levelsForPixelError(this.table, scales, high, levels);
  }

  /** The steps of block `key`'s coarser neighbours at `levels` (waterMesh.ts: its edges follow theirs). */
  edgeSteps(key: number, levels: Uint8Array): EdgeSteps {
    const { chunksX, chunksZ } = this.layout;
    const bi = key % chunksX;
    const bj = (key - bi) / chunksX;
    const own = levels[key];
    const stepOf = (neighbour: number, exists: boolean): number => (exists && this.wet[neighbour] && levels[neighbour] > own ? 2 ** levels[neighbour] : 1);
    const steps: EdgeSteps = [
      stepOf(key - 1, bi > 0),
      stepOf(key + 1, bi < chunksX - 1),
      stepOf(key - chunksX, bj > 0),
      stepOf(key + chunksX, bj < chunksZ - 1),
    ];
    return steps.every((s) => s === 1) ? NO_COARSER_NEIGHBOURS : steps;
  }

  private allCoarsest(levels: Uint8Array): boolean {
    for (let key = 0; key < levels.length; key++) if (this.wet[key] && levels[key] !== this.table.maxLevel[key]) return false;
    return true;
  }
}
