/**
 * Procedural meshes of the natural prop kinds (conifer, broadleaf tree, bush, rock, boulder, dead
 * tree), built from a fixed seed per kind so every run draws the same shapes: no downloaded assets.
 * Each is a list of triangles (no index) with a normal and a linear-RGB colour per vertex, in
 * prop-local metres with the pivot where the prop meets the ground (y = 0, +y up), the library's
 * convention (library.ts), so snapping places them as it placed the primitives. One mesh per kind:
 * a renderer draws every prop of a kind with one instanced draw, and varies each instance by
 * `propVariation` (stretch and tint from the prop's seed), never by another mesh.
 *
 * Trees stand on their trunk: the trunk's axis meets y = 0, and the trunk reaches a little below it
 * (TRUNK_SINK_SLOPE) so an upright trunk on a slope has no gap on its downhill side. Rocks, boulders
 * and bushes are sunk by a share of their height so that they sit in the ground when tilted.
 * Kinds without a procedural mesh (house, fence post, an unknown type) return null: their library
 * primitives are drawn as before.
 */
import { createRandom, type Random } from '../random';
import type { PropType } from './library';

export interface PropMesh {
  /** x, y, z of each vertex, three vertices per triangle. */
  positions: Float32Array;
  /** Unit normal of each vertex; a triangle's winding is counter-clockwise seen from the side its normals face. */
  normals: Float32Array;
  /** Linear RGB of each vertex (three.js `color` attribute with vertex colours). */
  colours: Float32Array;
  triangles: number;
  /** Each triangle's part (an index into `partNames`): what an export gives a material of its own. */
  parts: Uint8Array;
  /** The parts' names in order of first use: 'bark', 'leaves', 'stone'. */
  partNames: readonly string[];
  /** The colour that reads from afar (the canopy, the stone), sRGB '#rrggbb': far markers and 2D symbols. */
  farColour: string;
  /**
   * Per vertex: the centre (x, y, z) and radius of the leaf lobe it belongs to, 0 radius elsewhere
   * (crowns built of lobes only): the 3D view trims each lobe's outline to a circle with it.
   */
  lobes?: Float32Array;
}

/** Most triangles a kind's mesh may have: the budget the tests hold each generator to. */
export const PROP_TRIANGLE_BUDGET: Readonly<Record<string, number>> = {
  conifer: 448,
  broadleaf: 640,
  bush: 256,
  rock: 320,
  boulder: 320,
  'dead-tree': 64,
};

/**
 * Share of a leaf lobe's radius (`PropMesh.lobes`) its drawn outline keeps: the 3D view draws a lobe's
 * pixel only where its view ray passes within this share of the radius from the lobe's centre, so a
 * lobe's outline is a circle of this radius, from any side. A small icosahedron's corners stand at about
 * 1 and its silhouette's edges dip to about 0.75 (its corners are rounded off); a far crown's tetrahedra
 * hold the whole disc (their insphere is that circle's sphere) and are cut down to it.
 */
export const PROP_LOBE_TRIM = 0.8;

/** A trunk reaches below the pivot by its base radius times this (tan 35°): no gap under it on a 35° slope. */
export const TRUNK_SINK_SLOPE = Math.tan((35 * Math.PI) / 180);

type V3 = [number, number, number];
type Rgb = [number, number, number];

function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
}

/** '#rrggbb' (sRGB) as linear RGB. */
export function hexToLinear(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [srgbToLinear(((n >> 16) & 255) / 255), srgbToLinear(((n >> 8) & 255) / 255), srgbToLinear((n & 255) / 255)];
}

const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scaled = (a: V3, s: number): V3 => [a[0] * s, a[1] * s, a[2] * s];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
function normalised(a: V3): V3 {
  const length = Math.hypot(a[0], a[1], a[2]);
  return length > 0 ? scaled(a, 1 / length) : [0, 1, 0];
}
const shade = (c: Rgb, s: number): Rgb => [c[0] * s, c[1] * s, c[2] * s];
const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/**
 * Triangles with their normals and colours. `tri` turns each triangle to face `outward` (a direction
 * or a function of the face), and gives each vertex the face normal bent towards `soft` by `softness`
 * (0: flat facets, as rocks; towards 1: a rounded volume, as a crown of leaves).
 */
class MeshBuilder {
  private readonly positions: number[] = [];
  private readonly normals: number[] = [];
  private readonly colours: number[] = [];
  private readonly partOf: number[] = [];
  private readonly partNames: string[] = [];
  private current = 0;
  private readonly lobes: number[] = [];
  private lobe: [number, number, number, number] = [0, 0, 0, 0];
  private hasLobes = false;

  /** The lobe (centre and radius) the next triangles belong to; radius 0: none. */
  setLobe(centre: V3, radius: number): void {
    this.lobe = [centre[0], centre[1], centre[2], radius];
    if (radius > 0) this.hasLobes = true;
  }

  /** The part the next triangles belong to (bark, leaves, stone). */
  part(name: string): void {
    let k = this.partNames.indexOf(name);
    if (k < 0) k = this.partNames.push(name) - 1;
    this.current = k;
  }

  tri(a: V3, b: V3, c: V3, outward: V3, colours: readonly [Rgb, Rgb, Rgb], soft?: readonly [V3, V3, V3], softness = 0): void {
    let n = cross(sub(b, a), sub(c, a));
    let order: [V3, V3, V3] = [a, b, c];
    let cs: readonly Rgb[] = colours;
    let ss = soft;
    if (dot(n, outward) < 0) {
      n = scaled(n, -1);
      order = [a, c, b];
      cs = [colours[0], colours[2], colours[1]];
      ss = soft ? [soft[0], soft[2], soft[1]] : undefined;
    }
    const face = normalised(n);
    if (this.partNames.length === 0) this.part('main');
    this.partOf.push(this.current);
    for (let v = 0; v < 3; v++) {
      const normal = ss && softness > 0 ? normalised(add(scaled(face, 1 - softness), scaled(normalised(ss[v]), softness))) : face;
      // A bent normal must stay on the lit side of its face, or the face would shade as its own back: one
      // behind it is tipped just over the face's plane (still mostly the bent direction, so a crown's
      // inner facets shade with the volume, not as facets of their own).
      const lean = dot(normal, face);
      const kept = lean > 0.05 ? normal : normalised(add(normal, scaled(face, 0.1 - lean)));
      this.positions.push(...order[v]);
      this.normals.push(...kept);
      this.colours.push(...cs[v]);
      this.lobes.push(...this.lobe);
    }
  }

  build(farColour: string): PropMesh {
    return {
      positions: Float32Array.from(this.positions),
      normals: Float32Array.from(this.normals),
      colours: Float32Array.from(this.colours),
      ...(this.hasLobes ? { lobes: Float32Array.from(this.lobes) } : {}),
      triangles: this.positions.length / 9,
      parts: Uint8Array.from(this.partOf),
      partNames: [...this.partNames],
      farColour,
    };
  }
}

