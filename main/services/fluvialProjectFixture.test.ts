import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectReplaysAsWritten, floatBytes as bytes, openFixture, writeFixtureWhenAsked } from './testing/layerFixtures';
import type { FluvialLayer, Layer, LayerSize } from '../../shared/layers/types';

const FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-fluvial.faultline');
const SIZE: LayerSize = { width: 65, depth: 49, cellSize: 2 };

/** Hills tilted toward −x with ridges across them: rivers, mouths on the low edge, a strata column. */
function ground(): Float32Array {
  const heights = new Float32Array(SIZE.width * SIZE.depth);
  for (let j = 0; j < SIZE.depth; j++) {
    for (let i = 0; i < SIZE.width; i++) {
      const x = i * SIZE.cellSize;
      const z = j * SIZE.cellSize;
      heights[j * SIZE.width + i] = 10 + 0.3 * x + 6 * Math.sin(z / 11) * Math.cos(x / 17) + 2 * Math.sin((x + 2 * z) / 5);
    }
  }
  return heights;
}

/** What the fixture holds: the ground and a fluvial layer as the layer writes it (MFD routing). */
function fixtureStack(): Layer[] {
  const fluvial: FluvialLayer = {
    id: 'fluvial-1',
    name: 'Fluvial 1',
    enabled: true,
    opacity: 1,
    kind: 'fluvial',
    params: {
      k: 4e-4,
      m: 0.5,
      n: 1,
      channelArea: 20,
      uplift: 2e-3,
      upliftMask: null,
      diffusion: 2e-3,
      timeStep: 500,
      time: 12_000,
      strata: {
        beds: [
          { thickness: 4, hardness: 3 },
          { thickness: 6, hardness: 0.5 },
        ],
        base: 0,
        dipDeg: 2,
        dipAzimuthDeg: 30,
      },
      outletArea: 200,
    },
  };
  return [{ id: 'heights-1', name: 'Hills', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: ground() }, fluvial];
}

// Written by the fluvial layer of format v2 (its water spread over every lower neighbour), with
// FAULTLINE_WRITE_FIXTURES=1; kept as written so that later readers are proved to replay a saved fluvial layer bit for bit.
writeFixtureWhenAsked(FIXTURE, SIZE, fixtureStack(), 'fluvial fixture');

describe('a project with a fluvial layer (format v2 fixture)', () => {
  it('opens with its layer as written and replays its saved heights bit for bit', () => {
    const doc = openFixture(FIXTURE);
    expectReplaysAsWritten(doc, fixtureStack());
    // The layer changed the land: the saved heights are not the ground's.
    expect(bytes(doc.field.heights)).not.toEqual(bytes((doc.layers![0] as { heights: Float32Array }).heights));
  });
});
