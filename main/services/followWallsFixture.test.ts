import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectReplaysAsWritten, floatBytes as bytes, openFixture, writeFixtureWhenAsked } from './testing/layerFixtures';
import { edgesOver } from '../../shared/hydrology/testing/bankSlopes';
import { sampled } from '../../shared/hydrology/testing/surfaces';
import { evaluateWater } from '../../shared/hydrology/water';
import type { WaterParams } from '../../shared/hydrology/waterParams';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer } from '../../shared/layers/types';

const FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-water-blend-banks.faultline');
const GRID = { width: 97, depth: 61, cellSize: 4 };
const MID = ((GRID.depth - 1) * GRID.cellSize) / 2;

/**
 * A water layer as the window and `faultline water` made one before `followWalls` (the defaults of that
 * day, `blendBanks` true, rivers from 20,000 m²): on walls steeper than the bank slope its banks stop a
 * cell past the V.
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
  weightedWater: true,
  blendBanks: true,
};

/** A gorge down +x whose walls (0.8, 38.7°) are steeper than the bank slope, under automatic water. */
function fixtureStack(): Layer[] {
  const heights = sampled(GRID, (x, z) => 200 - 0.05 * x + 0.8 * Math.abs(z - MID));
  return [
    { id: 'heights-1', name: 'Gorge', enabled: true, opacity: 1, kind: 'heights', params: {}, heights },
    { id: 'water-1', name: 'Water 1', enabled: true, opacity: 1, kind: 'water', params },
  ];
}

// Written by the code before `followWalls` existed (format v2) with FAULTLINE_WRITE_FIXTURES=1; kept as
// written, so a water layer saved with `blendBanks` and without `followWalls` is proved to replay to its saved bytes.
writeFixtureWhenAsked(FIXTURE, GRID, fixtureStack(), 'blend banks fixture');

describe('a project whose water layer was saved with blendBanks, before followWalls (format v2 fixture)', () => {
  it('opens with its water layer as written and replays its saved heights bit for bit', () => {
    const doc = openFixture(FIXTURE);
    const saved = doc.layers![1].params as WaterParams;
    expect(saved.blendBanks).toBe(true);
    expect('followWalls' in saved).toBe(false);
    expectReplaysAsWritten(doc, fixtureStack());
  });

  it('is what the key decides: with followWalls no edge beside the river is steeper than the ground or the bank slope', () => {
    const doc = openFixture(FIXTURE);
    const [ground, water] = doc.layers! as [Extract<Layer, { kind: 'heights' }>, Extract<Layer, { kind: 'water' }>];
    const limit = Math.tan((30 * Math.PI) / 180);
    const old = new Float32Array(ground.heights.length);
    const before = evaluateWater(GRID, ground.heights, old, water.params)!;
    expect(bytes(old)).toEqual(bytes(doc.field.heights));
    expect(edgesOver(GRID, ground.heights, old, before.depth, limit, 0.05).count).toBeGreaterThan(20);
    const walls = evaluateStack([ground, { ...water, params: { ...water.params, followWalls: true } }], doc.field)!;
    expect(bytes(walls)).not.toEqual(bytes(doc.field.heights));
    const now = new Float32Array(ground.heights.length);
    const after = evaluateWater(GRID, ground.heights, now, { ...water.params, followWalls: true })!;
    expect(bytes(now)).toEqual(bytes(walls));
    expect(edgesOver(GRID, ground.heights, now, after.depth, limit, 0.05).count).toBe(0);
  });
});
