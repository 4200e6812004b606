/** `manualFaults`: fault lines through two points each, applied one after another over the whole map. */
import { applyFaults, lineThroughPoints } from '../../fault/fastFormation';
import { isFiniteNumber, type LayerKindModule } from '../kind';
import type { ManualFaultsLayer } from '../types';
import { fieldOver } from './wholeMap';

export const MAX_MANUAL_FAULTS = 10_000;

export const manualFaultsKind: LayerKindModule<ManualFaultsLayer> = {
  kind: 'manualFaults',
  local: false,
  problem({ params }) {
    if (!Array.isArray(params.faults) || params.faults.length > MAX_MANUAL_FAULTS) return `faults must be a list of at most ${MAX_MANUAL_FAULTS} lines`;
    for (const [n, f] of params.faults.entries()) {
      if (typeof f !== 'object' || f === null || ![f.x1, f.z1, f.x2, f.z2, f.displacement].every(isFiniteNumber))
        return `fault ${n + 1} needs finite x1, z1, x2, z2 and displacement`;
      if (f.x1 === f.x2 && f.z1 === f.z2) return `fault ${n + 1} needs two distinct points`;
    }
    return null;
  },
  apply(layer, input, out, size, _rect, options) {
    const field = fieldOver(input, out, size);
    const { faults } = layer.params;
    // One at a time, each rounded to float32: what the manual fault steps always did.
    faults.forEach((f, n) => {
      applyFaults(field, [{ line: lineThroughPoints(f.x1, f.z1, f.x2, f.z2), displacement: f.displacement }]);
      options.onProgress?.(n + 1, faults.length);
    });
    return true;
  },
};
