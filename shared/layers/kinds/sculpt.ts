/**
 * `sculpt`: what brushes added, as height deltas in 64 × 64 tiles (only tiles touched exist). The
 * deltas are added to whatever lies below, so they survive a regenerated base.
 */
import { copyRect, isWhole, type LayerKindModule } from '../kind';
import { SCULPT_TILE, type LayerSize, type Rect, type SculptLayer, type SculptTile } from '../types';

export const tileCounts = (size: LayerSize): { x: number; z: number } => ({ x: Math.ceil(size.width / SCULPT_TILE), z: Math.ceil(size.depth / SCULPT_TILE) });

/** The tile's vertices inside the map, as a rectangle. */
export function tileRect(tile: Pick<SculptTile, 'i' | 'j'>, size: LayerSize): Rect {
  return {
    i0: tile.i * SCULPT_TILE,
    j0: tile.j * SCULPT_TILE,
    i1: Math.min(size.width, (tile.i + 1) * SCULPT_TILE),
    j1: Math.min(size.depth, (tile.j + 1) * SCULPT_TILE),
  };
}

export const sculptKind: LayerKindModule<SculptLayer> = {
  kind: 'sculpt',
  local: true,
  problem(layer, size) {
    const counts = tileCounts(size);
    if (!Array.isArray(layer.tiles) || layer.tiles.length > counts.x * counts.z)
      return `has more tiles than a ${size.width} × ${size.depth} map holds (${counts.x * counts.z})`;
    const seen = new Set<number>();
    for (const [n, tile] of layer.tiles.entries()) {
      if (!isWhole(tile.i, 0, counts.x - 1) || !isWhole(tile.j, 0, counts.z - 1)) return `tile ${n + 1} lies outside the map`;
      const key = tile.j * counts.x + tile.i;
      if (seen.has(key)) return `tile (${tile.i}, ${tile.j}) appears twice`;
      seen.add(key);
      if (!(tile.deltas instanceof Float32Array) || tile.deltas.length !== SCULPT_TILE * SCULPT_TILE)
        return `tile (${tile.i}, ${tile.j}) must hold ${SCULPT_TILE * SCULPT_TILE} deltas`;
      for (let k = 0; k < tile.deltas.length; k++)
        if (!Number.isFinite(tile.deltas[k])) return `tile (${tile.i}, ${tile.j}) has a delta that is ${tile.deltas[k]}`;
    }
    return null;
  },
  apply(layer, input, out, size, rect) {
    copyRect(input, out, size.width, rect);
    for (const tile of layer.tiles) {
      const t = tileRect(tile, size);
      const i0 = Math.max(t.i0, rect.i0);
      const i1 = Math.min(t.i1, rect.i1);
      const j0 = Math.max(t.j0, rect.j0);
      const j1 = Math.min(t.j1, rect.j1);
      for (let j = j0; j < j1; j++) {
        const row = j * size.width;
        const tileRow = (j - t.j0) * SCULPT_TILE - t.i0;
        for (let i = i0; i < i1; i++) out[row + i] = input[row + i] + tile.deltas[tileRow + i];
      }
    }
    return true;
  },
  bounds(layer, size) {
    let r: Rect | null = null;
    for (const tile of layer.tiles) r = unionRect(r, tileRect(tile, size));
    return r;
  },
};

export function unionRect(a: Rect | null, b: Rect | null): Rect | null {
  if (!a) return b;
  if (!b) return a;
  return { i0: Math.min(a.i0, b.i0), j0: Math.min(a.j0, b.j0), i1: Math.max(a.i1, b.i1), j1: Math.max(a.j1, b.j1) };
}

/**
 * Adds `delta(i, j)` to the layer's deltas over a rectangle, creating tiles as needed (in place:
 * the layer's tiles list and arrays change). Returns the rectangle, the dirty one for evaluation.
 */
export function addSculptDeltas(layer: SculptLayer, size: LayerSize, rect: Rect, delta: (i: number, j: number) => number): Rect {
  const counts = tileCounts(size);
  const byKey = new Map<number, SculptTile>();
  for (const tile of layer.tiles) byKey.set(tile.j * counts.x + tile.i, tile);
  const ti0 = Math.floor(rect.i0 / SCULPT_TILE);
  const ti1 = Math.ceil(rect.i1 / SCULPT_TILE);
  const tj0 = Math.floor(rect.j0 / SCULPT_TILE);
  const tj1 = Math.ceil(rect.j1 / SCULPT_TILE);
  for (let tj = tj0; tj < tj1; tj++) {
    for (let ti = ti0; ti < ti1; ti++) {
      let tile = byKey.get(tj * counts.x + ti);
      if (!tile) {
        tile = { i: ti, j: tj, deltas: new Float32Array(SCULPT_TILE * SCULPT_TILE) };
        byKey.set(tj * counts.x + ti, tile);
        layer.tiles.push(tile);
      }
      const t = tileRect(tile, size);
      for (let j = Math.max(t.j0, rect.j0); j < Math.min(t.j1, rect.j1); j++) {
        for (let i = Math.max(t.i0, rect.i0); i < Math.min(t.i1, rect.i1); i++) {
          const k = (j - t.j0) * SCULPT_TILE + (i - t.i0);
          tile.deltas[k] = tile.deltas[k] + delta(i, j);
        }
      }
    }
  }
  return rect;
}
