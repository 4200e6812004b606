import { describe, expect, it } from 'vitest';
import { evaluateStack } from '../layers/evaluate';
import { StackEvaluator } from '../layers/incremental';
import { addSculptDeltas, unionRect } from '../layers/kinds/sculpt';
import { kindOf } from '../layers/registry';
import type { Layer, RoadLayer, SculptLayer } from '../layers/types';
import { stackProblem } from '../layers/validate';
import { heightAt } from '../terrain/surface';
import { buildCentreline } from './centreline';
import { nearestField, roadReach } from './footprint';
import { fitRoad, surfaceAt, terrainProblem } from './fittedRoad';
import { roadParams } from './params';
import { smoothProfile } from './profile';
import { hills, ROAD_SIZE, roadLayer, roadStack, S_CURVE } from './testing/terrain';

const bytes = (a: Float32Array | null) => (a ? new Uint8Array(a.buffer.slice(0)) : null);
const ground = () => evaluateStack([hills()], ROAD_SIZE)!;
const field = (heights: Float32Array) => ({ ...ROAD_SIZE, heights });

describe('road centreline', () => {
  it('passes through every control point, evenly sampled at ≤ 1 m, with unit tangents', () => {
    const line = buildCentreline(roadParams(S_CURVE), 1);
    expect(line.ds).toBeLessThanOrEqual(1);
    for (const [n, point] of S_CURVE.entries()) {
      const k = line.pointStations[n];
      expect(Math.hypot(line.x[k] - point.x, line.z[k] - point.z)).toBeLessThan(line.ds);
    }
    expect([line.x[line.n - 1], line.z[line.n - 1]]).toEqual([S_CURVE[4].x, S_CURVE[4].z]);
    for (let k = 1; k < line.n; k++) expect(Math.hypot(line.x[k] - line.x[k - 1], line.z[k] - line.z[k - 1])).toBeLessThanOrEqual(line.ds + 1e-9);
    for (let k = 0; k < line.n; k++) expect(Math.hypot(line.tx[k], line.tz[k])).toBeCloseTo(1, 9);
  });

  it('centripetal: no cusp or loop at a hairpin of unevenly spaced points (the tangent never reverses between stations)', () => {
    const line = buildCentreline(
      roadParams([
        { x: 0, z: 0 },
        { x: 100, z: 0 },
        { x: 102, z: 3 },
        { x: 0, z: 8 },
      ]),
      0.5,
    );
    for (let k = 1; k < line.n; k++) expect(line.tx[k] * line.tx[k - 1] + line.tz[k] * line.tz[k - 1]).toBeGreaterThan(0.5);
    // Curvature sign: this hairpin turns left (towards (tz, −tx) = −z for travel along +x)… then right? It turns towards +z: right.
    expect(Math.min(...line.curvature)).toBeLessThan(0);
  });
});

