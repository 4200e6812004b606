import type { SessionCore } from '../sessionTypes';
import type { TerrainJobs } from '../jobs/terrainJobs';
import type { LayersModel } from '../layers/layersModel';
import { createRoadTool, ROAD_TOOL_ID, type FrameScheduler, type RoadTool } from './roadTool';
import { createRoadsModel, type RoadsModel } from './roadsModel';
import { createRouteMode, type RouteMode } from './routeMode';
import { inProcessRouteRunner, type RouteRunner } from './routeRunner';
import { bindSplineTool, defaultFrame } from './splineToolBinding';

/** The roads feature of a session: the roads model (Roads tab), the road tool and its command. */
export interface RoadsFeature {
  readonly model: RoadsModel;
  readonly tool: RoadTool;
  /** The tool's Route mode: the road finds its own way between clicked points. */
  readonly route: RouteMode;
  /** Makes the road tool the active one. */
  selectTool(): void;
  dispose(): void;
}

export function createRoadsFeature(
  session: Pick<SessionCore, 'editor' | 'tools' | 'commands'>,
  design: { jobs: TerrainJobs; layers: LayersModel },
  frame: FrameScheduler = defaultFrame,
  routeRunner: RouteRunner = inProcessRouteRunner,
): RoadsFeature {
  const { editor, tools } = session;
  const model = createRoadsModel(editor, design.jobs, design.layers);
  const route = createRouteMode(editor, model, routeRunner);
  const tool = createRoadTool(editor, tools, design.jobs, design.layers, model, frame, route);
  const binding = bindSplineTool(session, design.layers, model, tool, { id: 'tool.road', toolId: ROAD_TOOL_ID });
  return {
    model,
    tool,
    route,
    selectTool: binding.selectTool,
    dispose() {
      route.cancel();
      binding.unbind();
      model.dispose();
    },
  };
}