/** Smooth 3D value noise in [-1, 1] (integer lattice hashed, trilinear with a smoothstep): rock surfaces. */
function valueNoise(seed: number): (x: number, y: number, z: number) => number {
  const hash = (i: number, j: number, k: number): number => {
    let h = (Math.imul(i, 0x27d4eb2d) ^ Math.imul(j, 0x165667b1) ^ Math.imul(k, 0x1b873593) ^ seed) >>> 0;
    h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
    return ((h ^ (h >>> 16)) >>> 0) / 2147483648 - 1;
  };
  const fade = (t: number) => t * t * (3 - 2 * t);
  return (x, y, z) => {
    const i = Math.floor(x);
    const j = Math.floor(y);
    const k = Math.floor(z);
    const u = fade(x - i);
    const v = fade(y - j);
    const w = fade(z - k);
    const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
    const plane = (kk: number) => lerp(lerp(hash(i, j, kk), hash(i + 1, j, kk), u), lerp(hash(i, j + 1, kk), hash(i + 1, j + 1, kk), u), v);
    return lerp(plane(k), plane(k + 1), w);
  };
}

const GOLDEN = (1 + Math.sqrt(5)) / 2;

/** three's detail-0 icosahedron: its 12 vertices (not unit length) and 20 faces, in three's order. */
export const ICOSAHEDRON_VERTICES: readonly (readonly [number, number, number])[] = [
  [-1, GOLDEN, 0],
  [1, GOLDEN, 0],
  [-1, -GOLDEN, 0],
  [1, -GOLDEN, 0],
  [0, -1, GOLDEN],
  [0, 1, GOLDEN],
  [0, -1, -GOLDEN],
  [0, 1, -GOLDEN],
  [GOLDEN, 0, -1],
  [GOLDEN, 0, 1],
  [-GOLDEN, 0, -1],
  [-GOLDEN, 0, 1],
];
export const ICOSAHEDRON_FACES: readonly (readonly [number, number, number])[] = [
  [0, 11, 5], [0, 5, 1], [0, 1, 7], [0, 7, 10], [0, 10, 11], [1, 5, 9], [5, 11, 4], [11, 10, 2], [10, 7, 6], [7, 1, 8],
  [3, 9, 4], [3, 4, 2], [3, 2, 6], [3, 6, 8], [3, 8, 9], [4, 9, 5], [2, 4, 11], [6, 2, 10], [8, 6, 7], [9, 8, 1],
]; // prettier-ignore

/** The 12 vertices and 20 faces of a unit icosahedron; `subdivide` splits each face in four, on the sphere. */
function icosphere(subdivide: number): { vertices: V3[]; faces: [number, number, number][] } {
  const vertices: V3[] = ICOSAHEDRON_VERTICES.map(([x, y, z]) => normalised([x, y, z]));
  let faces: [number, number, number][] = ICOSAHEDRON_FACES.map(([a, b, c]) => [a, b, c]);
  for (let level = 0; level < subdivide; level++) {
    const middle = new Map<string, number>();
    const mid = (a: number, b: number): number => {
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      let m = middle.get(key);
      if (m === undefined) {
        m = vertices.length;
        vertices.push(normalised(add(vertices[a], vertices[b])));
        middle.set(key, m);
      }
      return m;
    };
    faces = faces.flatMap(([a, b, c]) => {
      const ab = mid(a, b);
      const bc = mid(b, c);
      const ca = mid(c, a);
      return [
        [a, ab, ca],
        [b, bc, ab],
        [c, ca, bc],
        [ab, bc, ca],
      ] as [number, number, number][];
    });
  }
  return { vertices, faces };
}

/**
 * A tapered round trunk or branch from `from` to `to` with `sides` faces, radii r0 → r1, smooth
 * normals; `capTop` closes its top end.
 */
