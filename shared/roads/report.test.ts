import { describe, expect, it } from 'vitest';
import { evaluateStack } from '../layers/evaluate';
import type { HeightsLayer, LayerSize, RoadLayer } from '../layers/types';
import { heightAt } from '../terrain/surface';
import { STOCK_CARS } from '../vehicle/physics/cars';
import { loadRapier } from '../vehicle/physics/rapier';
import { driveRoad } from './drive';
import { centrelineJson, centrelinePoints } from './export';
import { fitRoad } from './fittedRoad';
import type { RoadPoint } from './params';
import { fixCrests, gradeFlagAbove, reportCsv, reportJson, roadReport } from './report';
import { hills, ROAD_SIZE, roadLayer, S_CURVE } from './testing/terrain';

function shaped(road: RoadLayer, base: HeightsLayer = hills(), size: LayerSize = ROAD_SIZE) {
  const ground = evaluateStack([base], size)!;
  const out = evaluateStack([base, road], size)!;
  return { ground, out, fitted: fitRoad(road.params, ground, size) };
}

/** A map with one sharp ridge across it at x = 0. */
function ridge(size: LayerSize, height: number): HeightsLayer {
  const heights = new Float32Array(size.width * size.depth);
  for (let j = 0; j < size.depth; j++)
    for (let i = 0; i < size.width; i++) heights[j * size.width + i] = Math.max(0, height - Math.abs(i - (size.width - 1) / 2) * size.cellSize * 0.3);
  return { id: 'ground', name: 'Ground', enabled: true, opacity: 1, kind: 'heights', params: {}, heights };
}

describe('centreline export', () => {
  it('runs from the first control point to the last at ≤ 1 m, y on the shaped surface, in map and engine coordinates', () => {
    const { out, fitted } = shaped(roadLayer());
    const points = centrelinePoints(fitted, out, ROAD_SIZE);
    expect([points[0].x, points[0].z]).toEqual([S_CURVE[0].x, S_CURVE[0].z]);
    expect([points.at(-1)!.x, points.at(-1)!.z]).toEqual([S_CURVE.at(-1)!.x, S_CURVE.at(-1)!.z]);
    for (let n = 1; n < points.length; n++) expect(Math.hypot(points[n].x - points[n - 1].x, points[n].z - points[n - 1].z)).toBeLessThanOrEqual(1 + 1e-9);
    for (const p of points) {
      expect(p.y).toBe(heightAt({ ...ROAD_SIZE, heights: out }, p.x, p.z));
      expect(Math.hypot(...p.tangent)).toBeCloseTo(1, 9);
      expect(p.width).toBe(8);
    }
    const json = centrelineJson(fitted, out, ROAD_SIZE, 'Test road') as {
      points: { x: number; y: number; z: number }[];
      engines: Record<string, { points: { x: number; y: number; z: number; width: number }[] }>;
    };
    const k = 40;
    const p = json.points[k];
    expect(json.engines.unreal.points[k].x).toBeCloseTo(p.x * 100, 3);
    expect(json.engines.unreal.points[k].y).toBeCloseTo(p.z * 100, 3);
    expect(json.engines.unreal.points[k].z).toBeCloseTo(p.y * 100, 3);
    expect(json.engines.unreal.points[k].width).toBe(800);
    expect(json.engines.unity.points[k]).toMatchObject({ x: p.x, y: p.y, z: -p.z });
    expect(json.engines['godot-terrain3d'].points[k]).toMatchObject({ x: p.x, y: p.y, z: p.z });
    expect(json.engines['godot-hterrain'].points[k]).toMatchObject({ x: p.x, y: p.y, z: p.z });
  });
});

