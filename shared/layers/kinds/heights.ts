/** `heights`: imported or baked heights, one per vertex, replacing what is below. */
import type { LayerKindModule } from '../kind';
import type { HeightsLayer } from '../types';

export const heightsKind: LayerKindModule<HeightsLayer> = {
  kind: 'heights',
  local: true,
  problem(layer, size) {
    const n = size.width * size.depth;
    if (!(layer.heights instanceof Float32Array) || layer.heights.length !== n)
      return `must hold ${n} heights for a ${size.width} × ${size.depth} map, it holds ${layer.heights instanceof Float32Array ? layer.heights.length : 0}`;
    for (let k = 0; k < n; k++) if (!Number.isFinite(layer.heights[k])) return `height ${k} is ${layer.heights[k]}, not a finite number`;
    return null;
  },
  apply(layer, _input, out, size, rect) {
    for (let j = rect.j0; j < rect.j1; j++) {
      const row = j * size.width;
      out.set(layer.heights.subarray(row + rect.i0, row + rect.i1), row + rect.i0);
    }
    return true;
  },
  bounds: (_layer, size) => ({ i0: 0, j0: 0, i1: size.width, j1: size.depth }),
};
