import { describe, expect, it } from 'vitest';
import { compileProject, parseProject } from '../codecs/project';
import { evaluateWater } from '../hydrology/water';
import { DEFAULT_WATER_PARAMS } from '../hydrology/waterParams';
import { evaluateStack } from '../layers/evaluate';
import { StackEvaluator } from '../layers/incremental';
import { riverKind } from '../layers/kinds/river';
import { addSculptDeltas, unionRect } from '../layers/kinds/sculpt';
import { stackFromJson, stackToJson } from '../layers/json';
import type { Layer, RiverLayer, SculptLayer } from '../layers/types';
import { stackProblem } from '../layers/validate';
import { createHeightfield } from '../terrain/heightfield';
import { joinedSurface, riverWater } from './carve';
import { riverCentrelineJson } from './export';
import { fitRiver, riverTerrainProblem } from './fittedRiver';
import { bumpGround, bumpSurface, heightsOf, RIVER_SIZE, riverLayer } from './testing/terrain';

const SIZE = RIVER_SIZE;
const ground = heightsOf(SIZE, (x) => bumpGround(x));
const ACROSS_THE_BUMP = [
  { x: -56, z: 0 },
  { x: 56, z: 0 },
];
const centreRow = (SIZE.depth - 1) / 2;
const xOf = (i: number) => (i - (SIZE.width - 1) / 2) * SIZE.cellSize;
const bytes = (a: Float32Array | null) => (a ? new Uint8Array(a.buffer.slice(a.byteOffset, a.byteOffset + a.byteLength)) : null);

describe('a drawn river on adverse terrain (a bump across its path)', () => {
  const river = riverLayer(ACROSS_THE_BUMP, { width: 4, depth: 1, falloff: 2, maxCut: 5 });
  const fitted = fitRiver(river.params, ground.heights, SIZE);
  const carved = evaluateStack([ground, river], SIZE)!;

  it('its surface is the running minimum of the ground from the source: level across the bump, never rising', () => {
    const { line, surface } = fitted;
    for (let k = 0; k < line.n; k++) {
      const x = line.x[k];
      // Away from the bump's turns the stations follow the closed form exactly; near them a station's
      // sample of the minimum is at most the steepest ground (0.6 m/m) times a station's spacing above it.
      if (Math.abs(x) > 9) expect(surface[k]).toBeCloseTo(bumpSurface(x), 5);
      else expect(Math.abs(surface[k] - bumpSurface(x))).toBeLessThanOrEqual(0.6 * line.ds);
      if (k > 0) expect(surface[k]).toBeLessThanOrEqual(surface[k - 1]);
    }
    // Level across the bump, at its foot's height (0.8 m) to within the fall over one station.
    const level = surface[Math.round((56 - 7) / line.ds)];
    expect(level - 0.8).toBeGreaterThanOrEqual(-1e-6);
    expect(level - 0.8).toBeLessThanOrEqual(0.1 * line.ds);
    for (let k = 0; k < line.n; k++) if (line.x[k] >= -7 && line.x[k] <= 4) expect(surface[k]).toBe(level);
  });

  it('carves its bed the depth below that surface through the bump; its water surface per vertex never rises downstream', () => {
    const water = riverWater(fitted, ground.heights, carved, SIZE);
    const level = fitted.surface[Math.round((56 - 7) / fitted.line.ds)];
    let previous = Infinity;
    for (let i = 0; i < SIZE.width; i++) {
      const x = xOf(i);
      if (Math.abs(x) > 55) continue;
      const k = centreRow * SIZE.width + i;
      const expected = Math.abs(x) > 9 ? bumpSurface(x) : x >= -7 && x <= 4 ? level : null;
      if (expected !== null) {
        expect(carved[k]).toBeCloseTo(expected - 1, 4);
        expect(water.surface[k]).toBeCloseTo(expected, 4);
        expect(water.depth[k]).toBeCloseTo(1, 4);
      }
      expect(water.surface[k]).toBeLessThanOrEqual(previous);
      previous = water.surface[k];
    }
    // Through the bump's top the bed lies more than 4 m below the ground it was.
    const top = centreRow * SIZE.width + (SIZE.width - 1) / 2;
    expect(ground.heights[top] - carved[top]).toBeGreaterThan(4);
  });

  it('only cuts, within the bank slope limit, and leaves the land it does not reach bit for bit', () => {
    const tanLimit = Math.tan((30 * Math.PI) / 180);
    // Without graded tributaries the river reaches no further than its bank (their 40 m would reach
    // across this 32 m map); the bump's feet are creases across the bank that the key grades.
    const bankOnly: RiverLayer = { ...river, params: { ...river.params, gradeTributaries: false } };
    const carved = evaluateStack([ground, bankOnly], SIZE)!;
    const box = riverKind.bounds!(bankOnly, SIZE)!;
    let untouched = 0;
    for (let j = 0; j < SIZE.depth; j++) {
      for (let i = 0; i < SIZE.width; i++) {
        const k = j * SIZE.width + i;
        expect(carved[k]).toBeLessThanOrEqual(ground.heights[k]);
        // The ground has no slope across the river (along z): any there is the bank's.
        if (j > 0) expect(Math.abs(carved[k] - carved[k - SIZE.width])).toBeLessThanOrEqual(tanLimit * SIZE.cellSize * (1 + 1e-6));
        const inside = i >= box.i0 && i < box.i1 && j >= box.j0 && j < box.j1;
        if (!inside) {
          expect(Object.is(carved[k], ground.heights[k])).toBe(true);
          untouched++;
        }
      }
    }
    expect(untouched).toBeGreaterThan(0);
  });

  it('refuses a bed deeper than the limit below the ground, naming the depth and where', () => {
    // At the bump's top (x = 0, 56 m from the source) the ground is 4 m, the surface 0.8 m, the bed 1 m lower: 4.2 m of cut.
    expect(riverTerrainProblem(fitted)).toBeNull();
    const shallow = fitRiver({ ...river.params, maxCut: 3 }, ground.heights, SIZE);
    expect(riverTerrainProblem(shallow)).toMatch(/^the bed would lie 4\.[12] m below the ground 5[56] m from the source, deeper than the limit \(maxCut 3 m\)/);
  });
});

