import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../shared/codecs/checksums';
import { compileProject, parseProject, PROJECT_FORMAT_VERSION } from '../../shared/codecs/project';
import { tiltedPit } from '../../shared/hydrology/testing/pit';
import { SPLIT_FROM, SPLIT_GRID, SPLIT_RIVER_AREA, SPLIT_TO, FLOOR_ROW, splitValley } from '../../shared/hydrology/testing/splitValley';
import type { WaterParams } from '../../shared/hydrology/waterParams';
import { evaluateStack } from '../../shared/layers/evaluate';
import { stackWater } from '../../shared/layers/stackWater';
import type { Layer, LayerSize } from '../../shared/layers/types';
import { heightsOf, riverLayer } from '../../shared/rivers/testing/terrain';
import { createHeightfield } from '../../shared/terrain/heightfield';

const FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-river.faultline');
const WATER_FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-water.faultline');
const RIVERS_FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-water-rivers.faultline');
const SIZE: LayerSize = { width: 65, depth: 33, cellSize: 2 };
const bytes = (a: Float32Array | null) => (a ? new Uint8Array(a.buffer, a.byteOffset, a.byteLength) : null);

/** What the fixture holds: a valley with a drawn river down it, per-point width and depth. */
function fixtureStack(): Layer[] {
  const ground = heightsOf(SIZE, (x, z) => 20 - 0.08 * x + 0.2 * Math.abs(z) + 2 * Math.sin(x / 9));
  const river = riverLayer(
    [
      { x: -56, z: -4 },
      { x: -10, z: 6, width: 8 },
      { x: 30, z: -3, depth: 2.5 },
      { x: 58, z: 2 },
    ],
    { width: 5, depth: 1.2 },
  );
  // As rivers were written before `joinAlongWater` and `gradeTributaries` existed (absent: the rules before them).
  const params = { ...river.params };
  delete params.joinAlongWater;
  delete params.gradeTributaries;
  return [ground, { ...river, name: 'Mill river', params }];
}

/** A water layer's parameters as layers were written before `continueRivers` existed. */
const waterParamsBefore = (riverArea: number, minLakeArea: number): WaterParams => ({
  riverArea,
  widthScale: 1,
  depthScale: 1,
  lakes: true,
  minLakeArea,
  bankSlopeDeg: 30,
});

/** What the water fixture holds: a square pit in a tilted plane (shared/hydrology/testing/pit.ts) under automatic water. */
const pit = tiltedPit();
function waterFixtureStack(): Layer[] {
  return [
    { id: 'heights-1', name: 'Pit', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: pit.heights },
    { id: 'water-1', name: 'Water 1', enabled: true, opacity: 1, kind: 'water', params: waterParamsBefore(1e12, 10) },
  ];
}

/** What the rivers fixture holds: a valley whose floor splits in two (testing/splitValley.ts) under automatic water with rivers. */
function riversFixtureStack(): Layer[] {
  return [
    { id: 'heights-1', name: 'Split valley', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: splitValley() },
    { id: 'water-1', name: 'Water 1', enabled: true, opacity: 1, kind: 'water', params: waterParamsBefore(SPLIT_RIVER_AREA, 1000) },
  ];
}

// The fixtures were written by this code (format v2) with FAULTLINE_WRITE_FIXTURES=1; kept as written
// so that a later reader is proved to open them and replay their river and water bit for bit.
if (process.env.FAULTLINE_WRITE_FIXTURES === '1') {
  for (const [path, stack, size, name] of [
    [FIXTURE, fixtureStack(), SIZE, 'river fixture'],
    [WATER_FIXTURE, waterFixtureStack(), pit.grid, 'water fixture'],
    [RIVERS_FIXTURE, riversFixtureStack(), SPLIT_GRID, 'rivers fixture'],
  ] as const) {
    const heights = evaluateStack(stack, size)!;
    writeFileSync(
      path,
      compileProject({
        field: createHeightfield(size.width, size.depth, size.cellSize, heights),
        recipe: null,
        history: [],
        props: [],
        view: { name },
        layers: stack,
      }),
    );
  }
}

