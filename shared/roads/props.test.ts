import { describe, expect, it } from 'vitest';
import { evaluateStack } from '../layers/evaluate';
import type { Prop } from '../props/prop';
import { scatterProps } from '../props/scatter';
import { createHeightfield } from '../terrain/heightfield';
import { fitRoad } from './fittedRoad';
import { roadParams } from './params';
import { placeAlongRoad, propsOnRoads, roadExclusion, RoadProximity } from './props';
import { hills, ROAD_SIZE, S_CURVE } from './testing/terrain';

const fitted = () => fitRoad(roadParams(S_CURVE), evaluateStack([hills()], ROAD_SIZE)!, ROAD_SIZE);
const prop = (id: string, x: number, z: number, type = 'rock'): Prop => ({ id, type, x, z, yaw: 0, scale: 1 });

describe('props and roads', () => {
  it('props on the road or within the clearance are cleared, the others kept', () => {
    const m = fitted();
    const k = Math.round(m.line.n / 3);
    const { x, z, tx, tz } = { x: m.line.x[k], z: m.line.z[k], tx: m.line.tx[k], tz: m.line.tz[k] };
    // Left of travel is (tz, −tx); a rock's footprint is ~0.6 m.
    const at = (d: number, id: string) => prop(id, x + tz * d, z - tx * d);
    const props = [at(0, 'middle'), at(3.5, 'edge'), at(-5.2, 'clearance'), at(9, 'verge'), prop('far', -120, 100)];
    const { kept, removed } = propsOnRoads(props, [m], 1);
    expect(removed.map((p) => p.id)).toEqual(['middle', 'edge', 'clearance']);
    expect(kept.map((p) => p.id)).toEqual(['verge', 'far']);
    expect(propsOnRoads(props, [m], 6).removed.map((p) => p.id)).toEqual(['middle', 'edge', 'clearance', 'verge']);
    expect(propsOnRoads(props, [], 1).removed).toEqual([]);
  });

  it('the nearest-centreline query agrees with a brute-force search', () => {
    const m = fitted();
    const near = new RoadProximity(m, 20);
    for (const [x, z] of [
      [-60, -30],
      [0, -35],
      [30, 0],
      [85, 60],
      [-100, -60],
    ]) {
      let best = Infinity;
      for (let k = 0; k < m.line.n; k++) best = Math.min(best, Math.hypot(m.line.x[k] - x, m.line.z[k] - z));
      const hit = near.nearest(x, z);
      if (best > 20 + m.line.ds) expect(hit).toBeNull();
      else {
        expect(hit).not.toBeNull();
        expect(hit!.distance).toBeLessThanOrEqual(best + 1e-9);
        expect(hit!.distance).toBeGreaterThan(best - m.line.ds);
      }
    }
  });

  it('scatter rules can exclude roads', () => {
    const m = fitted();
    const field = createHeightfield(ROAD_SIZE.width, ROAD_SIZE.depth, ROAD_SIZE.cellSize, evaluateStack([hills()], ROAD_SIZE)!);
    const options = { seed: 3, types: ['bush'], count: 400, spacing: 0 };
    const without = scatterProps(field, options).props;
    const on = (c: typeof without) =>
      Array.from({ length: c.count }, (_, k) => [c.x[k], c.z[k]]).filter(([x, z]) => new RoadProximity(m, 10).touches(x, z, 1)).length;
    expect(on(without)).toBeGreaterThan(0);
    const withRule = scatterProps(field, { ...options, exclude: roadExclusion([m], 1) }).props;
    expect(withRule.count).toBe(400);
    expect(on(withRule)).toBe(0);
  });

  it('places props along the road at a spacing on either side, beside the edge and facing along it', () => {
    const m = fitted();
    const posts = placeAlongRoad(m, { type: 'fence-post', spacing: 10, offset: 1.5, side: 'both' }, (k) => `post-${k}`);
    expect(posts.length).toBe(2 * Math.floor((m.line.length - 5) / 10 + 1));
    const near = new RoadProximity(m, 20);
    for (const post of posts) expect(near.nearest(post.x, post.z)!.distance).toBeCloseTo(4 + 1.5, 1);
    const [left, right] = posts;
    const k = Math.round(5 / m.line.ds);
    // Left of travel is (tz, −tx).
    expect((left.x - m.line.x[k]) * m.line.tz[k] - (left.z - m.line.z[k]) * m.line.tx[k]).toBeGreaterThan(0);
    expect((right.x - m.line.x[k]) * m.line.tz[k] - (right.z - m.line.z[k]) * m.line.tx[k]).toBeLessThan(0);
    expect(left.yaw).toBeCloseTo(Math.atan2(m.line.tx[k], m.line.tz[k]), 9);
    expect(placeAlongRoad(m, { type: 'rock', spacing: 25, offset: 0, side: 'left' }, String).length).toBe(Math.floor((m.line.length - 12.5) / 25 + 1));
    expect(() => placeAlongRoad(m, { type: 'rock', spacing: 0, offset: 0, side: 'left' }, String)).toThrow(/spacing must be a positive number/);
  });
});