function addLimb(mesh: MeshBuilder, from: V3, to: V3, r0: number, r1: number, sides: number, bark: Rgb, capTop: boolean, phase = 0): void {
  const axis = normalised(sub(to, from));
  const helper: V3 = Math.abs(axis[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  const u = normalised(cross(axis, helper));
  const w = cross(axis, u);
  const ring = (centre: V3, r: number, k: number): { p: V3; n: V3 } => {
    const angle = phase + (2 * Math.PI * k) / sides;
    const n = add(scaled(u, Math.cos(angle)), scaled(w, Math.sin(angle)));
    return { p: add(centre, scaled(n, r)), n };
  };
  const dark = shade(bark, 0.7);
  mesh.part('bark');
  for (let k = 0; k < sides; k++) {
    const a0 = ring(from, r0, k);
    const a1 = ring(from, r0, k + 1);
    const b0 = ring(to, r1, k);
    const b1 = ring(to, r1, k + 1);
    const out = normalised(add(a0.n, a1.n));
    mesh.tri(a0.p, a1.p, b1.p, out, [dark, dark, bark], [a0.n, a1.n, b1.n], 0.85);
    mesh.tri(a0.p, b1.p, b0.p, out, [dark, bark, bark], [a0.n, b1.n, b0.n], 0.85);
    if (capTop) mesh.tri(to, b0.p, b1.p, axis, [bark, bark, bark]);
  }
}

/** How a crown of leaf lobes is laid out (`addCrown`). */
export interface CrownLayout {
  /** The crown's middle, metres. */
  centre: readonly [number, number, number];
  /** Half-extents of the crown's outline (the lobes' outer sides), metres. */
  radii: readonly [number, number, number];
  /** Number of lobes (each an icosahedron of 20 triangles, about 13 of them drawn when there is a core). */
  lobes: number;
  /** Least and largest lobe radius, metres: the scale of the outline's bumps. */
  lobeRadius: readonly [number, number];
  /** A dark inner core of this share of the crown's mean radius (20 triangles; 0: none): no sky through the gaps between lobes. */
  core: number;
  /** How far the crown's own shape departs from its ellipsoid (± share of the radii, by low-frequency noise). */
  shape: number;
}

interface CrownOptions extends CrownLayout {
  /** Each vertex's colour from its place (metres) and its unit direction from its lobe's centre. */
  colourAt: (p: V3, direction: V3) => Rgb;
}

/** The broadleaf tree's crown: 40 lobes 1.4–1.9 m across over a 5.3 × 4.7 × 5.4 m ellipsoid. */
export const BROADLEAF_CROWN: CrownLayout = { centre: [0, 5.1, 0], radii: [2.65, 2.35, 2.7], lobes: 40, lobeRadius: [0.7, 0.95], core: 0.72, shape: 0.22 };
/** The bush: 16 lobes 0.64–0.88 m across over a 1.9 × 1.4 × 1.6 m mound, sunk a fifth of its height. */
export const BUSH_CROWN: CrownLayout = { centre: [0, 0.42, -0.06], radii: [0.96, 0.7, 0.82], lobes: 16, lobeRadius: [0.32, 0.44], core: 0.7, shape: 0.1 };

/**
 * The broadleaf crown's variants (the first is BROADLEAF_CROWN): each prop draws one, chosen by its seed
 * (`propVariation`), so that a wood is not one tree repeated. Each has its own lobes (its own seed) and
 * proportions: the round crown, a taller narrower one (5.4 m tall, 4.7 m across) and a broad flat one
 * (5.8 m across, 4.4 m tall, a little lower), every one within the broadleaf's triangle budget.
 */
export const BROADLEAF_CROWNS: readonly CrownLayout[] = [
  BROADLEAF_CROWN,
  { ...BROADLEAF_CROWN, centre: [0.1, 5.35, 0], radii: [2.35, 2.7, 2.4], shape: 0.2 },
  { ...BROADLEAF_CROWN, centre: [-0.05, 4.95, 0.05], radii: [2.9, 2.2, 2.8], lobeRadius: [0.68, 0.92], shape: 0.18, lobes: 41 },
];
/** The bush's variants (the first is BUSH_CROWN): the mound, a rounder taller one and a low wide one. */
export const BUSH_CROWNS: readonly CrownLayout[] = [
  BUSH_CROWN,
  { ...BUSH_CROWN, centre: [0, 0.5, 0], radii: [0.84, 0.8, 0.8], shape: 0.12 },
  { ...BUSH_CROWN, centre: [0.04, 0.38, -0.04], radii: [1.0, 0.66, 0.88], lobes: 17 },
];

/**
 * A lobe's face whose direction from the lobe's centre is within about 70° of the way to the crown's
 * middle (cosine over this) lies inside the crown, behind the core: left out when there is a core.
 */
const HIDDEN_LOBE_FACE = 0.35;

/**
 * A crown of leaves as many small rounded lobes over its ellipsoid, not a few large polyhedra: seen from
 * any side its outline is a row of bumps a lobe across (the clumps of a real crown), and each lobe's
 * own facets are a few pixels where the whole crown is a hundred. Lobe centres are spread evenly over the
 * ellipsoid (a Fibonacci sphere, each jittered by `random`), sunk by their own radius so their outer
 * sides make the crown's outline; each lobe is an icosahedron turned at random with its corners pushed in
 * and out a little (no two alike, no facets lined up across the crown). Normals are mostly the direction
 * from the crown's middle (the crown shades as one soft volume) with a share of the lobe's own (each lobe
 * reads as a rounded clump). Deterministic: the same `random` state builds the same crown.
 */
function addCrown(mesh: MeshBuilder, random: Random, o: CrownOptions): void {
  const centre: V3 = [...o.centre];
  const radii = o.radii;
  const shapeNoise = valueNoise((random.next() * 4294967296) >>> 0);
  const crownNormal = (p: V3): V3 => normalised([(p[0] - centre[0]) / radii[0], (p[1] - centre[1]) / radii[1], (p[2] - centre[2]) / radii[2]]);
  const normalAt = (p: V3, v: V3): V3 => normalised(add(scaled(crownNormal(p), 0.72), scaled(v, 0.28)));
  const unit = ICOSAHEDRON_VERTICES.map(([x, y, z]) => normalised([x, y, z]));
  mesh.part('leaves');
  const addLobe = (middle: V3, radius: number, roughness: number, inner: boolean, dim?: number): void => {
    // A random turn (three angles) so that no two lobes' facets line up.
    const [a, b, c] = [random.next() * 2 * Math.PI, Math.acos(2 * random.next() - 1), random.next() * 2 * Math.PI];
    const turn = (v: V3): V3 => {
      const x1 = v[0] * Math.cos(a) - v[2] * Math.sin(a);
      const z1 = v[0] * Math.sin(a) + v[2] * Math.cos(a);
      const y2 = v[1] * Math.cos(b) - z1 * Math.sin(b);
      const z2 = v[1] * Math.sin(b) + z1 * Math.cos(b);
      return [x1 * Math.cos(c) - y2 * Math.sin(c), x1 * Math.sin(c) + y2 * Math.cos(c), z2];
    };
    const directions = unit.map(turn);
    const points = directions.map((v) => add(middle, scaled(v, radius * (1 + roughness * (2 * random.next() - 1)))));
    const colours = directions.map((v, k) => (dim === undefined ? o.colourAt(points[k], v) : shade(o.colourAt(points[k], v), dim)));
    const normals = directions.map((v, k) => normalAt(points[k], v));
    const inward = inner ? scaled(crownNormal(middle), -1) : null;
    // The outer lobes are trimmed to a round outline in the view; the core is not (it only shows between lobes).
    mesh.setLobe(middle, dim === undefined ? radius : 0);
    for (const [i, j, k] of ICOSAHEDRON_FACES) {
      const centroid = scaled(add(add(points[i], points[j]), points[k]), 1 / 3);
      // A face turned to the crown's middle is hidden behind the lobe's outer faces and the core: not drawn.
      if (inward && dot(normalised(sub(centroid, middle)), inward) > HIDDEN_LOBE_FACE) continue;
      mesh.tri(points[i], points[j], points[k], sub(centroid, middle), [colours[i], colours[j], colours[k]], [normals[i], normals[j], normals[k]], 1);
    }
  };
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let k = 0; k < o.lobes; k++) {
    // Evenly over the sphere, each a little off its place (half a lobe's spacing at most).
    const y = Math.max(-1, Math.min(1, 1 - (2 * (k + 0.5 + 0.5 * (random.next() - 0.5))) / o.lobes));
    const angle = k * golden + 0.5 * (random.next() - 0.5);
    const h = Math.sqrt(1 - y * y);
    const d: V3 = [h * Math.cos(angle), y, h * Math.sin(angle)];
    const radius = o.lobeRadius[0] + (o.lobeRadius[1] - o.lobeRadius[0]) * random.next();
    const bulge = 1 + o.shape * shapeNoise(d[0] * 1.6 + 3, d[1] * 1.6, d[2] * 1.6 - 5);
    const middle: V3 = [
      centre[0] + d[0] * (radii[0] * bulge - radius),
      centre[1] + d[1] * (radii[1] * bulge - radius),
      centre[2] + d[2] * (radii[2] * bulge - radius),
    ];
    addLobe(middle, radius, 0.08, o.core > 0);
  }
  if (o.core > 0) {
    const mean = (radii[0] + radii[1] + radii[2]) / 3;
    addLobe(centre, o.core * mean, 0.05, false, 0.85);
  }
  mesh.setLobe([0, 0, 0], 0);
}

/**
 * A crown of `layout` alone, in one colour, built from `seed`: the same seed builds the same crown
 * (the tests measure its outline; the props' meshes use their kind's fixed seed).
 */
export function leafCrown(seed: number, layout: CrownLayout, colour = '#417a2e'): PropMesh {
  const mesh = new MeshBuilder();
  const base = hexToLinear(colour);
  addCrown(mesh, createRandom(seed), { ...layout, colourAt: (_p, v) => shade(base, 0.7 + 0.3 * v[1]) });
  return mesh.build(colour);
}

/** A regular tetrahedron's corners (unit distance from its middle) and faces: a far crown's lobe. */
const TETRAHEDRON: readonly V3[] = (
  [
    [1, 1, 1],
    [1, -1, -1],
    [-1, 1, -1],
    [-1, -1, 1],
  ] as V3[]
).map(normalised);
const TETRAHEDRON_FACES: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [0, 3, 1],
  [0, 2, 3],
  [1, 3, 2],
];
/**
 * A far lobe's corners stand this many times its drawn radius from its middle: a tetrahedron's insphere
 * is a third of its corners' distance, so its faces cover the whole trimmed disc from every side (3 %
 * to spare); the view trims the rest (PROP_LOBE_TRIM).
 */
const FAR_LOBE_CORNER = 3.1;
/** Turns of a far crown's set of lobes tried for the closest outline to its near crown's. */
const FAR_CROWN_TRIES = 64;

