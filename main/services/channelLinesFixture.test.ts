import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileProject, parseProject } from '../../shared/codecs/project';
import { diagonalValley } from '../../shared/hydrology/testing/diagonalValley';
import type { WaterParams } from '../../shared/hydrology/waterParams';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer } from '../../shared/layers/types';
import { createHeightfield } from '../../shared/terrain/heightfield';

const FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-water-channel-lines.faultline');
const GRID = { width: 65, depth: 65, cellSize: 2 };
const bytes = (a: Float32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

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
if (process.env.FAULTLINE_WRITE_FIXTURES === '1') {
  const stack = fixtureStack();
  const heights = evaluateStack(stack, GRID)!;
  writeFileSync(
    FIXTURE,
    compileProject({
      field: createHeightfield(GRID.width, GRID.depth, GRID.cellSize, heights),
      recipe: null,
      history: [],
      props: [],
      view: { name: 'channels along lines fixture' },
      layers: stack,
    }),
  );
}

describe('a project whose water layer carves its channels along their lines (format v2 fixture)', () => {
  it('opens with its water layer as written and replays its saved heights bit for bit', () => {
    const file = new Uint8Array(readFileSync(FIXTURE));
    expect(file[10] | (file[11] << 8)).toBe(2);
    const doc = parseProject(file, 'v2-water-channel-lines.faultline');
    expect(doc.layerStatus?.problem ?? null).toBeNull();
    expect(doc.layers).toEqual(fixtureStack());
    expect(bytes(evaluateStack(doc.layers!, doc.field)!)).toEqual(bytes(doc.field.heights));
  });

  it('is what the key decides: the same layer saved without it carves a cone at each river vertex instead', () => {
    const doc = parseProject(new Uint8Array(readFileSync(FIXTURE)), 'v2-water-channel-lines.faultline');
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
