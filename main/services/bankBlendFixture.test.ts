import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectReplaysAsWritten, floatBytes as bytes, openFixture, writeFixtureWhenAsked } from './testing/layerFixtures';
import { sampled } from '../../shared/hydrology/testing/surfaces';
import { MAX_BANK_RINGS } from '../../shared/hydrology/channelLines';
import type { WaterParams } from '../../shared/hydrology/waterParams';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer } from '../../shared/layers/types';

const FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-water-steep-banks.faultline');
const GRID = { width: 97, depth: 61, cellSize: 4 };
const MID = ((GRID.depth - 1) * GRID.cellSize) / 2;

/**
 * A water layer as the window and `faultline water` made one before `blendBanks` (the defaults of that day,
 * rivers from 20,000 m²): its banks stop a cell past the V.
 */
const params: WaterParams = {
  riverArea: 20_000,
  widthScale: 1,
  depthScale: 1,
  lakes: true,
  minLakeArea: 1000,
  minLakeDepth: 0.1,
  bankSlopeDeg: 30,
  continueRivers: true,
  floodVersion: 2,
  channelsAlongLines: true,
  hydraulicGeometry: 2,
};

/** A V valley down +x whose walls (0.5, 26.6°) are under the bank slope and steeper than a creek's V, under automatic water. */
function fixtureStack(): Layer[] {
  const heights = sampled(GRID, (x, z) => 200 - 0.05 * x + 0.5 * Math.abs(z - MID));
  return [
    { id: 'heights-1', name: 'Steep valley', enabled: true, opacity: 1, kind: 'heights', params: {}, heights },
    { id: 'water-1', name: 'Water 1', enabled: true, opacity: 1, kind: 'water', params },
  ];
}

// Written by the code before `blendBanks` existed (format v2) with FAULTLINE_WRITE_FIXTURES=1; kept as
// written, so a water layer saved without the key is proved to replay to its saved bytes.
writeFixtureWhenAsked(FIXTURE, GRID, fixtureStack(), 'steep banks fixture');

describe('a project whose water layer was saved before blendBanks (format v2 fixture)', () => {
  it('opens with its water layer as written and replays its saved heights bit for bit', () => {
    const doc = openFixture(FIXTURE);
    expect('blendBanks' in (doc.layers![1].params as WaterParams)).toBe(false);
    expectReplaysAsWritten(doc, fixtureStack());
  });

  it('is what the key decides: with blendBanks the banks run on lower, near the river only', () => {
    const doc = openFixture(FIXTURE);
    const [ground, water] = doc.layers! as [Layer, Extract<Layer, { kind: 'water' }>];
    const blended = evaluateStack([ground, { ...water, params: { ...water.params, blendBanks: true } }], doc.field)!;
    expect(bytes(blended)).not.toEqual(bytes(doc.field.heights));
    const input = fixtureStack()[0] as Extract<Layer, { kind: 'heights' }>;
    let lower = 0;
    for (let v = 0; v < blended.length; v++) {
      // Never above the old carve, and only within the rings' reach of the valley's floor.
      expect(blended[v]).toBeLessThanOrEqual(doc.field.heights[v]);
      if (blended[v] < doc.field.heights[v]) lower++;
      const across = Math.abs(Math.floor(v / GRID.width) * GRID.cellSize - MID);
      if (across > (MAX_BANK_RINGS + 3) * GRID.cellSize) expect(blended[v]).toBe(input.heights[v]);
    }
    expect(lower).toBeGreaterThan(20);
  });
});