describe('road profile', () => {
  it('never exceeds the maximum grade along the centreline, even where the ground is steeper', () => {
    const base = ground();
    for (const maxGradePct of [4, 10, 25]) {
      const fitted = fitRoad(roadParams(S_CURVE, { maxGradePct, maxCutFill: 200 }), base, ROAD_SIZE);
      let steepestGround = 0;
      for (let k = 1; k < fitted.line.n; k++) {
        expect(Math.abs(fitted.y[k] - fitted.y[k - 1]) / fitted.line.ds).toBeLessThanOrEqual((maxGradePct / 100) * (1 + 1e-9));
        steepestGround = Math.max(steepestGround, Math.abs(fitted.ground[k] - fitted.ground[k - 1]) / fitted.line.ds);
      }
      expect(steepestGround).toBeGreaterThan(maxGradePct / 100);
    }
  });

  it('follows the ground where it is gentle, and the shaped surface keeps the grade over the centreline', () => {
    const stack = roadStack(roadLayer(S_CURVE, { maxGradePct: 12 }));
    const shaped = evaluateStack(stack, ROAD_SIZE)!;
    const fitted = fitRoad((stack[1] as RoadLayer).params, ground(), ROAD_SIZE);
    // On the drawn triangles, the centreline's grade over 10 m stays at the limit (plus what float32 and the triangles add).
    const step = Math.round(10 / fitted.line.ds);
    for (let k = step; k < fitted.line.n; k += step) {
      const a = heightAt(field(shaped), fitted.line.x[k - step], fitted.line.z[k - step]);
      const b = heightAt(field(shaped), fitted.line.x[k], fitted.line.z[k]);
      expect(Math.abs(b - a) / (step * fitted.line.ds)).toBeLessThanOrEqual(0.12 + 0.01);
    }
  });

  it('smoothProfile lengthens the vertical curves: the profile changes grade more gently', () => {
    const p = roadParams(S_CURVE, { maxCutFill: 100 });
    const roughest = (params: typeof p) => {
      const m = fitRoad(params, ground(), ROAD_SIZE);
      let worst = 0;
      for (let k = 1; k < m.line.n - 1; k++) worst = Math.max(worst, Math.abs(m.y[k + 1] - 2 * m.y[k] + m.y[k - 1]) / m.line.ds ** 2);
      return worst;
    };
    const fixed = smoothProfile(p);
    expect(fixed.verticalCurve).toBeGreaterThan(p.verticalCurve);
    expect(roughest(fixed)).toBeLessThan(roughest(p));
  });

  it('says when the terrain cannot be met at the maximum grade', () => {
    const fitted = fitRoad(roadParams(S_CURVE, { maxGradePct: 1, maxCutFill: 2 }), ground(), ROAD_SIZE);
    expect(terrainProblem(fitted)).toMatch(/too steep for a 1 % maximum grade: \d+ m along the road it needs [\d.]+ m of (cut|fill)/);
    expect(terrainProblem(fitRoad(roadParams(S_CURVE), ground(), ROAD_SIZE))).toBeNull();
  });
});