describe('a river that meets a lake', () => {
  // A plane falling towards +x with a conical pit 3 m deep, 6 m in radius, at x = 40: its spill
  // point is the pit's downhill rim (x = 46), −4.6 m, the lake's level.
  const pit = heightsOf(SIZE, (x, z) => -0.1 * x - Math.max(0, 3 - 0.5 * Math.hypot(x - 40, z)));
  const river = riverLayer(
    [
      { x: -50, z: 0 },
      { x: 40, z: 0 },
    ],
    { width: 2, depth: 0.5, falloff: 1 },
  );

  it('ends at the lake level, and its surface never rises on the way', () => {
    const out = new Float32Array(pit.heights.length);
    const lakes = evaluateWater(SIZE, pit.heights, out, { ...DEFAULT_WATER_PARAMS, riverArea: 1e12, minLakeArea: 0 })!;
    const mouth = centreRow * SIZE.width + (SIZE.width - 1) / 2 + 40;
    expect(lakes.surface[mouth]).toBeCloseTo(-4.6, 5);
    const fitted = fitRiver(river.params, out, SIZE);
    const surface = joinedSurface(fitted, SIZE, lakes.surface);
    expect(surface[fitted.line.n - 1]).toBeCloseTo(-4.6, 5);
    // Its own surface would have gone on down into the pit, to its floor.
    expect(fitted.surface[fitted.line.n - 1]).toBeCloseTo(-7, 4);
    for (let k = 1; k < fitted.line.n; k++) expect(surface[k]).toBeLessThanOrEqual(surface[k - 1]);
    const carved = evaluateStack([{ ...pit, heights: out }, river], SIZE)!;
    const water = riverWater(fitted, out, carved, SIZE, lakes.surface);
    expect(water.surface[mouth]).toBeCloseTo(-4.6, 5);
    expect(water.depth[mouth]).toBeCloseTo(-4.6 - carved[mouth], 5);
  });

  it('a river that crosses the automatic network takes its surface there and falls below it past it', () => {
    const fitted = fitRiver(riverLayer(ACROSS_THE_BUMP, { width: 4, depth: 1 }).params, ground.heights, SIZE);
    // A stream across the map at x = 20 … 22 whose surface stands 1.5 m (the river's own is −2 m there).
    const below = new Float32Array(SIZE.width * SIZE.depth).fill(NaN);
    for (let j = 0; j < SIZE.depth; j++) for (let i = 0; i < SIZE.width; i++) if (xOf(i) >= 20 && xOf(i) <= 22) below[j * SIZE.width + i] = 1.5;
    const surface = joinedSurface(fitted, SIZE, below);
    const at = (x: number) => surface[Math.round((x + 56) / fitted.line.ds)];
    expect(at(21)).toBe(1.5);
    // Backwater up its channel while its own surface is lower than the stream's: level at 1.5 m.
    expect(at(10)).toBe(1.5);
    expect(at(-20)).toBeCloseTo(2, 1);
    expect(at(40)).toBeCloseTo(-4, 1);
    for (let k = 1; k < fitted.line.n; k++) expect(surface[k]).toBeLessThanOrEqual(surface[k - 1]);
  });
});

