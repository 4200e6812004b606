/** Helpers of the whole-map kinds: the layer's result starts as the heights below, then changes in place. */
import { createHeightfield, type Heightfield } from '../../terrain/heightfield';
import type { LayerSize } from '../types';

export function fieldOver(input: Float32Array, out: Float32Array, size: LayerSize): Heightfield {
  out.set(input);
  return createHeightfield(size.width, size.depth, size.cellSize, out);
}
