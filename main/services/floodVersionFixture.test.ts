import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectReplaysAsWritten, floatBytes as bytes, openFixture, writeFixtureWhenAsked } from './testing/layerFixtures';
import { sampled } from '../../shared/hydrology/testing/surfaces';
import { WATER_LAKE } from '../../shared/hydrology/water';
import type { WaterParams } from '../../shared/hydrology/waterParams';
import { evaluateStack } from '../../shared/layers/evaluate';
import { stackWater } from '../../shared/layers/stackWater';
import type { Layer } from '../../shared/layers/types';

const FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-water-flood2.faultline');
const GRID = { width: 60, depth: 45, cellSize: 1 };

/** A water layer as the window and `faultline water` make one since `floodVersion` existed (rivers from 400 m², lakes from 10 m²). */
const params: WaterParams = {
  riverArea: 400,
  widthScale: 1,
  depthScale: 1,
  lakes: true,
  minLakeArea: 10,
  bankSlopeDeg: 30,
  continueRivers: true,
  floodVersion: 2,
};

/**
 * What the fixture holds: terraces of whole metres, −3 to 3 m (wide flats and lakes, most with several
 * outlets at one height, where the two floods' ε drainage differs) under automatic water.
 */
function fixtureStack(): Layer[] {
  const heights = sampled(GRID, (x, z) => Math.round(Math.sin(x / 7) * Math.cos(z / 5) * 3));
  return [
    { id: 'heights-1', name: 'Terraces', enabled: true, opacity: 1, kind: 'heights', params: {}, heights },
    { id: 'water-1', name: 'Water 1', enabled: true, opacity: 1, kind: 'water', params },
  ];
}

// Written by this code (format v2) with FAULTLINE_WRITE_FIXTURES=1; kept as written, so a later reader
// is proved to replay a water layer of flood 2 bit for bit (the lazy flood's ε steps are then fixed).
writeFixtureWhenAsked(FIXTURE, GRID, fixtureStack(), 'flood 2 fixture');

describe('a project whose water layer drains by flood 2 (format v2 fixture)', () => {
  it('opens with its water layer as written and replays its saved heights bit for bit', () => {
    const doc = openFixture(FIXTURE);
    expectReplaysAsWritten(doc, fixtureStack());
  });

  it('is what the version decides: the same layer saved without one (flood 1) carves other rivers over the same lakes', () => {
    const doc = openFixture(FIXTURE);
    const [ground, water] = doc.layers! as [Layer, Extract<Layer, { kind: 'water' }>];
    const { floodVersion: _saved, ...before } = water.params;
    const old: Layer[] = [ground, { ...water, params: before }];
    expect(bytes(evaluateStack(old, doc.field)!)).not.toEqual(bytes(doc.field.heights));
    // The lakes are the same water at the same levels: only where rivers cross the flats moves.
    const now = stackWater(doc.layers!, doc.field)!.automatic!.water;
    const then = stackWater(old, doc.field)!.automatic!.water;
    let lake = 0;
    for (let v = 0; v < now.kind.length; v++) {
      if (now.kind[v] !== WATER_LAKE && then.kind[v] !== WATER_LAKE) continue;
      lake++;
      expect(now.kind[v]).toBe(then.kind[v]);
      expect(now.surface[v]).toBe(then.surface[v]);
    }
    expect(lake).toBeGreaterThan(0);
  });
});
