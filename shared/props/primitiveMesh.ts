/**
 * A prop kind without a procedural mesh (house, fence post) as a PropMesh built from its library
 * primitives (library.ts), with the same geometry three.js builds for the viewport
 * (renderer/props/propGeometry.ts: ConeGeometry, CylinderGeometry, BoxGeometry, IcosahedronGeometry
 * at detail 0): a ring's k-th point of `segments` at angle θ = 2πk/segments is (r sin θ, z = r cos θ),
 * caps closed, flat normals. Each primitive is a part of its own (its `part` name, else its kind), so
 * an export gives the walls, the roof and the door a material each.
 */
import { hexToLinear, ICOSAHEDRON_FACES, ICOSAHEDRON_VERTICES, type PropMesh } from './propMeshes';
import type { Primitive, PropType } from './library';

type V3 = [number, number, number];

/** The primitive's triangles in prop-local metres (any winding: they are turned outward from its centre). */
function primitiveTriangles(p: Primitive): V3[][] {
  const [cx, cy, cz] = p.center;
  const at = (x: number, y: number, z: number): V3 => [x + cx, y + cy, z + cz];
  const ring = (r: number, y: number, segments: number): V3[] =>
    Array.from({ length: segments }, (_, k) => {
      const theta = (2 * Math.PI * k) / segments;
      return at(r * Math.sin(theta), y, r * Math.cos(theta));
    });
  const triangles: V3[][] = [];
  switch (p.kind) {
    case 'cone':
    case 'cylinder': {
      const top = p.kind === 'cone' ? 0 : p.radiusTop;
      const bottom = p.kind === 'cone' ? p.radius : p.radiusBottom;
      const h = p.height / 2;
      const low = ring(bottom, -h, p.segments);
      const high = ring(top, h, p.segments);
      for (let k = 0; k < p.segments; k++) {
        const k1 = (k + 1) % p.segments;
        if (top > 0) triangles.push([low[k], low[k1], high[k1]], [low[k], high[k1], high[k]]);
        else triangles.push([low[k], low[k1], at(0, h, 0)]);
        triangles.push([at(0, -h, 0), low[k], low[k1]]);
        if (top > 0) triangles.push([at(0, h, 0), high[k], high[k1]]);
      }
      break;
    }
    case 'box': {
      const c = Math.cos(p.yaw ?? 0);
      const s = Math.sin(p.yaw ?? 0);
      // three's rotateY: x' = x cos + z sin, z' = −x sin + z cos.
      const corner = (i: number, j: number, k: number): V3 => {
        const x = ((i - 0.5) * p.width) as number;
        const z = ((k - 0.5) * p.depth) as number;
        return at(x * c + z * s, (j - 0.5) * p.height, -x * s + z * c);
      };
      const quad = (a: V3, b: V3, d: V3, e: V3) => triangles.push([a, b, d], [a, d, e]);
      for (const i of [0, 1]) quad(corner(i, 0, 0), corner(i, 1, 0), corner(i, 1, 1), corner(i, 0, 1));
      for (const j of [0, 1]) quad(corner(0, j, 0), corner(1, j, 0), corner(1, j, 1), corner(0, j, 1));
      for (const k of [0, 1]) quad(corner(0, 0, k), corner(1, 0, k), corner(1, 1, k), corner(0, 1, k));
      break;
    }
    case 'icosahedron': {
      // three's detail-0 icosahedron: its vertices' largest coordinate is t / √(1 + t²) on every axis.
      const t = ICOSAHEDRON_VERTICES[0][1];
      const unit = Math.sqrt(1 + t * t);
      const extent = t / unit;
      const v: V3[] = ICOSAHEDRON_VERTICES.map(([x, y, z]) =>
        at(((x / unit) * p.radii[0]) / extent, ((y / unit) * p.radii[1]) / extent, ((z / unit) * p.radii[2]) / extent),
      );
      for (const [a, b, d] of ICOSAHEDRON_FACES) triangles.push([v[a], v[b], v[d]]);
      break;
    }
  }
  return triangles;
}

/** A library-drawn prop type's primitives as one PropMesh (flat normals, each primitive's colour, a part per primitive). */
export function primitivePropMesh(type: PropType): PropMesh {
  const positions: number[] = [];
  const normals: number[] = [];
  const colours: number[] = [];
  const parts: number[] = [];
  const partNames: string[] = [];
  for (const primitive of type.shape) {
    const name = primitive.part ?? primitive.kind;
    let part = partNames.indexOf(name);
    if (part < 0) part = partNames.push(name) - 1;
    const colour = hexToLinear(primitive.colour);
    const centre = primitive.center;
    for (const triangle of primitiveTriangles(primitive)) {
      const a = triangle[0];
      let [b, c] = [triangle[1], triangle[2]];
      const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
      let n: V3 = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
      const length = Math.hypot(n[0], n[1], n[2]);
      if (length < 1e-12) continue;
      const mid = [(a[0] + b[0] + c[0]) / 3 - centre[0], (a[1] + b[1] + c[1]) / 3 - centre[1], (a[2] + b[2] + c[2]) / 3 - centre[2]];
      // Convex primitives: a face looks away from the centre.
      if (n[0] * mid[0] + n[1] * mid[1] + n[2] * mid[2] < 0) {
        [b, c] = [c, b];
        n = [-n[0], -n[1], -n[2]];
      }
      for (const p of [a, b, c]) {
        positions.push(...p);
        normals.push(n[0] / length, n[1] / length, n[2] / length);
        colours.push(...colour);
      }
      parts.push(part);
    }
  }
  const tallest = [...type.shape].sort((a, b) => primitiveSpan(b) - primitiveSpan(a))[0];
  return {
    positions: Float32Array.from(positions),
    normals: Float32Array.from(normals),
    colours: Float32Array.from(colours),
    triangles: parts.length,
    parts: Uint8Array.from(parts),
    partNames,
    farColour: tallest?.colour ?? '#888888',
  };
}

function primitiveSpan(p: Primitive): number {
  return p.kind === 'icosahedron' ? 2 * p.radii[1] : p.height;
}