describe('the river layer', () => {
  const sculpt = (id: string): SculptLayer => ({ id, name: id, enabled: true, opacity: 1, kind: 'sculpt', params: {}, tiles: [] });

  it('is incremental: a point moved and a sculpt stroke below it re-evaluate to the bytes of an evaluation from scratch', () => {
    const stack: Layer[] = [
      ground,
      sculpt('below'),
      riverLayer(
        [
          { x: -56, z: -6 },
          { x: 0, z: 4 },
          { x: 56, z: 0 },
        ],
        { width: 4, depth: 1 },
      ),
      sculpt('above'),
    ];
    const scratch = () => bytes(evaluateStack(stack, SIZE));
    const evaluator = new StackEvaluator(SIZE);
    expect(bytes(evaluator.evaluate(stack))).toEqual(scratch());
    const old = stack[2] as RiverLayer;
    const next: RiverLayer = { ...old, params: { ...old.params, points: old.params.points.map((p, n) => (n === 1 ? { x: 6, z: -5 } : p)) } };
    stack[2] = next;
    const rect = unionRect(riverKind.bounds!(old, SIZE), riverKind.bounds!(next, SIZE))!;
    expect(bytes(evaluator.evaluateRect(stack, 2, rect))).toEqual(scratch());
    expect(evaluator.stats.wholeLayers).toBe(0);
    // A stroke below the river, upstream on its path: its surface downstream follows.
    const strokeRect = { i0: 20, j0: 10, i1: 30, j1: 20 };
    addSculptDeltas(stack[1] as SculptLayer, SIZE, strokeRect, (i, j) => -2 + Math.sin(i + j));
    const after = evaluator.evaluateRect(stack, 1, strokeRect);
    expect(bytes(after)).toEqual(scratch());
    const untouched = evaluateStack(
      stack.filter((layer) => layer.id !== 'below'),
      SIZE,
    )!;
    // Outside the stroke, downstream (x = −30 m), the bed is lower than without the stroke.
    const column = (heights: Float32Array) => Math.min(...Array.from({ length: SIZE.depth }, (_, j) => heights[j * SIZE.width + (SIZE.width - 1) / 2 - 30]));
    expect(column(after!)).toBeLessThan(column(untouched) - 0.5);
  });

  it('is an ordinary layer: off gives the land below, opacity mixes it', () => {
    const river = riverLayer(ACROSS_THE_BUMP, { width: 4, depth: 1 });
    expect(bytes(evaluateStack([ground, { ...river, enabled: false }], SIZE))).toEqual(bytes(ground.heights));
    const full = evaluateStack([ground, river], SIZE)!;
    const half = evaluateStack([ground, { ...river, opacity: 0.5 }], SIZE)!;
    const k = centreRow * SIZE.width + (SIZE.width - 1) / 2;
    expect(half[k]).toBeCloseTo((full[k] + ground.heights[k]) / 2, 5);
    // A height mask: the river acts only where the ground it receives is below 1 m (downstream of the bump).
    const masked = evaluateStack([ground, { ...river, mask: { kind: 'height', min: -100, max: 1, softness: 0 } }], SIZE)!;
    const upstream = centreRow * SIZE.width + (SIZE.width - 1) / 2 - 40;
    const downstream = centreRow * SIZE.width + (SIZE.width - 1) / 2 + 40;
    expect(masked[upstream]).toBe(ground.heights[upstream]);
    expect(masked[downstream]).toBe(full[downstream]);
    expect(full[upstream]).toBeLessThan(ground.heights[upstream]);
  });

  it('is saved in the project and replays the same bytes', () => {
    const stack: Layer[] = [
      ground,
      riverLayer(
        [
          { x: -56, z: -6, depth: 2 },
          { x: 0, z: 4, width: 9 },
          { x: 56, z: 0 },
        ],
        { width: 4, depth: 1 },
      ),
    ];
    const heights = evaluateStack(stack, SIZE)!;
    const file = compileProject({
      field: createHeightfield(SIZE.width, SIZE.depth, SIZE.cellSize, heights.slice()),
      recipe: null,
      history: [],
      props: [],
      view: {},
      layers: stack,
    });
    const read = parseProject(file, 'river.faultline');
    expect(read.layerStatus?.problem ?? null).toBeNull();
    expect(read.layers).toEqual(stack);
    expect(bytes(evaluateStack(read.layers!, read.field))).toEqual(bytes(heights));
  });

  it('names the layer and the problem: too few points, leaving the map, not a number, a bed deeper than the limit', () => {
    const problem = (river: RiverLayer) => stackProblem([ground, river], SIZE);
    expect(problem(riverLayer(ACROSS_THE_BUMP))).toBeNull();
    expect(problem(riverLayer([{ x: 0, z: 0 }]))).toBe('layer 2 "Test river" (river): a river needs at least two points (its source and its mouth)');
    expect(
      problem(
        riverLayer([
          { x: 0, z: 0 },
          { x: 90, z: 0 },
        ]),
      ),
    ).toMatch(/^layer 2 "Test river" \(river\): point 2 \(90, 0\) is off the map/);
    expect(
      problem(
        riverLayer([
          { x: 0, z: -10 },
          { x: 62, z: 15 },
          { x: 0, z: 15 },
        ]),
      ),
    ).toMatch(/^layer 2 "Test river" \(river\): the river leaves the map \d+ m along the river/);
    expect(
      problem(
        riverLayer([
          { x: 0, z: NaN },
          { x: 10, z: 0 },
        ]),
      ),
    ).toBe('layer 2 "Test river" (river): point 1 must be { "x", "z" } in metres');
    expect(problem(riverLayer(ACROSS_THE_BUMP, { depth: 12 }))).toBe('layer 2 "Test river" (river): a bed 12 m deep is deeper than the limit (maxCut 10 m)');
    expect(
      problem(
        riverLayer([
          { x: 0, z: 0, depth: 30 },
          { x: 10, z: 0 },
        ]),
      ),
    ).toBe('layer 2 "Test river" (river): point 1: a bed 30 m deep is deeper than the limit (maxCut 10 m)');
    // From a file: 1e999 is JSON for Infinity.
    const json = stackToJson([ground, riverLayer(ACROSS_THE_BUMP)]);
    const text = JSON.stringify(json.json).replace('"x":-56', '"x":1e999');
    expect(stackFromJson(JSON.parse(text), json.blobs, SIZE)).toEqual({
      ok: false,
      problem: 'layer 2 "Test river" (river): point 1 must be { "x", "z" } in metres',
    });
  });
});

describe('the river centreline for exports', () => {
  it("runs from the source to the mouth at ≤ 1 m on its water surface, in map and every engine's coordinates", () => {
    const fitted = fitRiver(riverLayer(ACROSS_THE_BUMP, { width: 4, depth: 1 }).params, ground.heights, SIZE);
    const json = riverCentrelineJson(fitted, 'Mill river') as {
      points: { x: number; y: number; z: number; depth: number; width: number }[];
      engines: Record<string, { points: unknown[] }>;
    };
    const { points } = json;
    expect([points[0].x, points.at(-1)!.x]).toEqual([-56, 56]);
    for (let k = 1; k < points.length; k++) {
      expect(Math.hypot(points[k].x - points[k - 1].x, points[k].z - points[k - 1].z)).toBeLessThanOrEqual(1 + 1e-9);
      expect(points[k].y).toBeLessThanOrEqual(points[k - 1].y);
    }
    for (const p of points) if (Math.abs(p.x) > 9) expect(p.y).toBeCloseTo(bumpSurface(p.x), 5);
    expect(points.every((p) => p.width === 4 && p.depth === 1)).toBe(true);
    for (const engine of Object.values(json.engines)) expect(engine.points).toHaveLength(points.length);
  });
});
