/**
 * Fords and bridges on a road across a straight channel of known shape (closed form below), its water
 * filled to the left bank's level. A ford sits on the bed; a bridge's deck is straight between its
 * abutments' road heights, the land under it untouched, in the GLB and under both cars.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateStack } from '../layers/evaluate';
import type { HeightsLayer, LayerSize, RoadLayer } from '../layers/types';
import { heightAt } from '../terrain/surface';
import { groundHeight } from '../vehicle/ground';
import { STOCK_CARS } from '../vehicle/physics/cars';
import { loadRapier, type Rapier } from '../vehicle/physics/rapier';
import { waterField } from '../vehicle/water';
import { bridgedRoads, heightsWithDecks, waterOverDecks } from './bridge';
import { DECK_THICKNESS, findCrossings, spanLevels, spansAboveWater, withChoice } from './crossings';
import { driveRoad } from './drive';
import { ROAD_EXPORT_FORMATS } from './exportFormats';
import { fitRoad } from './fittedRoad';
import { roadParams, roadValuesProblem } from './params';
import { roadReport } from './report';

let R: Rapier;
beforeAll(async () => {
  R = await loadRapier();
});

const SIZE: LayerSize = { width: 161, depth: 81, cellSize: 2 };
/**
 * The channel across x: the left bank at 0 m, down at 7.5 % to a flat bed 1.5 m deep from x = −30 to
 * 30, up at 8.3 % to the right bank at 1 m from x = 60. Water stands at 0 m: 1.5 m over the bed, wet
 * for −50 < x < 48.
 */
const ground = (x: number): number => (x <= -50 ? 0 : x < -30 ? (-1.5 * (x + 50)) / 20 : x <= 30 ? -1.5 : x < 60 ? -1.5 + (2.5 * (x - 30)) / 30 : 1);
const WATER_LEVEL = 0;

function grid(value: (x: number) => number): Float32Array {
  const out = new Float32Array(SIZE.width * SIZE.depth);
  for (let j = 0; j < SIZE.depth; j++) for (let i = 0; i < SIZE.width; i++) out[j * SIZE.width + i] = value((i - (SIZE.width - 1) / 2) * SIZE.cellSize);
  return out;
}
const channel: HeightsLayer = { id: 'ground', name: 'Ground', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: grid(ground) };
const water = grid((x) => Math.max(0, WATER_LEVEL - ground(x)));
const below = evaluateStack([channel], SIZE)!;
const points = [
  { x: -150, z: 0 },
  { x: 150, z: 0 },
];

function roadOf(crossings?: RoadLayer['params']['crossings']): RoadLayer {
  return {
    id: 'road-1',
    name: 'Road',
    enabled: true,
    opacity: 1,
    kind: 'road',
    params: roadParams(points, { verticalCurve: 10, ...(crossings ? { crossings } : {}) }),
  };
}

function shape(road: RoadLayer) {
  const fitted = fitRoad(road.params, below, SIZE);
  const shaped = evaluateStack([channel, road], SIZE)!;
  return { model: fitted, shaped, report: roadReport(fitted, shaped, SIZE, null, water) };
}

const fordRoad = roadOf();
const ford = shape(fordRoad);
const [wet] = ford.report.crossings;
const bridgeRoad = roadOf([{ from: wet.from, to: wet.to, kind: 'bridge' }]);
const bridge = shape(bridgeRoad);

/** The x of station k (the road runs along x from −150). */
const xOf = (k: number) => bridge.model.line.x[k];

