import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectReplaysAsWritten, floatBytes as bytes, openFixture, writeFixtureWhenAsked } from './testing/layerFixtures';
import { sampled } from '../../shared/hydrology/testing/surfaces';
import { DEFAULT_WATER_PARAMS } from '../../shared/hydrology/waterParams';
import { evaluateStack } from '../../shared/layers/evaluate';
import { stackWater } from '../../shared/layers/stackWater';
import type { Layer, LayerSize, RiverLayer } from '../../shared/layers/types';
import { riverParams } from '../../shared/rivers/params';
import { parseProject } from '../../shared/codecs/project';
import { runCli } from '../cli/cli';
import { fakeCliIo } from '../cli/testing/fakeCliIo';

const FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-river-join-along.faultline');
const GRID: LayerSize = { width: 97, depth: 41, cellSize: 2 };
/** The valley floor's row (z = 40 m from the map's edge, the map's middle row). */
const FLOOR = 20;

/**
 * What the fixture holds: a V valley down +x (walls of slope 0.2 across it, its floor falling 1 %),
 * automatic water with the current defaults but rivers from 2,000 m² (so a river runs down the floor),
 * and a drawn river along that floor with the current defaults: `joinAlongWater` and
 * `gradeTributaries` both true, as the River tool, the CLI and the layers panel write new rivers.
 */
function fixtureStack(): Layer[] {
  // The defaults of the fixture's day: `minLakeDepth`, `weightedWater`, `blendBanks` and `followWalls` came later
  // (absent = every depression a lake, the water whole whatever the weight, banks cut a cell past the V, as written).
  const { minLakeDepth: _later, weightedWater: _weighted, blendBanks: _banks, followWalls: _walls, ...waterDefaults } = DEFAULT_WATER_PARAMS;
  const heights = sampled(GRID, (x, z) => 20 - 0.01 * x + 0.2 * Math.abs(z - FLOOR * GRID.cellSize));
  const river: RiverLayer = {
    id: 'river-1',
    name: 'Valley river',
    enabled: true,
    opacity: 1,
    kind: 'river',
    params: riverParams(
      [
        { x: -70, z: 0 },
        { x: 88, z: 0 },
      ],
      { width: 4, depth: 1 },
    ),
  };
  return [
    { id: 'heights-1', name: 'Valley', enabled: true, opacity: 1, kind: 'heights', params: {}, heights },
    { id: 'water-1', name: 'Water 1', enabled: true, opacity: 1, kind: 'water', params: { ...waterDefaults, riverArea: 2000 } },
    river,
  ];
}

// Written by the code of its day (format v2) with FAULTLINE_WRITE_FIXTURES=1; kept as written, so a
// later reader is proved to replay a river saved with `joinAlongWater` (and `gradeTributaries`) bit for bit.
writeFixtureWhenAsked(FIXTURE, GRID, fixtureStack(), 'river joined along the water below');

/** The water surface along the valley floor under the drawn river, from its source's column to its mouth's. */
function floorSurface(surface: Float32Array): number[] {
  const from = Math.round((-70 + 96) / GRID.cellSize);
  const to = Math.round((88 + 96) / GRID.cellSize);
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(surface[FLOOR * GRID.width + i]);
  return out;
}

describe('a project with a drawn river joined along the water below it (joinAlongWater; format v2 fixture)', () => {
  it('opens with its layers as written and replays its saved heights bit for bit', () => {
    const doc = openFixture(FIXTURE);
    expectReplaysAsWritten(doc, fixtureStack());
    const river = doc.layers![2] as RiverLayer;
    expect(river.params.joinAlongWater).toBe(true);
    expect(river.params.gradeTributaries).toBe(true);
  });

  it('replays its water: down the valley with the automatic river, never rising, where the old rule floods it level', () => {
    const doc = openFixture(FIXTURE);
    const water = stackWater(doc.layers!, doc.field)!;
    expect(bytes(water.heights)).toEqual(bytes(doc.field.heights));
    const along = floorSurface(water.surface.surface);
    for (const [n, level] of along.entries()) {
      expect(Number.isFinite(level)).toBe(true);
      if (n > 0) expect(level).toBeLessThanOrEqual(along[n - 1]);
    }
    // The floor falls 1 % over the river's 158 m: its water falls with it (about 1.6 m).
    expect(along[0] - along[along.length - 1]).toBeGreaterThan(1.2);
    // Saved without the key (the rule before it), the same river holds the level where it met the water.
    const [ground, automatic, river] = doc.layers! as [Layer, Layer, RiverLayer];
    const params = { ...river.params };
    delete params.joinAlongWater;
    const held = floorSurface(stackWater([ground, automatic, { ...river, params }], doc.field)!.surface.surface);
    expect(held[0] - held[held.length - 1]).toBeLessThan(0.5);
    // The key changes the water only: the heights are the same either way.
    expect(bytes(evaluateStack([ground, automatic, { ...river, params }], doc.field))).toEqual(bytes(doc.field.heights));
  });

  it('loses its graded tributaries by `faultline layers --set river-1.gradeTributaries=null`, and gets them back by true', async () => {
    const io = fakeCliIo({ inputs: { 'new.faultline': new Uint8Array(readFileSync(FIXTURE)) } });
    expect(await runCli(['layers', 'new.faultline', '--set', 'river-1.gradeTributaries=null', '--out', 'old.faultline'], io)).toBe(0);
    const old = parseProject(io.files.get('old.faultline')!, 'old.faultline');
    const river = old.layers![2] as RiverLayer;
    expect('gradeTributaries' in river.params).toBe(false);
    expect(river.params.joinAlongWater).toBe(true);
    // No channel crosses this river's banks (the automatic river runs under it): the same heights.
    expect(bytes(old.field.heights)).toEqual(bytes(openFixture(FIXTURE).field.heights));
    const back = fakeCliIo({ inputs: { 'old.faultline': io.files.get('old.faultline')! } });
    expect(await runCli(['layers', 'old.faultline', '--set', 'river-1.gradeTributaries=true', '--out', 'again.faultline'], back)).toBe(0);
    expect((parseProject(back.files.get('again.faultline')!, 'again.faultline').layers![2] as RiverLayer).params.gradeTributaries).toBe(true);
  });
});
