/**
 * Lakes: every depression the flood filled (level above the ground) is a lake, one per 8-connected
 * group of flooded vertices. Neighbouring flooded vertices always share one spill height (water at
 * a lower level next door would drain the higher), so each lake's surface is one float32: flat exactly.
 */
import { isInterior } from './drainage';
import { NEIGHBOUR_DI, NEIGHBOUR_DJ, neighbourOffsets, vertexArea, type HydrologyGrid } from './grid';
import type { FilledSurface } from './priorityFlood';

// Imported bindings read once: a hot loop reading them through a module namespace (as some
// loaders compile imports) pays a getter call per read.
const STEP_I = NEIGHBOUR_DI;
const STEP_J = NEIGHBOUR_DJ;
const interiorVertex = isInterior;

export interface Lake {
  /** 1, 2, … in the order of each lake's first vertex (row-major). */
  readonly id: number;
  /** The flat surface, metres: the depression's spill height. */
  readonly level: number;
  /** Flooded vertices. */
  readonly vertices: number;
  /** Surface area, m²: the flooded vertices' own areas. */
  readonly area: number;
  /** Water volume, m³: Σ own area × (level − ground). */
  readonly volume: number;
  /** Greatest depth, m. */
  readonly maxDepth: number;
  /** Index of the dry vertex the lake spills through (its water drains there on the drainage surface). */
  readonly outlet: number;
}

export interface Lakes {
  readonly lakes: Lake[];
  /** Per vertex: its lake's id, 0 where dry. */
  readonly lakeOf: Int32Array;
}

export function findLakes(grid: HydrologyGrid, heights: Float32Array, filled: FilledSurface): Lakes {
  const { width, depth } = grid;
  const { level, drainage } = filled;
  const count = width * depth;
  const offsets = neighbourOffsets(width);
  const lakeOf = new Int32Array(count);
  const stack = new Int32Array(count);
  const lakes: Lake[] = [];
  for (let seed = 0; seed < count; seed++) {
    if (lakeOf[seed] !== 0 || !(level[seed] > heights[seed])) continue;
    const id = lakes.length + 1;
    const surface = level[seed];
    let vertices = 0;
    let area = 0;
    let volume = 0;
    let maxDepth = 0;
    let outlet = -1;
    let first = -1;
    let top = 0;
    stack[top++] = seed;
    lakeOf[seed] = id;
    while (top > 0) {
      const v = stack[--top];
      const i = v % width;
      const j = (v - i) / width;
      const own = vertexArea(grid, i, j);
      const waterDepth = surface - heights[v];
      vertices++;
      area += own;
      volume += own * waterDepth;
      if (waterDepth > maxDepth) maxDepth = waterDepth;
      const interior = interiorVertex(i, j, width, depth);
      for (let k = 0; k < 8; k++) {
        if (!interior) {
          const ni = i + STEP_I[k];
          const nj = j + STEP_J[k];
          if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        }
        const n = v + offsets[k];
        if (lakeOf[n] === id) continue;
        if (level[n] > heights[n]) {
          lakeOf[n] = id;
          stack[top++] = n;
        }
      }
      if (first < 0 || drainage[v] < drainage[first] || (drainage[v] === drainage[first] && v < first)) first = v;
    }
    // The lake's lowest vertex on the drainage surface was flooded first, from the dry vertex the
    // water spills over: its lowest dry neighbour (several dry vertices may stand at the spill
    // height; this is the one the routing drains the lake through).
    const fi = first % width;
    const fj = (first - fi) / width;
    for (let k = 0; k < 8; k++) {
      const ni = fi + STEP_I[k];
      const nj = fj + STEP_J[k];
      if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
      const n = first + offsets[k];
      if (lakeOf[n] === id) continue;
      if (outlet < 0 || drainage[n] < drainage[outlet] || (drainage[n] === drainage[outlet] && n < outlet)) outlet = n;
    }
    lakes.push({ id, level: surface, vertices, area, volume, maxDepth, outlet });
  }
  return { lakes, lakeOf };
}