/** How a far crown is laid out (`addFarCrown`): a few large lobes over the near crown's ellipsoid. */
interface FarCrownOptions {
  /** Lobes (4 triangles each). */
  lobes: number;
  /** Each lobe's drawn radius, as a share of the crown's mean radius. */
  share: number;
  /** The lobes' directions from the crown's middle (default: spread evenly over the sphere, turned at random). */
  directions?: readonly V3[];
  /**
   * The near crown's reach from its middle in a direction (its drawn outline's support, metres): each
   * lobe's outer side is put there, so the far crown's outline is the near one's. Default: the layout's ellipsoid.
   */
  reach?: (direction: V3) => number;
}

/**
 * The drawn reach of a crown's trimmed lobes (`PropMesh.lobes`) from `centre` in a unit direction: the
 * furthest any lobe's disc of PROP_LOBE_TRIM of its radius stands along it.
 */
export function lobeReach(mesh: PropMesh, centre: readonly [number, number, number]): (direction: V3) => number {
  const lobes = mesh.lobes;
  const seen = new Set<string>();
  const list: number[][] = [];
  for (let v = 0; lobes && v < lobes.length; v += 4) {
    if (lobes[v + 3] === 0) continue;
    const key = `${lobes[v]},${lobes[v + 1]},${lobes[v + 2]}`;
    if (seen.has(key)) continue;
    seen.add(key);
    list.push([lobes[v] - centre[0], lobes[v + 1] - centre[1], lobes[v + 2] - centre[2], PROP_LOBE_TRIM * lobes[v + 3]]);
  }
  return (d) => list.reduce((most, [x, y, z, r]) => Math.max(most, x * d[0] + y * d[1] + z * d[2] + r), 0);
}

/**
 * A crown for a tree or bush a few dozen pixels tall: a few large lobes, each a tetrahedron (4 triangles)
 * that the 3D view cuts down to a round disc (its lobe attribute, PROP_LOBE_TRIM), placed like the near
 * crown's lobes (sunk by their radius into the same ellipsoid, so their outer sides make its outline).
 * Seen from any side the outline is a row of round bulges over the near crown's shape, not a polygon's
 * straight edges and corners. Normals are those of the lobe's sphere in each corner's direction (a
 * corner itself stands well outside the drawn disc); colours step from lobe to lobe.
 */
function addFarCrown(mesh: MeshBuilder, random: Random, o: CrownOptions, far: FarCrownOptions): void {
  const centre: V3 = [...o.centre];
  const radii = o.radii;
  const mean = (radii[0] + radii[1] + radii[2]) / 3;
  const crownNormal = (p: V3): V3 => normalised([(p[0] - centre[0]) / radii[0], (p[1] - centre[1]) / radii[1], (p[2] - centre[2]) / radii[2]]);
  const golden = Math.PI * (3 - Math.sqrt(5));
  /** A lobe in direction d: its middle and drawn radius. */
  const place = (d: V3): { middle: V3; radius: number } => {
    const length = Math.hypot(d[0], d[1], d[2]);
    if (!far.reach || length === 0) {
      const radius = far.share * mean;
      return { middle: [0, 1, 2].map((i) => centre[i] + d[i] * Math.max(0, radii[i] - radius)) as V3, radius };
    }
    // Within the crown's thinnest radius and its radius along d (a flat crown's lobes are small), its outer side at the near crown's reach.
    const along = 1 / Math.hypot(d[0] / radii[0], d[1] / radii[1], d[2] / radii[2]);
    const radius = far.share * Math.min(along, ...radii);
    return { middle: add(centre, scaled(d, Math.max(0, far.reach(d) - radius))), radius };
  };
  /** The lobes' directions: evenly over the sphere, turned by three angles. */
  const spread = (a: number, b: number, c: number): V3[] =>
    Array.from({ length: far.lobes }, (_, k): V3 => {
      const y = 1 - (2 * (k + 0.5)) / far.lobes;
      const h = Math.sqrt(1 - y * y);
      const v: V3 = [h * Math.cos(a + k * golden), y, h * Math.sin(a + k * golden)];
      const y1 = v[1] * Math.cos(b) - v[2] * Math.sin(b);
      const z1 = v[1] * Math.sin(b) + v[2] * Math.cos(b);
      return [v[0] * Math.cos(c) - y1 * Math.sin(c), v[0] * Math.sin(c) + y1 * Math.cos(c), z1];
    });
  let directions: readonly V3[] = far.directions ?? spread(random.next() * 2 * Math.PI, 0, 0);
  if (!far.directions && far.reach) {
    // Of FAR_CROWN_TRIES turns of the set, the one whose outline keeps closest to the near crown's: the
    // largest difference of the two reaches over 96 directions (a far crown's outline from any side is its reach there).
    const probes = Array.from({ length: 96 }, (_, k): V3 => {
      const y = 1 - (2 * (k + 0.5)) / 96;
      const h = Math.sqrt(1 - y * y);
      return [h * Math.cos(k * golden), y, h * Math.sin(k * golden)];
    });
    const nearReach = probes.map((u) => far.reach!(u));
    let best = Infinity;
    for (let t = 0; t < FAR_CROWN_TRIES; t++) {
      const candidate = spread(random.next() * 2 * Math.PI, Math.acos(2 * random.next() - 1), random.next() * 2 * Math.PI);
      const lobes = candidate.map(place);
      let worst = 0;
      for (const [k, u] of probes.entries()) {
        const reach = Math.max(...lobes.map(({ middle, radius }) => dot(sub(middle, centre), u) + radius));
        worst = Math.max(worst, Math.abs(reach - nearReach[k]));
      }
      if (worst < best) {
        best = worst;
        directions = candidate;
      }
    }
  }
  mesh.part('leaves');
  for (const d of directions) {
    const { middle, radius } = place(d);
    // Each lobe turned at random (its corners, thus its shadow's and its facets' directions, not lined up).
    const [a, b] = [random.next() * 2 * Math.PI, random.next() * 2 * Math.PI];
    const turn = (v: V3): V3 => {
      const x1 = v[0] * Math.cos(a) - v[2] * Math.sin(a);
      const z1 = v[0] * Math.sin(a) + v[2] * Math.cos(a);
      return [x1, v[1] * Math.cos(b) - z1 * Math.sin(b), v[1] * Math.sin(b) + z1 * Math.cos(b)];
    };
    const corners = TETRAHEDRON.map(turn);
    const points = corners.map((v) => add(middle, scaled(v, FAR_LOBE_CORNER * radius)));
    const onSphere = corners.map((v) => add(middle, scaled(v, radius)));
    // Each lobe reads as a clump of its own: a brightness of its own (±12 %), and its colour from dark
    // under to light on top across its drawn disc (the disc is the middle third of the faces: the corners
    // carry three times the step, kept within the colours' range).
    const own = 0.88 + 0.24 * random.next();
    const mid = shade(o.colourAt(middle, [0, 0, 0]), own);
    const colours = corners.map((v, k): Rgb => {
      const c = shade(o.colourAt(onSphere[k], v), own * (1 + 0.22 * v[1]));
      return [0, 1, 2].map((i) => Math.min(1, Math.max(0.006, mid[i] + 3 * (c[i] - mid[i])))) as Rgb;
    });
    const normals = corners.map((v, k) => normalised(add(scaled(crownNormal(onSphere[k]), 0.6), scaled(v, 0.4))));
    mesh.setLobe(middle, radius / PROP_LOBE_TRIM);
    for (const [i, j, k] of TETRAHEDRON_FACES) {
      const centroid = scaled(add(add(points[i], points[j]), points[k]), 1 / 3);
      mesh.tri(points[i], points[j], points[k], sub(centroid, middle), [colours[i], colours[j], colours[k]], [normals[i], normals[j], normals[k]], 1);
    }
  }
  mesh.setLobe([0, 0, 0], 0);
}

