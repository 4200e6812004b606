import type { SessionCore } from '../sessionTypes';
import type { TerrainJobs } from '../jobs/terrainJobs';
import type { LayersModel } from '../layers/layersModel';
import { createSplineTool, type FrameScheduler, type RoadTool } from '../roads/roadTool';
import { RIVER_SPLINE, RIVER_TOOL_ID } from './riverTool';
import { createRiversModel, type RiversModel } from './riversModel';

/** The drawn rivers of a session: their model, the river tool and its command. */
export interface RiversFeature {
  readonly model: RiversModel;
  readonly tool: RoadTool;
  /** Makes the river tool the active one. */
  selectTool(): void;
  dispose(): void;
}

const defaultFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
};

export function createRiversFeature(
  session: Pick<SessionCore, 'editor' | 'tools' | 'commands'>,
  design: { jobs: TerrainJobs; layers: LayersModel },
  frame: FrameScheduler = defaultFrame,
): RiversFeature {
  const { editor, tools, commands } = session;
  const model = createRiversModel(editor, design.jobs, design.layers);
  const tool = createSplineTool(RIVER_SPLINE, editor, tools, design.jobs, model, frame);
  const selectTool = () => {
    const current = tools.getState().active;
    if (current === tool) return;
    current?.cancel();
    tools.setState({ active: tool, overlay: { kind: 'none' } });
    tool.refresh();
  };
  const unsubscribers = [
    editor.store.subscribe(() => tool.refresh()),
    design.layers.store.subscribe((s, previous) => {
      if (s.selectedId !== previous.selectedId) tool.refresh();
    }),
    model.store.subscribe((s, previous) => {
      if (s.selectedPoint !== previous.selectedPoint || s.draft !== previous.draft) tool.refresh();
    }),
    commands.bind('tool.river', { run: selectTool, pressed: () => tools.getState().active?.id === RIVER_TOOL_ID }),
  ];
  return {
    model,
    tool,
    selectTool,
    dispose() {
      unsubscribers.forEach((off) => off());
      model.dispose();
    },
  };
}