describe('water crossings', () => {
  it('finds the crossing (the wet stretch, its depth) and defaults it to a ford; a bridge is suggested past the shallowest fording depth', () => {
    expect(ford.report.crossings).toHaveLength(1);
    // Wet for −50 < x < 48: from 100 m to 198 m along the road, within a station.
    const ds = ford.model.line.ds;
    expect(Math.abs(wet.from - 100)).toBeLessThanOrEqual(ds + 1e-9);
    expect(Math.abs(wet.to - 198)).toBeLessThanOrEqual(ds + 1e-9);
    expect(wet.maxDepth).toBeCloseTo(1.5, 5);
    expect(wet).toMatchObject({ kind: 'ford', chosen: false, suggested: 'bridge', fordable: false, span: null });
    expect(findCrossings([0, 0.2, 0.25, 0, 0.1], 1).map((c) => [c.from, c.to, c.suggested])).toEqual([
      [1, 2, 'ford'],
      [4, 4, 'ford'],
    ]);
  });

  it('a ford sits on the bed: the road and the car are at the bed height mid-channel, and the report flags its water', () => {
    expect(heightAt({ ...SIZE, heights: ford.shaped }, 0, 0)).toBeCloseTo(-1.5, 4);
    const decked = heightsWithDecks(bridgedRoads([fordRoad.params], ford.shaped, SIZE), ford.shaped, SIZE);
    expect(decked).toBe(ford.shaped);
    expect(groundHeight({ ...SIZE, heights: decked }, 0, 0)).toBeCloseTo(-1.5, 4);
    expect(ford.report.segments.some((s) => s.flags.includes('water'))).toBe(true);
  });

  it('a bridge keeps the profile: its deck is straight between the abutments’ road heights, the land under it as it was', () => {
    expect(roadValuesProblem(bridgeRoad.params)).toBeNull();
    const { model: fitted, shaped } = bridge;
    expect(fitted.bridges).toHaveLength(1);
    const { a, b } = fitted.bridges[0];
    const surface = { ...SIZE, heights: shaped };
    // The abutments are road on the banks: the deck's ends are the shaped surface there (within 2 cm:
    // the drawn triangles span the bend from the approach into the straight deck).
    const ya = heightAt(surface, xOf(a), 0);
    const yb = heightAt(surface, xOf(b), 0);
    expect(Math.abs(ya - fitted.y[a])).toBeLessThan(0.02);
    expect(Math.abs(yb - fitted.y[b])).toBeLessThan(0.02);
    // The banks: the left at 0 m, the right abutment (x ≈ 51) on the rising bank, where the road follows the ground.
    expect(Math.abs(ya - ground(xOf(a)))).toBeLessThan(0.05);
    expect(Math.abs(yb - ground(xOf(b)))).toBeLessThan(0.2);
    for (let k = a; k <= b; k++) expect(fitted.y[k]).toBeCloseTo(fitted.y[a] + ((fitted.y[b] - fitted.y[a]) * (xOf(k) - xOf(a))) / (xOf(b) - xOf(a)), 9);
    // Each abutment at least as high as the dry bank beside the water on its side (the left bank's 0 m, the
    // right bank's ground where the water ends, x ≈ 48), and no further out than the 6 m (3 cells) it needs.
    expect(fitted.y[a]).toBeGreaterThanOrEqual(ground(xOf(a)) - 0.01);
    expect(fitted.y[b]).toBeGreaterThanOrEqual(-0.01);
    expect(xOf(a)).toBeGreaterThanOrEqual(-50 - 6 - 2 * SIZE.cellSize);
    expect(xOf(b)).toBeLessThanOrEqual(48 + 6 + 2 * SIZE.cellSize);
    // Under the deck the channel is untouched: the bed mid-channel, bit for bit what the road received.
    const mid = (SIZE.depth - 1) / 2;
    // (The deck runs from x ≈ −53 to 51; the road writes its abutments 2 cells (4 m) in from each end.)
    for (let i = 57; i <= 102; i++) expect(shaped[mid * SIZE.width + i]).toBe(below[mid * SIZE.width + i]);
    // The report measures the deck: no water or grade flag on it, one bridge listed with its span.
    expect(bridge.report.segments.filter((s) => s.flags.includes('water') || s.flags.includes('grade'))).toEqual([]);
    expect(bridge.report.crossings).toMatchObject([{ kind: 'bridge', chosen: true, fordable: null }]);
    expect(bridge.report.crossings[0].span).toBeCloseTo((b - a) * fitted.line.ds, 9);
  });

  it('the cars ride the deck: the heights they drive on are the deck’s there, and the water under it is not theirs', () => {
    const { model: fitted, shaped } = bridge;
    const { a, b } = fitted.bridges[0];
    // The cars' deck is made from the map's heights (its abutments read there, as the 3D view's deck).
    const [carRoad] = bridgedRoads([bridgeRoad.params], shaped, SIZE);
    const decked = heightsWithDecks([carRoad], shaped, SIZE);
    const deckAt = (x: number) => carRoad.y[a] + ((carRoad.y[b] - carRoad.y[a]) * (x - xOf(a))) / (xOf(b) - xOf(a));
    expect(carRoad.bridges).toEqual(fitted.bridges);
    // It is the layer's deck within the 2 cm the abutments' triangles allow (above).
    for (let k = a; k <= b; k++) expect(Math.abs(carRoad.y[k] - fitted.y[k])).toBeLessThan(0.02);
    // On the deck (its width, flat: bank 0) the heights are the deck's.
    for (const x of [-40, 0, 20, 40]) for (const z of [0, 3.9, -3.9]) expect(groundHeight({ ...SIZE, heights: decked }, x, z)).toBeCloseTo(deckAt(x), 3);
    const carWater = waterOverDecks(water, shaped, decked);
    expect(groundHeight({ ...SIZE, heights: carWater }, 0, 0)).toBeCloseTo(0, 9);
    // Beside the deck the water is as deep as ever.
    expect(groundHeight({ ...SIZE, heights: carWater }, 0, 20)).toBeCloseTo(1.5, 5);
  });

  it('the road surface GLB carries the deck: the ribbon on it and a slab DECK_THICKNESS deep under it (parsed back)', () => {
    const { model: fitted, shaped } = bridge;
    const { a, b } = fitted.bridges[0];
    const deckAt = (x: number) => fitted.y[a] + ((fitted.y[b] - fitted.y[a]) * (x - xOf(a))) / (xOf(b) - xOf(a));
    const bytes = ROAD_EXPORT_FORMATS.surface.encode({ name: 'Road', fitted, shaped: { ...SIZE, heights: shaped } })!;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const jsonLength = view.getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as {
      nodes: { name: string; mesh: number }[];
      meshes: { primitives: { attributes: { POSITION: number } }[] }[];
      accessors: { bufferView: number; count: number; byteOffset?: number }[];
      bufferViews: { byteOffset?: number }[];
    };
    const bin = bytes.subarray(20 + jsonLength + 8);
    const positionsOf = (name: string): Float32Array => {
      const node = json.nodes.find((n) => n.name === name)!;
      const accessor = json.accessors[json.meshes[node.mesh].primitives[0].attributes.POSITION];
      const offset = (json.bufferViews[accessor.bufferView].byteOffset ?? 0) + (accessor.byteOffset ?? 0);
      return new Float32Array(bin.slice(offset, offset + accessor.count * 12).buffer);
    };
    expect(json.nodes.map((n) => n.name)).toEqual(['Road', 'Road bridge 1', 'Road bridge 1 railings']);
    const slab = positionsOf('Road bridge 1');
    let top = 0;
    let under = 0;
    for (let v = 0; v < slab.length; v += 3) {
      const off = slab[v + 1] - deckAt(slab[v]);
      if (Math.abs(off) < 1e-3) top++;
      else if (Math.abs(off + DECK_THICKNESS) < 1e-3) under++;
      else throw new Error(`a slab vertex ${off} m off the deck`);
    }
    expect(top).toBeGreaterThan(0);
    expect(under).toBeGreaterThan(0);
    // The ribbon over the deck lies on it (5 cm up), not down in the channel.
    const ribbon = positionsOf('Road');
    let over = 0;
    for (let v = 0; v < ribbon.length; v += 3)
      if (ribbon[v] > xOf(a) + 1 && ribbon[v] < xOf(b) - 1) {
        expect(ribbon[v + 1]).toBeCloseTo(deckAt(ribbon[v]) + 0.05, 3);
        over++;
      }
    expect(over).toBeGreaterThan(100);
  });

  it('the physics car crosses the bridge to the end without falling through or flooding; on the ford it floods', () => {
    const drive = (road: RoadLayer, result: typeof bridge) => {
      const decked = heightsWithDecks(bridgedRoads([road.params], result.shaped, SIZE), result.shaped, SIZE);
      return driveRoad(R, { ...SIZE, heights: decked }, result.model, {
        spec: STOCK_CARS.hatchback,
        water: waterField(SIZE, waterOverDecks(water, result.shaped, decked)),
      });
    };
    const over = drive(bridgeRoad, bridge);
    expect(over.end?.reason).toBe('arrived');
    const { a, b } = bridge.model.bridges[0];
    const onDeck = over.rows.filter((row) => row.x > xOf(a) + 2 && row.x < xOf(b) - 2);
    expect(onDeck.length).toBeGreaterThan(10);
    // The body rides above the deck, never below it.
    for (const row of onDeck)
      expect(row.y).toBeGreaterThan(bridge.model.y[a] + ((bridge.model.y[b] - bridge.model.y[a]) * (row.x - xOf(a))) / (xOf(b) - xOf(a)) - 0.05);
    expect(drive(fordRoad, ford).end?.reason).toBe('flooded');
  }, 60_000);

  it('an abutment lower than the dry bank on its side moves out along the road until it is not', () => {
    // Ground: a bank at 2 m before the water (stations 0–4), wet 5–9, a bank at 1 m after (10–20).
    const groundAt = Float64Array.from({ length: 21 }, (_, k) => (k < 5 ? 2 : k <= 9 ? -1 : 1));
    const choices = [{ from: 5, to: 9, kind: 'bridge' as const }];
    const levels = spanLevels([{ a: 2, b: 12 }], choices, 1, groundAt);
    expect(levels).toEqual([{ a: 2, b: 1, water: -Infinity }]);
    // A road 0.5 m into the first bank at station 2 (in cut), on the second at 12: the first end moves out.
    const y = Float64Array.from(groundAt, (g, k) => (k === 2 ? 1.5 : g));
    expect(spansAboveWater([{ a: 2, b: 12 }], levels, y, 2)).toEqual([{ a: 0, b: 12 }]);
    expect(spansAboveWater([{ a: 0, b: 12 }], levels, y, 2)).toBeNull();
  });

  it('a deck on a slope steeper than the grade stays above its water: lifted to its banks, the approaches ramp at the grade', () => {
    // Ground falling 20 % along x (a 10 % road runs in cut on the upper half); a channel 3 m deep and
    // 12 m wide at x = −75, its water at the lower bank's level (13.8 m). The fit alone has the deck at
    // about 5 m, under the water.
    const slope = (x: number): number => -0.2 * x;
    const waterLevel = slope(-69);
    const banks: HeightsLayer = { ...channel, heights: grid((x) => (Math.abs(x + 75) < 6 ? Math.min(slope(x), waterLevel - 3) : slope(x))) };
    const input = evaluateStack([banks], SIZE)!;
    const params = roadParams(points, { verticalCurve: 10, maxCutFill: 40, crossings: [{ from: 69, to: 81, kind: 'bridge' }] });
    const fitted = fitRoad(params, input, SIZE);
    const [{ a, b }] = fitted.bridges;
    // Over the water (−81 < x < −69) the deck's road is above it; the abutments lie beyond, on the banks.
    expect(fitted.line.x[a]).toBeLessThan(-81);
    expect(fitted.line.x[b]).toBeGreaterThan(-69);
    for (let k = a; k <= b; k++) if (Math.abs(fitted.line.x[k] + 75) < 6) expect(fitted.y[k]).toBeGreaterThanOrEqual(waterLevel);
    const step = (params.maxGradePct / 100) * fitted.line.ds;
    for (let k = 1; k < fitted.y.length; k++) expect(Math.abs(fitted.y[k] - fitted.y[k - 1])).toBeLessThanOrEqual(step + 1e-9);
  });

  it('under a deck the land is never filled, and cut where it stands above the road (a deck does not pass through a hill)', () => {
    // Flat ground at 0 with a 3 m mound, 8 m across along x, at x = 20; a bridge chosen over x from −30 to 30.
    const mound: HeightsLayer = { ...channel, heights: grid((x) => (Math.abs(x - 20) <= 4 ? 3 : 0)) };
    const road = roadOf([{ from: 120, to: 180, kind: 'bridge' }]);
    const input = evaluateStack([mound], SIZE)!;
    const fitted = fitRoad(road.params, input, SIZE);
    const shaped = evaluateStack([mound, road], SIZE)!;
    const mid = (SIZE.depth - 1) / 2;
    for (let i = 0; i < SIZE.width; i++) {
      const x = (i - (SIZE.width - 1) / 2) * SIZE.cellSize;
      const k = Math.round((x + 150) / fitted.line.ds);
      if (x <= xOfModel(fitted, fitted.bridges[0].a) + 6 || x >= xOfModel(fitted, fitted.bridges[0].b) - 6) continue;
      const v = mid * SIZE.width + i;
      // Never above what it was; where it was above the deck, the deck's height.
      expect(shaped[v]).toBeLessThanOrEqual(input[v]);
      if (input[v] > fitted.y[k] + 0.01) expect(shaped[v]).toBeCloseTo(fitted.y[k], 2);
      else expect(shaped[v]).toBe(input[v]);
    }
  });
});

