import { lookupPropType } from './placementLayer';
import type { PropsController } from './propsController';
import type { ToolStore } from '../tools/toolStore';
import type { Tool, ToolPointerEvent } from '../tools/types';

export const PLACE_TOOL_ID = 'props-place';

/**
 * Click to put down one prop of the chosen type at the picked surface point (one history entry). Only a
 * click without motion places: a drag navigates the view as in Navigate (the tool has no handles to grab),
 * so a drag meant to orbit never drops a prop (app/tools/press.ts).
 */
export function createPlaceTool(props: PropsController, tools: ToolStore): Tool {
  const outline = (event: ToolPointerEvent | null) => {
    const type = lookupPropType(props.settings.getState().placeType);
    tools.setState({ overlay: event ? { kind: 'brush', x: event.x, z: event.z, radius: Math.max(type.footprintRadius, 0.5) } : { kind: 'none' } });
  };
  return {
    id: PLACE_TOOL_ID,
    label: 'Place Prop',
    capturesPrimaryDrag: true,
    pressGrabs: () => false,
    onPointerDown(event) {
      props.place(props.settings.getState().placeType, event.x, event.z);
    },
    onHover: outline,
    cancel() {
      tools.setState({ overlay: { kind: 'none' } });
    },
  };
}
