import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../../../shared/terrain/heightfield';
import { buildGridIndices } from '../../../shared/terrain/mesh';
import { normalSlopeDeg, shadingNormalAt } from '../../../shared/terrain/shadingNormals';
import { groundLayers, groundWeights } from '../../../shared/ground/groundMaterials';
import { GROUND_FRAGMENT, GROUND_FRAGMENT_HEADER, RULE_CLIFF_DEG, RULE_CREASE_FROM } from './groundShader';
import { glslBody, glslSmoothstep, glslToJs } from './testing/glslAsJs';

type Vec = { x: number; y: number; z: number };

/** The shader's terrainRuleSlope, its GLSL text run as JavaScript (vec3s as {x, y, z}). */
function shaderRuleSlope(): (shadedDeg: number, dx: Vec, dy: Vec) => number {
  const js = glslToJs(glslBody(GROUND_FRAGMENT_HEADER, 'float terrainRuleSlope('), ['float', 'vec3']);
  return new Function('degrees', 'acos', 'clamp', 'abs', 'max', 'length', 'mix', 'smoothstep', 'cross', 'shadedDeg', 'dx', 'dy', js).bind(
    null,
    (radians: number) => (radians * 180) / Math.PI,
    Math.acos,
    (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v)),
    Math.abs,
    Math.max,
    (v: Vec) => Math.hypot(v.x, v.y, v.z),
    (a: number, b: number, f: number) => a + (b - a) * f,
    glslSmoothstep,
    (a: Vec, b: Vec): Vec => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x }),
  ) as (shadedDeg: number, dx: Vec, dy: Vec) => number;
}

const CELL = 2;
const CAP = 120;
/** The caprock's face, one cell wide: 76° on 2 m cells. */
const FACE = 8;
/** The shale's slope under the cap, rise per run (40°). */
const SHALE = Math.tan((40 * Math.PI) / 180);

/**
 * A mesa's edge: a level cap at CAP over a one-cell face FACE tall and a 40° shale slope, its rim on
 * row rim(i) — a rim not along the grid steps a row every few columns, as every rim at an angle does.
 */
function mesaEdge(rim: (i: number) => number): Heightfield {
  const size = 24;
  const field = createHeightfield(size, size, CELL);
  for (let j = 0; j < size; j++)
    for (let i = 0; i < size; i++) {
      const below = j - rim(i);
      field.heights[j * size + i] = below <= 0 ? CAP : CAP - FACE - (below - 1) * CELL * SHALE;
    }
  return field;
}

interface Sample {
  /** The drawn triangle's own slope, degrees. */
  faceDeg: number;
  /** The slope of the shading normal the rasteriser interpolates there, degrees. */
  shadedDeg: number;
  /** The screen derivatives of the position: any two of the triangle's edges, in either order, of any length. */
  dx: Vec;
  dy: Vec;
  /** Whether all three corners are on the cap. */
  onCap: boolean;
}

/**
 * Points inside every triangle the view draws (buildGridIndices, the mesh's own split), each with the
 * interpolated shading normal's slope (the renderer's vertex normals, shadingNormalAt) and the triangle's
 * plane normal as the shader's screen derivatives give it (any two edges: their cross, of either sign).
 */
function samples(field: Heightfield): Sample[] {
  const { width, heights } = field;
  const indices = buildGridIndices(field.width, field.depth);
  const normal = new Float32Array(3);
  const out: Sample[] = [];
  const at = (v: number) => ({ x: (v % width) * CELL, y: heights[v], z: Math.floor(v / width) * CELL });
  for (let t = 0; t < indices.length; t += 3) {
    const corners = [indices[t], indices[t + 1], indices[t + 2]];
    const [a, b, c] = corners.map(at);
    // Away from the map's border, where the normals are one-sided.
    if ([a, b, c].some((p) => p.x < 2 * CELL || p.z < 2 * CELL || p.x > (width - 3) * CELL || p.z > (field.depth - 3) * CELL)) continue;
    const e1 = { x: b.x - a.x, y: b.y - a.y, z: b.z - a.z };
    const e2 = { x: c.x - a.x, y: c.y - a.y, z: c.z - a.z };
    const face = { x: e1.y * e2.z - e1.z * e2.y, y: e1.z * e2.x - e1.x * e2.z, z: e1.x * e2.y - e1.y * e2.x };
    const faceDeg = (Math.acos(Math.abs(face.y) / Math.hypot(face.x, face.y, face.z)) * 180) / Math.PI;
    const vertexNormals = corners.map((v) => {
      shadingNormalAt(field, v % width, Math.floor(v / width), normal, 0);
      return [normal[0], normal[1], normal[2]];
    });
    for (const [u, w] of [
      [1 / 3, 1 / 3],
      [0.05, 0.05],
      [0.9, 0.05],
      [0.05, 0.9],
      [0.45, 0.45],
      [0.2, 0.6],
    ]) {
      const weights = [1 - u - w, u, w];
      const n = [0, 1, 2].map((k) => weights.reduce((sum, f, corner) => sum + f * vertexNormals[corner][k], 0));
      const shadedDeg = normalSlopeDeg(n[1] / Math.hypot(n[0], n[1], n[2]));
      out.push({
        faceDeg,
        shadedDeg,
        dx: t % 2 ? e1 : { x: 3 * e2.x, y: 3 * e2.y, z: 3 * e2.z },
        dy: t % 2 ? e2 : e1,
        onCap: [a, b, c].every((p) => p.y === CAP),
      });
    }
  }
  return out;
}

