/** Helpers the engine modules share: errors, rounding, file names per tile, the resample/crop shape, tile layouts. */
import type { JsonObject, JsonValue } from '../../json';
import { tileLayout, tileName, tileSpecProblem, type Tile, type TileSpec } from '../tiles';
import type { EngineExportOptions, ExportFileRole, FitMode, MapDims, PlannedFile, Shape } from './engine';

export class EngineExportError extends Error {
  override name = 'EngineExportError';
}

export function fail(message: string): never {
  throw new EngineExportError(message);
}

export const round = (v: number): number => Number(v.toPrecision(12));

/** Names of every file of one role: NAME<suffix>.ext, or NAME<suffix>_x{X}_y{Y}.ext per tile. */
export function perTile(
  name: string,
  suffix: string,
  extension: string,
  shape: Pick<Shape, 'width' | 'depth'>,
  tiles: Tile[] | null,
  role: ExportFileRole,
  layers?: string[],
  pixels?: (tile: Tile | null) => number,
): PlannedFile[] {
  const size = (tile: Tile | null) =>
    pixels ? { width: pixels(tile), depth: pixels(tile) } : tile ? { width: tile.width, depth: tile.depth } : { width: shape.width, depth: shape.depth };
  if (!tiles) return [{ name: `${name}${suffix}.${extension}`, role, ...size(null), ...(layers && { layers }) }];
  return tiles.map((tile) => ({ name: `${tileName(`${name}${suffix}`, tile)}.${extension}`, role, tile, ...size(tile), ...(layers && { layers }) }));
}

/** One 8-bit weight PNG per layer (and tile). */
export function weightFiles(options: EngineExportOptions, shape: Shape, tiles: Tile[] | null): PlannedFile[] {
  const set = options.masks;
  if (!set || set.layers.length === 0) return [];
  return set.layers.map((l) => l.name).flatMap((layer) => perTile(options.name, `_${layer}`, 'png', shape, tiles, 'weightmap', [layer]));
}

export function tileInfo(files: PlannedFile[], extra: (tile: Tile) => JsonObject): JsonValue[] {
  return files
    .filter((f) => f.tile)
    .map((f) => ({ file: f.name, x: f.tile!.x, y: f.tile!.y, i0: f.tile!.i0, j0: f.tile!.j0, width: f.tile!.width, depth: f.tile!.depth, ...extra(f.tile!) }));
}

/** 2ⁿ + 1 sizes from `from` to `to`. */
export function powerOfTwoPlusOne(from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = 1; (1 << n) + 1 <= to; n++) if ((1 << n) + 1 >= from) out.push((1 << n) + 1);
  return out;
}

/** The size in `sizes` closest to `side` (ties go to the larger): resampling changes the least. `side` itself when there are none. */
export function nearestOf(sizes: readonly number[], side: number): number {
  let best = side;
  let bestDistance = Infinity;
  for (const size of sizes) {
    const distance = Math.abs(size - side);
    if (distance <= bestDistance) {
      best = size;
      bestDistance = distance;
    }
  }
  return best;
}

/** The largest of `sizes` not above `side`, or null. */
export function largestOf(sizes: readonly number[], side: number): number | null {
  const fitting = sizes.filter((s) => s <= side);
  return fitting.length > 0 ? fitting[fitting.length - 1] : null;
}

/** The rules of an engine that takes a square grid of one of its sizes. */
export interface SquareRules {
  label: string;
  sizes: readonly number[];
  sizeProblem(size: number): string | null;
  /** A size other than the nearest / largest fitting one (Unreal's tiled landscapes), or null. */
  chooseSize?(options: EngineExportOptions, side: number, fit: FitMode, dims: MapDims): number | null;
}

/** A square grid: resampled to N × N from the exact surface, or an N × N window of the map. */
export function squareShape(dims: MapDims, options: EngineExportOptions, rules: SquareRules): Shape {
  const fit = options.fit ?? 'resample';
  const longer = Math.max(dims.width, dims.depth);
  const shorter = Math.min(dims.width, dims.depth);
  const side = fit === 'crop' ? shorter : longer;
  const size =
    rules.chooseSize?.(options, side, fit, dims) ??
    options.size ??
    (fit === 'crop'
      ? (largestOf(rules.sizes, shorter) ?? fail(`the map (${dims.width} × ${dims.depth}) is smaller than any ${rules.label} size; resample instead`))
      : nearestOf(rules.sizes, longer));
  const problem = rules.sizeProblem(size);
  if (problem) fail(problem);
  if (fit === 'resample') {
    return {
      width: size,
      depth: size,
      cellX: ((dims.width - 1) * dims.cellSize) / (size - 1),
      cellZ: ((dims.depth - 1) * dims.cellSize) / (size - 1),
      source: { mode: 'resample' },
    };
  }
  if (size > shorter) fail(`a ${size} × ${size} crop does not fit in the ${dims.width} × ${dims.depth} map; choose a smaller size or resample`);
  const i0 = options.cropOrigin?.i ?? Math.floor((dims.width - size) / 2);
  const j0 = options.cropOrigin?.j ?? Math.floor((dims.depth - size) / 2);
  if (!(Number.isInteger(i0) && Number.isInteger(j0) && i0 >= 0 && j0 >= 0 && i0 + size <= dims.width && j0 + size <= dims.depth)) {
    fail(`a ${size} × ${size} crop at (${i0}, ${j0}) does not fit in the ${dims.width} × ${dims.depth} map`);
  }
  return { width: size, depth: size, cellX: dims.cellSize, cellZ: dims.cellSize, source: { mode: 'crop', i0, j0 } };
}

/** Tiles of the grid by `spec` (null: one piece). */
export function layoutTiles(shape: Pick<Shape, 'width' | 'depth'>, spec: TileSpec): Tile[] | null {
  const problem = tileSpecProblem(spec, shape.width, shape.depth);
  if (problem) fail(problem);
  const tiles = tileLayout(shape.width, shape.depth, spec);
  return tiles.length > 1 ? tiles : null;
}
