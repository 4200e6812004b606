/**
 * A project for the CLI's water tests: the river across the flat map (shared/rivers/testing), its heights
 * the stack's.
 */
import { compileProject } from '../../../shared/codecs/project';
import { evaluateStack } from '../../../shared/layers/evaluate';
import { FLAT_RIVER_MAP, riverAcrossFlatMap } from '../../../shared/rivers/testing/terrain';
import { createHeightfield } from '../../../shared/terrain/heightfield';

export function flatMapWithRiver(): Uint8Array {
  const river = riverAcrossFlatMap();
  const { width, depth, cellSize } = FLAT_RIVER_MAP;
  return compileProject({
    field: createHeightfield(width, depth, cellSize, evaluateStack([river], FLAT_RIVER_MAP)!),
    recipe: null,
    history: [],
    props: [],
    view: {},
    layers: [river],
  });
}