/**
 * A far crown of `layout` alone (`addFarCrown`), in one colour, built from `seed`: what the tests measure
 * of the far meshes' crowns.
 */
export function farLeafCrown(seed: number, layout: CrownLayout, lobes: number, share: number, colour = '#417a2e'): PropMesh {
  const mesh = new MeshBuilder();
  const base = hexToLinear(colour);
  addFarCrown(mesh, createRandom(seed), { ...layout, colourAt: (_p, v) => shade(base, 0.7 + 0.3 * v[1]) }, { lobes, share });
  return mesh.build(colour);
}

const BARK = hexToLinear('#5a3d26');
const GREY_BARK = hexToLinear('#6a5d52');

/**
 * Conifer: a trunk and seven irregular tiers of branches narrowing to a leader; 7 m tall at scale 1.
 * Each tier is a star of drooping branch tips (each its own length, angle and droop) with notches
 * between them and a ridge from the tier's top to each tip, so its outline is ragged, not a cone;
 * tips are lighter (new growth), notches and undersides in shade.
 */
function conifer(): PropMesh {
  const mesh = new MeshBuilder();
  const random = createRandom(0xc0f1);
  const r0 = 0.24;
  addLimb(mesh, [0, -r0 * TRUNK_SINK_SLOPE, 0], [0, 5.4, 0], r0, 0.05, 5, BARK, false);
  const dark = hexToLinear('#15321b');
  const mid = hexToLinear('#254d2b');
  const tip = hexToLinear('#467a40');
  const tiers = 7;
  const branches = 10;
  const jitter = (c: Rgb, amount: number): Rgb => shade(c, 1 + amount * (random.next() - 0.5));
  mesh.part('leaves');
  for (let t = 0; t < tiers; t++) {
    const f = t / (tiers - 1);
    const radius = (1.95 - 1.5 * f) * (1 + 0.12 * (random.next() - 0.5));
    const bottom = 0.85 + 0.88 * t + 0.18 * (random.next() - 0.5);
    const top = bottom + 1.45 - 0.3 * f + (t === tiers - 1 ? 0.6 : 0);
    // Each tier a little off the axis: a tree is not turned on a lathe.
    const cx = 0.1 * (random.next() - 0.5);
    const cz = 0.1 * (random.next() - 0.5);
    const apex: V3 = [cx * 0.5, top, cz * 0.5];
    const under: V3 = [cx, bottom + 0.55, cz];
    const twist = random.next() * 2 * Math.PI;
    const tips: V3[] = [];
    const notches: V3[] = [];
    const ridges: V3[] = [];
    const tipColours: Rgb[] = [];
    for (let k = 0; k < branches; k++) {
      const angle = twist + (2 * Math.PI * (k + 0.3 * (random.next() - 0.5))) / branches;
      const reach = radius * (0.85 + 0.3 * random.next());
      const droop = (0.15 + 0.3 * random.next()) * (0.5 + 0.5 * (reach / 1.95));
      tips.push([cx + reach * Math.cos(angle), bottom - droop, cz + reach * Math.sin(angle)]);
      const ridge = 0.5 * reach;
      ridges.push([cx + ridge * Math.cos(angle), bottom + 0.42 * (top - bottom), cz + ridge * Math.sin(angle)]);
      const between = angle + Math.PI / branches;
      const inner = radius * (0.62 + 0.12 * random.next());
      notches.push([cx + inner * Math.cos(between), bottom + 0.22 + 0.15 * random.next(), cz + inner * Math.sin(between)]);
      tipColours.push(mixRgb(mid, tip, 0.35 + 0.45 * random.next() + 0.1 * f));
    }
    const radial = (p: V3): V3 => normalised([p[0] - cx, 0.9 * radius, p[2] - cz]);
    const outward = (a: V3, b: V3, c: V3): V3 => normalised([a[0] + b[0] + c[0] - 3 * cx, 1.2 * radius, a[2] + b[2] + c[2] - 3 * cz]);
    const tierTop = jitter(mixRgb(mid, tip, 0.25 + 0.3 * f), 0.15);
    for (let k = 0; k < branches; k++) {
      const k1 = (k + 1) % branches;
      const w0 = ridges[k];
      const w1 = ridges[k1];
      const notch = notches[k];
      const before = notches[(k + branches - 1) % branches];
      const ridgeColour = jitter(mixRgb(mid, tipColours[k], 0.5), 0.1);
      const ridgeColour1 = jitter(mixRgb(mid, tipColours[k1], 0.5), 0.1);
      const notchColour = jitter(dark, 0.2);
      const soft = 0.5;
      // Upper side: the top to the ridges, each ridge down to its tip between two notches.
      mesh.tri(apex, w0, w1, outward(apex, w0, w1), [tierTop, ridgeColour, ridgeColour1], [[0, 1, 0], radial(w0), radial(w1)], soft);
      mesh.tri(w0, notch, w1, outward(w0, notch, w1), [ridgeColour, notchColour, ridgeColour1], [radial(w0), radial(notch), radial(w1)], soft);
      mesh.tri(w0, tips[k], notch, outward(w0, tips[k], notch), [ridgeColour, tipColours[k], notchColour], [radial(w0), radial(tips[k]), radial(notch)], soft);
      mesh.tri(
        w0,
        before,
        tips[k],
        outward(w0, before, tips[k]),
        [ridgeColour, notchColour, tipColours[k]],
        [radial(w0), radial(before), radial(tips[k])],
        soft,
      );
      // Underside: the tips and notches up to the trunk, in shade.
      const shadeTip = shade(tipColours[k], 0.45);
      const shadeNotch = shade(notchColour, 0.75);
      mesh.tri(tips[k], notch, under, [0, -1, 0], [shadeTip, shadeNotch, shade(mid, 0.45)]);
      mesh.tri(before, tips[k], under, [0, -1, 0], [shadeNotch, shadeTip, shade(mid, 0.45)]);
    }
  }
  return mesh.build('#2f5d34');
}

/** A kind's seed for a variant: variant 0 keeps the kind's own seed (its first mesh as before). */
const variantSeed = (seed: number, variant: number): number => (seed + Math.imul(variant, 0x9e3779b1)) >>> 0;

/**
 * The broadleaf's leaf colours for a crown: the lobes darken towards the crown's middle and its underside
 * (the crown's own shade) and vary in patches (light and yellower leaves where the noise is high).
 */
