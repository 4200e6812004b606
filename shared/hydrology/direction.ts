/**
 * A unit flow direction per vertex, on the map's x (i) and z (j) axes: straight down the drainage
 * surface's gradient, fitted by least squares to all 8 neighbours (exact on any plane, whatever
 * its orientation: no bias along the grid's axes). A neighbour off the map is the mirror of the one
 * opposite (the surface continued as a plane; at a corner, the plane of its cardinal steps), so
 * edges and corners are exact on planes too. Where the fit is
 * level (a peak, a saddle's centre) the direction is the MFD mean of the lower neighbours; at an
 * outlet on a level edge it points out of the map.
 */
import { isInterior } from './drainage';
import { NEIGHBOUR_DI, NEIGHBOUR_DJ, NEIGHBOUR_LENGTH, neighbourOffsets, type HydrologyGrid } from './grid';

// Imported bindings read once: a hot loop reading them through a module namespace (as some
// loaders compile imports) pays a getter call per read.
const STEP_I = NEIGHBOUR_DI;
const STEP_J = NEIGHBOUR_DJ;
const STEP_LENGTH = NEIGHBOUR_LENGTH;
const interiorVertex = isInterior;

/** `out[2v]`, `out[2v + 1]`: the unit direction (x, z) water leaves vertex v in. */
export function flowDirections(grid: HydrologyGrid, drainage: Float64Array): Float32Array {
  const { width, depth } = grid;
  const offsets = neighbourOffsets(width);
  const out = new Float32Array(2 * width * depth);
  const rise = new Float64Array(8);
  const onMap = new Uint8Array(8);
  for (let j = 0, v = 0; j < depth; j++) {
    for (let i = 0; i < width; i++, v++) {
      const h = drainage[v];
      const interior = interiorVertex(i, j, width, depth);
      for (let k = 0; k < 8; k++) {
        const inside = interior || inBounds(i + STEP_I[k], j + STEP_J[k], width, depth);
        onMap[k] = inside ? 1 : 0;
        rise[k] = inside ? drainage[v + offsets[k]] - h : 0;
      }
      // Opposite neighbours are k ^ 1 (the steps are listed in ± pairs).
      if (!interior) {
        for (let k = 0; k < 8; k++) if (!onMap[k] && onMap[k ^ 1]) rise[k] = -rise[k ^ 1];
        // A corner's diagonal with both ends off the map: from the plane of the (mirrored) cardinals.
        const alongI = (rise[0] - rise[1]) / 2;
        const alongJ = (rise[2] - rise[3]) / 2;
        for (let k = 4; k < 8; k++) if (!onMap[k] && !onMap[k ^ 1]) rise[k] = STEP_I[k] * alongI + STEP_J[k] * alongJ;
      }
      // In units of the largest rise: on an ε-resolved flat the rises are a few ulps (near 0 m,
      // subnormal), whose squares would vanish.
      let largest = 0;
      for (let k = 0; k < 8; k++) largest = Math.max(largest, Math.abs(rise[k]));
      if (largest > 0) for (let k = 0; k < 8; k++) rise[k] /= largest;
      let gx = 0;
      let gz = 0;
      for (let k = 0; k < 8; k++) {
        const slope = rise[k] / STEP_LENGTH[k];
        gx += (slope * STEP_I[k]) / STEP_LENGTH[k];
        gz += (slope * STEP_J[k]) / STEP_LENGTH[k];
      }
      let dx = -gx;
      let dz = -gz;
      if (!(dx * dx + dz * dz > 0)) {
        dx = 0;
        dz = 0;
        for (let k = 0; k < 8; k++) {
          if (!onMap[k] || rise[k] >= 0) continue;
          const slope = -rise[k] / STEP_LENGTH[k];
          dx += (slope * STEP_I[k]) / STEP_LENGTH[k];
          dz += (slope * STEP_J[k]) / STEP_LENGTH[k];
        }
      }
      if (!(dx * dx + dz * dz > 0)) {
        dx = i === 0 ? -1 : i === width - 1 ? 1 : 0;
        dz = j === 0 ? -1 : j === depth - 1 ? 1 : 0;
      }
      const length = Math.sqrt(dx * dx + dz * dz);
      if (length > 0) {
        out[2 * v] = dx / length;
        out[2 * v + 1] = dz / length;
      }
    }
  }
  return out;
}

const inBounds = (i: number, j: number, width: number, depth: number) => i >= 0 && j >= 0 && i < width && j < depth;
