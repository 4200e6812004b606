/**
 * An export's peak memory, estimated before any pixel is computed — an engine export's from its plan,
 * a plain file's (heightmap, normal map, mesh; whole or in tiles) from its format and size — and the
 * rule that refuses an export the machine cannot hold (the CLI and main both apply it).
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
 * - GRID with a colour map, while it is made: the grid (4 B), its RGB pixels (3 B) and its PNG (at
 *   most ~3 B) → 10, the larger of this and the above. Not measured (by the arithmetic of what is held);
 *   the pixels are garbage before the masks are made (engineExport.ts colourMapFiles).
 * - FIXED: one piece in flight to main and the codecs' buffers.
 * Tiles do not enter: tiles and Unity's terrains are cut from the grid a row of tiles at a time.
 */
import type { EnginePlan } from './engines/engine';
import { exportVariant } from '../codecs/formats';
import { WATER_EXPORTS } from './waterFiles';

export const EXPORT_MEMORY_FIXED_BYTES = 64 * 1024 * 1024;
export const EXPORT_MEMORY_MAP_BYTES_PER_VERTEX = 4;
export const EXPORT_MEMORY_GRID_BYTES_PER_VERTEX = { masks: 9, plain: 8, colour: 10 } as const;

/** Bytes an engine export of `plan` needs at its peak, beyond what the process holds already. */
export function engineExportMemory(plan: Pick<EnginePlan, 'width' | 'depth' | 'files'>, map: { width: number; depth: number }): number {
  const masks = plan.files.some((f) => f.role === 'weightmap' || f.role === 'splatmap');
  const colour = plan.files.some((f) => f.role === 'colourmap');
  const grid = EXPORT_MEMORY_GRID_BYTES_PER_VERTEX;
  const perVertex = Math.max(masks ? grid.masks : grid.plain, colour ? grid.colour : 0);
  // The water files are made at the map's vertices, the water found first (waterFiles.ts WATER_EXPORTS: the mesh's the largest).
  const water = plan.files.some((f) => f.role === 'water') ? Math.max(...WATER_EXPORTS.map((w) => w.memory.encode + w.memory.file)) * map.width * map.depth : 0;
  return EXPORT_MEMORY_FIXED_BYTES + EXPORT_MEMORY_MAP_BYTES_PER_VERTEX * map.width * map.depth + perVertex * plan.width * plan.depth + water;
}

/**
 * A plain file export's peak (a heightmap, the normal map, a mesh; whole or in tiles), from its
 * format and size before anything is encoded:
 *
 * needs ≈ FIXED + MAP × map vertices + (CUT + ENCODE(format)) × vertices of one file
 *        [+ FILE(format) × vertices of one file, in the window, for a file its codec worker makes]
 *
 * - MAP (4 B): the heights the exporter holds — main's copy of the window's heights (the upload), or
 *   the codec worker's.
 * - ENCODE: the format's `memory.encode` (shared/codecs/formats.ts; the normal map's below), measured
 *   with `node --import tsx bench/fileExportMemory.ts FORMAT SIDE` (BENCHMARKS.md "Session 10: file
 *   export memory") as peak RSS − Node's own − the map, per vertex, rounded up: 8193² png16 3.5, png8
 *   2.9, r16 2.3, r32 4.3, exr 4.5 (zip) / 4.3 (none) → 4, 3, 3, 5, 5; normal map 22.6 at 4097² → 24;
 *   GLB 91–96 at 4097²/2049² → 96 (positions, normals, indices: 48 B, and the file: 48 B); OBJ 333–346 at
 *   2049²/1025² → 350 (the mesh and the text's growing buffer).
 * - CUT (4 B, tiles only): the tile cut from the map; one tile is encoded at a time. Normal-map tiles
 *   are cut from the whole map's normals: counted as the whole map.
 * - FILE: the file's largest size per vertex (`memory.file`): the window hands a mesh or normal map
 *   to main whole, which holds its copy while it writes (heightmaps are encoded in main: no copy);
 *   the CLI's tiled export holds every tile's file until all are written (+ FILE × map vertices).
 * - FIXED: as for engine exports (the encoder's thread, the codecs' buffers).
 */
export interface FileExportShape {
  /** The export entry: a codec's variant id ('png16', 'glb'…) or 'normal'. */
  format: string;
  map: { width: number; depth: number };
  /** The largest tile, when the map is cut into tiles. */
  tile?: { width: number; depth: number } | null;
  /** The window's export (a codec worker's file crosses to main whole). */
  inWindow?: boolean;
  /** Every file is held until all are written (the CLI's tiles): + FILE × map vertices. */
  holdsFiles?: boolean;
}

/** The normal map is the exchange's own entry, not a codec's: its figures (float normals, RGB pixels, PNG). */
export const NORMAL_MAP_MEMORY = { encode: 24, file: 3 } as const;
/** A tile's own heights, cut from the map. */
export const EXPORT_MEMORY_TILE_CUT_BYTES_PER_VERTEX = 4;

/** Bytes a plain file export needs at its peak (see FileExportShape); throws for an entry that is not an export format. */
export function fileExportMemory(shape: FileExportShape): number {
  const water = WATER_EXPORTS.find((entry) => entry.id === shape.format);
  // A water file is made in the window's codec worker (or the CLI) from the stack: its own figures.
  if (water)
    return (
      EXPORT_MEMORY_FIXED_BYTES +
      (EXPORT_MEMORY_MAP_BYTES_PER_VERTEX + water.memory.encode + (shape.inWindow ? water.memory.file : 0)) * shape.map.width * shape.map.depth
    );
  const normal = shape.format === 'normal';
  const found = normal ? null : exportVariant(shape.format);
  if (!normal && !found) throw new Error(`${shape.format} is not an export format`);
  const memory = found ? found.variant.memory : NORMAL_MAP_MEMORY;
  const mapVertices = shape.map.width * shape.map.depth;
  const tiled = shape.tile && !normal;
  const fileVertices = tiled ? shape.tile!.width * shape.tile!.depth : mapVertices;
  const encode = (tiled ? EXPORT_MEMORY_TILE_CUT_BYTES_PER_VERTEX : 0) + memory.encode;
  // Heightmaps are encoded in main; meshes and normal maps in the window's codec worker.
  const handedOver = shape.inWindow && (normal || found?.format.kind === 'mesh') ? memory.file : 0;
  const held = shape.holdsFiles ? memory.file * mapVertices : 0;
  return EXPORT_MEMORY_FIXED_BYTES + EXPORT_MEMORY_MAP_BYTES_PER_VERTEX * mapVertices + (encode + handedOver) * fileVertices + held;
}

/** What a file export is called in the refusal: "the PNG 16-bit grayscale export (8193 × 8193)", "… in tiles of 1025 × 1025". */
export function describeFileExport(shape: Pick<FileExportShape, 'format' | 'map' | 'tile'>): string {
  const label =
    shape.format === 'normal'
      ? 'normal map'
      : (exportVariant(shape.format)?.variant.label ?? WATER_EXPORTS.find((entry) => entry.id === shape.format)?.label ?? shape.format);
  const tiles = shape.tile ? ` in tiles of ${shape.tile.width} × ${shape.tile.depth}` : '';
  return `the ${label} export (${shape.map.width} × ${shape.map.depth}${tiles})`;
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
  return (
    `${what} needs about ${formatGigabytes(needed)} of memory and ${formatGigabytes(available)} is available: choose a smaller resolution, or ` +
    `close other programs and export again; nothing was written`
  );
}
