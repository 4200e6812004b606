/**
 * A bridge's deck, made concrete: its height anywhere on it (the road's own surface formula on the
 * straight deck profile, model.ts `surfaceAt`), the heights the cars drive on with every deck laid in,
 * and the deck's slab and railings as meshes for the road surface GLB.
 *
 * The cars (kinematic and physics) both ride the exact triangles of a heightfield, so the deck is laid
 * into a copy of the map's heights for them: every vertex whose nearest centreline point lies on a deck,
 * within its width and one cell past each edge (so the deck's full width is flat), is raised to the
 * deck's surface. The physics car's ground patch is cut from those heights, so its collider carries the
 * deck; the document's heights, the water and the view keep the land under the bridge as it is.
 */
import type { GlbMesh } from '../codecs/glb';
import { heightAtAnyPoint } from '../terrain/surface';
import { DECK_THICKNESS, RAILING_HEIGHT, RAILING_WIDTH, type BridgeSpan } from './crossings';
import { nearestField } from './footprint';
import { fitRoad, surfaceAt, type FittedRoad } from './fittedRoad';
import { roadValuesProblem, type RoadParams } from './params';
import type { GroundSize } from './profile';

/** Whether (fractional) station `st` lies on a deck, ends included. */
export const onDeck = (spans: readonly BridgeSpan[], st: number): boolean => spans.some((s) => st >= s.a && st <= s.b);

/**
 * A road's model on the map's heights (with the road in them, as the 3D view and the cars have them):
 * each deck straight between the heights of the map at its abutments, which the road wrote — the
 * deck the layer made, within the drawn triangles' few millimetres to centimetres there.
 */
export function fitRoadOnMap(p: RoadParams, heights: Float32Array, size: GroundSize): FittedRoad {
  const fitted = fitRoad(p, heights, size);
  if (fitted.bridges.length === 0) return fitted;
  const field = { ...size, heights };
  const { line } = fitted;
  const y = Float64Array.from(fitted.y);
  for (const { a, b } of fitted.bridges) {
    const ya = heightAtAnyPoint(field, line.x[a], line.z[a]);
    const yb = heightAtAnyPoint(field, line.x[b], line.z[b]);
    for (let k = a; k <= b; k++) y[k] = ya + ((yb - ya) * (k - a)) / (b - a);
  }
  return { ...fitted, y };
}

/** The roads that have a bridge, fitted to the map's heights (fitRoadOnMap). Invalid roads are skipped. */
export function bridgedRoads(roads: readonly RoadParams[], heights: Float32Array, size: GroundSize): FittedRoad[] {
  const out: FittedRoad[] = [];
  for (const p of roads) {
    if (!p.crossings?.some((c) => c.kind === 'bridge') || roadValuesProblem(p)) continue;
    try {
      const fitted = fitRoadOnMap(p, heights, size);
      if (fitted.bridges.length > 0) out.push(fitted);
    } catch {
      // A road whose centreline cannot be built has no deck.
    }
  }
  return out;
}

/** The heights with every deck of `models` laid in (see above); the same array when there is none. */
export function heightsWithDecks(fittedRoads: readonly FittedRoad[], heights: Float32Array, size: GroundSize): Float32Array {
  const bridged = fittedRoads.filter((m) => m.bridges.length > 0);
  if (bridged.length === 0) return heights;
  const out = heights.slice();
  const all = { i0: 0, j0: 0, i1: size.width, j1: size.depth };
  for (const fitted of bridged) {
    const { line } = fitted;
    let widest = 0;
    for (let k = 0; k < line.n; k++) widest = Math.max(widest, line.width[k]);
    const field = nearestField(line, widest / 2 + size.cellSize, size, all);
    if (!field) continue;
    const { region, dist, station, d, beyond } = field;
    const rw = region.i1 - region.i0;
    for (let j = region.j0; j < region.j1; j++) {
      for (let i = region.i0; i < region.i1; i++) {
        const q = (j - region.j0) * rw + (i - region.i0);
        const st = station[q];
        if (dist[q] === Infinity || beyond[q] > 0 || !onDeck(fitted.bridges, st)) continue;
        const half = line.width[Math.round(st)] / 2;
        if (Math.abs(d[q]) > half + size.cellSize) continue;
        const k = j * size.width + i;
        out[k] = Math.max(out[k], surfaceAt(fitted, st, Math.max(-half, Math.min(half, d[q]))));
      }
    }
  }
  return out;
}

/**
 * The water the car meets once the decks are laid in: `depth` (metres over `plain`, the map's heights)
 * less what the decks raised the ground by, never negative — dry on a deck above the water.
 */