describe('road layer', () => {
  it('cross-section: flat across the road, or at the bank', () => {
    const straight = [
      { x: -80, z: 0 },
      { x: 80, z: 0 },
    ];
    for (const bank of [0, 6, -4]) {
      const stack = roadStack(roadLayer(straight, { bank, width: 10 }));
      const out = evaluateStack(stack, ROAD_SIZE)!;
      const fitted = fitRoad((stack[1] as RoadLayer).params, ground(), ROAD_SIZE);
      const { width } = ROAD_SIZE;
      // Column x = 0 (i = 64), rows z = −4…4 m (on the 10 m road); left of travel along +x is −z.
      const centre = (ROAD_SIZE.depth - 1) / 2;
      const i = 64;
      const k0 = fitted.line.pointStations[0];
      const station = k0 + 80 / fitted.line.ds;
      for (let dj = -2; dj <= 2; dj++) {
        const h = out[(centre + dj) * width + i];
        const d = -dj * ROAD_SIZE.cellSize;
        expect(h).toBeCloseTo(surfaceAt(fitted, station, d), 3);
        expect(h - out[centre * width + i]).toBeCloseTo(-d * Math.tan((bank * Math.PI) / 180), 3);
      }
    }
  });

  it('outside the footprint the heights are bit-identical to the stack without the road', () => {
    const base = ground();
    const road = roadLayer(S_CURVE, { bank: 'auto', falloffLeft: 3, falloffRight: 9 });
    const out = evaluateStack(roadStack(road), ROAD_SIZE)!;
    const box = kindOf(road).bounds!(road, ROAD_SIZE)!;
    const near = nearestField(buildCentreline(road.params, 1), roadReach(road.params, ROAD_SIZE.cellSize), ROAD_SIZE, box)!;
    let inside = 0;
    let untouched = 0;
    for (let j = 0; j < ROAD_SIZE.depth; j++) {
      for (let i = 0; i < ROAD_SIZE.width; i++) {
        const k = j * ROAD_SIZE.width + i;
        const inBox = i >= box.i0 && i < box.i1 && j >= box.j0 && j < box.j1;
        if (!inBox) expect(Object.is(out[k], base[k])).toBe(true);
        else if (out[k] !== base[k]) inside++;
        else untouched++;
      }
    }
    expect(inside).toBeGreaterThan(500);
    expect(untouched).toBeGreaterThan(500);
    expect(near.region).toEqual(box);
  });

  it('is deterministic, and the incremental evaluator gives the bytes of a scratch evaluation', () => {
    const stack: Layer[] = [...roadStack(), { id: 'sculpt', name: 'Sculpt', enabled: true, opacity: 1, kind: 'sculpt', params: {}, tiles: [] }];
    // Sculpt below the road too.
    stack.splice(1, 0, { id: 'below', name: 'Below', enabled: true, opacity: 1, kind: 'sculpt', params: {}, tiles: [] });
    const scratch = () => bytes(evaluateStack(stack, ROAD_SIZE));
    expect(scratch()).toEqual(scratch());
    const evaluator = new StackEvaluator(ROAD_SIZE);
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch());
    // Move one control point.
    const index = stack.findIndex((layer) => layer.id === 'road-1');
    const old = stack[index] as RoadLayer;
    const points = old.params.points.map((p, n) => (n === 2 ? { x: p.x + 12, z: p.z - 7 } : p));
    const next: RoadLayer = { ...old, params: { ...old.params, points } };
    stack[index] = next;
    const rect = unionRect(kindOf(old).bounds!(old, ROAD_SIZE), kindOf(next).bounds!(next, ROAD_SIZE))!;
    expect(bytes(evaluator.evaluateRect(stack, index, rect))).toEqual(scratch());
    expect(evaluator.stats.wholeLayers).toBe(0);
    // A stroke below the road, on its centreline: the whole road re-fits its profile.
    const below = stack[1] as SculptLayer;
    const strokeRect = { i0: 40, j0: 40, i1: 50, j1: 50 };
    addSculptDeltas(below, ROAD_SIZE, strokeRect, (i, j) => 3 + Math.sin(i + j));
    expect(bytes(evaluator.evaluateRect(stack, 1, strokeRect))).toEqual(scratch());
  });

  it('the validator names the layer and the problem', () => {
    const problem = (road: RoadLayer) => stackProblem([hills(), road], ROAD_SIZE);
    expect(problem(roadLayer())).toBeNull();
    expect(problem(roadLayer([{ x: 0, z: 0 }]))).toBe('layer 2 "Test road" (road): a road needs at least two control points');
    expect(
      problem(
        roadLayer([
          { x: 0, z: 0 },
          { x: 500, z: 0 },
        ]),
      ),
    ).toMatch(/^layer 2 "Test road" \(road\): point 2 \(500, 0\) is off the map/);
    expect(
      problem(
        roadLayer([
          { x: 0, z: 0 },
          { x: 0, z: 0 },
        ]),
      ),
    ).toMatch(/points 1 and 2 are in the same place: the centreline has a zero-length piece/);
    expect(
      problem(
        roadLayer([
          { x: -50, z: 0 },
          { x: 50, z: 0 },
          { x: 0, z: 40 },
          { x: 0, z: -40 },
        ]),
      ),
    ).toMatch(/the centreline crosses itself/);
    expect(problem(roadLayer(S_CURVE, { width: 0 }))).toMatch(/width must be more than 0 and at most 100 m/);
    expect(problem(roadLayer(S_CURVE, { width: 1e6 }))).toMatch(/width must be more than 0/);
    expect(problem(roadLayer(S_CURVE, { bank: 'steep' as unknown as number }))).toMatch(/bank must be "auto"/);
    expect(
      problem(
        roadLayer([
          { x: 0, z: 0 },
          { x: 20, z: 0, width: -1 },
        ]),
      ),
    ).toMatch(/point 2: width must be more than 0/);
  });
});