function broadleafColours(layout: CrownLayout, random: Random, variant: number): (p: V3, v: V3) => Rgb {
  const base = hexToLinear('#417a2e');
  const yellow = hexToLinear('#7d9a3f');
  const crown: V3 = [...layout.centre];
  // 2.8 m on the first crown (2.7 m at its widest).
  const reach = (2.8 / 2.7) * Math.max(layout.radii[0], layout.radii[2]);
  const patches = valueNoise(variantSeed(0x1eaf, variant));
  return (p, v) => {
    // Outer leaves catch the light; inner and lower ones are in the crown's shade.
    const outward = Math.min(1, Math.hypot(p[0] - crown[0], (p[1] - crown[1]) * 0.8, p[2] - crown[2]) / reach);
    const light = (0.5 + 0.3 * (0.5 + 0.5 * v[1])) * (0.7 + 0.45 * outward);
    const patch = patches(p[0] * 1.3, p[1] * 1.3, p[2] * 1.3);
    const colour = mixRgb(base, yellow, Math.max(0, patch) * 0.45);
    return shade(colour, light * (1 + 0.12 * (random.next() - 0.5)));
  };
}

/**
 * Broadleaf tree: a trunk forking into three limbs under a crown of 40 leaf lobes round a dark core
 * (`addCrown`); about 7.5 m tall, 5.5 m across. `variant` picks one of BROADLEAF_CROWNS (its own lobes,
 * limbs and proportions).
 */
function broadleaf(variant: number): PropMesh {
  const mesh = new MeshBuilder();
  const random = createRandom(variantSeed(0xb10a, variant));
  const layout = BROADLEAF_CROWNS[variant];
  const r0 = 0.32;
  const fork: V3 = [0, 2.5, 0];
  addLimb(mesh, [0, -r0 * TRUNK_SINK_SLOPE, 0], fork, r0, 0.2, 6, BARK, false);
  for (let k = 0; k < 3; k++) {
    const angle = (2 * Math.PI * k) / 3 + 0.5 + 0.4 * random.next();
    addLimb(mesh, fork, [1.3 * Math.cos(angle), 4.1 + 0.5 * random.next(), 1.3 * Math.sin(angle)], 0.16, 0.07, 4, BARK, true, 0.3);
  }
  addCrown(mesh, random, { ...layout, colourAt: broadleafColours(layout, random, variant) });
  return mesh.build('#4f8a3a');
}

/** The bush's leaf colours: dark under, light on top. */
function bushColours(random: Random): (p: V3, v: V3) => Rgb {
  const base = hexToLinear('#4f8236');
  return (_p, v) => shade(base, 0.62 + 0.38 * (0.5 + 0.5 * v[1]) + 0.08 * (random.next() - 0.5));
}

/** Bush: a squat mound of 16 leaf lobes round a dark core, sunk a little into the ground; about 1.1 m tall, 1.8 m across. */
function bush(variant: number): PropMesh {
  const mesh = new MeshBuilder();
  const random = createRandom(variantSeed(0xb05, variant));
  addCrown(mesh, random, { ...BUSH_CROWNS[variant], colourAt: bushColours(random) });
  return mesh.build('#5a8f3c');
}

/**
 * Rock: a subdivided icosphere displaced by three octaves of noise, with `cuts` random planes sheared
 * off (the flat facets of broken stone), flattened by its radii and sunk by a share of its height
 * (bedded in the ground, not resting on it). Normals half smooth, half faceted; colour varying by
 * noise (mottling and bands of strata), lichen on some upward faces, earth-stained near the ground.
 */
function rockMesh(seed: number, radii: V3, sink: number, stone: string, cuts: number, subdivide = 2): PropMesh {
  const mesh = new MeshBuilder();
  const random = createRandom(seed);
  const { vertices, faces } = icosphere(subdivide);
  const noise = valueNoise(seed);
  const planes: { n: V3; d: number }[] = [];
  for (let k = 0; k < cuts; k++) {
    const theta = 2 * Math.PI * random.next();
    const y = -0.2 + 1.1 * random.next();
    const h = Math.sqrt(Math.max(0, 1 - y * y));
    planes.push({ n: [h * Math.cos(theta), Math.min(1, y), h * Math.sin(theta)], d: 0.58 + 0.22 * random.next() });
  }
  const unit = vertices.map((v) => {
    const r =
      1 +
      0.28 * noise(v[0] * 1.5, v[1] * 1.5, v[2] * 1.5) +
      (subdivide > 0 ? 0.15 * noise(v[0] * 3.7 + 7, v[1] * 3.7, v[2] * 3.7) + 0.06 * noise(v[0] * 8 + 3, v[1] * 8 + 9, v[2] * 8) : 0);
    let p = scaled(v, r);
    for (const { n, d } of planes) {
      const over = dot(p, n) - d;
      if (over > 0) p = sub(p, scaled(n, over));
    }
    return p;
  });
  // Sink: the lowest point `sink` of the height below the ground.
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of unit) {
    minY = Math.min(minY, p[1]);
    maxY = Math.max(maxY, p[1]);
  }
  const lift = -minY - sink * (maxY - minY);
  const points = unit.map((p): V3 => [p[0] * radii[0], (p[1] + lift) * radii[1], p[2] * radii[2]]);
  // Smooth normals: each vertex the mean of its faces' (area-weighted).
  const smooth: V3[] = points.map(() => [0, 0, 0]);
  for (const [a, b, c] of faces) {
    const n = cross(sub(points[b], points[a]), sub(points[c], points[a]));
    const centroid = scaled(add(add(points[a], points[b]), points[c]), 1 / 3);
    const facing = dot(n, sub(centroid, [0, lift * radii[1], 0])) < 0 ? scaled(n, -1) : n;
    for (const v of [a, b, c]) smooth[v] = add(smooth[v], facing);
  }
  const base = hexToLinear(stone);
  const lichen = hexToLinear('#7f8160');
  const earth = hexToLinear('#4a3c2c');
  const top = Math.max(...points.map((p) => p[1]));
  const colours = points.map((p, v): Rgb => {
    const height = Math.max(0, p[1]) / top;
    const s = 3 / Math.max(radii[0], radii[2]);
    const mottle = noise(p[0] * s + 20, p[1] * s, p[2] * s + 20);
    const band = Math.sin(p[1] * (14 / radii[1]) + 2 * noise(p[0] * s, 4, p[2] * s));
    let colour = shade(base, (0.62 + 0.45 * height) * (1 + 0.35 * mottle + 0.07 * band));
    const up = normalised(smooth[v])[1];
    const moss = noise(p[0] * s * 0.7 + 40, p[1] * s * 0.7, p[2] * s * 0.7 - 40);
    if (up > 0.35 && moss > 0.15) colour = mixRgb(colour, lichen, Math.min(0.4, (moss - 0.15) * 1.5));
    // Stained by the soil it is bedded in, up to a tenth of its height.
    const stain = Math.max(0, 1 - p[1] / (0.12 * top));
    return mixRgb(colour, earth, 0.6 * Math.min(1, stain));
  });
  mesh.part('stone');
  for (const [a, b, c] of faces) {
    const pa = points[a];
    const pb = points[b];
    const pc = points[c];
    const centroid = scaled(add(add(pa, pb), pc), 1 / 3);
    const outward = sub(centroid, [0, lift * radii[1], 0]);
    mesh.tri(pa, pb, pc, outward, [colours[a], colours[b], colours[c]], [smooth[a], smooth[b], smooth[c]], subdivide > 0 ? 0.4 : 0);
  }
  return mesh.build(stone);
}

