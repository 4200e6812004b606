import { describe, expect, it } from 'vitest';
import { evaluateStack } from '../layers/evaluate';
import type { HeightsLayer, LayerSize } from '../layers/types';
import { fitRoad, terrainProblem } from './fittedRoad';
import { roadParams, type RoadPoint } from './params';
import { roadReport } from './report';
import { routeRoad, routeStep, type RouteRequest } from './route';
import { routeBlockedCells } from './routeAvoid';
import { routeLimits } from './routeLimits';
import { propsOnRoads } from './props';
import { cone, escarpment, plane, wall } from './testing/routeTerrain';
import { hills, roadLayer } from './testing/terrain';

type Design = { maxGradePct: number; designSpeedKmh: number };

function route(base: HeightsLayer, size: LayerSize, waypoints: RouteRequest['waypoints'], design: Design, extra: Partial<RouteRequest> = {}) {
  const ground = evaluateStack([base], size)!;
  return routeRoad({ heights: ground, size, waypoints, limits: routeLimits(design), width: 8, ...extra });
}

/** The routed road built and shaped on the map: the fitted road, its report and its terrain check. */
function shapedRoad(base: HeightsLayer, size: LayerSize, points: RoadPoint[], design: Design) {
  const road = roadLayer(points, design);
  const ground = evaluateStack([base], size)!;
  const fitted = fitRoad(road.params, ground, size);
  const report = roadReport(fitted, evaluateStack([base, road], size)!, size);
  return { fitted, report, problem: terrainProblem(fitted) };
}

const flagged = (report: ReturnType<typeof roadReport>, flag: 'grade' | 'radius') =>
  report.segments
    .filter((s) => s.flags.includes(flag))
    .map((s) => `${Math.round(s.from)} m: grade ${s.maxGradePct.toFixed(1)} %, radius ${s.radius?.toFixed(1)}`);

