import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { floatBytes as bytes, openFixture, writeFixtureWhenAsked } from './testing/layerFixtures';
import { evaluateStack } from '../../shared/layers/evaluate';
import { presetStack } from '../../shared/layers/migrate';
import type { Layer, LayerSize } from '../../shared/layers/types';
import { buildPreset, type PresetId } from '../../shared/presets/terrainPresets';

const SIZE: LayerSize = { width: 65, depth: 49, cellSize: 2 };
/** Mesas at this seed and size is land where the two schemes' float32 heights differ (2,694 of 3,185 vertices, up to
 * 6 mm): Canyons and River valleys round to the same bytes on either scheme up to 257² (their differences stay at
 * rounding level, far under a float32 step), so a fixture of theirs could not tell the schemes apart. */
const SEED = 7;
const FIXTURE = join(__dirname, '../../shared/layers/testing/fixtures/v2-preset-mesas-reference.faultline');
/** The presets with a fluvial layer. */
const PRESETS: readonly PresetId[] = ['canyons', 'mesas', 'river-valleys'];

/** The fluvial layers of a stack. */
const fluvialLayers = (stack: readonly Layer[]) => stack.filter((layer) => layer.kind === 'fluvial');

/** The stack with every fluvial layer on the given scheme (undefined: the key removed). */
function onScheme(stack: readonly Layer[], scheme: 'factored' | undefined): Layer[] {
  return stack.map((layer) => {
    if (layer.kind !== 'fluvial') return layer;
    const { scheme: _scheme, ...params } = layer.params;
    return { ...layer, params: scheme === undefined ? params : { ...params, scheme } };
  });
}

// Written by the Mesas preset of format v2 whose fluvial layers had no `scheme` (the reference's sums), with
// FAULTLINE_WRITE_FIXTURES=1 (the code before the presets took the factored scheme); kept as written, so that a
// project made from the old recipe is proved to replay bit for bit after the presets moved to `scheme: 'factored'`.
{
  const { recipe, finishing } = buildPreset('mesas', { ...SIZE, seed: SEED });
  writeFixtureWhenAsked(FIXTURE, SIZE, onScheme(presetStack(recipe, finishing), undefined), 'mesas before the factored scheme');
}

describe('a project made from Mesas before the presets took the factored fluvial scheme (format v2 fixture)', () => {
  it("its fluvial layers keep the reference's sums and replay the saved heights bit for bit", () => {
    const doc = openFixture(FIXTURE);
    const stack = doc.layers!;
    const fluvial = fluvialLayers(stack);
    expect(fluvial.length).toBe(2);
    for (const layer of fluvial) expect(layer.kind === 'fluvial' && layer.params.scheme).toBeUndefined();
    expect(bytes(evaluateStack(stack, doc.field))).toEqual(bytes(doc.field.heights));
    // The scheme matters on this land: the same layers on the factored sums give other bytes, so the
    // replay above is the old recipe's and not a coincidence of both schemes.
    expect(bytes(evaluateStack(onScheme(stack, 'factored'), doc.field))).not.toEqual(bytes(doc.field.heights));
  });

  it("today's presets record the factored scheme on every fluvial layer (a new recipe beside the saved one)", () => {
    for (const id of PRESETS) {
      const { recipe, finishing } = buildPreset(id, { ...SIZE, seed: SEED });
      const fluvial = fluvialLayers(presetStack(recipe, finishing));
      expect(fluvial.length, id).toBeGreaterThan(0);
      for (const layer of fluvial) expect(layer.kind === 'fluvial' && layer.params.scheme, id).toBe('factored');
    }
  });
});