describe('road report', () => {
  it('gives every 10 m its grade, bank and radius, and flags radius below the design speed’s minimum', () => {
    const { out, fitted } = shaped(roadLayer(S_CURVE, { bank: 'auto', designSpeedKmh: 90 }));
    const report = roadReport(fitted, out, ROAD_SIZE);
    expect(report.segments.length).toBe(Math.ceil(fitted.line.length / 10 - 1e-9));
    expect(report.segments[0]).toMatchObject({ from: 0 });
    for (const s of report.segments) {
      expect(Math.abs(s.maxGradePct)).toBeLessThanOrEqual(gradeFlagAbove(10));
      expect(s.flags).not.toContain('grade');
    }
    // At 90 km/h the S-curve's bends (radius ~40 m) are far below the minimum radius (~330 m at this bank).
    expect(report.segments.some((s) => s.flags.includes('radius'))).toBe(true);
    const slow = roadReport(fitRoad({ ...fitted.params, designSpeedKmh: 20 }, evaluateStack([hills()], ROAD_SIZE)!, ROAD_SIZE), out, ROAD_SIZE);
    expect(slow.segments.some((s) => s.flags.includes('radius'))).toBe(false);
    const csv = reportCsv(report).split('\n');
    expect(csv[0]).toBe(
      'from_m,to_m,grade_pct,max_grade_pct,bank_deg,cross_slope_deg,radius_m,vertical_curvature,max_speed_ms,stopped,lifted_wheel,left_ground,' +
        'driven,flags,k_value,crest_k_needed,sag_k_needed,min_radius_m,water_m',
    );
    expect(csv.length).toBe(report.segments.length + 2);
    expect((reportJson(report, 'x') as { flagged: number }).flagged).toBeGreaterThan(0);
  });

  it('its standard and its CSV columns are the Green Book’s tables: R_min (3-7), sight distance (3-1), crest K (3-34), sag K (3-36)', () => {
    // Published design values at e_max 8 %: V → [R_min m, SSD m, crest K, sag K] (AASHTO 2011, metric).
    const tables: Record<number, [number, number, number, number]> = { 30: [20, 35, 2, 6], 60: [113, 85, 11, 18], 100: [394, 185, 52, 45] };
    const straight: RoadPoint[] = [
      { x: -150, z: -20 },
      { x: 150, z: 20 },
    ];
    // A bank of atan(8 %) is superelevation at e_max, so every segment's minimum radius is the table's.
    const bank = (Math.atan(0.08) * 180) / Math.PI;
    for (const [speed, [radius, sight, crest, sag]] of Object.entries(tables)) {
      const { out, fitted } = shaped(roadLayer(straight, { designSpeedKmh: Number(speed), eMaxPct: 8, bank }));
      const report = roadReport(fitted, out, ROAD_SIZE);
      const json = reportJson(report, 'x') as { standard: { minRadius: number; stoppingSightDistance: number; crestK: number; sagK: number } };
      expect(Math.abs(json.standard.minRadius - radius), `${speed} km/h R_min`).toBeLessThanOrEqual(0.5);
      expect(json.standard.stoppingSightDistance, `${speed} km/h SSD`).toBe(sight);
      // The tables give K computed to 0.1 and rounded up to the next whole number.
      for (const [k, table] of [
        [json.standard.crestK, crest],
        [json.standard.sagK, sag],
      ]) {
        expect(table - k, `${speed} km/h K`).toBeGreaterThan(-0.05);
        expect(table - k, `${speed} km/h K`).toBeLessThan(1);
      }
      const [header, ...rows] = reportCsv(report).trimEnd().split('\n');
      const column = (name: string) => header.split(',').indexOf(name);
      expect(rows.length).toBe(report.segments.length);
      for (const row of rows) {
        const cells = row.split(',');
        expect(Math.abs(Number(cells[column('min_radius_m')]) - radius), `${speed} km/h row R_min`).toBeLessThanOrEqual(0.5);
        expect(crest - Number(cells[column('crest_k_needed')])).toBeGreaterThan(-0.05);
        expect(crest - Number(cells[column('crest_k_needed')])).toBeLessThan(1);
        expect(sag - Number(cells[column('sag_k_needed')])).toBeGreaterThan(-0.05);
        expect(sag - Number(cells[column('sag_k_needed')])).toBeLessThan(1);
      }
    }
  });

  it('flags a blind crest (amber) where the vertical curve is sharper than table 3-34’s K, and a sag sharper than table 3-36’s', () => {
    // Two straight grades of ±6 % meet at a ridge (A = 12 %); a vertical curve of L metres has K = L / A.
    // At 80 km/h the Green Book's crest K is 26 and its sag K 30.
    const size = { width: 401, depth: 21, cellSize: 2 };
    const crestOrSag = (sign: number): HeightsLayer => {
      const heights = new Float32Array(size.width * size.depth);
      for (let j = 0; j < size.depth; j++) for (let i = 0; i < size.width; i++) heights[j * size.width + i] = 40 + sign * (24 - 0.06 * Math.abs(i - 200) * 2);
      return { id: 'ground', name: 'Ground', enabled: true, opacity: 1, kind: 'heights', params: {}, heights };
    };
    const points: RoadPoint[] = [
      { x: -390, z: 0 },
      { x: 390, z: 0 },
    ];
    const flagsWith = (sign: number, curve: number) => {
      const { out, fitted } = shaped(roadLayer(points, { designSpeedKmh: 80, maxGradePct: 30, verticalCurve: curve, maxCutFill: 100 }), crestOrSag(sign), size);
      const report = roadReport(fitted, out, size);
      const sharpest = report.segments.reduce((a, b) => (Math.abs(b.verticalCurvature) > Math.abs(a.verticalCurvature) ? b : a));
      return { flags: report.segments.flatMap((s) => s.flags), k: sharpest.kValue!, json: reportJson(report, 'x') as { warned: number; flagged: number } };
    };
    const blind = flagsWith(1, 200);
    expect(blind.flags).toContain('blindCrest');
    expect(blind.flags).not.toContain('sag');
    expect(Math.abs(blind.k - 200 / 12) / (200 / 12)).toBeLessThan(0.1);
    expect(blind.json.warned).toBeGreaterThan(0);
    expect(blind.json.flagged).toBe(0);
    expect(flagsWith(1, 480).flags).not.toContain('blindCrest');
    expect(flagsWith(-1, 240).flags).toContain('sag');
    expect(flagsWith(-1, 480).flags).not.toContain('sag');
  });

  it('flags a crest that launches the car at the design speed, and a longer vertical curve fixes it', () => {
    const size = { width: 161, depth: 41, cellSize: 2 };
    const points: RoadPoint[] = [
      { x: -140, z: 0 },
      { x: 140, z: 0 },
    ];
    const base = ridge(size, 25);
    const road: RoadLayer = { ...roadLayer(points, { maxGradePct: 30, verticalCurve: 4, designSpeedKmh: 120, maxCutFill: 100 }) };
    const { out, fitted } = shaped(road, base, size);
    expect(roadReport(fitted, out, size).segments.some((s) => s.flags.includes('crest'))).toBe(true);
    const below = evaluateStack([base], size)!;
    const params = fixCrests(road.params, below, size, (p) => evaluateStack([base, { ...road, params: p }], size)!);
    expect(params.verticalCurve).toBeGreaterThan(road.params.verticalCurve);
    const again = shaped({ ...road, params }, base, size);
    expect(roadReport(again.fitted, again.out, size).segments.some((s) => s.flags.includes('crest'))).toBe(false);
  });

  it('drives the road with the physics car and the autopilot: speeds per segment, to the end', async () => {
    const rapier = await loadRapier();
    const road = roadLayer(
      [
        { x: -100, z: -20 },
        { x: -30, z: 0 },
        { x: 40, z: -10 },
        { x: 100, z: 20 },
      ],
      { designSpeedKmh: 30 },
    );
    const { out, fitted } = shaped(road);
    const result = driveRoad(rapier, { ...ROAD_SIZE, heights: out }, fitted, { spec: STOCK_CARS.hatchback });
    expect(result.reachedEnd).toBe(true);
    const report = roadReport(fitted, out, ROAD_SIZE, result);
    expect(report.reachedEnd).toBe(true);
    const speeds = report.segments.map((s) => s.maxSpeed ?? 0);
    expect(Math.max(...speeds)).toBeGreaterThan(5);
    expect(Math.max(...speeds)).toBeLessThan(30 / 3.6 + 2);
    expect(report.segments.filter((s) => s.maxSpeed !== null).length).toBeGreaterThan(report.segments.length * 0.8);
  }, 60_000);
});
