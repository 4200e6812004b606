import { clampToTerrain } from '../../shared/terrain/heightfield';
import type { Prop } from '../document/document';
import type { PropsController } from './propsController';
import type { Tool, ToolPointerEvent } from '../tools/types';

export const SELECT_TOOL_ID = 'props-select';

/** Pick tolerance around a prop, in terrain cells: symbols on a zoomed-out 2D panel are tiny. */
const PICK_CELLS = 2;

type Gesture =
  | { kind: 'idle' }
  | { kind: 'drag'; original: readonly Prop[]; ids: ReadonlySet<string>; anchorX: number; anchorZ: number; moved: boolean }
  | { kind: 'box'; x: number; z: number; additive: boolean };

/**
 * Select and move props. Press on a prop selects it (Shift toggles) and dragging moves the selection
 * along the terrain (one history entry on release); press on empty ground of the 2D panel drags a
 * selection box; elsewhere a click clears the selection. Esc restores a drag in progress.
 */
export function createSelectTool(props: PropsController): Tool {
  let gesture: Gesture = { kind: 'idle' };

  const endBox = () => {
    props.box.setState({ box: null });
    gesture = { kind: 'idle' };
  };

  return {
    id: SELECT_TOOL_ID,
    label: 'Select Props',
    capturesPrimaryDrag: true,
    onPointerDown(event: ToolPointerEvent) {
      if (gesture.kind !== 'idle') return;
      const field = props.editor.document.field;
      const hit = props.pickAt(event.x, event.z, PICK_CELLS * field.cellSize);
      const selected = props.selection.getState().ids;
      if (hit) {
        if (event.shiftKey) {
          const next = new Set(selected);
          if (next.has(hit.id)) next.delete(hit.id);
          else next.add(hit.id);
          props.select(next);
          return;
        }
        if (!selected.has(hit.id)) props.select([hit.id]);
        const ids = props.selection.getState().ids;
        gesture = { kind: 'drag', original: props.editor.document.props, ids, anchorX: event.x, anchorZ: event.z, moved: false };
        return;
      }
      if (event.source === '2d') {
        gesture = { kind: 'box', x: event.x, z: event.z, additive: event.shiftKey };
        props.box.setState({ box: { x0: event.x, z0: event.z, x1: event.x, z1: event.z } });
        return;
      }
      if (!event.shiftKey) props.select([]);
    },
    onPointerMove(event: ToolPointerEvent) {
      if (gesture.kind === 'drag') {
        const field = props.editor.document.field;
        // Keep the dragged point on the map; every moved prop keeps its offset from it.
        const target = clampToTerrain(field, event.x, event.z);
        gesture.moved = true;
        props.previewMove(gesture.original, gesture.ids, target.x - gesture.anchorX, target.z - gesture.anchorZ);
      } else if (gesture.kind === 'box') {
        props.box.setState({ box: { x0: gesture.x, z0: gesture.z, x1: event.x, z1: event.z } });
      }
    },
    onPointerUp(event: ToolPointerEvent) {
      if (gesture.kind === 'drag') {
        const { original, moved } = gesture;
        gesture = { kind: 'idle' };
        if (moved) props.commitMove(original);
      } else if (gesture.kind === 'box') {
        const inside = props.idsInRect(gesture.x, gesture.z, event.x, event.z);
        const ids = gesture.additive ? [...props.selection.getState().ids, ...inside] : inside;
        props.select(ids);
        endBox();
      }
    },
    cancel() {
      if (gesture.kind === 'drag') {
        props.cancelMove(gesture.original);
        gesture = { kind: 'idle' };
      } else if (gesture.kind === 'box') endBox();
    },
  };
}
