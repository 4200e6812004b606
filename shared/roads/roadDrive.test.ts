import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateStack } from '../layers/evaluate';
import type { HeightsLayer, LayerSize, RoadLayer } from '../layers/types';
import { STOCK_CAR_IDS, STOCK_CARS } from '../vehicle/physics/cars';
import { driveTimeLimit } from '../vehicle/physics/driveEnd';
import { loadRapier, type Rapier } from '../vehicle/physics/rapier';
import { driveRoad } from './drive';
import { fitRoad } from './fittedRoad';
import { reportJson, roadReport } from './report';
import { hills, roadLayer } from './testing/terrain';

let R: Rapier;
beforeAll(async () => {
  R = await loadRapier();
});

const SIZE: LayerSize = { width: 257, depth: 257, cellSize: 1 };
const flat = (): HeightsLayer => ({
  id: 'ground',
  name: 'Ground',
  enabled: true,
  opacity: 1,
  kind: 'heights',
  params: {},
  heights: new Float32Array(SIZE.width * SIZE.depth),
});

function shaped(road: RoadLayer, base: HeightsLayer) {
  const below = evaluateStack([base], SIZE)!;
  const heights = evaluateStack([base, road], SIZE)!;
  return { field: { ...SIZE, heights }, model: fitRoad(road.params, below, SIZE) };
}

/** Five quick clicks: a zig-zag whose bends are 10–20 m in radius, at the default 60 km/h design speed. */
const FIVE_CLICKS = [
  { x: -90, z: -90 },
  { x: -40, z: -60 },
  { x: -60, z: -10 },
  { x: -10, z: 10 },
  { x: -30, z: 60 },
];

describe('driving a road to its end, or to a reason', () => {
  it('starts with its wheels down: no segment is flagged on a straight road over flat ground', () => {
    const { field, model: fitted } = shaped(
      roadLayer([
        { x: -100, z: 0 },
        { x: 100, z: 0 },
      ]),
      flat(),
    );
    const result = driveRoad(R, field, fitted, { spec: STOCK_CARS.hatchback });
    expect(result.rows[0].airborne).toBe(0);
    const report = roadReport(fitted, field.heights, field, result);
    expect(report.reachedEnd).toBe(true);
    expect(report.segments[0].flags).toEqual([]);
    expect(report.segments[0].leftGround).toBe(false);
    expect(report.segments.filter((s) => s.flags.length > 0)).toEqual([]);
  }, 60_000);

  it.each(STOCK_CAR_IDS)(
    '%s: a five-click road with 10–20 m bends at 60 km/h ends upright, within its time bound, saying how',
    (id) => {
      const road = roadLayer(FIVE_CLICKS, { designSpeedKmh: 60 });
      const { field, model: fitted } = shaped(road, hills(SIZE));
      const geometry = roadReport(fitted, field.heights, field);
      expect(geometry.segments.some((s) => s.radius !== null && s.radius <= 20)).toBe(true);
      expect(geometry.segments.some((s) => s.flags.includes('radius'))).toBe(true);
      const result = driveRoad(R, field, fitted, { spec: STOCK_CARS[id] });
      const end = result.end!;
      expect(end).toBeDefined();
      expect(end.t).toBeLessThanOrEqual(driveTimeLimit(fitted.line.length));
      // Never on its side: the roll stayed under 60° the whole way.
      expect(Math.max(...result.rows.map((r) => Math.abs(r.roll)))).toBeLessThan((60 * Math.PI) / 180);
      expect(end.reason).toBe('arrived');
      const report = roadReport(fitted, field.heights, field, result);
      const json = reportJson(report, 'Five clicks') as { drive: { ended: string; cut: boolean; summary: string } };
      expect(json.drive.ended).toBe('arrived');
      expect(json.drive.cut).toBe(false);
      expect(report.segments.every((s) => s.driven)).toBe(true);
    },
    60_000,
  );
});
