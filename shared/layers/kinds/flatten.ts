/** `flatten`: a polygon (a building pad, a car park) set to a height, fading back to the ground over `falloff` metres outside it. */
import { copyRect, isFiniteNumber, smoothstep01, worldRect, type LayerKindModule } from '../kind';
import type { FlattenLayer, LayerSize } from '../types';
import { padEdges, padWork } from './flattenEdges';

export const MAX_FLATTEN_POINTS = 4096;

/**
 * The most vertex–edge distances a pad may cost (padWork): about a second. A 4,096-point pad whose
 * falloff covers the whole map is refused above about 90² vertices; a 4,096-point outline with a
 * 20 m falloff on a 4097² map with 1 m cells costs about a fifth of it.
 */
export const MAX_FLATTEN_WORK = 2 ** 25;

/** Progress is reported (every PROGRESS_ROWS rows) only for pads costing more than this. */
const PROGRESS_WORK = 2 ** 20;
const PROGRESS_ROWS = 64;
/** dx² + dz² and the limit² are each a few ulps from exact: a distance this much beyond the limit (squared) is surely beyond it. */
const SQUARED_SLACK = 1 + 1e-9;

/** The map's diagonal in metres: no falloff needs to reach further. */
export function mapDiagonal(size: LayerSize): number {
  return Math.hypot((size.width - 1) * size.cellSize, (size.depth - 1) * size.cellSize);
}

export const flattenKind: LayerKindModule<FlattenLayer> = {
  kind: 'flatten',
  local: true,
  problem(layer, size) {
    const p = layer.params;
    if (!Array.isArray(p.points) || p.points.length < 3 || p.points.length > MAX_FLATTEN_POINTS) return `the polygon needs 3 to ${MAX_FLATTEN_POINTS} points`;
    for (const [n, point] of p.points.entries()) {
      if (!Array.isArray(point) || point.length !== 2 || !point.every(isFiniteNumber)) return `point ${n + 1} must be [x, z] in metres`;
    }
    if (!isFiniteNumber(p.height)) return 'height must be a number';
    if (!isFiniteNumber(p.falloff) || p.falloff < 0) return 'falloff must be a number of metres ≥ 0';
    const diagonal = mapDiagonal(size);
    if (p.falloff > diagonal) return `falloff must be at most the map's diagonal (${Math.floor(diagonal)} m), got ${p.falloff}`;
    const box = flattenKind.bounds?.(layer, size);
    const work = box ? padWork(padEdges(p.points, p.falloff, size, box)) : 0;
    if (work > MAX_FLATTEN_WORK)
      return (
        `the pad is too costly to evaluate (${p.points.length} points with a ${p.falloff} m falloff ` +
        `over ${(box!.i1 - box!.i0) * (box!.j1 - box!.j0)} vertices): use fewer points or a smaller falloff`
      );
    return null;
  },
  apply(layer, input, out, size, rect, options) {
    copyRect(input, out, size.width, rect);
    const { points, height, falloff } = layer.params;
    const box = flattenKind.bounds?.(layer, size);
    if (!box) return true;
    const j0 = Math.max(rect.j0, box.j0);
    const j1 = Math.min(rect.j1, box.j1);
    const c0 = Math.max(rect.i0, box.i0);
    const c1 = Math.min(rect.i1, box.i1);
    if (j0 >= j1 || c0 >= c1) return true;
    const edges = padEdges(points, falloff, size, box);
    const progress = options.onProgress && padWork(edges) + (box.i1 - box.i0) * (box.j1 - box.j0) > PROGRESS_WORK ? options.onProgress : null;
    const ci = (size.width - 1) / 2;
    const cj = (size.depth - 1) / 2;
    // Edges enter the sweep by their first row and leave after their last.
    const order = Array.from({ length: edges.count }, (_, k) => k).sort((a, b) => edges.rowLo[a] - edges.rowLo[b]);
    let next = 0;
    let active: number[] = [];
    const crossings = new Float64Array(edges.count);
    const nearest = new Float64Array(c1 - c0);
    for (let j = j0; j < j1; j++) {
      const z = (j - cj) * size.cellSize;
      while (next < order.length && edges.rowLo[order[next]] <= j) active.push(order[next++]);
      active = active.filter((k) => edges.rowHi[k] >= j);
      // Even-odd: where the row crosses edges (inside() of the reference, edge by edge).
      let crossed = 0;
      for (const k of active) {
        const xa = edges.ax[k];
        const za = edges.az[k];
        const xb = edges.bx[k];
        const zb = edges.bz[k];
        if (za > z !== zb > z) {
          const xc = ((xb - xa) * (z - za)) / (zb - za) + xa;
          if (!Number.isNaN(xc)) crossings[crossed++] = xc;
        }
      }
      const row = crossings.subarray(0, crossed).sort();
      // Distance to the nearest edge, for the vertices each edge is near (distanceToEdges of the reference).
      if (falloff > 0) {
        nearest.fill(Infinity);
        for (const k of active) {
          const xa = edges.bx[k];
          const za = edges.bz[k];
          const ex = edges.ax[k] - xa;
          const ez = edges.az[k] - za;
          const length2 = ex * ex + ez * ez;
          for (let i = Math.max(c0, edges.colLo[k]); i <= Math.min(c1 - 1, edges.colHi[k]); i++) {
            const x = (i - ci) * size.cellSize;
            const t = length2 > 0 ? Math.max(0, Math.min(1, ((x - xa) * ex + (z - za) * ez) / length2)) : 0;
            const dx = x - (xa + t * ex);
            const dz = z - (za + t * ez);
            // Math.hypot (the reference's exact distance) is slow: only where it may be the nearest within falloff.
            const limit = Math.min(nearest[i - c0], falloff);
            if (dx * dx + dz * dz > limit * limit * SQUARED_SLACK) continue;
            nearest[i - c0] = Math.min(nearest[i - c0], Math.hypot(dx, dz));
          }
        }
      }
      let left = 0;
      for (let i = c0; i < c1; i++) {
        const x = (i - ci) * size.cellSize;
        while (left < crossed && row[left] <= x) left++;
        let w = 1;
        if ((crossed - left) % 2 === 0) {
          const d = falloff > 0 ? nearest[i - c0] : Infinity;
          w = d < falloff ? smoothstep01(1 - d / falloff) : 0;
        }
        if (w === 0) continue;
        const k = j * size.width + i;
        out[k] = w === 1 ? height : input[k] + w * (height - input[k]);
      }
      if (progress && ((j - j0 + 1) % PROGRESS_ROWS === 0 || j === j1 - 1)) progress(j - j0 + 1, j1 - j0);
    }
    return true;
  },
  bounds({ params: p }, size) {
    let x0 = Infinity;
    let z0 = Infinity;
    let x1 = -Infinity;
    let z1 = -Infinity;
    for (const [x, z] of p.points) {
      x0 = Math.min(x0, x);
      z0 = Math.min(z0, z);
      x1 = Math.max(x1, x);
      z1 = Math.max(z1, z);
    }
    return worldRect(size, x0 - p.falloff, z0 - p.falloff, x1 + p.falloff, z1 + p.falloff);
  },
};
