/**
 * Soft slopes only (FluvialParams.softSlopes): rain wash works the slopes of the soft beds and the talus
 * lying on them, not the caprock and not the rockfall-fed talus just under a cliff. A short fluvial
 * pass with it cuts rills and gullies into the shale slopes and aprons under a caprock (badlands)
 * while the caps keep their flat tops and crisp lips and the scree at a cliff's foot stays at its angle
 * of repose, fed from above faster than the rain carries it off.
 *
 * Each vertex keeps w of the step's change and 1 − w of its input height, w = wBed · wCliff:
 * - wBed, from the input height in the strata: 0 in a bed harder than the column's softest, rising to
 *   1 over `gap`/2 metres (stratigraphic) down from the bottom of the harder bed above;
 * - wCliff, from the input's cliffs (ground steeper than CLIFF_DEG, central differences): 0 within
 *   `gap` metres of the nearest cliff, rising smoothly (smoothstep) to 1 at 3 · `gap` (the distance by
 *   the 3 × 3 chamfer, steps 1 and √2: the weight is smooth, so its octagons do not show).
 * Without strata every bed is the softest (wBed = 1).
 */
import type { HydrologyGrid } from '../hydrology/grid';
import { strataReader, vertexWorld, type Strata } from '../terrain/strata';

/** Ground steeper than this (degrees) is a cliff whose foot the wash leaves alone. */
export const CLIFF_DEG = 50;

/** Per bed: metres from its top up to the bottom of the next bed harder than the softest (Infinity if none), or −1 for a harder bed. */
function softRunAbove(strata: Strata): Float64Array {
  const beds = strata.beds;
  const softest = Math.min(...beds.map((bed) => bed.hardness));
  const out = new Float64Array(beds.length);
  for (let n = 0; n < beds.length; n++) {
    if (beds[n].hardness > softest) {
      out[n] = -1;
      continue;
    }
    // Walk up the repeating column through the soft beds above.
    let run = 0;
    let found = false;
    for (let step = 1; step <= beds.length; step++) {
      const bed = beds[(n + step) % beds.length];
      if (bed.hardness > softest) {
        found = true;
        break;
      }
      run += bed.thickness;
    }
    out[n] = found ? run : Infinity;
  }
  return out;
}

/** wBed · wCliff for every vertex of `heights` (see the module comment). */
export function softSlopeWeights(grid: HydrologyGrid, heights: Float32Array, strata: Strata | null, gap: number): Float32Array {
  const { width, depth, cellSize } = grid;
  const n = width * depth;
  const weights = new Float32Array(n);
  // Distance (m) to the nearest cliff: 0 on cliffs, then two chamfer sweeps.
  const far = 1e30;
  const distance = new Float32Array(n).fill(far);
  const steep = Math.tan((CLIFF_DEG * Math.PI) / 180);
  for (let j = 1; j < depth - 1; j++)
    for (let i = 1; i < width - 1; i++) {
      const k = j * width + i;
      const gx = (heights[k + 1] - heights[k - 1]) / (2 * cellSize);
      const gz = (heights[k + width] - heights[k - width]) / (2 * cellSize);
      if (gx * gx + gz * gz > steep * steep) distance[k] = 0;
    }
  const straight = cellSize;
  const diagonal = Math.SQRT2 * cellSize;
  for (let j = 0; j < depth; j++)
    for (let i = 0; i < width; i++) {
      const k = j * width + i;
      let d = distance[k];
      if (i > 0) d = Math.min(d, distance[k - 1] + straight);
      if (j > 0) {
        d = Math.min(d, distance[k - width] + straight);
        if (i > 0) d = Math.min(d, distance[k - width - 1] + diagonal);
        if (i < width - 1) d = Math.min(d, distance[k - width + 1] + diagonal);
      }
      distance[k] = d;
    }
  for (let j = depth - 1; j >= 0; j--)
    for (let i = width - 1; i >= 0; i--) {
      const k = j * width + i;
      let d = distance[k];
      if (i < width - 1) d = Math.min(d, distance[k + 1] + straight);
      if (j < depth - 1) {
        d = Math.min(d, distance[k + width] + straight);
        if (i < width - 1) d = Math.min(d, distance[k + width + 1] + diagonal);
        if (i > 0) d = Math.min(d, distance[k + width - 1] + diagonal);
      }
      distance[k] = d;
    }
  const reader = strata ? strataReader(strata) : null;
  const above = strata ? softRunAbove(strata) : null;
  const tops = new Float64Array(strata ? strata.beds.length : 0);
  if (strata) {
    let top = 0;
    for (const [b, bed] of strata.beds.entries()) tops[b] = top += bed.thickness;
  }
  const bedRamp = gap / 2;
  for (let j = 0; j < depth; j++) {
    const z = vertexWorld(j, depth, cellSize);
    for (let i = 0; i < width; i++) {
      const k = j * width + i;
      const u = Math.min(1, Math.max(0, (distance[k] - gap) / (2 * gap)));
      let w = u * u * (3 - 2 * u);
      if (w > 0 && reader && strata && above) {
        const e = heights[k] - reader.gx * vertexWorld(i, width, cellSize) - reader.gz * z - strata.base;
        const bed = reader.bedAtElevation(e);
        if (above[bed] < 0) w = 0;
        else {
          const r = e - Math.floor(e / reader.period) * reader.period;
          const below = tops[bed] - r + above[bed];
          w *= Math.min(1, Math.max(0, below / bedRamp));
        }
      }
      weights[k] = w;
    }
  }
  return weights;
}

/** out ← input + w · (out − input), w from the input's soft slopes (see the module comment). */
export function keepOutsideSoftSlopes(grid: HydrologyGrid, input: Float32Array, out: Float32Array, strata: Strata | null, gap: number): void {
  const weights = softSlopeWeights(grid, input, strata, gap);
  for (let k = 0; k < out.length; k++) {
    const w = weights[k];
    if (w < 1) out[k] = input[k] + w * (out[k] - input[k]);
  }
}
