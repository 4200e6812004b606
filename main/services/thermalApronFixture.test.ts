import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectReplaysAsWritten, floatBytes as bytes, openFixture, writeFixtureWhenAsked } from './testing/layerFixtures';
import { evaluateStack } from '../../shared/layers/evaluate';
import type { Layer, LayerSize, ThermalLayer } from '../../shared/layers/types';

const FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-thermal-apron.faultline');
const SIZE: LayerSize = { width: 65, depth: 49, cellSize: 2 };

/** A plateau cut by a slanted canyon with a side canyon and a butte left standing on its floor. */
function ground(): Float32Array {
  const heights = new Float32Array(SIZE.width * SIZE.depth);
  const a = (25 * Math.PI) / 180;
  for (let j = 0; j < SIZE.depth; j++) {
    for (let i = 0; i < SIZE.width; i++) {
      const x = i * SIZE.cellSize;
      const z = j * SIZE.cellSize;
      const plateau = 40 + 3 * Math.sin(x / 13) * Math.cos(z / 9);
      const across = Math.abs((x - 64) * Math.sin(a) - (z - 48) * Math.cos(a));
      const side = x < 70 ? Math.abs(x - 40 - 0.3 * z) : Infinity;
      const canyon = Math.min(8 + 4 * across, 14 + 3 * side);
      const butte = Math.hypot(x - 96, z - 56) < 7 ? 36 : -Infinity;
      heights[j * SIZE.width + i] = Math.max(Math.min(plateau, canyon), butte);
    }
  }
  return heights;
}

const thermal = (id: string, params: ThermalLayer['params']): ThermalLayer => ({ id, name: id, enabled: true, opacity: 1, kind: 'thermal', params });

/**
 * What the fixture holds: the ground, then two thermal layers with wall retreat by their beds, talus
 * aprons and alluvial floors (as session 17 added them): flat-lying beds, then dipping beds.
 */
function fixtureStack(): Layer[] {
  const beds = [
    { thickness: 5, hardness: 1 },
    { thickness: 2, hardness: 3 },
  ];
  return [
    { id: 'heights-1', name: 'Canyon', enabled: true, opacity: 1, kind: 'heights', params: {}, heights: ground() },
    thermal('thermal-1', {
      iterations: 6,
      talusDeg: 35,
      strength: 0.25,
      retreatDeg: 65,
      strata: { beds, base: 0, dipDeg: 0, dipAzimuthDeg: 0 },
      talusShare: 0.5,
      floorFill: 4,
    }),
    thermal('thermal-2', {
      iterations: 3,
      talusDeg: 33,
      strength: 0.25,
      retreatDeg: 70,
      strata: { beds, base: 1.5, dipDeg: 4, dipAzimuthDeg: 60 },
      talusShare: 0.7,
      floorFill: 2,
    }),
  ];
}

// Written by the thermal layer as session 17 left it (talusApron.ts, wallRetreat.ts), with
// FAULTLINE_WRITE_FIXTURES=1; kept as written, so that faster aprons and retreat are proved to replay a
// saved layer bit for bit.
writeFixtureWhenAsked(FIXTURE, SIZE, fixtureStack(), 'thermal apron fixture');

describe('a project with thermal layers that retreat walls, lay talus aprons and fill floors (format v2 fixture)', () => {
  it('opens with its layers as written and replays its saved heights bit for bit', () => {
    const doc = openFixture(FIXTURE);
    expectReplaysAsWritten(doc, fixtureStack());
  });

  it('holds aprons and floors: the same stack without them gives other heights', () => {
    const doc = openFixture(FIXTURE);
    const bare = doc.layers!.map((layer) => {
      if (layer.kind !== 'thermal') return layer;
      const { talusShare: _share, floorFill: _fill, ...params } = layer.params;
      return { ...layer, params };
    });
    expect(bytes(evaluateStack(bare, doc.field))).not.toEqual(bytes(doc.field.heights));
  });
});