const xOfModel = (fitted: ReturnType<typeof fitRoad>, k: number) => fitted.line.x[k];

/**
 * A pond whose outflow runs on along the road (closed form): the left bank at 2 m falls to the pond's
 * bed (−1.5 m) from x = −40 to −20; the bed is flat to x = 10 and rises to a lip at −0.2 m at x = 16;
 * from there the outflow's bed falls at 10 % to −3.2 m at x = 46, and on to −4.6 m at x = 60. The pond
 * stands at 0 m (wet from x ≈ −28.6), the outflow runs 0.2 m deep to x = 46. The wet stretch's far end
 * lies downstream, 3.2 m under the pond: a deck straight between its banks' levels passes under the pond.
 */
describe('a bridge over a pond whose outflow runs along the road', () => {
  const pondGround = (x: number): number =>
    x <= -40 ? 2 : x < -20 ? 2 - (3.5 * (x + 40)) / 20 : x <= 10 ? -1.5 : x < 16 ? -1.5 + (1.3 * (x - 10)) / 6 : x < 60 ? -0.2 - 0.1 * (x - 16) : -4.6;
  const pondDepth = (x: number): number => (x < 16 ? Math.max(0, -pondGround(x)) : x <= 46 ? 0.2 : 0);
  const POND_LEVEL = 0;
  const land: HeightsLayer = { ...channel, heights: grid(pondGround) };
  const pondWater = grid(pondDepth);
  const under = evaluateStack([land], SIZE)!;
  const roadWith = (crossings: RoadLayer['params']['crossings']): RoadLayer => ({
    ...roadOf(),
    params: roadParams(points, { verticalCurve: 10, maxCutFill: 40, ...(crossings ? { crossings } : {}) }),
  });
  const found = roadReport(fitRoad(roadWith(undefined).params, under, SIZE), under, SIZE, null, pondWater).crossings;
  /** The water over the deck along the centreline, and the car's drive, for a road with `crossings`. */
  const built = (crossings: RoadLayer['params']['crossings']) => {
    const road = roadWith(crossings);
    const fitted = fitRoad(road.params, under, SIZE);
    const shaped = evaluateStack([land, road], SIZE)!;
    const decked = heightsWithDecks(bridgedRoads([road.params], shaped, SIZE), shaped, SIZE);
    const wet = waterOverDecks(pondWater, shaped, decked);
    const over = Array.from(fitted.line.x, (x, k) => Math.max(0, heightAt({ ...SIZE, heights: wet }, x, fitted.line.z[k])));
    return { fitted, decked, wet, over };
  };

  it('the crossing gives the water’s highest surface (the pond’s level), which a chosen bridge keeps', () => {
    expect(found).toHaveLength(1);
    // The pond's level, or a little over it at the shore: the first wet station lies within a cell of the
    // last dry vertex, on the bank rising 3.5 m in 20 m, between which the map's heights are interpolated.
    expect(found[0].surface).toBeGreaterThanOrEqual(POND_LEVEL - 1e-6);
    expect(found[0].surface).toBeLessThanOrEqual(POND_LEVEL + (3.5 / 20) * SIZE.cellSize);
    expect(found[0].maxDepth).toBeCloseTo(1.5, 4);
    const [choice] = withChoice(undefined, found[0].from, found[0].to, 'bridge', found[0].surface);
    expect(choice.surface).toBeCloseTo(found[0].surface!, 3);
    // A ford keeps no surface: its road sits on the bed.
    expect(withChoice(undefined, found[0].from, found[0].to, 'ford', found[0].surface)[0]).not.toHaveProperty('surface');
  });

  it('the deck’s road stands over the pond, and no water lies on it; a choice saved without the surface builds as before', () => {
    const [{ from, to, surface }] = found;
    const kept = built([{ from, to, kind: 'bridge', surface: surface! }]);
    const [{ a, b }] = kept.fitted.bridges;
    for (let k = a; k <= b; k++) expect(kept.fitted.y[k]).toBeGreaterThanOrEqual(POND_LEVEL - 1e-6);
    expect(Math.max(...kept.over)).toBe(0);
    // Saved before the surface was kept: the deck straight between the banks' levels (0 m and −3.3 m), under the pond.
    const before = built([{ from, to, kind: 'bridge' }]);
    expect(Math.max(...before.over)).toBeGreaterThan(0.3);
  });

  it('the physics car drives the bridge to the road’s end without flooding', () => {
    const [{ from, to, surface }] = found;
    const kept = built([{ from, to, kind: 'bridge', surface: surface! }]);
    const drive = driveRoad(R, { ...SIZE, heights: kept.decked }, kept.fitted, { spec: STOCK_CARS.hatchback, water: waterField(SIZE, kept.wet) });
    expect(drive.end?.reason).toBe('arrived');
  }, 60_000);
});
