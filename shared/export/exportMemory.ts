/**
 * An engine export's peak memory, estimated from its plan before any pixel is computed, and the rule
 * that refuses an export the machine cannot hold (the CLI and main's export session both apply it).
 *
 * needs ≈ FIXED + MAP × map vertices + GRID(masks?) × exported vertices
 *
 * The constants are the measured peaks of BENCHMARKS.md ("Engine-export memory at 8129² with 16
 * layers", "Session 9: window engine export") minus Node's own ~80 MiB, rounded up:
 * - MAP: the map's float32 heights (4 B/vertex): the exporter's copy (the window's worker gets one).
 * - GRID with masks: the resampled/padded grid (4 B), what is left for the layers below as a float
 *   (4 B, the largest part), one layer's bytes and its encoded file (~1 B each): the CLI above its map,
 *   Unreal 458 MiB over 8129² (7.3 B/vertex), Terrain3D 530 MiB over 8161² (8.3), Unity 546 MiB over
 *   8193² (8.5) → 9. The window's export (its worker's copy of the map, one file in flight to main)
 *   measured 771 / 837 / 831 MiB against estimates of 883 / 888 / 896.
 *   The layer count does not enter: the layers are made and written one at a time.
 * - GRID without masks: the grid (4 B) and the heightmap's samples and file (~2 + 2 B) → 8 (the
 *   largest file of any preset, EXR of floats, is at most 4 B/vertex; normals come a block at a time).
 * - FIXED: one piece in flight to main and the codecs' buffers.
 * Tiles do not enter: tiles and Unity's terrains are cut from the grid a row of tiles at a time.
 */
import type { EnginePlan } from './engines/engine';

export const EXPORT_MEMORY_FIXED_BYTES = 64 * 1024 * 1024;
export const EXPORT_MEMORY_MAP_BYTES_PER_VERTEX = 4;
export const EXPORT_MEMORY_GRID_BYTES_PER_VERTEX = { masks: 9, plain: 8 } as const;

/** Bytes an engine export of `plan` needs at its peak, beyond what the process holds already. */
export function engineExportMemory(plan: Pick<EnginePlan, 'width' | 'depth' | 'files'>, map: { width: number; depth: number }): number {
  const masks = plan.files.some((f) => f.role === 'weightmap' || f.role === 'splatmap');
  const perVertex = masks ? EXPORT_MEMORY_GRID_BYTES_PER_VERTEX.masks : EXPORT_MEMORY_GRID_BYTES_PER_VERTEX.plain;
  return EXPORT_MEMORY_FIXED_BYTES + EXPORT_MEMORY_MAP_BYTES_PER_VERTEX * map.width * map.depth + perVertex * plan.width * plan.depth;
}

/** "1.2 GB" (decimal gigabytes, one decimal; "0.3 GB" below one). */
export function formatGigabytes(bytes: number): string {
  return `${(Math.ceil(bytes / 1e8) / 10).toFixed(1)} GB`;
}

/** What an export is called in the refusal: "the Unreal Engine 5 export (8129 × 8129, 16 mask layers)". */
export function describeEngineExport(plan: Pick<EnginePlan, 'engine' | 'width' | 'depth'>, layerCount: number): string {
  const layers = layerCount > 0 ? `, ${layerCount} mask layer${layerCount === 1 ? '' : 's'}` : '';
  return `the ${plan.engine} export (${plan.width} × ${plan.depth}${layers})`;
}

/** The refusal when an export needing `needed` bytes cannot fit in `available`; null when it fits. */
export function exportMemoryProblem(what: string, needed: number, available: number): string | null {
  if (!(needed > available)) return null;
  return `${what} needs about ${formatGigabytes(needed)} of memory and ${formatGigabytes(available)} is available: choose a smaller resolution, or close other programs and export again; nothing was written`;
}