/** Dead tree: a bare grey trunk, upright then leaning a little, with four broken branches; about 5 m tall. */
function deadTree(): PropMesh {
  const mesh = new MeshBuilder();
  const random = createRandom(0xdead);
  const r0 = 0.28;
  const top: V3 = [0.25, 4.8, 0.1];
  addLimb(mesh, [0, -r0 * TRUNK_SINK_SLOPE, 0], [0, 2.4, 0], r0, 0.17, 5, GREY_BARK, false);
  addLimb(mesh, [0, 2.4, 0], top, 0.17, 0.04, 5, GREY_BARK, true);
  for (let k = 0; k < 4; k++) {
    const y = 1.9 + 0.7 * k;
    const angle = k * 2.2 + 0.5 * random.next();
    const along = y / 4.8;
    const from: V3 = [top[0] * along, y, top[2] * along];
    const length = 1.5 - 0.2 * k;
    const to: V3 = add(from, [length * Math.cos(angle), length * (0.45 + 0.3 * random.next()), length * Math.sin(angle)]);
    addLimb(mesh, from, to, 0.08, 0.025, 3, GREY_BARK, true);
  }
  return mesh.build('#5e5146');
}

/** Builders of each kind's full mesh, by variant. */
const BUILDERS: Readonly<Record<string, (variant: number) => PropMesh>> = {
  conifer,
  broadleaf,
  bush,
  rock: () => rockMesh(0x0c4, [0.9, 0.45, 0.75], 0.38, '#767470', 6),
  boulder: () => rockMesh(0xb01d, [2.3, 1.25, 1.9], 0.36, '#6c6a66', 7),
  'dead-tree': deadTree,
};

/** Variants of each kind's mesh (1 where not listed): BROADLEAF_CROWNS, BUSH_CROWNS. */
const VARIANTS: Readonly<Record<string, number>> = { broadleaf: BROADLEAF_CROWNS.length, bush: BUSH_CROWNS.length };

/** How many variants of its mesh a kind has (1: one mesh; 0: no procedural mesh); `propVariation` picks one per prop. */
export function propMeshVariants(typeId: string): number {
  return BUILDERS[typeId] ? (VARIANTS[typeId] ?? 1) : 0;
}

/**
 * A closed spindle (an n-sided double cone): `bottom` and `top` on the axis, the widest ring of
 * `radius` at `waist`; the shape of a crown, a bush or a stone a few pixels tall.
 */
function addSpindle(mesh: MeshBuilder, sides: number, bottom: number, waist: number, top: number, radius: number, colour: Rgb, squash = 1): void {
  const low: V3 = [0, bottom, 0];
  const high: V3 = [0, top, 0];
  const ring: V3[] = [];
  for (let k = 0; k < sides; k++) {
    const angle = (2 * Math.PI * k) / sides + 0.3;
    ring.push([radius * Math.cos(angle), waist, radius * squash * Math.sin(angle)]);
  }
  for (let k = 0; k < sides; k++) {
    const a = ring[k];
    const b = ring[(k + 1) % sides];
    const out = normalised([a[0] + b[0], 0, a[2] + b[2]]);
    mesh.tri(a, b, high, add(out, [0, 0.6, 0]), [colour, colour, shade(colour, 1.2)], [out, out, [0, 1, 0]], 0.5);
    if (bottom !== waist)
      mesh.tri(a, b, low, add(out, [0, -0.6, 0]), [shade(colour, 0.75), shade(colour, 0.75), shade(colour, 0.55)], [out, out, [0, -1, 0]], 0.5);
  }
}

/** Conifer, 12–48 px tall: a thin trunk and two six-sided tiers. */
function coniferLow(): PropMesh {
  const mesh = new MeshBuilder();
  addLimb(mesh, [0, -0.24 * TRUNK_SINK_SLOPE, 0], [0, 2.2, 0], 0.24, 0.12, 3, BARK, false);
  mesh.part('leaves');
  addSpindle(mesh, 6, 1.5, 1.0, 4.3, 2.05, hexToLinear('#2c5a33'));
  addSpindle(mesh, 6, 3.6, 3.2, 7.6, 1.15, hexToLinear('#37693c'));
  return mesh.build('#2f5d34');
}

/** The low broadleaf crown: six lobes, each 0.7 of the crown's mean radius. */
export const BROADLEAF_FAR_CROWN: FarCrownOptions = { lobes: 6, share: 0.75 };
/** The low bush: six lobes, each 0.68 of the mound's mean radius. */
export const BUSH_FAR_CROWN: FarCrownOptions = { lobes: 6, share: 0.75 };

/**
 * Broadleaf tree, 8–32 px tall: a three-sided trunk under the variant's crown as six large round lobes
 * (`addFarCrown`: 24 triangles, each lobe trimmed to a disc), 30 triangles in all.
 */
function broadleafLow(variant: number): PropMesh {
  const mesh = new MeshBuilder();
  const random = createRandom(variantSeed(0xb10b, variant));
  const layout = BROADLEAF_CROWNS[variant];
  addLimb(mesh, [0, -0.32 * TRUNK_SINK_SLOPE, 0], [0, 3.6, 0], 0.32, 0.2, 3, BARK, false);
  const reach = lobeReach(propMesh({ id: 'broadleaf' }, 0, variant)!, layout.centre);
  addFarCrown(mesh, random, { ...layout, colourAt: broadleafColours(layout, random, variant) }, { ...BROADLEAF_FAR_CROWN, reach });
  return mesh.build('#4f8a3a');
}

/** Dead tree, 12–48 px tall: the trunk and two branches. */
function deadTreeLow(): PropMesh {
  const mesh = new MeshBuilder();
  addLimb(mesh, [0, -0.28 * TRUNK_SINK_SLOPE, 0], [0.25, 4.8, 0.1], 0.28, 0.04, 3, GREY_BARK, true);
  addLimb(mesh, [0.1, 1.9, 0.04], [0.8, 2.7, 1.0], 0.08, 0.03, 3, GREY_BARK, true);
  addLimb(mesh, [0.16, 3.3, 0.07], [-0.9, 4.1, -0.4], 0.07, 0.03, 3, GREY_BARK, true);
  return mesh.build('#5e5146');
}

/**
 * A pair of crossed upright triangles from `bottom` to `top` (`width` across at the bottom), each drawn
 * from both sides (4 triangles): a trunk a pixel wide seen from any side.
 */
function addCrossedTrunk(mesh: MeshBuilder, bottom: number, top: number, width: number, bark: Rgb): void {
  mesh.part('bark');
  for (const [ax, az] of [
    [1, 0],
    [0, 1],
  ]) {
    const a: V3 = [-ax * width * 0.5, bottom, -az * width * 0.5];
    const b: V3 = [ax * width * 0.5, bottom, az * width * 0.5];
    const apex: V3 = [0, top, 0];
    for (const side of [1, -1]) {
      const facing: V3 = [-az * side, 0, ax * side];
      mesh.tri(a, b, apex, facing, [shade(bark, 0.8), shade(bark, 0.8), bark], [facing, facing, facing], 1);
    }
  }
}

/**
 * The far meshes (a few pixels tall, at most 8 triangles): one solid each, the kind's outline and far
 * colour. A broadleaf is a round crown (one trimmed lobe, `addFarCrown`) on a crossed trunk, a bush two
 * round lobes side by side.
 */
