import { describe, expect, it, vi } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { DEFAULT_WATER_PARAMS } from '../../shared/hydrology/waterParams';
import { WATER_RIVER } from '../../shared/hydrology/water';
import type { WaterLayer } from '../../shared/layers/types';
import * as floods from '../../shared/hydrology/floodVersions';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { createInProcessTransport } from '../jobs/inProcessTransport';
import { createTerrainDesign } from '../terrainDesign';
import { createToolStore } from '../tools/toolStore';
import { noRiverHint, noRiverHintFor } from './noRiverHint';

vi.mock('../../shared/hydrology/floodVersions', async (importOriginal) => {
  const original = await importOriginal<typeof floods>();
  return { ...original, fillDepressions: vi.fn(original.fillDepressions) };
});

/** A plane falling along +z by `slope`, `width` × `rows` vertices of `cellSize` m. */
function tiltedPlane(width: number, rows: number, cellSize: number, slope: number) {
  const field = createHeightfield(width, rows, cellSize);
  for (let j = 0; j < rows; j++) field.heights.fill(100 - slope * j * cellSize, j * width, (j + 1) * width);
  return field;
}

/** The plane under automatic water (default river area: no river on so small a map), evaluated as the app does (a stack job). */
async function underWater(width: number, rows: number, cellSize: number, slope: number) {
  const editor = new Editor(createDocument(tiltedPlane(width, rows, cellSize, slope)));
  const design = createTerrainDesign(editor, createToolStore(), createInProcessTransport());
  const water: WaterLayer = { id: 'water-1', kind: 'water', name: 'Water 1', enabled: true, opacity: 1, params: { ...DEFAULT_WATER_PARAMS } };
  expect(await design.jobs.applyStack([...editor.document.stack, water], 'Add automatic water')).toBe('done');
  return editor.document.water!;
}

describe('noRiverHint', () => {
  it('carries, with the water from its evaluation, the area upslope of the lowest edge vertex on a tilted plane', async () => {
    // Flow runs down the rows and spreads sideways symmetrically, so a bottom-edge vertex in the middle
    // (farther from the sides than there are rows) gathers the column of vertex cells above it: half a
    // cell on each edge row, a full one on each row between, (rows − 1)·cellSize².
    const rows = 33;
    const water = await underWater(129, rows, 2, 0.05);
    expect(water.largestDrainingArea).toBeCloseTo((rows - 1) * 2 * 2, 6);
  });

  it('says why with the figures, and nothing once a river exists, without flooding the map again', async () => {
    expect(noRiverHint(48_200, 250_000)).toBe(
      'No rivers: the most area draining to one place here is 48,200 m², under the river area of 250,000 m². Lower River area to see rivers.',
    );
    // (9 − 1)·2² = 32 m²: the column of vertex cells above a bottom vertex, as above.
    const water = await underWater(9, 9, 2, 0.1);
    const flood = vi.mocked(floods.fillDepressions);
    flood.mockClear();
    expect(noRiverHintFor(water, DEFAULT_WATER_PARAMS)).toContain('is 32 m², under the river area of 250,000 m²');
    // The window reads the figure: it floods nothing itself.
    expect(flood).not.toHaveBeenCalled();
    water.kind[40] = WATER_RIVER;
    expect(noRiverHintFor(water, DEFAULT_WATER_PARAMS)).toBeNull();
  });

  it('has no figure for water no automatic layer made', () => {
    const water = { surface: new Float32Array(4).fill(NaN), kind: new Uint8Array(4) };
    expect(noRiverHintFor(water, DEFAULT_WATER_PARAMS)).toBe(noRiverHint(null, DEFAULT_WATER_PARAMS.riverArea));
  });
});
