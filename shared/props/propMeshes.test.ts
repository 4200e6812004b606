import { describe, expect, it } from 'vitest';
import { getPropType } from './library';
import {
  PROCEDURAL_PROP_KINDS,
  PROP_LEVEL_TRIANGLE_BUDGET,
  PROP_MESH_LEVELS,
  PROP_LOBE_TRIM,
  PROP_TRIANGLE_BUDGET,
  propMesh,
  propMeshVariants,
  propSeed,
  propVariation,
  type PropMesh,
} from './propMeshes';
import { PROPS_TRIANGLE_BUDGET } from '../lod/sceneBudget';

type V3 = [number, number, number];

function vertex(mesh: PropMesh, v: number): V3 {
  return [mesh.positions[3 * v], mesh.positions[3 * v + 1], mesh.positions[3 * v + 2]];
}

/** The face normal from the winding (counter-clockwise = front), not from the stored normals. */
function windingNormal(mesh: PropMesh, t: number): V3 {
  const [a, b, c] = [vertex(mesh, 3 * t), vertex(mesh, 3 * t + 1), vertex(mesh, 3 * t + 2)];
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  return [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
}

function meshOf(id: string, variant = 0): PropMesh {
  const mesh = propMesh(getPropType(id), 0, variant);
  if (!mesh) throw new Error(`no mesh for ${id}`);
  return mesh;
}

/** Every kind's every variant's full mesh, with a label. */
function allVariants(ids: readonly string[]): [string, PropMesh][] {
  return ids.flatMap((id) => Array.from({ length: propMeshVariants(id) }, (_, v): [string, PropMesh] => [`${id} variant ${v}`, meshOf(id, v)]));
}

function yRange(mesh: PropMesh): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let v = 1; v < mesh.positions.length; v += 3) {
    min = Math.min(min, mesh.positions[v]);
    max = Math.max(max, mesh.positions[v]);
  }
  return { min, max };
}

const TREES = ['conifer', 'broadleaf', 'dead-tree'];
const SUNK = ['rock', 'boulder', 'bush'];