describe('a project with a river layer (format v2 fixture)', () => {
  it('opens with its river as written and replays its saved heights bit for bit', () => {
    const file = new Uint8Array(readFileSync(FIXTURE));
    // No version bump for the river: the file is v2, and a v2 reader without the kind opens it as its saved heights.
    expect(file[10] | (file[11] << 8)).toBe(2);
    expect(PROJECT_FORMAT_VERSION).toBe(2);
    const doc = parseProject(file, 'v2-river.faultline');
    expect(doc.layerStatus?.problem ?? null).toBeNull();
    expect(doc.layers).toEqual(fixtureStack());
    expect(bytes(evaluateStack(doc.layers!, doc.field))).toEqual(bytes(doc.field.heights));
    // The river changed the land: the saved heights are not the ground's.
    expect(bytes(doc.field.heights)).not.toEqual(bytes((doc.layers![0] as { heights: Float32Array }).heights));
  });

  it('opens as its saved heights, naming the layer, in a reader that does not know the kind (why the version stays 2)', () => {
    const file = new Uint8Array(readFileSync(FIXTURE));
    // The same file with its river's kind unknown ("rivet", as a reader from before rivers sees "river").
    const text = new TextDecoder('latin1').decode(file);
    const at = text.indexOf('"kind":"river"');
    const entry = text.lastIndexOf('LAYR', at);
    expect(at).toBeGreaterThan(0);
    expect(file[entry + 4]).toBe(0);
    file[at + 12] = 't'.charCodeAt(0);
    const view = new DataView(file.buffer, file.byteOffset);
    const stored = view.getUint32(entry + 8, true);
    view.setUint32(entry + 16 + stored, crc32(file.subarray(entry + 16, entry + 16 + stored)), true);
    const doc = parseProject(file, 'v2-river.faultline');
    expect(doc.layerStatus?.problem).toBe('layer 2 "Mill river" (rivet): unknown layer kind "rivet"');
    expect(doc.layers).toHaveLength(1);
    expect(bytes((doc.layers![0] as { heights: Float32Array }).heights)).toEqual(bytes(doc.field.heights));
  });
});

describe('a project with an automatic water layer (format v2 fixture)', () => {
  it('opens with its water layer as written, replays its saved heights bit for bit, and holds the pit’s closed-form lake', () => {
    const file = new Uint8Array(readFileSync(WATER_FIXTURE));
    expect(file[10] | (file[11] << 8)).toBe(2);
    const doc = parseProject(file, 'v2-water.faultline');
    expect(doc.layerStatus?.problem ?? null).toBeNull();
    expect(doc.layers).toEqual(waterFixtureStack());
    expect(bytes(evaluateStack(doc.layers!, doc.field))).toEqual(bytes(doc.field.heights));
    // The lake fills the pit to its spill height (the plane's height at the rim's low side), dry elsewhere.
    const depth = stackWater(doc.layers!, doc.field)!.depth;
    for (let j = 0; j < pit.grid.depth; j++) for (let i = 0; i < pit.grid.width; i++) expect(depth[j * pit.grid.width + i]).toBeCloseTo(pit.depthAt(i, j), 5);
  });
});

describe('a project whose water layer has rivers, saved before rivers ran on to their mouth', () => {
  it('replays its saved heights bit for bit by the rule it was saved with; the same layer made now runs the split wet', () => {
    const file = new Uint8Array(readFileSync(RIVERS_FIXTURE));
    const doc = parseProject(file, 'v2-water-rivers.faultline');
    expect(doc.layerStatus?.problem ?? null).toBeNull();
    expect(doc.layers).toEqual(riversFixtureStack());
    expect(bytes(evaluateStack(doc.layers!, doc.field))).toEqual(bytes(doc.field.heights));
    // Saved with its river dry across the split (the rule before), and it stays so.
    const { width } = SPLIT_GRID;
    const dryAcross = (depth: Float32Array) => {
      let dry = 0;
      for (let i = SPLIT_FROM; i <= SPLIT_TO; i++) if (!(depth[FLOOR_ROW * width + i] > 0 || depth[(FLOOR_ROW + 1) * width + i] > 0)) dry++;
      return dry;
    };
    expect(dryAcross(stackWater(doc.layers!, doc.field)!.depth)).toBeGreaterThan(10);
    // The same layer with the rule new layers get carves a river across it.
    const [ground, water] = doc.layers! as [Layer, Extract<Layer, { kind: 'water' }>];
    const now: Layer[] = [ground, { ...water, params: { ...water.params, continueRivers: true } }];
    expect(dryAcross(stackWater(now, doc.field)!.depth)).toBe(0);
    expect(bytes(evaluateStack(now, doc.field))).not.toEqual(bytes(doc.field.heights));
  });
});
