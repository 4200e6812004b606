import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectReplaysAsWritten, floatBytes as bytes, openFixture, writeFixtureWhenAsked } from './testing/layerFixtures';
import { sampled } from '../../shared/hydrology/testing/surfaces';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer, RoadLayer } from '../../shared/layers/types';
import { roadParams } from '../../shared/roads/params';
import { heightAt } from '../../shared/terrain/surface';

const FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-road.faultline');
const GRID = { width: 65, depth: 33, cellSize: 2 };
/** World x of grid x (the map's centre is the origin). */
const half = ((GRID.width - 1) / 2) * GRID.cellSize;

/**
 * What the fixture holds: flat ground at 0 m, a 40 % bank up to 8 m between x = −40 and −20 m, flat
 * beyond, and a road across it from x = −60 to 60 m saved before `endsOnGround` existed (no key).
 */
function fixtureStack(): Layer[] {
  const heights = sampled(GRID, (x) => Math.min(8, Math.max(0, (x - half + 40) * 0.4)));
  const road: RoadLayer = {
    id: 'road-1',
    name: 'Road 1',
    enabled: true,
    opacity: 1,
    kind: 'road',
    params: roadParams([
      { x: -60, z: 0 },
      { x: 60, z: 0 },
    ]),
  };
  return [{ id: 'heights-1', name: 'Bank', enabled: true, opacity: 1, kind: 'heights', params: {}, heights }, road];
}

// Written by the code before `endsOnGround` (format v2) with FAULTLINE_WRITE_FIXTURES=1; kept as
// written, so a later reader is proved to replay a road saved without the key bit for bit.
writeFixtureWhenAsked(FIXTURE, GRID, fixtureStack(), 'road without endsOnGround');

describe('a project whose road was saved before endsOnGround (format v2 fixture)', () => {
  it('opens with its road as written and replays its saved heights bit for bit', () => {
    const doc = openFixture(FIXTURE);
    expectReplaysAsWritten(doc, fixtureStack());
  });

  it('keeps the old profile: the start above the ground, where the same road with endsOnGround starts on it', () => {
    const doc = openFixture(FIXTURE);
    const [ground, road] = doc.layers! as [Layer, RoadLayer];
    const start = (heights: Float32Array) => heightAt({ ...doc.field, heights }, -60, 0);
    // The old mid-line profile fills above the flat start (0 m) towards the bank.
    expect(start(doc.field.heights)).toBeGreaterThan(0.5);
    const pinned = evaluateStack([ground, { ...road, params: { ...road.params, endsOnGround: true } }], doc.field)!;
    expect(bytes(pinned)).not.toEqual(bytes(doc.field.heights));
    expect(Math.abs(start(pinned))).toBeLessThan(0.001);
  });
});