describe('procedural prop meshes', () => {
  it('has a mesh for every natural kind and none for the built ones', () => {
    expect([...PROCEDURAL_PROP_KINDS].sort()).toEqual(['boulder', 'broadleaf', 'bush', 'conifer', 'dead-tree', 'rock']);
    expect(propMesh(getPropType('house'))).toBeNull();
    expect(propMesh(getPropType('fence-post'))).toBeNull();
  });

  it('stays within its triangle budget, with one normal and one colour per vertex, in every variant', () => {
    for (const [id, mesh] of allVariants(PROCEDURAL_PROP_KINDS)) {
      const vertices = mesh.positions.length / 3;
      expect(vertices, id).toBe(3 * mesh.triangles);
      expect(mesh.normals.length, id).toBe(mesh.positions.length);
      expect(mesh.colours.length, id).toBe(mesh.positions.length);
      expect(mesh.triangles, id).toBeGreaterThan(40);
      expect(mesh.triangles, id).toBeLessThanOrEqual(PROP_TRIANGLE_BUDGET[id.split(' ')[0]]);
      expect(mesh.triangles, id).toBeLessThanOrEqual(PROP_LEVEL_TRIANGLE_BUDGET[0]);
      expect(mesh.farColour, id).toMatch(/^#[0-9a-f]{6}$/);
      for (const array of [mesh.positions, mesh.normals, mesh.colours]) expect(array.every(Number.isFinite), id).toBe(true);
      // Linear colours in [0, 1], not black: the light decides how dark a face is.
      expect(Math.min(...mesh.colours), id).toBeGreaterThan(0.005);
      expect(Math.max(...mesh.colours), id).toBeLessThanOrEqual(1);
    }
  });

  it('gives unit normals on the front side of each triangle (its counter-clockwise side)', () => {
    for (const [id, mesh] of allVariants(PROCEDURAL_PROP_KINDS)) {
      for (let t = 0; t < mesh.triangles; t++) {
        const face = windingNormal(mesh, t);
        const area2 = Math.hypot(...face);
        expect(area2, `${id} triangle ${t} is degenerate`).toBeGreaterThan(1e-8);
        for (let v = 3 * t; v < 3 * t + 3; v++) {
          const n = [mesh.normals[3 * v], mesh.normals[3 * v + 1], mesh.normals[3 * v + 2]];
          expect(Math.hypot(n[0], n[1], n[2]), id).toBeCloseTo(1, 5);
          expect((n[0] * face[0] + n[1] * face[1] + n[2] * face[2]) / area2, `${id} triangle ${t}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('turns every facet of a rock away from its middle (a closed stone, lit on the outside)', () => {
    for (const id of ['rock', 'boulder']) {
      const mesh = meshOf(id);
      const centre = [0, 0, 0];
      const count = mesh.positions.length / 3;
      for (let v = 0; v < count; v++) for (let c = 0; c < 3; c++) centre[c] += mesh.positions[3 * v + c] / count;
      for (let t = 0; t < mesh.triangles; t++) {
        const face = windingNormal(mesh, t);
        const a = vertex(mesh, 3 * t);
        expect(face[0] * (a[0] - centre[0]) + face[1] * (a[1] - centre[1]) + face[2] * (a[2] - centre[2]), `${id} triangle ${t}`).toBeGreaterThan(0);
      }
    }
  });

  it('stands trees on their trunk: the lowest vertices ring the axis, and reach just below any slope up to 35°', () => {
    for (const [id, mesh] of allVariants(TREES)) {
      const { min, max } = yRange(mesh);
      const ring: V3[] = [];
      for (let v = 0; v < mesh.positions.length / 3; v++) if (vertex(mesh, v)[1] === min) ring.push(vertex(mesh, v));
      // The bottom ring of the trunk: at least five points around the axis, a trunk's radius from it.
      const radii = ring.map(([x, , z]) => Math.hypot(x, z));
      expect(new Set(ring.map(([x, , z]) => `${x},${z}`)).size, id).toBeGreaterThanOrEqual(5);
      const r = Math.max(...radii);
      expect(r, id).toBeGreaterThan(0.15);
      expect(r, id).toBeLessThan(0.45);
      expect(Math.min(...radii), id).toBeGreaterThan(0.8 * r);
      // A plane through the pivot with slope s rises to y = tan(s)(x cos θ + z sin θ): every ring point is
      // at or under it for slopes to 35°, so an upright trunk shows no gap downhill ...
      for (let s = 0; s <= 35; s += 5) {
        for (let k = 0; k < 16; k++) {
          const theta = (2 * Math.PI * k) / 16;
          const rise = Math.tan((s * Math.PI) / 180);
          for (const [x, y, z] of ring) expect(y, `${id} at ${s}°`).toBeLessThanOrEqual(rise * (x * Math.cos(theta) + z * Math.sin(theta)) + 1e-6);
        }
      }
      // ... and no deeper than that (the pivot, y = 0, is the ground at the trunk's axis).
      expect(min, id).toBeGreaterThanOrEqual(-Math.tan((35 * Math.PI) / 180) * r - 1e-6);
      expect(max, id).toBeGreaterThan(4);
    }
  });

  it('sinks rocks, boulders and bushes a tenth to two fifths of their height into the ground', () => {
    for (const [id, mesh] of allVariants(SUNK)) {
      const { min, max } = yRange(mesh);
      expect(min, id).toBeLessThan(0);
      expect(-min / (max - min), id).toBeGreaterThanOrEqual(0.1);
      expect(-min / (max - min), id).toBeLessThanOrEqual(0.4);
    }
  });

  it('varies each prop by its seed, the same way every time, and never lifts its base', () => {
    const a = propVariation(propSeed('prop-1'), 'conifer');
    expect(propVariation(propSeed('prop-1'), 'conifer')).toEqual(a);
    expect(propVariation(propSeed('prop-2'), 'conifer')).not.toEqual(a);
    expect(propSeed('prop-1')).not.toBe(propSeed('prop-2'));
    expect(propVariation(7, 'house')).toEqual({ stretch: [1, 1, 1], tint: [1, 1, 1], variant: 0 });
    const heights: number[] = [];
    for (let k = 0; k < 200; k++) {
      const { stretch, tint } = propVariation(propSeed(`p${k}`), 'rock');
      for (const s of stretch) expect(s).toBeGreaterThan(0.7);
      for (const s of stretch) expect(s).toBeLessThan(1.3);
      for (const c of tint) expect(Math.abs(c - 1)).toBeLessThan(0.2);
      heights.push(stretch[1]);
    }
    // Spread over the range, not a constant.
    expect(Math.max(...heights) - Math.min(...heights)).toBeGreaterThan(0.3);
  });

  it('draws each broadleaf and bush in one of a few crowns, picked by its seed, every crown about as often', () => {
    expect(propMeshVariants('broadleaf')).toBe(3);
    expect(propMeshVariants('bush')).toBe(3);
    expect(propMeshVariants('conifer')).toBe(1);
    expect(propMeshVariants('house')).toBe(0);
    for (const id of ['broadleaf', 'bush']) {
      const counts = [0, 0, 0];
      for (let k = 0; k < 600; k++) {
        const seed = propSeed(`tree-${k}`);
        const { variant, stretch, tint } = propVariation(seed, id);
        // The same prop always the same crown; the stretch and tint as they were before there were crowns to pick.
        expect(propVariation(seed, id).variant).toBe(variant);
        expect({ stretch, tint }).toEqual({ stretch: propVariation(seed, id).stretch, tint: propVariation(seed, id).tint });
        counts[variant]++;
      }
      // 200 each expected: a binomial's ±4.3 standard deviations (14).
      for (const n of counts) expect(Math.abs(n - 200), `${id} ${counts.join(' ')}`).toBeLessThan(60);
      // The crowns differ in their shape (their vertices), not only in their place.
      const meshes = [0, 1, 2].map((v) => propMesh({ id }, 0, v)!);
      expect(Array.from(meshes[1].positions)).not.toEqual(Array.from(meshes[0].positions));
      expect(Array.from(meshes[2].positions)).not.toEqual(Array.from(meshes[1].positions));
    }
    // A kind with one mesh always draws it.
    for (let k = 0; k < 50; k++) expect(propVariation(propSeed(`c${k}`), 'conifer').variant).toBe(0);
  });
});

describe('prop levels of detail', () => {
  it('leaves room in the props’ share of the scene for a close view’s few hundred props at full detail', () => {
    // The worst full mesh times 350 props (a grove 3 m apart within 30 m of the camera) fits the props'
    // budget, so the budget only ever lowers the detail of props far enough to be small on screen.
    const worst = Math.max(...allVariants(PROCEDURAL_PROP_KINDS).map(([, mesh]) => mesh.triangles));
    expect(worst * 350).toBeLessThanOrEqual(PROPS_TRIANGLE_BUDGET);
  });

  /**
   * Top (highest y) and reach (widest distance from the axis) of a mesh as drawn, metres: a trimmed
   * lobe's vertices count by its drawn sphere (its centre ± PROP_LOBE_TRIM of its radius), not its corners.
   */
  const extent = (mesh: PropMesh) => {
    let top = -Infinity;
    let reach = 0;
    for (let v = 0; v < mesh.positions.length; v += 3) {
      const lobe = mesh.lobes ? 4 * (v / 3) : -1;
      const r = lobe >= 0 ? PROP_LOBE_TRIM * mesh.lobes![lobe + 3] : 0;
      const [x, y, z] =
        r > 0 ? [mesh.lobes![lobe], mesh.lobes![lobe + 1], mesh.lobes![lobe + 2]] : [mesh.positions[v], mesh.positions[v + 1], mesh.positions[v + 2]];
      top = Math.max(top, y + r);
      reach = Math.max(reach, Math.hypot(x, z) + r);
    }
    return { top, reach };
  };

  it('shades a broadleaf crown and a bush as one soft volume: one normal per corner, facing out from the middle', () => {
    // Where a cluster's faces meet at a corner, every face gives it the same normal (no facet of its own);
    // normals mostly face away from the crown's middle. With a share of each face's own normal in them
    // (the flat-faceted look) the corners' normals spread by up to 15°.
    for (const [id, middle] of [
      ['broadleaf', [0, 4.8, 0]],
      ['bush', [0, 0.3, 0]],
    ] as const) {
      const mesh = meshOf(id);
      const leaves = mesh.partNames.indexOf('leaves');
      const corners = new Map<string, V3[]>();
      let outward = 0;
      let count = 0;
      for (let t = 0; t < mesh.triangles; t++) {
        if (mesh.parts[t] !== leaves) continue;
        for (let v = 3 * t; v < 3 * t + 3; v++) {
          const p = vertex(mesh, v);
          const n: V3 = [mesh.normals[3 * v], mesh.normals[3 * v + 1], mesh.normals[3 * v + 2]];
          const key = p.map((x) => x.toFixed(5)).join(',');
          corners.set(key, [...(corners.get(key) ?? []), n]);
          const d = [p[0] - middle[0], p[1] - middle[1], p[2] - middle[2]];
          outward += (n[0] * d[0] + n[1] * d[1] + n[2] * d[2]) / Math.hypot(d[0], d[1], d[2]);
          count++;
        }
      }
      expect(outward / count, id).toBeGreaterThan(0.75);
      // The largest angle between two normals at one corner, per corner (a few inner faces are tipped onto their front side).
      const spreads = [...corners.values()].map((ns) => {
        let least = 1;
        for (const a of ns) for (const b of ns) least = Math.min(least, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
        return (Math.acos(Math.min(1, least)) * 180) / Math.PI;
      });
      const smooth = spreads.filter((degrees) => degrees < 1).length / spreads.length;
      expect(smooth, id).toBeGreaterThan(0.8);
    }
  });

  it('each kind has cheaper meshes of about the full mesh’s outline, within each level’s budget, in every variant', () => {
    for (const [label, full] of allVariants(PROCEDURAL_PROP_KINDS)) {
      const [id, , variant] = label.split(' ');
      const whole = extent(full);
      let previous = full.triangles;
      for (let level = 1; level < PROP_MESH_LEVELS; level++) {
        const mesh = propMesh({ id }, level, Number(variant ?? 0))!;
        expect(mesh.triangles, `${label} ${level}`).toBeLessThanOrEqual(PROP_LEVEL_TRIANGLE_BUDGET[level]);
        expect(mesh.triangles, `${label} ${level}`).toBeLessThan(previous);
        previous = mesh.triangles;
        // Seen from afar it should not grow or shrink as it switches: top and width within a fifth of the full mesh's.
        const { top, reach } = extent(mesh);
        expect(Math.abs(top - whole.top) / whole.top, `${label} ${level} top`).toBeLessThan(0.2);
        // (A dead tree's far solid is its trunk alone: its bare branches are thinner than a pixel at that size.)
        if (!(id === 'dead-tree' && level === 2)) expect(Math.abs(reach - whole.reach) / whole.reach, `${label} ${level} reach`).toBeLessThan(0.2);
        for (let v = 0; v < mesh.normals.length; v += 3) expect(Math.hypot(mesh.normals[v], mesh.normals[v + 1], mesh.normals[v + 2])).toBeCloseTo(1, 5);
        expect(mesh.parts).toHaveLength(mesh.triangles);
      }
    }
    expect(propMesh({ id: 'house' }, 1)).toBeNull();
  });
});
