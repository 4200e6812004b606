import { describe, expect, it } from 'vitest';
import { centrelineOf } from './fittedRoad';
import { roadParams } from './params';
import {
  MAX_ROAD_PAINT_TEXELS,
  paintRoads,
  ROAD_APRON_M,
  ROAD_END_FADE_M,
  roadEndBlend,
  roadPaintReach,
  ROAD_PAINT_CHANNELS,
  ROAD_PAINT_NONE,
  ROAD_SHOULDER_M,
  type RoadPaint,
} from './roadPaint';

const size = { width: 129, depth: 129, cellSize: 2 };

/** The paint at world (x, z) as the GPU's bilinear filter reads it (texel centres at uv (i + ½) / width). */
function sample(paint: RoadPaint, x: number, z: number): number[] {
  const [sx, ox, sz, oz] = paint.transform;
  const fx = (x * sx + ox) * paint.width - 0.5;
  const fz = (z * sz + oz) * paint.depth - 0.5;
  const i = Math.floor(fx);
  const j = Math.floor(fz);
  const tx = fx - i;
  const tz = fz - j;
  const at = (a: number, b: number, c: number) => {
    const ia = Math.min(paint.width - 1, Math.max(0, a));
    const jb = Math.min(paint.depth - 1, Math.max(0, b));
    return paint.texels[(jb * paint.width + ia) * ROAD_PAINT_CHANNELS + c];
  };
  return [0, 1, 2, 3].map((c) => (1 - tz) * ((1 - tx) * at(i, j, c) + tx * at(i + 1, j, c)) + tz * ((1 - tx) * at(i, j + 1, c) + tx * at(i + 1, j + 1, c)));
}

/** An 8 m asphalt road 100 m long through the origin at 21.8° to the grid (atan 2/5), painted: its direction and paint. */
function obliqueRoadPaint() {
  const angle = Math.atan2(2, 5);
  const [ux, uz] = [Math.cos(angle), Math.sin(angle)];
  const oblique = roadParams(
    [
      { x: -50 * ux, z: -50 * uz },
      { x: 0, z: 0 },
      { x: 50 * ux, z: 50 * uz },
    ],
    { width: 8 },
  );
  return { ux, uz, paint: paintRoads([{ line: centrelineOf(oblique, size.cellSize), surface: 'asphalt' }], size)! };
}

describe('the blend of a road’s end onto the ground', () => {
  it('keeps surface and apron whole up to the end, then fades the surface over its fray and the apron over its length', () => {
    for (const e of [0, 0.3, 5, 100]) expect(roadEndBlend(e)).toEqual({ surface: 1, apron: 1 });
    expect(roadEndBlend(-ROAD_END_FADE_M).surface).toBe(0);
    expect(roadEndBlend(-ROAD_APRON_M).apron).toBe(0);
    expect(roadEndBlend(-ROAD_APRON_M - 3)).toEqual({ surface: 0, apron: 0 });
    // Halfway along each fade, half (a smoothstep is symmetric about its middle).
    expect(roadEndBlend(-ROAD_END_FADE_M / 2).surface).toBeCloseTo(0.5, 12);
    expect(roadEndBlend(-ROAD_APRON_M / 2).apron).toBeCloseTo(0.5, 12);
    // A quarter of the way: 3t² − 2t³ at t = ¼ is 5/32, so 27/32 is left.
    expect(roadEndBlend(-ROAD_APRON_M / 4).apron).toBeCloseTo(27 / 32, 12);
    expect(ROAD_END_FADE_M).toBeLessThan(ROAD_APRON_M);
  });

  it('falls without a step or a rise, the apron never below the surface (no ground shows between them)', () => {
    let last = roadEndBlend(0);
    for (let e = 0; e >= -ROAD_APRON_M - 0.5; e -= 0.01) {
      const b = roadEndBlend(e);
      expect(b.surface).toBeLessThanOrEqual(last.surface);
      expect(b.apron).toBeLessThanOrEqual(last.apron);
      // The steepest a smoothstep falls is 1.5 / its length a metre: 0.01 m steps move it less than that.
      expect(last.surface - b.surface).toBeLessThanOrEqual((1.5 * 0.01) / ROAD_END_FADE_M + 1e-12);
      expect(last.apron - b.apron).toBeLessThanOrEqual((1.5 * 0.01) / ROAD_APRON_M + 1e-12);
      expect(b.apron).toBeGreaterThanOrEqual(b.surface);
      last = b;
    }
  });
});

