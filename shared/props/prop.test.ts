import { describe, expect, it } from 'vitest';
import { Euler, Vector3 } from 'three';
import { createRandom } from '../random';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { heightAt } from '../terrain/surface';
import { PROP_TYPES } from './library';
import { createSnappedPropLayer, placeProps, propColumnsFromProps, resnapInRegion, snapProp, snapProps, type Prop } from './prop';
import { bumpyField, probePositions } from './testing/fixtures';
import { referenceHeight, referenceTriangles } from './testing/referenceSurface';

const TOLERANCE = 1e-4;
const DEG = Math.PI / 180;

/** Non-square maps with cell sizes ≠ 1, including an awkward one. */
const FIELDS: Array<[string, () => Heightfield]> = [
  ['37 × 23, cell 0.7 m', () => bumpyField(37, 23, 0.7, 1)],
  ['12 × 41, cell 2.5 m', () => bumpyField(12, 41, 2.5, 2)],
  ['2 × 3, cell 0.1 m', () => bumpyField(2, 3, 0.1, 3)],
];

function propsAt(points: Array<[number, number]>, type: string, seed: number): Prop[] {
  const random = createRandom(seed);
  return points.map(([x, z], k) => ({ id: `p${k}`, type, x, z, yaw: (random.next() * 2 - 1) * Math.PI, scale: 1 }));
}

function upFromAngles(yaw: number, pitch: number, roll: number): Vector3 {
  return new Vector3(0, 1, 0).applyEuler(new Euler(pitch, yaw, roll, 'YXZ'));
}

describe('snapProp', () => {
  for (const [name, make] of FIELDS) {
    it(`puts every base on the exact triangle surface (${name})`, () => {
      const field = make();
      const points = probePositions(field, createRandom(9));
      for (const prop of propsAt(points, 'conifer', 4)) {
        const placed = snapProp(field, prop);
        expect(Math.abs(placed.y - referenceHeight(field, prop.x, prop.z))).toBeLessThanOrEqual(TOLERANCE);
        // And bit for bit what the terrain module reports for the drawn surface.
        expect(placed.y).toBe(heightAt(field, prop.x, prop.z));
      }
    });
  }

  it('adds the vertical offset to the base height', () => {
    const field = bumpyField(9, 9, 1.5, 5);
    const placed = snapProp(field, { id: 'a', type: 'rock', x: 1.2, z: -2.1, yaw: 0, scale: 1, offsetY: -0.35 });
    expect(placed.y).toBeCloseTo(referenceHeight(field, 1.2, -2.1) - 0.35, 10);
  });

  it('stands props past the border on the nearest edge instead of returning NaN', () => {
    const field = bumpyField(9, 7, 2, 6);
    const placed = snapProp(field, { id: 'a', type: 'rock', x: 100, z: -3.3, yaw: 0, scale: 1 });
    expect(placed.y).toBeCloseTo(referenceHeight(field, 8, -3.3), 10);
  });

  it('keeps upright types vertical whatever the slope', () => {
    const field = bumpyField(20, 20, 1, 7, 30);
    for (const prop of propsAt(probePositions(field, createRandom(3), 10), 'house', 8)) {
      const placed = snapProp(field, prop);
      expect([placed.pitch, placed.roll, placed.up.x, placed.up.z]).toEqual([0, 0, 0, 0]);
      expect(placed.up.y).toBe(1);
    }
  });

  for (const type of PROP_TYPES.filter((t) => t.alignToNormal)) {
    it(`aligns a ${type.id} with the triangle normal, tilted at most ${type.maxTiltDeg}°`, () => {
      // Gentle and steep slopes, so that both sides of the limit are exercised.
      for (const amplitude of [0.2, 3]) {
        const field = bumpyField(25, 18, 1.3, 11, amplitude);
        let limited = 0;
        let free = 0;
        for (const prop of propsAt(probePositions(field, createRandom(13), 20), type.id, 14)) {
          const placed = snapProp(field, prop, type);
          const up = [placed.up.x, placed.up.y, placed.up.z];
          expect(Math.hypot(...up)).toBeCloseTo(1, 12);
          const tilt = Math.acos(Math.min(1, placed.up.y));
          expect(tilt).toBeLessThanOrEqual(type.maxTiltDeg * DEG + 1e-9);
          // Pitch and roll must realise the up vector under the documented convention (three.js 'YXZ').
          const fromAngles = upFromAngles(placed.yaw, placed.pitch, placed.roll);
          expect(fromAngles.distanceTo(new Vector3(...up))).toBeLessThan(1e-9);
          const matches = referenceTriangles(field, prop.x, prop.z).some(({ normal }) => {
            const normalTilt = Math.acos(normal[1]);
            if (normalTilt <= type.maxTiltDeg * DEG) {
              return Math.hypot(normal[0] - up[0], normal[1] - up[1], normal[2] - up[2]) < 1e-9;
            }
            // Limited: tilted exactly maxTilt, towards the normal (same horizontal direction).
            const horizontal = Math.hypot(normal[0], normal[2]);
            const sinMax = Math.sin(type.maxTiltDeg * DEG);
            return (
              Math.abs(tilt - type.maxTiltDeg * DEG) < 1e-9 &&
              Math.abs(up[0] - (normal[0] / horizontal) * sinMax) < 1e-9 &&
              Math.abs(up[2] - (normal[2] / horizontal) * sinMax) < 1e-9
            );
          });
          expect(matches).toBe(true);
          if (Math.abs(tilt - type.maxTiltDeg * DEG) < 1e-9) limited++;
          else free++;
        }
        expect(limited + free).toBeGreaterThan(0);
        if (amplitude === 3) expect(limited).toBeGreaterThan(0);
        if (amplitude === 0.2) expect(free).toBeGreaterThan(0);
      }
    });
  }
});