describe('road ids', () => {
  it('are road-1, road-2, … one past the highest', async () => {
    const { nextRoadId } = await import('../layers/kinds/road');
    expect(nextRoadId([{ id: 'faults' }])).toBe('road-1');
    expect(nextRoadId([{ id: 'road-1' }, { id: 'road-3' }, { id: 'road-x' }])).toBe('road-4');
  });
});

describe('road validator on straight and near-straight roads', () => {
  it('a straight road in any direction does not "cross itself"', () => {
    for (const [x1, z1, x2, z2] of [
      [60, 60],
      [100, 20],
      [-100, -50],
      [90, 50.3],
      [0, -50],
      [0, 50],
      [-70, 40],
      [80, -35],
    ].reduce<number[][]>((all, _, n, list) => (n % 2 === 0 ? [...all, [...list[n], ...list[n + 1]]] : all), [])) {
      expect(
        stackProblem(
          [
            hills(),
            roadLayer([
              { x: x1, z: z1 },
              { x: x2, z: z2 },
            ]),
          ],
          ROAD_SIZE,
        ),
      ).toBeNull();
    }
  });
});

describe('a hostile road', () => {
  it('thousands of points zigzagging across a huge map, an absurd cut/fill reach: checked and evaluated in bounded time', () => {
    const size = { width: 65, depth: 65, cellSize: 10_000 };
    const points = Array.from({ length: 4096 }, (_, k) => ({ x: k % 2 === 0 ? -300_000 : 300_000, z: -300_000 + k * 140 }));
    const road = roadLayer(points, { maxCutFill: 1000, slopeLimitDeg: 1, width: 100 });
    const started = performance.now();
    const problem = stackProblem([road], size);
    const out = problem ? null : evaluateStack([road], size);
    expect(problem === null ? out?.length : problem).toBeTruthy();
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 30_000);
});

describe('road shoulders', () => {
  it('cut and fill slopes are no steeper than the slope limit (a 10 % road along a 40 % hillside)', () => {
    const size = { width: 161, depth: 81, cellSize: 1 };
    const heights = new Float32Array(size.width * size.depth);
    for (let j = 0; j < size.depth; j++) for (let i = 0; i < size.width; i++) heights[j * size.width + i] = 0.4 * (i - 80);
    const base: Layer = { id: 'ground', name: 'Ground', enabled: true, opacity: 1, kind: 'heights', params: {}, heights };
    for (const slopeLimitDeg of [20, 35]) {
      const road = roadLayer(
        [
          { x: -70, z: 0 },
          { x: 70, z: 0 },
        ],
        { slopeLimitDeg, maxCutFill: 20, falloffLeft: 2, falloffRight: 2 },
      );
      const out = evaluateStack([base, road], size)!;
      const fitted = fitRoad(road.params, heights, size);
      expect(Math.max(...Array.from(fitted.y, (y, k) => Math.abs(y - fitted.ground[k])))).toBeGreaterThan(5);
      // Across the road (along z the hillside is level): every step between shoulder vertices.
      let steepest = 0;
      for (let i = 20; i < 141; i++) {
        for (let j = 0; j < size.depth - 1; j++) {
          const a = out[j * size.width + i];
          const b = out[(j + 1) * size.width + i];
          const onRoad = Math.abs(j - 40) <= 4 && Math.abs(j + 1 - 40) <= 4;
          if (!onRoad) steepest = Math.max(steepest, Math.abs(b - a));
        }
      }
      expect(steepest).toBeGreaterThan(0.2);
      expect(steepest).toBeLessThanOrEqual(Math.tan((slopeLimitDeg * Math.PI) / 180) * 1.02);
    }
  });
});
