import type { Editor } from '../document/editor';
import { diffTileEdit } from '../document/tileEdit';
import { withGenerationHistory } from '../document/generationEdits';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { applyFaults, lineThroughPoints } from '../../shared/fault/engine';
import type { ToolSettingsStore } from './toolSettings';
import type { ToolStore } from './toolStore';
import type { Tool } from './types';

export const FAULT_TOOL_ID = 'fault';

/**
 * Manual fault: drag a line on the 2D panel; on release one fault along it is applied (the left side
 * of the drag direction rises by the chosen displacement, the other sinks) as one edit.
 */
export function createFaultTool(editor: Editor, tools: ToolStore, settings: ToolSettingsStore): Tool {
  let start: { x: number; z: number } | null = null;

  const clear = () => {
    start = null;
    tools.setState({ overlay: { kind: 'none' } });
  };

  return {
    id: FAULT_TOOL_ID,
    label: 'Manual Fault',
    capturesPrimaryDrag: true,
    onPointerDown(event) {
      if (event.source !== '2d') return;
      start = { x: event.x, z: event.z };
      tools.setState({ overlay: { kind: 'line', x1: event.x, z1: event.z, x2: event.x, z2: event.z } });
    },
    onPointerMove(event) {
      if (!start) return;
      tools.setState({ overlay: { kind: 'line', x1: start.x, z1: start.z, x2: event.x, z2: event.z } });
    },
    onPointerUp(event) {
      if (!start) return;
      const from = start;
      clear();
      applyManualFault(editor, from.x, from.z, event.x, event.z, settings.getState().faultDisplacement);
    },
    cancel: clear,
  };
}

/** Applies one fault through (x1, z1)–(x2, z2) as one history entry; false for a zero-length line. */
export function applyManualFault(editor: Editor, x1: number, z1: number, x2: number, z2: number, displacement: number): boolean {
  if (x1 === x2 && z1 === z2) return false;
  const { field } = editor.document;
  const result = createHeightfield(field.width, field.depth, field.cellSize, field.heights.slice());
  applyFaults(result, [{ line: lineThroughPoints(x1, z1, x2, z2), displacement }]);
  const edit = diffTileEdit('Manual fault', field.width, field.depth, field.heights, result.heights);
  if (edit.tileCount === 0) return false;
  const { history } = editor.document;
  editor.apply(withGenerationHistory(edit, history, [...history, { kind: 'manualFault', x1, z1, x2, z2, displacement }]));
  return true;
}
