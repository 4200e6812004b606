import type { SessionCore } from '../sessionTypes';
import type { TerrainJobs } from '../jobs/terrainJobs';
import type { LayersModel } from '../layers/layersModel';
import { createSplineTool, type FrameScheduler, type RoadTool } from '../roads/roadTool';
import { bindSplineTool, defaultFrame } from '../roads/splineToolBinding';
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

export function createRiversFeature(
  session: Pick<SessionCore, 'editor' | 'tools' | 'commands'>,
  design: { jobs: TerrainJobs; layers: LayersModel },
  frame: FrameScheduler = defaultFrame,
): RiversFeature {
  const { editor, tools } = session;
  const model = createRiversModel(editor, design.jobs, design.layers);
  const tool = createSplineTool(RIVER_SPLINE, editor, tools, design.jobs, model, frame);
  const binding = bindSplineTool(session, design.layers, model, tool, { id: 'tool.river', toolId: RIVER_TOOL_ID });
  return {
    model,
    tool,
    selectTool: binding.selectTool,
    dispose() {
      binding.unbind();
      model.dispose();
    },
  };
}
