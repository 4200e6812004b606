import type { Editor } from '../document/editor';
import type { DirtyRegion } from '../document/region';
import { withStack } from '../document/generationEdits';
import type { TerrainJobs } from '../jobs/terrainJobs';
import type { LayersModel } from '../layers/layersModel';
import { BrushStroke, SculptPaint } from './brushStroke';
import type { ToolSettingsStore } from './toolSettings';
import type { ToolStore } from './toolStore';
import type { Tool, ToolPointerEvent } from './types';

export const BRUSH_TOOL_ID = 'brush';

/**
 * Sculpt brush: pointer down…up is one stroke and one history entry, painted into a sculpt layer
 * (LayersModel.sculptTarget), so it survives a regenerated base; Esc puts everything back. When only
 * local layers lie above that layer each dab is evaluated exactly as it goes; otherwise the views
 * show the dabs directly and the stack is evaluated in a worker when the stroke ends.
 */
export function createBrushTool(editor: Editor, tools: ToolStore, settings: ToolSettingsStore, jobs: TerrainJobs, layers: LayersModel): Tool {
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

  const sizeOf = () => {
    const { width, depth, cellSize } = editor.document.field;
    return { width, depth, cellSize };
  };

  return {
    id: BRUSH_TOOL_ID,
    label: 'Sculpt Brush',
    capturesPrimaryDrag: true,
    onPointerDown(event) {
      // A stroke while the stack is being evaluated would paint on a stack about to be replaced.
      if (stroke || jobs.isRunning) return;
      const brush = { ...settings.getState().brush };
      label = `Brush: ${brush.mode}`;
      const target = layers.sculptTarget();
      const size = sizeOf();
      const local = jobs.prepareLocal(target.stack, target.index);
      const paint = new SculptPaint(target.stack, target.index, size, local ? jobs.engine : null);
      stroke = new BrushStroke(editor.document.field, brush, event.x, event.z, event.y, paint);
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
      const current = stroke;
      stroke = null;
      const paint = current.paint;
      if (!paint || !paint.rect) {
        editor.endPreview(current.cancel());
        return;
      }
      layers.select(paint.layer.id);
      if (paint.evaluated) {
        // The heights already hold the exact result: the stroke's tiles and its layer are the edit.
        const edit = current.finish(label);
        const doc = editor.document;
        // Nothing changed (every touched height has its bits back): no entry, and no preview either.
        if (edit) editor.apply(withStack(edit, doc.stack, paint.stack));
        else editor.endPreview(null);
        return;
      }
      void jobs.applyStack(paint.stack, label, {
        change: { index: paint.index, rect: paint.rect, from: editor.document.stack[paint.index] },
        // The edit records the heights from before the stroke: the preview goes back first.
        beforeApply: (applying) => {
          const restored = current.cancel();
          if (!applying) editor.endPreview(restored);
        },
      });
    },
    onHover: showOutline,
    cancel() {
      if (!stroke) return;
      const current = stroke;
      stroke = null;
      // Every rectangle the stroke or the engine wrote goes back: the heights are the document's
      // stack's again, which the engine takes up at the next local edit (TerrainJobs.prepareLocal).
      editor.endPreview(current.cancel());
    },
  };
}
