import { describe, expect, it } from 'vitest';
import { evaluateStack } from '../../shared/layers/evaluate';
import { FLAT_RIVER_MAP, riverAcrossFlatMap } from '../../shared/rivers/testing/terrain';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { PropsController } from './propsController';

// A flat map with a drawn river along x = 0: its 6 m bed is under water for |x| ≤ 3 m at least.
const size = FLAT_RIVER_MAP;
const river = riverAcrossFlatMap();

function scatterOnRiver(avoidWater: boolean): number {
  const editor = new Editor(createDocument(createHeightfield(129, 129, 1, evaluateStack([river], size)!), [river]));
  const props = new PropsController(editor);
  props.settings.setState((s) => ({ scatter: { ...s.scatter, types: ['rock'], count: 400, seed: 5, spacing: 0, avoidWater } }));
  props.scatter();
  expect(editor.document.props).toHaveLength(400);
  return editor.document.props.filter((p) => Math.abs(p.x) <= 3).length;
}

describe('scatter in the window and water', () => {
  it('keeps props out of the water by default ("Avoid water"), and lets them in when it is off', () => {
    expect(scatterOnRiver(true)).toBe(0);
    // Uniform over 128 m of x: about 6 / 128 of 400 props fall on the bed.
    expect(scatterOnRiver(false)).toBeGreaterThan(5);
  });
});
