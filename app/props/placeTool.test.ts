import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createDocument } from '../document/document';
import { Editor } from '../document/editor';
import { InputRouter, type WorldPointer } from '../tools/inputRouter';
import { CLICK_SLOP_PX } from '../tools/press';
import { createToolStore } from '../tools/toolStore';
import { createHoverStore } from '../view/viewStore';
import { PropsController } from './propsController';
import { createPlaceTool } from './placeTool';

/** A 33² flat map of 2 m cells at 10 m, the Place Prop tool active behind the one input router. */
function setup() {
  const field = createHeightfield(33, 33, 2);
  field.heights.fill(10);
  const editor = new Editor(createDocument(field));
  const props = new PropsController(editor);
  const tools = createToolStore();
  tools.setState({ active: createPlaceTool(props, tools) });
  return { editor, router: new InputRouter(editor, tools, createHoverStore()) };
}

function pointer(x: number, z: number, extra: Partial<WorldPointer> = {}): WorldPointer {
  return { source: '3d', hit: { x, z }, screenX: 100, screenY: 100, button: 0, buttons: 0, shiftKey: false, altKey: false, ctrlKey: false, ...extra };
}

describe('the Place Prop tool (issue 34: a point is added only by a click without motion)', () => {
  for (const source of ['3d', '2d'] as const) {
    it(`in the ${source} view a left drag navigates and places nothing; a click places one prop where it was released`, () => {
      const { editor, router } = setup();
      router.move(pointer(0, 0, { source }));
      // A drag: the view's press (it orbits or pans), no prop.
      expect(router.down(pointer(0, 0, { source, buttons: 1 }))).toBe('view');
      router.move(pointer(6, 0, { source, buttons: 1, screenX: 140 }));
      router.up(pointer(6, 0, { source, screenX: 140 }));
      expect(editor.document.props).toHaveLength(0);
      // A click (within the slop): one prop at the release.
      router.down(pointer(4, -2, { source, buttons: 1 }));
      router.move(pointer(4, -2, { source, buttons: 1, screenX: 100 + CLICK_SLOP_PX }));
      router.up(pointer(4.5, -2, { source, screenX: 100 + CLICK_SLOP_PX }));
      expect(editor.document.props).toHaveLength(1);
      expect(editor.document.props[0]).toMatchObject({ x: 4.5, z: -2 });
    });
  }
});
