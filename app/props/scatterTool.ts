import type { PropsController } from './propsController';
import type { ToolStore } from '../tools/toolStore';
import type { Tool, ToolPointerEvent } from '../tools/types';

export const SCATTER_TOOL_ID = 'props-scatter';

/** Click to scatter by the current rules inside a brush circle around the picked point. */
export function createScatterTool(props: PropsController, tools: ToolStore): Tool {
  const outline = (event: ToolPointerEvent | null) => {
    const radius = props.settings.getState().scatter.brushRadius;
    tools.setState({ overlay: event ? { kind: 'brush', x: event.x, z: event.z, radius } : { kind: 'none' } });
  };
  return {
    id: SCATTER_TOOL_ID,
    label: 'Scatter Props',
    capturesPrimaryDrag: true,
    onPointerDown(event) {
      const radius = props.settings.getState().scatter.brushRadius;
      try {
        props.scatter({ kind: 'circle', x: event.x, z: event.z, radius });
      } catch (error) {
        props.status.setState({ message: error instanceof Error ? error.message : String(error) });
      }
    },
    onHover: outline,
    cancel() {
      tools.setState({ overlay: { kind: 'none' } });
    },
  };
}
