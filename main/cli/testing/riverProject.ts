/**
 * A project for the CLI's water tests: a flat 129 × 129 m map (1 m cells) with one drawn river along
 * x = 0 from z = −62 to 62, its bed 6 m wide and 1.5 m below the water (so under water for |x| ≤ 3 m
 * at least), its heights the stack's.
 */
import { compileProject } from '../../../shared/codecs/project';
import { evaluateStack } from '../../../shared/layers/evaluate';
import type { Layer } from '../../../shared/layers/types';
import { riverParams } from '../../../shared/rivers/params';
import { createHeightfield } from '../../../shared/terrain/heightfield';

export function flatMapWithRiver(): Uint8Array {
  const size = { width: 129, depth: 129, cellSize: 1 };
  const river: Layer = {
    id: 'river-1',
    name: 'River',
    enabled: true,
    opacity: 1,
    kind: 'river',
    params: riverParams(
      [
        { x: 0, z: -62 },
        { x: 0, z: 62 },
      ],
      { width: 6, depth: 1.5 },
    ),
  };
  return compileProject({
    field: createHeightfield(129, 129, 1, evaluateStack([river], size)!),
    recipe: null,
    history: [],
    props: [],
    view: {},
    layers: [river],
  });
}
