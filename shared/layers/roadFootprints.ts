/** Road footprints as a mask source: every enabled road layer's, each on the heights it receives. */
import { applyLayer } from './evaluate';
import { wholeRect, type LayerSize, type LayerStack } from './types';
import { footprintWeights } from '../roads/footprint';
import { fitRoad } from '../roads/fittedRoad';

/** Footprint weights 0…1 per vertex (the largest where roads overlap); null when the stack has no enabled road. */
export function roadFootprints(stack: LayerStack, size: LayerSize): Float32Array | null {
  const enabled = stack.filter((layer) => layer.enabled);
  const last = enabled.map((layer) => layer.kind).lastIndexOf('road');
  if (last < 0) return null;
  const n = size.width * size.depth;
  let current = new Float32Array(n);
  let spare = new Float32Array(n);
  const out = new Float32Array(n);
  // Layers above the last road do not change any road's input.
  for (const [index, layer] of enabled.slice(0, last + 1).entries()) {
    if (layer.kind === 'road') {
      const weights = footprintWeights(fitRoad(layer.params, current, size), current, size);
      const w = layer.opacity;
      for (let k = 0; k < n; k++) out[k] = Math.max(out[k], weights[k] * w);
    }
    if (layer === enabled[last]) break;
    applyLayer(layer, current, spare, size, wholeRect(size), { below: enabled.slice(0, index) });
    [current, spare] = [spare, current];
  }
  return out;
}
