/**
 * What a Priority-Flood+ε drainage surface is made of, read back from the water levels alone.
 *
 * The flood raises a vertex (its drainage goes above its height) exactly when it is off the map's edge
 * and every neighbour's level is at its own level or higher; every other vertex drains at its own height.
 * Raised vertices form flats (8-connected, one level each: a lake, or a flat at its spill height), and
 * the flood fills each flat breadth first from one vertex, its outlet: a vertex at exactly the flat's
 * level, not raised, next to it. A raised vertex's drainage is the level stepped up once per step of its
 * breadth-first distance from that outlet (one float64 step each, the first from 0 being 2⁻¹⁰⁰⁰).
 *
 * So the drainage is fixed by the levels (which any correct flood gives) and each flat's outlet. A
 * flood that visits vertices in another order (tiled, threaded, another queue) gives the same bytes on
 * every flat with a single possible outlet; only a flat with tied outlets — several such vertices at
 * exactly its level — is filled from whichever of them that flood's queue hands out first.
 */
import { NEIGHBOUR_DI, NEIGHBOUR_DJ, type HydrologyGrid } from '../grid';

export interface RaisedFlat {
  /** The flat's water level (a float32 height). */
  readonly level: number;
  /** Its vertices, in the order they were found. */
  readonly vertices: readonly number[];
  /** The vertices it may be filled from: not raised, at exactly its level, next to one of its vertices. */
  readonly outlets: readonly number[];
}

/** Whether the flood raises vertex (i, j): off the edge, no neighbour's level below its own. */
function isRaised(grid: HydrologyGrid, level: Float32Array, i: number, j: number): boolean {
  const { width, depth } = grid;
  if (i === 0 || j === 0 || i === width - 1 || j === depth - 1) return false;
  const own = level[j * width + i];
  for (let q = 0; q < 8; q++) if (level[(j + NEIGHBOUR_DJ[q]) * width + i + NEIGHBOUR_DI[q]] < own) return false;
  return true;
}

/** The raised flats of a map's water levels (row-major float32 on `grid`), each with its possible outlets. */
export function raisedFlats(grid: HydrologyGrid, level: Float32Array): RaisedFlat[] {
  const { width, depth } = grid;
  const raised = new Uint8Array(width * depth);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) raised[j * width + i] = isRaised(grid, level, i, j) ? 1 : 0;
  const seen = new Uint8Array(width * depth);
  const flats: RaisedFlat[] = [];
  for (let start = 0; start < raised.length; start++) {
    if (!raised[start] || seen[start]) continue;
    const flatLevel = level[start];
    const vertices: number[] = [];
    const outlets = new Set<number>();
    const pending = [start];
    seen[start] = 1;
    while (pending.length > 0) {
      const v = pending.pop() as number;
      vertices.push(v);
      const i = v % width;
      const j = (v - i) / width;
      for (let q = 0; q < 8; q++) {
        const ni = i + NEIGHBOUR_DI[q];
        const nj = j + NEIGHBOUR_DJ[q];
        if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
        const n = nj * width + ni;
        // Equal levels compare as numbers: 0 and −0 are the same level.
        if (level[n] !== flatLevel) continue;
        if (!raised[n]) outlets.add(n);
        else if (!seen[n]) {
          seen[n] = 1;
          pending.push(n);
        }
      }
    }
    flats.push({ level: flatLevel, vertices, outlets: [...outlets].sort((a, b) => a - b) });
  }
  return flats;
}

const bits = new Float64Array(1);
const word = new BigInt64Array(bits.buffer);

/** The float64 one step above x: the next representable number (from ±0, 2⁻¹⁰⁰⁰, the flood's first step). */
export function nextFloat64Up(x: number): number {
  if (x === 0) return 2 ** -1000;
  bits[0] = x;
  word[0] += x > 0 ? 1n : -1n;
  return bits[0];
}

/**
 * The drainage surface the levels and the chosen outlets give: each raised flat filled breadth first
 * from `outletOf(flat)` (one of its outlets), every other vertex at its height.
 */
export function drainageFromOutlets(
  grid: HydrologyGrid,
  heights: Float32Array,
  flats: readonly RaisedFlat[],
  outletOf: (flat: RaisedFlat) => number,
): Float64Array {
  const { width, depth } = grid;
  const drainage = Float64Array.from(heights);
  const inFlat = new Uint8Array(width * depth);
  for (const flat of flats) {
    for (const v of flat.vertices) inFlat[v] = 1;
    let layer = [outletOf(flat)];
    // The outlet drains at its height, which is the flat's level.
    let value = heights[layer[0]];
    while (layer.length > 0) {
      value = nextFloat64Up(value);
      const next: number[] = [];
      for (const v of layer) {
        const i = v % width;
        const j = (v - i) / width;
        for (let q = 0; q < 8; q++) {
          const ni = i + NEIGHBOUR_DI[q];
          const nj = j + NEIGHBOUR_DJ[q];
          if (ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
          const n = nj * width + ni;
          if (inFlat[n] !== 1) continue;
          inFlat[n] = 2;
          drainage[n] = value;
          next.push(n);
        }
      }
      layer = next;
    }
  }
  return drainage;
}
