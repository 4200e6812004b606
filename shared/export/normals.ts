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
  const icx = 1 / cx;
  const icz = 1 / cz;
  // Hot loop (tens of millions of triangles): each triangle's unit normal once, added to its corners.
  for (let j = 0; j < d - 1; j++) {
    for (let i = 0; i < w - 1; i++) {
      const k00 = j * w + i;
      const k10 = k00 + 1;
      const k01 = k00 + w;
      const k11 = k01 + 1;
      const h00 = h[k00];
      const h10 = h[k10];
      const h01 = h[k01];
      const h11 = h[k11];
      // Lower triangle (00, 01, 10): gradient from its two legs.
      const lx = (h10 - h00) * icx;
      const lz = (h01 - h00) * icz;
      const li = 1 / Math.sqrt(lx * lx + 1 + lz * lz);
      const lnx = -lx * li;
      const lnz = -lz * li;
      // Upper triangle (10, 01, 11).
      const ux = (h11 - h01) * icx;
      const uz = (h11 - h10) * icz;
      const ui = 1 / Math.sqrt(ux * ux + 1 + uz * uz);
      const unx = -ux * ui;
      const unz = -uz * ui;
      let p = 3 * k00;
      out[p] += right * lnx;
      out[p + 1] += right * li;
      out[p + 2] += right * lnz;
      p = 3 * k10;
      out[p] += atX * lnx + atZ * unx;
      out[p + 1] += atX * li + atZ * ui;
      out[p + 2] += atX * lnz + atZ * unz;
      p = 3 * k01;
      out[p] += atZ * lnx + atX * unx;
      out[p + 1] += atZ * li + atX * ui;
      out[p + 2] += atZ * lnz + atX * unz;
      p = 3 * k11;
      out[p] += right * unx;
      out[p + 1] += right * ui;
      out[p + 2] += right * unz;
    }
  }
  for (let p = 0; p < out.length; p += 3) {
    const x = out[p];
    const y = out[p + 1];
    const z = out[p + 2];
    const inv = 1 / Math.sqrt(x * x + y * y + z * z);
    out[p] = x * inv;
    out[p + 1] = y * inv;
    out[p + 2] = z * inv;
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
  const out = new Uint8Array(normals.length);
  // Which input component (x 0, y 1, z 2) and sign feeds red, green and blue.
  let source: [number, number, number];
  let sign: [number, number, number];
  if (options.space === 'tangent') {
    source = [0, 2, 1];
    sign = [1, options.green === 'up' ? -1 : 1, 1];
  } else if (options.axes === 'unreal') {
    source = [0, 2, 1];
    sign = [1, 1, 1];
  } else if (options.axes === 'unity') {
    source = [0, 1, 2];
    sign = [1, 1, -1];
  } else {
    source = [0, 1, 2];
    sign = [1, 1, 1];
  }
  const [sr, sg, sb] = source;
  const [mr, mg, mb] = sign;
  for (let p = 0; p < normals.length; p += 3) {
    out[p] = toByte(mr * normals[p + sr]);
    out[p + 1] = toByte(mg * normals[p + sg]);
    out[p + 2] = toByte(mb * normals[p + sb]);
  }
  return out;
}