describe('bulk snapping', () => {
  it('gives the same heights and angles as snapProp, into Float32 or Float64 output', () => {
    const field = bumpyField(31, 17, 0.9, 21);
    const types = ['conifer', 'rock', 'bush', 'house'];
    const random = createRandom(22);
    // Include points past every border, which snap onto the nearest edge.
    const points = [...probePositions(field, random, 30), [40, 3], [-40, -3], [2, 30], [-2, -30], [99, 99]] as Array<[number, number]>;
    const props: Prop[] = points.map(([x, z], k) => ({
      id: `p${k}`,
      type: types[k % types.length],
      x,
      z,
      yaw: random.next() * 6,
      scale: 1,
      offsetY: k % 3 === 0 ? 0.25 : 0,
    }));
    const columns = propColumnsFromProps(props);
    const y64 = snapProps(field, columns);
    const y32 = snapProps(field, columns, new Float32Array(columns.count));
    const placed = placeProps(field, columns);
    props.forEach((prop, k) => {
      const one = snapProp(field, prop);
      expect(y64[k]).toBe(one.y);
      expect(y32[k]).toBe(Math.fround(one.y));
      expect([placed.y[k], placed.pitch[k], placed.roll[k]]).toEqual([one.y, one.pitch, one.roll]);
    });
  });

  it("gives NaN, not a neighbour's height, for a prop with a NaN position", () => {
    const field = bumpyField(5, 5, 1, 23);
    const props: Prop[] = [
      { id: 'bad', type: 'rock', x: NaN, z: 0, yaw: 0, scale: 1 },
      { id: 'ok', type: 'rock', x: 0.5, z: 0.5, yaw: 0, scale: 1 },
    ];
    const y = snapProps(field, propColumnsFromProps(props));
    expect(y[0]).toBeNaN();
    expect(snapProp(field, props[0]).y).toBeNaN();
    expect(y[1]).toBeCloseTo(referenceHeight(field, 0.5, 0.5), 10);
  });
});

