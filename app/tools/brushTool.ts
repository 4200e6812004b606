import type { Editor } from '../document/editor';
import type { DirtyRegion } from '../document/region';
import { BrushStroke } from './brushStroke';
import type { ToolSettingsStore } from './toolSettings';
import type { ToolStore } from './toolStore';
import type { Tool, ToolPointerEvent } from './types';

export const BRUSH_TOOL_ID = 'brush';

/** Sculpt brush: pointer down…up is one stroke and one history entry; Esc puts the heights back. */
export function createBrushTool(editor: Editor, tools: ToolStore, settings: ToolSettingsStore): Tool {
  let stroke: BrushStroke | null = null;
  let label = '';

  /** Heights changed in place during the stroke: the views redraw, no history entry yet. */
  const preview = (region: DirtyRegion | null) => {
    if (region) editor.preview(region);
  };

  const showOutline = (event: ToolPointerEvent | null) => {
    const overlay = event ? { kind: 'brush' as const, x: event.x, z: event.z, radius: settings.getState().brush.radius } : { kind: 'none' as const };
    tools.setState({ overlay });
  };

  return {
    id: BRUSH_TOOL_ID,
    label: 'Sculpt Brush',
    capturesPrimaryDrag: true,
    onPointerDown(event) {
      if (stroke) return;
      const brush = { ...settings.getState().brush };
      label = `Brush: ${brush.mode}`;
      stroke = new BrushStroke(editor.document.field, brush, event.x, event.z, event.y);
      preview(stroke.begin());
      showOutline(event);
    },
    onPointerMove(event) {
      showOutline(event);
      if (stroke) preview(stroke.moveTo(event.x, event.z));
    },
    onPointerUp(event) {
      if (!stroke) return;
      preview(stroke.moveTo(event.x, event.z));
      const edit = stroke.finish(label);
      stroke = null;
      // The heights already hold the stroke; applying it again writes the same values and records it.
      if (edit) editor.apply(edit);
    },
    onHover: showOutline,
    cancel() {
      if (!stroke) return;
      preview(stroke.cancel());
      stroke = null;
    },
  };
}