describe('road router', () => {
  // 120 m at 60 % is 200 m of slope; a road at 8 % needs at least 120 / 0.08 = 1500 m to climb it.
  const wide: LayerSize = { width: 1281, depth: 321, cellSize: 4 };
  const mountain: Design = { maxGradePct: 8, designSpeedKmh: 30 };
  const start = { x: 0, z: -400 };
  const end = { x: 0, z: 400 };

  it('climbs a 120 m, 60 % escarpment at 8 % with switchbacks; its own report flags no grade or radius', () => {
    const base = escarpment(wide);
    // Drawn straight up the face the road is refused: it would need far more cut and fill than allowed.
    expect(shapedRoad(base, wide, [start, end], mountain).problem).toMatch(/too steep for a 8 % maximum grade/);
    const result = route(base, wide, [start, end], mountain);
    if (!result.ok) throw new Error(result.problem);
    expect(result.points[0]).toEqual(start);
    expect(result.points.at(-1)).toEqual(end);
    const { fitted, report, problem } = shapedRoad(base, wide, result.points, mountain);
    expect(problem).toBeNull();
    expect(flagged(report, 'grade')).toEqual([]);
    expect(flagged(report, 'radius')).toEqual([]);
    expect(fitted.line.length).toBeGreaterThan(120 / 0.08);
    // Switchbacks: the road runs both ways across the face, east and west.
    const { tx } = fitted.line;
    expect(Math.max(...tx)).toBeGreaterThan(0.95);
    expect(Math.min(...tx)).toBeLessThan(-0.95);
  });

  it('is deterministic: the same ask gives the same points', () => {
    const size: LayerSize = { width: 201, depth: 201, cellSize: 4 };
    const base = cone(size, 80, 0.4, 240);
    const ask: RouteRequest['waypoints'] = [
      { x: -350, z: -350 },
      { x: 0, z: 0 },
    ];
    expect(route(base, size, ask, mountain)).toEqual(route(base, size, ask, mountain));
  });

  it('winds up a cone to its flat top at 8 % (a 40 % cone, 80 m high, 240 m across the top), report clean', () => {
    const size: LayerSize = { width: 201, depth: 201, cellSize: 4 };
    const base = cone(size, 80, 0.4, 240);
    const result = route(
      base,
      size,
      [
        { x: -350, z: -350 },
        { x: 0, z: 0 },
      ],
      mountain,
    );
    if (!result.ok) throw new Error(result.problem);
    const { fitted, report, problem } = shapedRoad(base, size, result.points, mountain);
    expect(problem).toBeNull();
    expect(flagged(report, 'grade')).toEqual([]);
    expect(flagged(report, 'radius')).toEqual([]);
    expect(fitted.line.length).toBeGreaterThan(80 / 0.08);
  });

  it('crosses rolling hills at the default 10 % and 30 km/h through a via point, report clean', () => {
    const design: Design = { maxGradePct: 10, designSpeedKmh: 30 };
    const size: LayerSize = { width: 401, depth: 401, cellSize: 2 };
    const base = hills(size);
    const via = { x: 0, z: 150 };
    const result = route(base, size, [{ x: -300, z: -250 }, via, { x: 300, z: -250 }], design);
    if (!result.ok) throw new Error(result.problem);
    expect(result.points).toContainEqual(via);
    const { report, problem } = shapedRoad(base, size, result.points, design);
    expect(problem).toBeNull();
    expect(flagged(report, 'grade')).toEqual([]);
    expect(flagged(report, 'radius')).toEqual([]);
  });

  it('keeps off blocked cells (water): the road goes round a lake between the points', () => {
    const size: LayerSize = { width: 161, depth: 161, cellSize: 2 };
    const base = hills(size, 0);
    const blocked = new Uint8Array(size.width * size.depth);
    const lake = (x: number, z: number) => Math.hypot(x, z) < 40;
    for (let j = 0; j < size.depth; j++) for (let i = 0; i < size.width; i++) blocked[j * size.width + i] = lake((i - 80) * 2, (j - 80) * 2) ? 1 : 0;
    const result = route(
      base,
      size,
      [
        { x: -120, z: 0 },
        { x: 120, z: 0 },
      ],
      { maxGradePct: 10, designSpeedKmh: 30 },
      { blocked },
    );
    if (!result.ok) throw new Error(result.problem);
    const { fitted } = shapedRoad(base, size, result.points, { maxGradePct: 10, designSpeedKmh: 30 });
    for (let k = 0; k < fitted.line.n; k++) expect(lake(fitted.line.x[k], fitted.line.z[k])).toBe(false);
  });

  it('avoiding water and props (routeBlockedCells): the road’s whole width keeps off a lake, and no prop stands on it', () => {
    const size: LayerSize = { width: 161, depth: 161, cellSize: 2 };
    const base = hills(size, 0);
    const ends = [
      { x: -120, z: 0 },
      { x: 120, z: 0 },
    ];
    const design = { maxGradePct: 10, designSpeedKmh: 30 };
    // A lake of 30 m radius at the map's centre, and a row of rocks across the straight line east of it.
    const lake = (x: number, z: number) => Math.hypot(x, z) < 30;
    const waterDepth = new Float32Array(size.width * size.depth);
    for (let j = 0; j < size.depth; j++) for (let i = 0; i < size.width; i++) waterDepth[j * size.width + i] = lake((i - 80) * 2, (j - 80) * 2) ? 1.5 : 0;
    const props = [-30, -20, -10, 0, 10, 20, 30].map((z, n) => ({ id: `rock-${n}`, type: 'rock', x: 60, z, yaw: 0, scale: 1 }));
    // Without avoiding, the road runs through the rocks: some would be cleared when it is made.
    const plain = route(base, size, ends, design);
    if (!plain.ok) throw new Error(plain.problem);
    expect(propsOnRoads(props, [shapedRoad(base, size, plain.points, design).fitted]).removed.length).toBeGreaterThan(0);
    const result = route(base, size, ends, design, { blocked: routeBlockedCells(size, { waterDepth, props }) });
    if (!result.ok) throw new Error(result.problem);
    const { fitted, report } = shapedRoad(base, size, result.points, design);
    expect(propsOnRoads(props, [fitted]).removed).toEqual([]);
    // Both edges of the surface, not only the centreline, stay dry.
    const line = fitted.line;
    for (let k = 0; k < line.n; k++)
      for (const side of [-1, 0, 1]) {
        const half = (side * line.width[k]) / 2;
        expect(lake(line.x[k] + line.tz[k] * half, line.z[k] - line.tx[k] * half), `station ${k}`).toBe(false);
      }
    expect(flagged(report, 'grade')).toEqual([]);
    expect(flagged(report, 'radius')).toEqual([]);
    // Nothing to avoid: no mask at all (the search is the plain one).
    expect(routeBlockedCells(size, { waterDepth: null, props: [] })).toBeUndefined();
    // An end on the water: refused, naming it.
    const wet = route(base, size, [ends[0], { x: 0, z: 0 }], design, { blocked: routeBlockedCells(size, { waterDepth }) });
    expect(wet).toMatchObject({ ok: false, problem: 'the end (0, 0) is on water or by a prop the route avoids' });
  });

  it('refuses an impossible ask with the reason: a 30 m wall across the whole map', () => {
    const size: LayerSize = { width: 101, depth: 101, cellSize: 4 };
    const result = route(
      wall(size, 30),
      size,
      [
        { x: 0, z: -150 },
        { x: 0, z: 150 },
      ],
      mountain,
    );
    expect(result).toEqual({
      ok: false,
      problem: expect.stringMatching(
        /^no route from the start \(0, -150\) to the end \(0, 150\) stays within a 8 % grade and bends of at least 25\.3 m inside the map/,
      ),
    });
  });

  it('uses AASHTO’s minimum radius on a flat road for the design speed: V² / (127 f_max), 25.3 m at 30 km/h', () => {
    // Green Book 2011 table 3-7: f_max = 0.28 at 30 km/h; 30² / (127 × 0.28) = 25.31 m at e = 0.
    expect(routeLimits(mountain).minRadius).toBeCloseTo(900 / (127 * 0.28), 6);
    expect(roadParams([]).maxGradePct).toBe(10);
  });

  describe('does not waver: a run is straight', () => {
    const size: LayerSize = { width: 401, depth: 401, cellSize: 2 };

    it('across a uniform slope where the straight line is within the grade, the centreline is that line', () => {
      // On a plane a piece's cost per metre, 1 + k·|side slope|, is a norm of its direction (and there is no cut
      // or fill while the grade is met), so the straight line between the ends is allowed and no dearer than
      // any other way: nothing but rounding may take the road off it. The angles lie between the search's
      // headings (a multiple of 5.625° at 30 km/h), where it alternated and swerved: 9.5–47 m off the line before.
      for (const [degrees, slope] of [
        [3, 0.3],
        [8.4, 0.2],
        [20, 0.15],
        [33, 0.1],
      ] as const) {
        const along = { x: Math.cos((degrees * Math.PI) / 180), z: Math.sin((degrees * Math.PI) / 180) };
        const ends = [
          { x: -300 * along.x, z: -300 * along.z },
          { x: 300 * along.x, z: 300 * along.z },
        ];
        const base = plane(size, 0, slope);
        const result = route(base, size, ends, mountain);
        if (!result.ok) throw new Error(result.problem);
        const { fitted, report } = shapedRoad(base, size, result.points, mountain);
        const line = fitted.line;
        let off = 0;
        let sharpest = 0;
        for (let k = 0; k < line.n; k++) {
          off = Math.max(off, Math.abs((line.x[k] - ends[0].x) * along.z - (line.z[k] - ends[0].z) * along.x));
          sharpest = Math.max(sharpest, Math.abs(line.curvature[k]));
        }
        expect(off, `${degrees}°`).toBeLessThan(0.01);
        expect(sharpest, `${degrees}°`).toBeLessThan(1e-4);
        expect(flagged(report, 'grade')).toEqual([]);
      }
    });

    it('up a uniform 25 % slope at 8 %: between its hairpins the road turns by less than one of the search’s fine headings', () => {
      // The search's smallest turn is one fine heading (5.625° at 30 km/h): a run that alternates between two
      // headings turns at least twice that, there and back. Before: 14.3° of turning and 1.95 m off its chord
      // within one run.
      const base = plane(size, 0, 0.25);
      const result = route(
        base,
        size,
        [
          { x: -100, z: -100 },
          { x: 60, z: 100 },
        ],
        mountain,
      );
      if (!result.ok) throw new Error(result.problem);
      const { fitted, report } = shapedRoad(base, size, result.points, mountain);
      expect(flagged(report, 'grade')).toEqual([]);
      expect(flagged(report, 'radius')).toEqual([]);
      const line = fitted.line;
      const fine = (2 * Math.PI) / routeStep(routeLimits(mountain).minRadius, size.cellSize).fine;
      // Bends: stations turning one way (|curvature| over 1/1000 m), gaps under 20 m within one bend.
      const bends: { sign: number; turn: number; from: number; to: number }[] = [];
      for (let k = 0; k < line.n; k++) {
        const c = line.curvature[k];
        if (Math.abs(c) <= 1e-3) continue;
        const last = bends.at(-1);
        if (last && last.sign === Math.sign(c) && (k - last.to) * line.ds < 20) {
          last.turn += Math.abs(c) * line.ds;
          last.to = k;
        } else bends.push({ sign: Math.sign(c), turn: Math.abs(c) * line.ds, from: k, to: k });
      }
      const turns = bends.filter((b) => b.turn > fine);
      // A hairpin at least: the road cannot climb 50 m at 8 % in one run across a map 800 m wide.
      expect(turns.some((b) => b.turn > Math.PI / 2)).toBe(true);
      for (let q = 0; q + 1 < turns.length; q++) {
        const [from, to] = [turns[q].to, turns[q + 1].from];
        let turned = 0;
        let off = 0;
        const length = Math.hypot(line.x[to] - line.x[from], line.z[to] - line.z[from]);
        for (let k = from + 1; k < to; k++) {
          turned += Math.abs(line.curvature[k]) * line.ds;
          const across = (line.x[k] - line.x[from]) * (line.z[to] - line.z[from]) - (line.z[k] - line.z[from]) * (line.x[to] - line.x[from]);
          off = Math.max(off, Math.abs(across) / length);
        }
        expect(turned, `run ${q + 1}, ${Math.round(from * line.ds)}–${Math.round(to * line.ds)} m`).toBeLessThan(fine);
        expect(off, `run ${q + 1}`).toBeLessThan(0.5);
      }
    });
  });
});