export function waterOverDecks(depth: Float32Array, plain: Float32Array, decked: Float32Array): Float32Array {
  if (decked === plain) return depth;
  const out = new Float32Array(depth.length);
  for (let k = 0; k < depth.length; k++) out[k] = Math.max(0, depth[k] - (decked[k] - plain[k]));
  return out;
}

/** One row of a deck: the centreline point, its left unit vector and the deck's half width there, and the surface's height at the centre and its tan bank. */
interface DeckRow {
  x: number;
  z: number;
  lx: number;
  lz: number;
  half: number;
  y: number;
  tanBank: number;
}

/**
 * A closed cross-section `section` ((d, h) pairs: metres left of the centreline, metres above the
 * deck's surface there) swept along `rows`, with its ends capped: flat faces (each side its own
 * vertices), wound counter-clockwise seen from outside.
 */
function sweep(name: string, rows: readonly DeckRow[], section: readonly (readonly [number, number])[]): GlbMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  const at = (row: DeckRow, [d, h]: readonly [number, number]): [number, number, number] => [
    row.x + row.lx * d,
    row.y - d * row.tanBank + h,
    row.z + row.lz * d,
  ];
  const quad = (a: number[], b: number[], c: number[], e: number[]) => {
    const base = positions.length / 3;
    positions.push(...a, ...b, ...c, ...e);
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  };
  const m = section.length;
  for (let r = 0; r + 1 < rows.length; r++)
    for (let s = 0; s < m; s++) {
      const p = section[s];
      const q = section[(s + 1) % m];
      quad(at(rows[r], p), at(rows[r + 1], p), at(rows[r + 1], q), at(rows[r], q));
    }
  // End caps (the sections are quadrilaterals): the first seen from behind, the last from ahead.
  const first = section.map((p) => at(rows[0], p));
  const last = section.map((p) => at(rows[rows.length - 1], p)).reverse();
  for (const cap of [first, last]) quad(cap[0], cap[1], cap[2], cap[3]);
  const normals = new Float32Array(positions.length);
  for (let t = 0; t < indices.length; t += 6) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]].map((v) => v * 3);
    const u = [positions[b] - positions[a], positions[b + 1] - positions[a + 1], positions[b + 2] - positions[a + 2]];
    const v = [positions[c] - positions[a], positions[c + 1] - positions[a + 1], positions[c + 2] - positions[a + 2]];
    const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    const len = Math.hypot(n[0], n[1], n[2]) || 1;
    for (let corner = 0; corner < 4; corner++) normals.set([n[0] / len, n[1] / len, n[2] / len], a + 3 * corner);
  }
  return { name, positions: Float32Array.from(positions), normals, indices: Uint32Array.from(indices) };
}

/**
 * Each deck of the road as meshes: the slab (the road's width, DECK_THICKNESS deep under its surface)
 * and a railing along each edge (RAILING_HEIGHT high, RAILING_WIDTH wide), at every station of the
 * deck. Named "<road> bridge n", "<road> bridge n railings".
 */
export function deckMeshes(fitted: FittedRoad, name: string): GlbMesh[] {
  const { line } = fitted;
  const out: GlbMesh[] = [];
  for (const [n, span] of fitted.bridges.entries()) {
    const rows: DeckRow[] = [];
    for (let k = span.a; k <= span.b; k++)
      rows.push({ x: line.x[k], z: line.z[k], lx: line.tz[k], lz: -line.tx[k], half: line.width[k] / 2, y: fitted.y[k], tanBank: fitted.tanBank[k] });
    if (rows.length < 2) continue;
    // The widest half width of the deck: one section along it (per-point widths change it slowly).
    const half = Math.max(...rows.map((r) => r.half));
    // Counter-clockwise seen along the road (d to the left, h up): outward normals.
    const slab: [number, number][] = [
      [half, 0],
      [half, -DECK_THICKNESS],
      [-half, -DECK_THICKNESS],
      [-half, 0],
    ];
    const railing = (outer: number, inner: number): [number, number][] => {
      const section: [number, number][] = [
        [outer, 0],
        [inner, 0],
        [inner, RAILING_HEIGHT],
        [outer, RAILING_HEIGHT],
      ];
      // The left railing's outer edge is at +half: reversed so it winds the same way as the slab.
      return outer > 0 ? section.reverse() : section;
    };
    out.push(sweep(`${name} bridge ${n + 1}`, rows, slab));
    const left = sweep(`${name} bridge ${n + 1} railings`, rows, railing(half, half - RAILING_WIDTH));
    const right = sweep('', rows, railing(-half, -half + RAILING_WIDTH));
    const base = left.positions.length / 3;
    out.push({
      name: left.name,
      positions: Float32Array.from([...left.positions, ...right.positions]),
      normals: Float32Array.from([...left.normals, ...right.normals]),
      indices: Uint32Array.from([...left.indices, ...Array.from(right.indices, (v) => v + base)]),
    });
  }
  return out;
}
