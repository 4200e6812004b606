/**
 * Test support only: the flatten layer as it was evaluated before its edges were indexed by row
 * (every vertex of its bounds against every edge of the polygon). Tests prove the indexed
 * evaluation gives the same bytes.
 */
import { copyRect, smoothstep01, worldRect } from '../kind';
import type { FlattenLayer, LayerSize, Rect } from '../types';

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

export function referenceFlatten(layer: FlattenLayer, input: Float32Array, out: Float32Array, size: LayerSize, rect: Rect): void {
  copyRect(input, out, size.width, rect);
  const { points, height, falloff } = layer.params;
  let x0 = Infinity;
  let z0 = Infinity;
  let x1 = -Infinity;
  let z1 = -Infinity;
  for (const [x, z] of points) {
    x0 = Math.min(x0, x);
    z0 = Math.min(z0, z);
    x1 = Math.max(x1, x);
    z1 = Math.max(z1, z);
  }
  const box = worldRect(size, x0 - falloff, z0 - falloff, x1 + falloff, z1 + falloff);
  if (!box) return;
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
}