describe('resnapInRegion', () => {
  function randomProps(field: Heightfield, count: number, seed: number): Prop[] {
    const random = createRandom(seed);
    const types = PROP_TYPES.map((t) => t.id);
    const hx = ((field.width - 1) / 2) * field.cellSize;
    const hz = ((field.depth - 1) / 2) * field.cellSize;
    const props = propsAt(probePositions(field, random, 40), 'rock', seed);
    for (let k = 0; k < count; k++) {
      props.push({
        id: `r${k}`,
        type: types[k % types.length],
        x: (random.next() * 2 - 1) * hx,
        z: (random.next() * 2 - 1) * hz,
        yaw: random.next() * 6,
        scale: 1,
      });
    }
    return props;
  }

  /** Cells whose triangles use a vertex of [i0, i1) × [j0, j1), by brute force over the prop's own cell. */
  function dependsOnRegion(field: Heightfield, prop: Prop, i0: number, j0: number, i1: number, j1: number): boolean {
    // The prop's triangle corners are vertices of its cell; it depends on the edit if any corner is edited.
    const gx = prop.x / field.cellSize + (field.width - 1) / 2;
    const gz = prop.z / field.cellSize + (field.depth - 1) / 2;
    const ci = Math.min(Math.floor(gx), field.width - 2);
    const cj = Math.min(Math.floor(gz), field.depth - 2);
    for (const [i, j] of [
      [ci, cj],
      [ci + 1, cj],
      [ci, cj + 1],
      [ci + 1, cj + 1],
    ]) {
      if (i >= i0 && i < i1 && j >= j0 && j < j1) return true;
    }
    return false;
  }

  function expectAllExact(field: Heightfield, props: Prop[], y: Float64Array): void {
    props.forEach((prop, k) => expect(Math.abs(y[k] - referenceHeight(field, prop.x, prop.z))).toBeLessThanOrEqual(TOLERANCE));
  }

  it('re-snaps only the props standing on edited triangles, and all props are exact afterwards', () => {
    const field = bumpyField(70, 50, 1.7, 31);
    const props = randomProps(field, 3000, 32);
    const layer = createSnappedPropLayer(field, propColumnsFromProps(props));
    const edits: Array<[number, number, number, number]> = [
      [10, 5, 20, 12],
      [0, 0, 3, 4],
      [66, 47, 70, 50],
      [33, 0, 34, 50],
      [40, 20, 41, 21],
    ];
    const random = createRandom(33);
    for (const [i0, j0, i1, j1] of edits) {
      const before = layer.placements.y.slice();
      for (let j = j0; j < j1; j++) for (let i = i0; i < i1; i++) field.heights[j * field.width + i] += 5 + random.next() * 10;
      const result = resnapInRegion(field, layer, { kind: 'rect', i0, j0, i1, j1 });
      const expected = props.map((p, k) => (dependsOnRegion(field, p, i0, j0, i1, j1) ? k : -1)).filter((k) => k >= 0);
      expect(result.touched).toBe(expected.length);
      expect(result.touched).toBeLessThan(props.length);
      const changed = new Set(result.changed);
      for (const k of changed) expect(expected).toContain(k);
      // Every prop whose height moved was reported; the others kept their placement untouched.
      props.forEach((_, k) => {
        if (layer.placements.y[k] !== before[k]) expect(changed.has(k)).toBe(true);
      });
      expectAllExact(field, props, layer.placements.y);
    }
  });

  it('re-snaps everything for a whole-map change (import, undo of a fault run)', () => {
    const field = bumpyField(40, 30, 0.8, 41);
    const props = randomProps(field, 500, 42);
    const layer = createSnappedPropLayer(field, propColumnsFromProps(props));
    const replacement = bumpyField(40, 30, 0.8, 43);
    field.heights.set(replacement.heights);
    const result = resnapInRegion(field, layer, { kind: 'all' });
    expect(result.touched).toBe(props.length);
    expect(result.changed.length).toBeGreaterThan(props.length * 0.9);
    expectAllExact(field, props, layer.placements.y);
    expect(resnapInRegion(field, layer, { kind: 'all' }).changed.length).toBe(0);
  });

  it('refuses a terrain of another size than the index was built for', () => {
    const small = bumpyField(10, 10, 1, 1);
    const layer = createSnappedPropLayer(small, propColumnsFromProps([{ id: 'a', type: 'rock', x: 0, z: 0, yaw: 0, scale: 1 }]));
    expect(() => resnapInRegion(createHeightfield(12, 10, 1), layer, { kind: 'all' })).toThrow(/rebuild/);
  });
});