const DESERT_LAYERS = groundLayers('desert', { treeLine: 2500, snowLine: 5000 }, { erosion: false, road: false });

/** The weight of rock and talus scree (the desert's layers over its bare ground) at a slope, on the cap's bed. */
function rockAndTalus(slopeDeg: number): number {
  const layers = DESERT_LAYERS;
  const weights = new Float32Array(layers.length);
  groundWeights(layers, { height: CAP, slopeDeg, flow: 0, deposition: 0, road: 0, x: 0, z: 0 }, weights);
  return layers.reduce((sum, layer, l) => sum + (layer.name === 'rock' || layer.name === 'scree' ? weights[l] : 0), 0);
}

describe('the slope the ground rules read along a one-cell caprock face (terrainRuleSlope)', () => {
  const ruleSlope = shaderRuleSlope();
  // A straight rim, and rims stepping a row every column, every second and every third column.
  const rims: Array<[string, (i: number) => number]> = [
    ['straight', () => 10],
    ['a row a column', (i) => 4 + Math.floor(i * 0.6)],
    ['a row every two columns', (i) => 6 + Math.floor(i / 2)],
    ['a row every three columns', (i) => 6 + Math.floor(i / 3)],
  ];

  it('the ground reads the slope the shader reads', () => {
    expect(DESERT_LAYERS.map((layer) => layer.name)).toEqual(['ground', 'dirt', 'scree', 'rock']);
    expect(GROUND_FRAGMENT).toContain('float gSlope = terrainRuleSlope(');
  });

  for (const [name, rim] of rims) {
    it(`rim ${name}: the drawn level cap is bare ground to its edge and the drawn face rock`, () => {
      const all = samples(mesaEdge(rim));
      const cap = all.filter((s) => s.onCap);
      const face = all.filter((s) => s.faceDeg > 60);
      expect(cap.length).toBeGreaterThan(100);
      expect(face.length).toBeGreaterThan(50);
      // Read as shaded, the level triangles behind the rim reach half the face's slope (the crease's
      // median) and the steep ones joining cap and face start level at their cap corner: talus and rock
      // on the cap, talus and bare ground on a stepped rim's face, in triangles — the teeth.
      expect(Math.max(...cap.map((s) => rockAndTalus(s.shadedDeg)))).toBeGreaterThan(0.9);
      if (name !== 'straight') expect(Math.min(...face.map((s) => s.shadedDeg))).toBeLessThan(30);
      // Closed form: a level triangle is 0°, no talus and no rock anywhere on it.
      for (const s of cap) {
        expect(s.faceDeg).toBeLessThan(1e-9);
        expect(rockAndTalus(ruleSlope(s.shadedDeg, s.dx, s.dy)), `shaded ${s.shadedDeg.toFixed(1)}°`).toBeLessThan(0.02);
      }
      // Every drawn triangle of the face (76°, or over 60° on its steps) is rock (the desert's from 45°).
      for (const s of face) expect(ruleSlope(s.shadedDeg, s.dx, s.dy), `shaded ${s.shadedDeg.toFixed(1)}°`).toBeGreaterThanOrEqual(45);
    });
  }

  it('the sides of a V (a channel floor), steeper than its normals but no cliff, read their shading normals', () => {
    // A V-shaped channel 2 m deep across one cell each side along a diagonal: the triangles beside its
    // floor are far steeper than the normals there (the crease's median and the floor's level).
    const channel = createHeightfield(24, 24, CELL);
    for (let j = 0; j < 24; j++) for (let i = 0; i < 24; i++) channel.heights[j * 24 + i] = 2 * Math.min(1, Math.abs(i - j) / 1.5) + 0.1 * i;
    const steeper = samples(channel).filter((s) => s.faceDeg - s.shadedDeg >= RULE_CREASE_FROM + 5);
    expect(steeper.length).toBeGreaterThan(20);
    expect(Math.max(...steeper.map((s) => s.faceDeg))).toBeLessThan(RULE_CLIFF_DEG[0]);
    for (const s of steeper) expect(ruleSlope(s.shadedDeg, s.dx, s.dy)).toBe(s.shadedDeg);
  });

  it('where the derivatives span no plane (a wireframe line) the shading normal', () => {
    const along = { x: 2, y: 0.1, z: 0 };
    expect(ruleSlope(40, along, { x: 4, y: 0.2, z: 0 })).toBe(40);
    expect(ruleSlope(40, along, { x: 0, y: 0, z: 0 })).toBe(40);
  });

  it('smooth ground reads its shading normal exactly, not its triangles (no lattice of talus steps)', () => {
    // A quadratic bowl with a talus step pattern of ±0.2 m from cell to cell: normals and triangles differ
    // by a few degrees, under RULE_CREASE_FROM.
    const size = 24;
    const field = createHeightfield(size, size, CELL);
    for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) field.heights[j * size + i] = 0.04 * ((i - 12) ** 2 + (j - 9) ** 2) + 0.2 * ((i + j) % 2);
    const all = samples(field);
    let smooth = 0;
    for (const s of all) {
      if (Math.abs(s.shadedDeg - s.faceDeg) >= RULE_CREASE_FROM) continue;
      smooth++;
      expect(ruleSlope(s.shadedDeg, s.dx, s.dy)).toBe(s.shadedDeg);
    }
    expect(smooth).toBe(all.length);
  });
});
