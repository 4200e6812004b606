import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectReplaysAsWritten, floatBytes as bytes, openFixture, writeFixtureWhenAsked } from './testing/layerFixtures';
import { diagonalValley } from '../../shared/hydrology/testing/diagonalValley';
import type { WaterParams } from '../../shared/hydrology/waterParams';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer } from '../../shared/layers/types';

const FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-water-channel-lines.faultline');
const GRID = { width: 65, depth: 65, cellSize: 2 };

/** A water layer as the window and `faultline water` make one since `channelsAlongLines` existed (rivers from 2,000 m², wider and deeper). */
const params: WaterParams = {
  riverArea: 2000,
  widthScale: 5,
  depthScale: 3,
  lakes: true,
  minLakeArea: 10,
  bankSlopeDeg: 30,
  continueRivers: true,
  floodVersion: 2,
  channelsAlongLines: true,
};

/** What the fixture holds: the diagonal V valley (its river steps across the triangles' split at every cell) under automatic water. */
function fixtureStack(): Layer[] {
  return [
    { id: 'heights-1', name: 'Diagonal valley', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: diagonalValley(GRID) },
    { id: 'water-1', name: 'Water 1', enabled: true, opacity: 1, kind: 'water', params },
  ];
}

// Written by this code (format v2) with FAULTLINE_WRITE_FIXTURES=1; kept as written, so a later reader
// is proved to replay a water layer whose channels run along their lines bit for bit.
writeFixtureWhenAsked(FIXTURE, GRID, fixtureStack(), 'channels along lines fixture');

describe('a project whose water layer carves its channels along their lines (format v2 fixture)', () => {
  it('opens with its water layer as written and replays its saved heights bit for bit', () => {
    const doc = openFixture(FIXTURE);
    expectReplaysAsWritten(doc, fixtureStack());
  });

  it('is what the key decides: the same layer saved without it carves a cone at each river vertex instead', () => {
    const doc = openFixture(FIXTURE);
    const [ground, water] = doc.layers! as [Layer, Extract<Layer, { kind: 'water' }>];
    const { channelsAlongLines: _saved, ...before } = water.params;
    const old: Layer[] = [ground, { ...water, params: before }];
    const oldHeights = evaluateStack(old, doc.field)!;
    expect(bytes(oldHeights)).not.toEqual(bytes(doc.field.heights));
    // Both leave the ground far from the valley's floor line (x = z) as it was.
    const ground0 = diagonalValley(GRID);
    for (let j = 0; j < GRID.depth; j++) {
      for (let i = 0; i < GRID.width; i++) {
        if (Math.abs(i - j) * GRID.cellSize * Math.SQRT1_2 < 12) continue;
        const v = j * GRID.width + i;
        expect(doc.field.heights[v]).toBe(ground0[v]);
        expect(oldHeights[v]).toBe(ground0[v]);
      }
    }
  });
});
