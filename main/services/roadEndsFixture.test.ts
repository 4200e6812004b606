import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectReplaysAsWritten, floatBytes as bytes, openFixture, writeFixtureWhenAsked } from './testing/layerFixtures';
import { sampled } from '../../shared/hydrology/testing/surfaces';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer, RoadLayer } from '../../shared/layers/types';
import { roadParams } from '../../shared/roads/params';
import { heightAt } from '../../shared/terrain/surface';
import { parseProject } from '../../shared/codecs/project';
import { runCli } from '../cli/cli';
import { fakeCliIo } from '../cli/testing/fakeCliIo';
import { readFileSync } from 'node:fs';

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

  it('is put on the ground by `faultline layers --set road-1.endsOnGround=true`, and back by null', async () => {
    const io = fakeCliIo({ inputs: { 'old.faultline': new Uint8Array(readFileSync(FIXTURE)) } });
    expect(await runCli(['layers', 'old.faultline', '--set', 'road-1.endsOnGround=true', '--out', 'new.faultline'], io)).toBe(0);
    const doc = parseProject(io.files.get('new.faultline')!, 'new.faultline');
    const road = doc.layers![1] as RoadLayer;
    expect(road.params.endsOnGround).toBe(true);
    expect(Math.abs(heightAt(doc.field, -60, 0))).toBeLessThan(0.001);
    const back = fakeCliIo({ inputs: { 'new.faultline': io.files.get('new.faultline')! } });
    expect(await runCli(['layers', 'new.faultline', '--set', 'road-1.endsOnGround=null', '--out', 'old.faultline'], back)).toBe(0);
    const old = parseProject(back.files.get('old.faultline')!, 'old.faultline');
    expect(bytes(old.field.heights)).toEqual(bytes(openFixture(FIXTURE).field.heights));
  });
});
