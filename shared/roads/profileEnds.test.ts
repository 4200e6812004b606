import { describe, expect, it } from 'vitest';
import { evaluateStack } from '../layers/evaluate';
import type { Layer, LayerSize } from '../layers/types';
import { heightAt } from '../terrain/surface';
import { fitRoad, type FittedRoad } from './fittedRoad';
import { roadParams, type RoadParams, type RoadPoint } from './params';
import { roadReport } from './report';

// A road drawn since `endsOnGround` starts and ends where it was clicked, on the ground; between, its
// grade stays within the limit where the two ends allow it. Checked against closed-form ground (planes
// and steps, exact on the drawn triangles), never the fit's own numbers.

const SIZE: LayerSize = { width: 129, depth: 113, cellSize: 2 };
const MM = 0.001;

/** Heights of h(x, z), world metres with the origin at the map's centre. */
function groundOf(h: (x: number, z: number) => number): Float32Array {
  const heights = new Float32Array(SIZE.width * SIZE.depth);
  for (let j = 0; j < SIZE.depth; j++)
    for (let i = 0; i < SIZE.width; i++)
      heights[j * SIZE.width + i] = h((i - (SIZE.width - 1) / 2) * SIZE.cellSize, (j - (SIZE.depth - 1) / 2) * SIZE.cellSize);
  return heights;
}

/** Flat at 0 m west of x0, rising at 40 % to `rise` metres, flat beyond. */
const step =
  (x0: number, rise: number) =>
  (x: number, _z = 0): number =>
    Math.min(rise, Math.max(0, (x - x0) * 0.4));

const ACROSS: RoadPoint[] = [
  { x: -100, z: 0 },
  { x: 100, z: 0 },
];

function fit(h: (x: number, z: number) => number, points: RoadPoint[], overrides: Partial<RoadParams> = {}) {
  const heights = groundOf(h);
  return { heights, fitted: fitRoad(roadParams(points, { endsOnGround: true, ...overrides }), heights, SIZE) };
}

/** Steepest grade between neighbouring stations, as a fraction. */
function steepest(fitted: FittedRoad): number {
  let worst = 0;
  for (let k = 1; k < fitted.line.n; k++) worst = Math.max(worst, Math.abs(fitted.y[k] - fitted.y[k - 1]) / fitted.line.ds);
  return worst;
}

function expectEndsOn(fitted: FittedRoad, h: (x: number, z: number) => number): void {
  const { line, y } = fitted;
  for (const k of [0, line.n - 1]) expect(Math.abs(y[k] - h(line.x[k], line.z[k]))).toBeLessThan(MM);
}

describe('a road whose ends are on the ground (endsOnGround)', () => {
  it('starts and ends on a step in the ground where the old profile starts in fill above it, the grade between ≤ the limit', () => {
    const h = step(-70, 8);
    for (const verticalCurve of [0, 30, 500]) {
      const { fitted } = fit(h, ACROSS, { verticalCurve });
      expectEndsOn(fitted, h);
      expect(steepest(fitted)).toBeLessThanOrEqual(0.1 + 1e-9);
    }
    const old = fitRoad(roadParams(ACROSS), groundOf(h), SIZE);
    expect(old.y[0] - h(-100, 0)).toBeGreaterThan(0.5);
    expect(steepest(old)).toBeLessThanOrEqual(0.1 + 1e-9);
  });

  it('ends on the ground at both ends of a step at either end of the road', () => {
    for (const h of [step(-96, 6), (x: number) => 6 - step(90, 6)(x)]) {
      const { fitted } = fit(h, ACROSS);
      expectEndsOn(fitted, h);
      expect(steepest(fitted)).toBeLessThanOrEqual(0.1 + 1e-9);
    }
  });

  it('on a tilted plane gentler than the limit along it is the plane itself, however steep across', () => {
    const h = (x: number, z: number) => 4 + 0.06 * x + 0.5 * z;
    const { fitted } = fit(h, [
      { x: -100, z: 10 },
      { x: 100, z: 10 },
    ]);
    expectEndsOn(fitted, h);
    for (let k = 0; k < fitted.line.n; k++) expect(Math.abs(fitted.y[k] - h(fitted.line.x[k], fitted.line.z[k]))).toBeLessThan(MM);
  });

  it('where the ends are further apart in height than the limit allows, the ends win: the straight ramp between them, flagged grade', () => {
    // 33 % along the road, against a 10 % limit: the ramp is the plane along the straight road.
    const h = (x: number, z: number) => 0.3 * x + 0.2 * z;
    const points = [
      { x: -100, z: -20 },
      { x: 100, z: 20 },
    ];
    const { heights, fitted } = fit(h, points);
    expectEndsOn(fitted, h);
    for (let k = 0; k < fitted.line.n; k++) expect(Math.abs(fitted.y[k] - h(fitted.line.x[k], fitted.line.z[k]))).toBeLessThan(MM);
    const along = (0.3 * 200 + 0.2 * 40) / Math.hypot(200, 40);
    expect(steepest(fitted)).toBeCloseTo(along, 6);
    // The report measures the shaped triangles and flags every segment past the maximum grade.
    const layers: Layer[] = [
      { id: 'ground', name: 'Plane', enabled: true, opacity: 1, kind: 'heights', params: {}, heights },
      { id: 'road-1', name: 'Ramp', enabled: true, opacity: 1, kind: 'road', params: fitted.params },
    ];
    const report = roadReport(fitted, evaluateStack(layers, SIZE)!, SIZE);
    expect(report.segments.length).toBeGreaterThan(10);
    for (const segment of report.segments) expect(segment.flags).toContain('grade');
  });

  it('shapes the land so the drawn surface at each end point is the ground as it was there', () => {
    const h = step(-80, 8);
    const heights = groundOf(h);
    const params = roadParams(ACROSS, { endsOnGround: true });
    const layers: Layer[] = [
      { id: 'ground', name: 'Step', enabled: true, opacity: 1, kind: 'heights', params: {}, heights },
      { id: 'road-1', name: 'Road', enabled: true, opacity: 1, kind: 'road', params },
    ];
    const shaped = { ...SIZE, heights: evaluateStack(layers, SIZE)! };
    for (const { x, z } of ACROSS) expect(Math.abs(heightAt(shaped, x, z) - h(x, z))).toBeLessThan(MM);
  });

  it('absent or false: the old profile, the same bytes', () => {
    const heights = groundOf(step(-70, 8));
    const absent = fitRoad(roadParams(ACROSS), heights, SIZE).y;
    const off = fitRoad(roadParams(ACROSS, { endsOnGround: false }), heights, SIZE).y;
    expect(new Uint8Array(off.buffer)).toEqual(new Uint8Array(absent.buffer));
  });
});
