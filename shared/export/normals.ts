/**
 * Vertex normals from the exact triangles (each cell split along (x0, z1)–(x1, z0)), and normal maps.
 * A vertex's normal is the sum of the unit normals of the up to six triangles around it, each weighted
 * by the triangle's angle at the vertex in plan view (π/2 at the square corners, the split angles at the
 * others), normalised: a plane gives its own normal exactly and the stencil is symmetric.
 */
import type { ExportGrid } from './grid';

export type NormalSpace = 'tangent' | 'world';
/** Which way green points in a tangent-space map: 'up' = towards the image's top (OpenGL, Unity, Godot), 'down' = DirectX (Unreal). */
export type GreenDirection = 'up' | 'down';
/** Axes of a world-space map: Faultline's and Godot's (x, y up, z); Unity's (x, y up, −z); Unreal's (X = x, Y = z, Z up). */
export type WorldAxes = 'faultline' | 'unity' | 'unreal';

export interface NormalMapOptions {
  space: NormalSpace;
  green: GreenDirection;
  /** World space only. */
  axes?: WorldAxes;
}

/** Unit up-facing normal (xyz) of every vertex. */
export function vertexNormals(grid: ExportGrid): Float32Array {
  const { width: w, depth: d, cellX: cx, cellZ: cz, heights: h } = grid;
  const out = new Float32Array(w * d * 3);
  const right = Math.PI / 2;
  const atX = Math.atan2(cz, cx); // angle at a split corner between the x edge and the diagonal
  const atZ = Math.atan2(cx, cz);
  const add = (k: number, dx: number, dz: number, weight: number) => {
    const inv = weight / Math.sqrt(dx * dx + 1 + dz * dz);
    out[3 * k] -= dx * inv;
    out[3 * k + 1] += inv;
    out[3 * k + 2] -= dz * inv;
  };
  for (let j = 0; j < d - 1; j++) {
    for (let i = 0; i < w - 1; i++) {
      const k00 = j * w + i;
      const k10 = k00 + 1;
      const k01 = k00 + w;
      const k11 = k01 + 1;
      // Lower triangle (00, 01, 10): gradient from its two legs.
      const lx = (h[k10] - h[k00]) / cx;
      const lz = (h[k01] - h[k00]) / cz;
      add(k00, lx, lz, right);
      add(k10, lx, lz, atX);
      add(k01, lx, lz, atZ);
      // Upper triangle (10, 01, 11).
      const ux = (h[k11] - h[k01]) / cx;
      const uz = (h[k11] - h[k10]) / cz;
      add(k11, ux, uz, right);
      add(k10, ux, uz, atZ);
      add(k01, ux, uz, atX);
    }
  }
  for (let k = 0; k < w * d; k++) {
    const x = out[3 * k];
    const y = out[3 * k + 1];
    const z = out[3 * k + 2];
    const inv = 1 / Math.sqrt(x * x + y * y + z * z);
    out[3 * k] = x * inv;
    out[3 * k + 1] = y * inv;
    out[3 * k + 2] = z * inv;
  }
  return out;
}

/** Slope of every vertex normal from vertical, degrees. */
export function vertexSlopes(normals: Float32Array): Float32Array {
  const out = new Float32Array(normals.length / 3);
  for (let k = 0; k < out.length; k++) out[k] = (Math.acos(Math.min(1, normals[3 * k + 1])) * 180) / Math.PI;
  return out;
}

const toByte = (v: number): number => Math.round((Math.max(-1, Math.min(1, v)) * 0.5 + 0.5) * 255);

/**
 * RGB bytes of a normal map, one pixel per vertex (image row 0 = the smallest z, as in every Faultline
 * image). Tangent space is the terrain's own plane: red along +x (image right), green along the image's
 * top (−z) or bottom (+z), blue up.
 */
export function normalMapPixels(normals: Float32Array, options: NormalMapOptions): Uint8Array {
  const count = normals.length / 3;
  const out = new Uint8Array(count * 3);
  for (let k = 0; k < count; k++) {
    const x = normals[3 * k];
    const y = normals[3 * k + 1];
    const z = normals[3 * k + 2];
    let r: number;
    let g: number;
    let b: number;
    if (options.space === 'tangent') {
      r = x;
      g = options.green === 'up' ? -z : z;
      b = y;
    } else if (options.axes === 'unreal') {
      [r, g, b] = [x, z, y];
    } else if (options.axes === 'unity') {
      [r, g, b] = [x, y, -z];
    } else {
      [r, g, b] = [x, y, z];
    }
    out[3 * k] = toByte(r);
    out[3 * k + 1] = toByte(g);
    out[3 * k + 2] = toByte(b);
  }
  return out;
}
