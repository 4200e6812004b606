/** `flatten`: a polygon (a building pad, a car park) set to a height, fading back to the ground over `falloff` metres outside it. */
import { copyRect, isFiniteNumber, smoothstep01, worldRect, type LayerKindModule } from '../kind';
import type { FlattenLayer } from '../types';

export const MAX_FLATTEN_POINTS = 4096;

/** Whether (x, z) is inside the polygon (even-odd rule). */
function inside(points: readonly [number, number][], x: number, z: number): boolean {
  let result = false;
  for (let a = 0, b = points.length - 1; a < points.length; b = a++) {
    const [xa, za] = points[a];
    const [xb, zb] = points[b];
    if (za > z !== zb > z && x < ((xb - xa) * (z - za)) / (zb - za) + xa) result = !result;
  }
  return result;
}

function distanceToEdges(points: readonly [number, number][], x: number, z: number): number {
  let best = Infinity;
  for (let a = 0, b = points.length - 1; a < points.length; b = a++) {
    const [xa, za] = points[b];
    const [xb, zb] = points[a];
    const ex = xb - xa;
    const ez = zb - za;
    const length2 = ex * ex + ez * ez;
    const t = length2 > 0 ? Math.max(0, Math.min(1, ((x - xa) * ex + (z - za) * ez) / length2)) : 0;
    best = Math.min(best, Math.hypot(x - (xa + t * ex), z - (za + t * ez)));
  }
  return best;
}

export const flattenKind: LayerKindModule<FlattenLayer> = {
  kind: 'flatten',
  local: true,
  problem({ params: p }) {
    if (!Array.isArray(p.points) || p.points.length < 3 || p.points.length > MAX_FLATTEN_POINTS) return `the polygon needs 3 to ${MAX_FLATTEN_POINTS} points`;
    for (const [n, point] of p.points.entries()) {
      if (!Array.isArray(point) || point.length !== 2 || !point.every(isFiniteNumber)) return `point ${n + 1} must be [x, z] in metres`;
    }
    if (!isFiniteNumber(p.height)) return 'height must be a number';
    if (!isFiniteNumber(p.falloff) || p.falloff < 0) return 'falloff must be a number of metres ≥ 0';
    return null;
  },
  apply(layer, input, out, size, rect) {
    copyRect(input, out, size.width, rect);
    const { points, height, falloff } = layer.params;
    const box = flattenKind.bounds?.(layer, size);
    if (!box) return true;
    const ci = (size.width - 1) / 2;
    const cj = (size.depth - 1) / 2;
    for (let j = Math.max(rect.j0, box.j0); j < Math.min(rect.j1, box.j1); j++) {
      const z = (j - cj) * size.cellSize;
      for (let i = Math.max(rect.i0, box.i0); i < Math.min(rect.i1, box.i1); i++) {
        const x = (i - ci) * size.cellSize;
        let w = 1;
        if (!inside(points, x, z)) {
          const d = falloff > 0 ? distanceToEdges(points, x, z) : Infinity;
          w = d < falloff ? smoothstep01(1 - d / falloff) : 0;
        }
        if (w === 0) continue;
        const k = j * size.width + i;
        out[k] = w === 1 ? height : input[k] + w * (height - input[k]);
      }
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
