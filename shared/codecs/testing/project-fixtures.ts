/** Test support only: a project document with awkward heights (-0, subnormals, extremes). */
import { createHeightfield } from '../../terrain/heightfield';
import { DEFAULT_RECIPE } from '../../fault/recipe';
import type { ProjectDocument } from '../project';

export function sampleProject(width = 9, depth = 7): ProjectDocument {
  const field = createHeightfield(width, depth, 0.75);
  const specials = [-0, 1e-45, -1e-45, 1.1754942e-38, 3.4028234663852886e38, -3.4028234663852886e38];
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = k < specials.length ? specials[k] : Math.sin(k) * 100;
  return {
    field,
    recipe: { ...DEFAULT_RECIPE, seed: 42 },
    history: [
      { kind: 'continue', iterations: 100 },
      { kind: 'fault', a: 0.6, b: 0.8, c: 1.5, disp: 2 },
    ],
    props: [{ id: 'p1', type: 'rock', x: 1.5, z: -2, rotation: 0.3 }],
    view: { camera: { position: [10, 20, 30], target: [0, 0, 0] }, wireframe: false, name: 'Ünïcode ⛰' },
  };
}