function tiny(id: string, variant: number): PropMesh {
  const mesh = new MeshBuilder();
  const far = (hex: string) => hexToLinear(hex);
  switch (id) {
    case 'conifer':
      mesh.part('leaves');
      addSpindle(mesh, 4, 1.4, 0.8, 7.6, 1.95, far('#2f5d34'));
      break;
    case 'broadleaf': {
      const layout = BROADLEAF_CROWNS[variant];
      addCrossedTrunk(mesh, -0.2, layout.centre[1] - 0.5 * layout.radii[1], 0.6, BARK);
      const colour = far('#4f8a3a');
      const colourAt = (_p: V3, v: V3): Rgb => shade(colour, 0.8 + 0.25 * v[1]);
      // One disc as wide as the crown's outline across (its outline from the side is wider than tall).
      const [rx, ry, rz] = layout.radii;
      const share = (0.9 * (rx + rz)) / 2 / ((rx + ry + rz) / 3);
      addFarCrown(mesh, createRandom(variantSeed(0xb10c, variant)), { ...layout, colourAt }, { lobes: 1, share, directions: [[0, 0, 0]] });
      break;
    }
    case 'bush': {
      const colour = far('#5a8f3c');
      const colourAt = (_p: V3, v: V3): Rgb => shade(colour, 0.8 + 0.25 * v[1]);
      const sides: V3[] = [
        [1, 0, 0],
        [-1, 0, 0],
      ];
      addFarCrown(mesh, createRandom(variantSeed(0xb06, variant)), { ...BUSH_CROWNS[variant], colourAt }, { lobes: 2, share: 0.75, directions: sides });
      break;
    }
    case 'rock':
      mesh.part('stone');
      addSpindle(mesh, 4, -0.2, 0.2, 0.55, 0.8, far('#7a756e'), 0.8);
      break;
    case 'boulder':
      mesh.part('stone');
      addSpindle(mesh, 4, -0.5, 0.5, 1.6, 2.1, far('#6f6a63'), 0.85);
      break;
    default:
      addSpindle(mesh, 3, -0.1, -0.1, 4.9, 0.3, GREY_BARK);
  }
  return mesh.build(propMesh({ id })?.farColour ?? '#888888');
}

const LOW_BUILDERS: Readonly<Record<string, (variant: number) => PropMesh>> = {
  conifer: coniferLow,
  broadleaf: broadleafLow,
  bush: (variant) => {
    const mesh = new MeshBuilder();
    const random = createRandom(variantSeed(0xb06, variant));
    const reach = lobeReach(propMesh({ id: 'bush' }, 0, variant)!, BUSH_CROWNS[variant].centre);
    addFarCrown(mesh, random, { ...BUSH_CROWNS[variant], colourAt: bushColours(random) }, { ...BUSH_FAR_CROWN, reach });
    return mesh.build('#5a8f3c');
  },
  rock: () => rockMesh(0x0c4, [0.85, 0.62, 0.7], 0.36, '#7a756e', 6, 0),
  boulder: () => rockMesh(0xb01d, [2.3, 1.4, 1.9], 0.33, '#6f6a63', 7, 0),
  'dead-tree': deadTreeLow,
};

/**
 * Levels of detail of a procedural kind: 0 the full mesh (close), 1 the low mesh (a few dozen
 * triangles), 2 the far solid (at most 8). Beyond those a prop is only its far marker (a point).
 */
export const PROP_MESH_LEVELS = 3;

/** Most triangles of each level's mesh, any kind: what the tests hold every generator to. */
export const PROP_LEVEL_TRIANGLE_BUDGET: readonly number[] = [640, 32, 8];

const cache = new Map<string, PropMesh>();

/**
 * The procedural mesh of a prop type at a level of detail and in a variant (`propMeshVariants`; out of
 * range wraps round), built once, then shared; null for a type drawn from its primitives.
 */
export function propMesh(type: Pick<PropType, 'id'>, level = 0, variant = 0): PropMesh | null {
  const builder = level === 0 ? BUILDERS[type.id] : level === 1 ? LOW_BUILDERS[type.id] : BUILDERS[type.id] && ((v: number) => tiny(type.id, v));
  if (!builder) return null;
  const count = VARIANTS[type.id] ?? 1;
  const v = ((Math.floor(variant) % count) + count) % count;
  const key = `${type.id}:${level}:${v}`;
  let mesh = cache.get(key);
  if (!mesh) {
    mesh = builder(v);
    cache.set(key, mesh);
  }
  return mesh;
}

/** The kinds with a procedural mesh. */
export const PROCEDURAL_PROP_KINDS: readonly string[] = Object.keys(BUILDERS);

/** A 32-bit seed from a prop's id (FNV-1a): the same prop varies the same way in every run. */
export function propSeed(id: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < id.length; k++) h = Math.imul(h ^ id.charCodeAt(k), 0x01000193) >>> 0;
  return h >>> 0;
}

/** Per-instance variation drawn on top of the document's yaw and scale (render only; exports keep the document's transform). */
export interface PropVariation {
  /** Stretch along the prop's own x, y (up) and z: never moves y = 0, so the base stays on the ground. */
  stretch: V3;
  /** Multiplies the mesh's colours (about 1). */
  tint: Rgb;
  /** Which of its kind's meshes it draws (0 … `propMeshVariants` − 1; 0 for a kind with one). */
  variant: number;
}

/** How much each kind varies: horizontal and vertical stretch (± fraction), brightness and hue (± fraction). */
const VARIATION: Readonly<Record<string, { across: number; up: number; light: number; hue: number }>> = {
  conifer: { across: 0.14, up: 0.16, light: 0.14, hue: 0.06 },
  broadleaf: { across: 0.12, up: 0.12, light: 0.14, hue: 0.08 },
  bush: { across: 0.18, up: 0.18, light: 0.16, hue: 0.08 },
  rock: { across: 0.22, up: 0.2, light: 0.12, hue: 0.03 },
  boulder: { across: 0.18, up: 0.18, light: 0.1, hue: 0.03 },
  'dead-tree': { across: 0.1, up: 0.14, light: 0.12, hue: 0.03 },
};

/** The variation of the prop with this seed and type (none for kinds drawn from primitives). */
export function propVariation(seed: number, typeId: string): PropVariation {
  const v = VARIATION[typeId];
  if (!v) return { stretch: [1, 1, 1], tint: [1, 1, 1], variant: 0 };
  // Six numbers hashed from the seed (no generator object: a rebuild does this for every prop).
  let draw = 0;
  const signed = () => {
    let z = (seed + Math.imul(++draw, 0x9e3779b9)) >>> 0;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (((z ^ (z >>> 16)) >>> 0) / 4294967296) * 2 - 1;
  };
  const stretch: V3 = [1 + v.across * signed(), 1 + v.up * signed(), 1 + v.across * signed()];
  const light = 1 + v.light * signed();
  const warm = v.hue * signed();
  // The sixth draw (after the five above, so they stay what they were) picks the mesh.
  const variants = VARIANTS[typeId] ?? 1;
  const variant = Math.min(variants - 1, Math.floor(((signed() + 1) / 2) * variants));
  return { stretch, tint: [light * (1 + warm), light, light * (1 - warm)], variant };
}
