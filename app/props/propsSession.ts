import type { EditorSession } from '../editorSession';
import { createPlaceTool } from './placeTool';
import { PropsController } from './propsController';
import { createScatterTool } from './scatterTool';
import { createSelectTool } from './selectTool';
import type { Tool } from '../tools/types';

export type PropToolId = 'place' | 'select' | 'scatter';

/** The props feature of a session: controller, its tools and its commands. */
export interface PropsFeature {
  readonly controller: PropsController;
  readonly tools: Readonly<Record<PropToolId, Tool>>;
  selectTool(id: PropToolId): void;
}

const features = new WeakMap<EditorSession, PropsFeature>();

/** The session's props feature, created (and its commands bound) on first use by any view. */
export function propsFor(session: EditorSession): PropsFeature {
  let feature = features.get(session);
  if (!feature) {
    feature = createPropsFeature(session);
    features.set(session, feature);
  }
  return feature;
}

export function createPropsFeature(session: EditorSession): PropsFeature {
  const controller = new PropsController(session.editor, session.api);
  const tools: Record<PropToolId, Tool> = {
    place: createPlaceTool(controller, session.tools),
    select: createSelectTool(controller),
    scatter: createScatterTool(controller, session.tools),
  };
  const feature: PropsFeature = {
    controller,
    tools,
    selectTool(id) {
      session.tools.getState().active?.cancel();
      session.tools.setState({ active: tools[id], overlay: { kind: 'none' } });
    },
  };
  bindPropsCommands(session, feature);
  // Menu and toolbar enabled states follow the selection.
  controller.selection.subscribe(() => session.tools.setState({}));
  return feature;
}

function bindPropsCommands(session: EditorSession, feature: PropsFeature): void {
  const { commands } = session;
  const { controller } = feature;
  const hasSelection = () => controller.selection.getState().ids.size > 0;
  const report = (error: unknown) => controller.status.setState({ message: `Export failed: ${error instanceof Error ? error.message : String(error)}` });
  commands.bind('props.placeTool', { run: () => feature.selectTool('place') });
  commands.bind('props.selectTool', { run: () => feature.selectTool('select') });
  commands.bind('props.scatterTool', { run: () => feature.selectTool('scatter') });
  commands.bind('props.deleteSelection', { run: () => void controller.deleteSelection(), enabled: hasSelection });
  commands.bind('props.duplicate', { run: () => void controller.duplicateSelection(), enabled: hasSelection });
  commands.bind('props.exportJson', {
    run: async () => {
      try {
        const name = await controller.saveJson();
        if (name !== null) controller.status.setState({ message: `Exported ${controller.layer.count} props to ${name}` });
      } catch (error) {
        report(error);
      }
    },
  });
}
