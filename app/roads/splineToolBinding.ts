/**
 * What the roads and the rivers features share: their spline tool made the active one by its
 * command, and its overlay refreshed as the document (undo too), the Layers selection and the
 * model's selected point and draft change.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { CommandId } from '../../shared/commands';
import type { LayersModel } from '../layers/layersModel';
import type { SessionCore } from '../sessionTypes';
import type { FrameScheduler, RoadTool } from './roadTool';

/** The window's frame scheduler; a timer where there is none (tests, headless). */
export const defaultFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
};

export interface SplineToolBinding {
  /** Makes the tool the active one. */
  selectTool(): void;
  /** Stops the refreshes and unbinds the command. */
  unbind(): void;
}

export function bindSplineTool(
  session: Pick<SessionCore, 'editor' | 'tools' | 'commands'>,
  layers: LayersModel,
  model: { store: StoreApi<{ selectedPoint: number | null; draft: { x: number; z: number } | null }> },
  tool: RoadTool,
  command: { id: CommandId; toolId: string },
): SplineToolBinding {
  const { editor, tools, commands } = session;
  const selectTool = () => {
    const current = tools.getState().active;
    if (current === tool) return;
    current?.cancel();
    tools.setState({ active: tool, overlay: { kind: 'none' } });
    tool.refresh();
  };
  const unsubscribers = [
    // The overlay follows the document (undo too), the selected layer and point, and the draft.
    editor.store.subscribe(() => tool.refresh()),
    layers.store.subscribe((s, previous) => {
      if (s.selectedId !== previous.selectedId) tool.refresh();
    }),
    model.store.subscribe((s, previous) => {
      if (s.selectedPoint !== previous.selectedPoint || s.draft !== previous.draft) tool.refresh();
    }),
    commands.bind(command.id, { run: selectTool, pressed: () => tools.getState().active?.id === command.toolId }),
  ];
  return { selectTool, unbind: () => unsubscribers.forEach((off) => off()) };
}