describe('road paint', () => {
  // A straight road along +x through z = 3: left of travel is −z, so the signed offset is 3 − z.
  const straight = roadParams(
    [
      { x: -60, z: 3 },
      { x: 0, z: 3 },
      { x: 60, z: 3 },
    ],
    { width: 8 },
  );

  it('holds the signed offset from the centreline, exact under bilinear filtering anywhere across the road and its shoulders', () => {
    const paint = paintRoads([{ line: centrelineOf(straight, size.cellSize), surface: 'asphalt' }], size)!;
    expect(paint).not.toBeNull();
    for (const x of [-47.3, -12.9, 0.31, 25.05, 51.7])
      for (const z of [-3.2, -0.07, 1.05, 3, 4.9, 6.93, 8.2, 9.1]) {
        const [offset, half, ends, gravel] = sample(paint, x, z);
        expect(offset, `at ${x}, ${z}`).toBeCloseTo(3 - z, 6);
        expect(half).toBeCloseTo(4, 6);
        // More than two texels from either end the end distance is held at its cap.
        if (Math.abs(x) < 55) expect(ends).toBe(paint.endCap);
        expect(gravel).toBe(0);
      }
  });

  it('is no road beyond the reach (surface, shoulder, apron and two texels), and ends at the last point', () => {
    const paint = paintRoads([{ line: centrelineOf(straight, size.cellSize), surface: 'gravel' }], size)!;
    const reach = 4 + ROAD_SHOULDER_M + ROAD_APRON_M + 2 * size.cellSize;
    expect(roadPaintReach(8, size.cellSize)).toBe(reach);
    expect(sample(paint, 0, 3 + reach + 2)[2]).toBe(ROAD_PAINT_NONE);
    expect(sample(paint, 0, 3 - reach - 2)[2]).toBe(ROAD_PAINT_NONE);
    // Up to the last point the road is there (the shader draws where the end distance is above 0); a tenth of a metre past it, not.
    const [offset, , ends, gravel] = sample(paint, 59.9, 3 - 2);
    expect(ends).toBeCloseTo(0.1, 6);
    expect(offset).toBeCloseTo(2, 6);
    expect(gravel).toBe(1);
    expect(sample(paint, 60.1, 3)[2]).toBeCloseTo(-0.1, 6);
    // Past the end it is held beyond the apron.
    expect(sample(paint, 60 + ROAD_APRON_M + paint.endCap + 1, 3)[2]).toBe(-paint.endCap - ROAD_APRON_M);
  });

  it('holds the distance past an end exactly over the whole apron, across the road and its shoulders', () => {
    // The shader fades the apron by this distance: at 21.8° to the grid, any bilinear read over the
    // apron is the distance from the line through the last point at right angles to the road.
    const { ux, uz, paint } = obliqueRoadPaint();
    let worst = 0;
    for (const end of [-1, 1])
      for (let across = -4 - ROAD_SHOULDER_M; across <= 4 + ROAD_SHOULDER_M; across += 0.37)
        for (let past = 0.05; past <= ROAD_APRON_M; past += 0.29) {
          const along = end * (50 + past);
          const [offset, , ends] = sample(paint, along * ux - across * uz, along * uz + across * ux);
          worst = Math.max(worst, Math.abs(ends + past));
          // The offset across the road is exact there too (the apron's width follows it).
          expect(Math.abs(Math.abs(offset) - Math.abs(across))).toBeLessThan(0.01);
        }
    expect(worst).toBeLessThan(0.01);
  });

  it('gives a texel past one road’s end to a road it lies along (a road ending on another keeps no apron there)', () => {
    // A road along z ending on the straight road's centreline (z = 3): past its end lies the straight road's surface.
    const branch = roadParams(
      [
        { x: 10, z: 50 },
        { x: 10, z: 30 },
        { x: 10, z: 3 },
      ],
      { width: 6 },
    );
    const paint = paintRoads(
      [
        { line: centrelineOf(branch, size.cellSize), surface: 'gravel' },
        { line: centrelineOf(straight, size.cellSize), surface: 'asphalt' },
      ],
      size,
    )!;
    // 2.5 m past the branch's end, 0.5 m across it: nearer the branch's end line than the straight road's
    // centreline is not what counts; the straight road's surface is there.
    for (const [x, z] of [
      [10.5, 0.5],
      [9.3, -0.8],
    ]) {
      const [offset, half, ends, gravel] = sample(paint, x, z);
      expect(offset).toBeCloseTo(3 - z, 6);
      expect(half).toBeCloseTo(4, 6);
      expect(ends).toBe(paint.endCap);
      expect(gravel).toBe(0);
    }
  });

  it('ends square: at 21.8° to the grid the painted end lies on the line through the last point at right angles to the road', () => {
    // Issue 34: the end was drawn as a saw-tooth along the texels (the 'within' channel was 1 up to the end and fell only past it).
    const { ux, uz, paint } = obliqueRoadPaint();
    let worst = 0;
    for (const end of [-1, 1])
      for (let across = -4 - ROAD_SHOULDER_M; across <= 4 + ROAD_SHOULDER_M; across += 0.13) {
        // Along a line parallel to the road `across` from it, where the filtered end distance crosses 0 (the shader's end).
        const at = (t: number) => {
          const along = end * (50 + t);
          return sample(paint, along * ux - across * uz, along * uz + across * ux)[2];
        };
        let lo = -3;
        let hi = 3;
        expect(at(lo)).toBeGreaterThan(0);
        expect(at(hi)).toBeLessThan(0);
        for (let n = 0; n < 40; n++) {
          const mid = (lo + hi) / 2;
          if (at(mid) > 0) lo = mid;
          else hi = mid;
        }
        worst = Math.max(worst, Math.abs(lo));
      }
    // The end's line is the last piece's chord's normal (a few millimetres off the tangent's on a straight road).
    expect(worst).toBeLessThan(0.01);
  });

  it('keeps the nearer road where two reach the same texel', () => {
    const crossing = roadParams(
      [
        { x: 20, z: -60 },
        { x: 20, z: 0 },
        { x: 20, z: 60 },
      ],
      { width: 6 },
    );
    const paint = paintRoads(
      [
        { line: centrelineOf(straight, size.cellSize), surface: 'asphalt' },
        { line: centrelineOf(crossing, size.cellSize), surface: 'asphalt' },
      ],
      size,
    )!;
    // 1 m from the crossing road's centreline (travel +z: left is +x), 20 m from the straight one.
    const [offset, half] = sample(paint, 21, 23);
    expect(offset).toBeCloseTo(1, 6);
    expect(half).toBeCloseTo(3, 6);
  });

  it('stays within its texel budget on a large map, and is null without roads', () => {
    const large = { width: 4097, depth: 4097, cellSize: 1 };
    const diagonal = roadParams(
      [
        { x: -2000, z: -2000 },
        { x: 0, z: 100 },
        { x: 2000, z: 2000 },
      ],
      { width: 10 },
    );
    const paint = paintRoads([{ line: centrelineOf(diagonal, large.cellSize), surface: 'asphalt' }], large)!;
    expect(Math.max(paint.width, paint.depth)).toBeLessThanOrEqual(MAX_ROAD_PAINT_TEXELS);
    // Still exact across the road between its control points: on the middle segment's straight run near (0, 100) the offset is linear.
    expect(sample(paint, 0, 100)[2]).toBe(paint.endCap);
    expect(paintRoads([], size)).toBeNull();
  });
});
