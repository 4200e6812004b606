/**
 * A flatten pad's polygon edges indexed by row, so that its evaluation costs the vertices of its
 * bounds plus, per edge, the vertices within `falloff` of it — never vertices × points. The results
 * are the bytes of evaluating every vertex against every edge (shared/layers/testing/flattenReference.ts):
 * the even-odd crossings of a row are the same numbers, counted from a sorted list, and an edge left
 * out of a vertex's distance lies more than `falloff` (plus a cell) away, so it could never be the nearest
 * one that gives the vertex a weight.
 */
import type { LayerSize, Rect } from '../types';

/** Every edge k runs from point k−1 to point k; its bands are inclusive vertex ranges (empty: lo > hi). */
export interface PadEdges {
  count: number;
  /** Point k (the edge's end) and point k−1 (its start). */
  ax: Float64Array;
  az: Float64Array;
  bx: Float64Array;
  bz: Float64Array;
  /** Rows and columns within falloff + one cell of the edge, clipped to the pad's bounds. */
  rowLo: Int32Array;
  rowHi: Int32Array;
  colLo: Int32Array;
  colHi: Int32Array;
}

/** The index of `points` over `box` (the pad's bounds on the map). */
export function padEdges(points: readonly [number, number][], falloff: number, size: LayerSize, box: Rect): PadEdges {
  const count = points.length;
  const edges: PadEdges = {
    count,
    ax: new Float64Array(count),
    az: new Float64Array(count),
    bx: new Float64Array(count),
    bz: new Float64Array(count),
    rowLo: new Int32Array(count),
    rowHi: new Int32Array(count),
    colLo: new Int32Array(count),
    colHi: new Int32Array(count),
  };
  const ci = (size.width - 1) / 2;
  const cj = (size.depth - 1) / 2;
  const margin = falloff + size.cellSize;
  const clip = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  for (let a = 0, b = count - 1; a < count; b = a++) {
    const [xa, za] = points[a];
    const [xb, zb] = points[b];
    edges.ax[a] = xa;
    edges.az[a] = za;
    edges.bx[a] = xb;
    edges.bz[a] = zb;
    // Clipped as numbers first: a point a light-year off the map stays a finite index.
    edges.rowLo[a] = clip(Math.floor((Math.min(za, zb) - margin) / size.cellSize + cj), box.j0, box.j1);
    edges.rowHi[a] = clip(Math.ceil((Math.max(za, zb) + margin) / size.cellSize + cj), box.j0 - 1, box.j1 - 1);
    edges.colLo[a] = clip(Math.floor((Math.min(xa, xb) - margin) / size.cellSize + ci), box.i0, box.i1);
    edges.colHi[a] = clip(Math.ceil((Math.max(xa, xb) + margin) / size.cellSize + ci), box.i0 - 1, box.i1 - 1);
  }
  return edges;
}

/**
 * What evaluating the pad costs beyond visiting the vertices of its bounds (bounded by the map, as
 * any layer's): the vertex–edge distances, each edge's band. Validation caps it (MAX_FLATTEN_WORK in flatten.ts).
 */
export function padWork(edges: PadEdges): number {
  let work = 0;
  for (let k = 0; k < edges.count; k++) {
    const rows = edges.rowHi[k] - edges.rowLo[k] + 1;
    const cols = edges.colHi[k] - edges.colLo[k] + 1;
    // Every edge is visited on each row of its band even where its columns are off the map.
    if (rows > 0) work += rows * Math.max(1, cols);
  }
  return work;
}
