import { describe, expect, it } from 'vitest';
import { centrelineOf } from './fittedRoad';
import { roadParams } from './params';
import { MAX_ROAD_PAINT_TEXELS, paintRoads, ROAD_PAINT_CHANNELS, ROAD_PAINT_NONE, ROAD_SHOULDER_M, type RoadPaint } from './roadPaint';

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

  it('is no road beyond the reach (surface, shoulder and two texels), and ends at the last point', () => {
    const paint = paintRoads([{ line: centrelineOf(straight, size.cellSize), surface: 'gravel' }], size)!;
    const reach = 4 + ROAD_SHOULDER_M + 2 * size.cellSize;
    expect(sample(paint, 0, 3 + reach + 2)[2]).toBe(ROAD_PAINT_NONE);
    expect(sample(paint, 0, 3 - reach - 2)[2]).toBe(ROAD_PAINT_NONE);
    // Up to the last point the road is there (the shader draws where the end distance is above 0); a tenth of a metre past it, not.
    const [offset, , ends, gravel] = sample(paint, 59.9, 3 - 2);
    expect(ends).toBeCloseTo(0.1, 6);
    expect(offset).toBeCloseTo(2, 6);
    expect(gravel).toBe(1);
    expect(sample(paint, 60.1, 3)[2]).toBeCloseTo(-0.1, 6);
    expect(sample(paint, 65, 3)[2]).toBe(-paint.endCap);
  });

  it('ends square: at 21.8° to the grid the painted end lies on the line through the last point at right angles to the road', () => {
    // Issue 34: the end was drawn as a saw-tooth along the texels (the 'within' channel was 1 up to the end and fell only past it).
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
    const paint = paintRoads([{ line: centrelineOf(oblique, size.cellSize), surface: 'asphalt' }], size)!;
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
