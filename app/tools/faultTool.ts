import type { Editor } from '../document/editor';
import { stackWithManualFault } from '../generate/terrainStepEdits';
import type { TerrainJobs } from '../jobs/terrainJobs';
import type { LayersModel } from '../layers/layersModel';
import type { ToolSettingsStore } from './toolSettings';
import type { ToolStore } from './toolStore';
import type { Tool } from './types';

export const FAULT_TOOL_ID = 'fault';

/**
 * Manual fault: drag a line on the 2D panel; on release one fault along it (the left side of the
 * drag direction rises by the chosen displacement, the other sinks) is added to a manual faults
 * layer (the selected one, else the topmost, else a new one) as one edit.
 */
/** The fault tool's state: no line, or a line being drawn from `from`. */
export type FaultToolState = { kind: 'idle' } | { kind: 'drawing'; from: { x: number; z: number } };

export function createFaultTool(
  editor: Editor,
  tools: ToolStore,
  settings: ToolSettingsStore,
  jobs: TerrainJobs,
  layers: LayersModel,
): Tool & { state(): FaultToolState } {
  let state: FaultToolState = { kind: 'idle' };

  const clear = () => {
    state = { kind: 'idle' };
    tools.setState({ overlay: { kind: 'none' } });
  };

  return {
    id: FAULT_TOOL_ID,
    label: 'Manual Fault',
    capturesPrimaryDrag: true,
    state: () => state,
    onPointerDown(event) {
      if (event.source !== '2d') return;
      state = { kind: 'drawing', from: { x: event.x, z: event.z } };
      tools.setState({ overlay: { kind: 'line', x1: event.x, z1: event.z, x2: event.x, z2: event.z } });
    },
    onPointerMove(event) {
      if (state.kind !== 'drawing') return;
      const { from } = state;
      tools.setState({ overlay: { kind: 'line', x1: from.x, z1: from.z, x2: event.x, z2: event.z } });
    },
    onPointerUp(event) {
      if (state.kind !== 'drawing') return;
      const { from } = state;
      clear();
      const next = stackWithManualFault(
        editor.document.stack,
        { x1: from.x, z1: from.z, x2: event.x, z2: event.z, displacement: settings.getState().faultDisplacement },
        layers.store.getState().selectedId,
      );
      if (next) void jobs.applyStack(next, 'Manual fault');
    },
    cancel: clear,
  };
}
