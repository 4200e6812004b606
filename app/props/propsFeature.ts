import type { SessionCore } from '../sessionTypes';
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
  /** Unbinds the commands and stops following the editor. */
  dispose(): void;
}

/** Creates the props feature and binds its commands (their states follow the prop selection). */
export function createPropsFeature(session: Pick<SessionCore, 'editor' | 'api' | 'tools' | 'commands'>): PropsFeature {
  const controller = new PropsController(session.editor, session.api);
  const tools: Record<PropToolId, Tool> = {
    place: createPlaceTool(controller, session.tools),
    select: createSelectTool(controller),
    scatter: createScatterTool(controller, session.tools),
  };
  const selectTool = (id: PropToolId) => {
    session.tools.getState().active?.cancel();
    session.tools.setState({ active: tools[id], overlay: { kind: 'none' } });
  };
  const unbind = bindPropsCommands(session, controller, selectTool);
  return {
    controller,
    tools,
    selectTool,
    dispose() {
      unbind();
      controller.dispose();
    },
  };
}

function bindPropsCommands(session: Pick<SessionCore, 'commands'>, controller: PropsController, selectTool: (id: PropToolId) => void): () => void {
  const { commands } = session;
  const hasSelection = () => controller.selection.getState().ids.size > 0;
  const report = (error: unknown) => controller.status.setState({ message: `Export failed: ${error instanceof Error ? error.message : String(error)}` });
  const unbinders = [
    commands.bind('props.placeTool', { run: () => selectTool('place') }),
    commands.bind('props.selectTool', { run: () => selectTool('select') }),
    commands.bind('props.scatterTool', { run: () => selectTool('scatter') }),
    commands.bind('props.deleteSelection', { run: () => void controller.deleteSelection(), enabled: hasSelection }),
    commands.bind('props.duplicate', { run: () => void controller.duplicateSelection(), enabled: hasSelection }),
    commands.bind('props.exportJson', {
      run: async () => {
        try {
          const name = await controller.saveJson();
          if (name !== null) controller.status.setState({ message: `Exported ${controller.layer.count} props to ${name}` });
        } catch (error) {
          report(error);
        }
      },
    }),
    // Menu and toolbar enabled states follow the selection.
    commands.watch(controller.selection),
  ];
  return () => unbinders.forEach((unbind) => unbind());
}
