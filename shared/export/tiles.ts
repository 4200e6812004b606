/**
 * Cutting a map into tiles for engines whose terrain pieces are smaller than the map. Neighbouring
 * tiles share `overlap` rows and columns: 1 is the usual shared edge (Unity terrain tiles, Unreal
 * landscape proxies: the border vertices appear in both), 0 none, more for tools that blend seams.
 * Tiles start every tileSize − overlap vertices; the last tile in a row or column is shorter when the
 * map does not divide evenly (engine presets choose sizes that do).
 */

export interface TileSpec {
  /** Vertices per tile side (≥ 2). */
  size: number;
  /** Rows/columns shared with the neighbour, 0 ≤ overlap < size. */
  overlap: number;
}

export interface Tile {
  /** Tile column (along x) and row (along z), from 0. */
  x: number;
  y: number;
  /** First vertex and vertex counts of the tile in the map. */
  i0: number;
  j0: number;
  width: number;
  depth: number;
}

export const MAX_TILES = 4096;
/** The most files one export may write (tiles × layers × kinds): main's file sets refuse more. */
export const MAX_EXPORT_FILES = 4096;

function starts(count: number, size: number, stride: number): number[] {
  const out: number[] = [];
  for (let s = 0; ; s += stride) {
    out.push(s);
    if (s + size >= count) break;
  }
  return out;
}

/** Problems with a tile spec for a map of this size, or null. */
export function tileSpecProblem(spec: TileSpec, width: number, depth: number): string | null {
  if (!Number.isInteger(spec.size) || spec.size < 2) return `tile size must be a whole number of vertices ≥ 2, got ${spec.size}`;
  if (!Number.isInteger(spec.overlap) || spec.overlap < 0 || spec.overlap >= spec.size)
    return `tile overlap must be a whole number from 0 to ${spec.size - 1}, got ${spec.overlap}`;
  const stride = spec.size - spec.overlap;
  for (const [axis, count] of [
    ['width', width],
    ['depth', depth],
  ] as const) {
    const last = count - starts(count, spec.size, stride).at(-1)!;
    if (last < 2) return `tiles of ${spec.size} with overlap ${spec.overlap} would leave a last tile one vertex wide along the map's ${axis} of ${count}`;
  }
  const count = Math.ceil(Math.max(1, width - spec.overlap) / stride) * Math.ceil(Math.max(1, depth - spec.overlap) / stride);
  if (count > MAX_TILES) return `${count} tiles is more than the ${MAX_TILES} an export may have; choose larger tiles`;
  return null;
}

export function tileLayout(width: number, depth: number, spec: TileSpec): Tile[] {
  const problem = tileSpecProblem(spec, width, depth);
  if (problem) throw new RangeError(problem);
  const stride = spec.size - spec.overlap;
  const xs = starts(width, spec.size, stride);
  const zs = starts(depth, spec.size, stride);
  const tiles: Tile[] = [];
  zs.forEach((j0, y) => xs.forEach((i0, x) => tiles.push({ x, y, i0, j0, width: Math.min(spec.size, width - i0), depth: Math.min(spec.size, depth - j0) })));
  return tiles;
}

/** `NAME_x{X}_y{Y}`: the naming Unreal's tiled landscape import and most pipelines expect. */
export function tileName(base: string, tile: Pick<Tile, 'x' | 'y'>): string {
  return `${base}_x${tile.x}_y${tile.y}`;
}
