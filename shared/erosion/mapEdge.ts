/**
 * The map's edge continued from the land inside it (ThermalParams.edgeContinues): the map's edge is
 * a cut through land that goes on, so each edge vertex is set where the line into the map, carried on
 * one more cell, puts it: h(edge) = 2·h(one in) − h(two in), and each corner along the diagonal. The
 * thermal passes settle a pair touching the edge at the softest talus (thermalStrata.ts), so where a
 * cliff meets the edge the edge row lies back at the talus while the row inside stands at the cliff's
 * angle, and the edge stood as a lip over the cliff's foot (canyonMouths.test.ts: up to 1.9 m more
 * than the step inside with cliffs at 76–78°). Needs at least three vertices a side; smaller maps are
 * left as they are.
 */
import type { Heightfield } from '../terrain/heightfield';

export function continueEdges(field: Heightfield): void {
  const { width: w, depth: d, heights: h } = field;
  if (w < 3 || d < 3) return;
  const last = (d - 1) * w;
  for (let i = 1; i < w - 1; i++) {
    h[i] = 2 * h[w + i] - h[2 * w + i];
    h[last + i] = 2 * h[last - w + i] - h[last - 2 * w + i];
  }
  for (let j = 1; j < d - 1; j++) {
    const row = j * w;
    h[row] = 2 * h[row + 1] - h[row + 2];
    h[row + w - 1] = 2 * h[row + w - 2] - h[row + w - 3];
  }
  h[0] = 2 * h[w + 1] - h[2 * w + 2];
  h[w - 1] = 2 * h[2 * w - 2] - h[3 * w - 3];
  h[last] = 2 * h[last - w + 1] - h[last - 2 * w + 2];
  h[last + w - 1] = 2 * h[last - 2] - h[last - w - 3];
}
