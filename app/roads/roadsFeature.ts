import type { SessionCore } from '../sessionTypes';
import type { TerrainJobs } from '../jobs/terrainJobs';
import type { LayersModel } from '../layers/layersModel';
import { createRoadTool, ROAD_TOOL_ID, type FrameScheduler, type RoadTool } from './roadTool';
import { createRoadsModel, type RoadsModel } from './roadsModel';
import { createRouteMode, type RouteMode } from './routeMode';
import { inProcessRouteRunner, type RouteRunner } from './routeRunner';

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

/** The window's frame scheduler; a timer where there is none (tests, headless). */
const defaultFrame: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
};

export function createRoadsFeature(
  session: Pick<SessionCore, 'editor' | 'tools' | 'commands'>,
  design: { jobs: TerrainJobs; layers: LayersModel },
  frame: FrameScheduler = defaultFrame,
  routeRunner: RouteRunner = inProcessRouteRunner,
): RoadsFeature {
  const { editor, tools, commands } = session;
  const model = createRoadsModel(editor, design.jobs, design.layers);
  const route = createRouteMode(editor, model, routeRunner);
  const tool = createRoadTool(editor, tools, design.jobs, design.layers, model, frame, route);
  const selectTool = () => {
    const current = tools.getState().active;
    if (current === tool) return;
    current?.cancel();
    tools.setState({ active: tool, overlay: { kind: 'none' } });
    tool.refresh();
  };
  const unsubscribers = [
    // The overlay follows the document (undo too), the selected road and point, and the draft.
    editor.store.subscribe(() => tool.refresh()),
    design.layers.store.subscribe((s, previous) => {
      if (s.selectedId !== previous.selectedId) tool.refresh();
    }),
    model.store.subscribe((s, previous) => {
      if (s.selectedPoint !== previous.selectedPoint || s.draft !== previous.draft) tool.refresh();
    }),
    commands.bind('tool.road', { run: selectTool, pressed: () => tools.getState().active?.id === ROAD_TOOL_ID }),
  ];
  return {
    model,
    tool,
    route,
    selectTool,
    dispose() {
      route.cancel();
      unsubscribers.forEach((off) => off());
      model.dispose();
    },
  };
}
