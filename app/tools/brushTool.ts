import type { Editor } from '../document/editor';
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
/** The brush's state: no stroke, or a stroke painting into a sculpt layer (its undo label). */
export type BrushToolState = { kind: 'idle' } | { kind: 'stroking'; stroke: BrushStroke; paint: SculptPaint; label: string };

export function createBrushTool(
  editor: Editor,
  tools: ToolStore,
  settings: ToolSettingsStore,
  jobs: TerrainJobs,
  layers: LayersModel,
): Tool & { state(): BrushToolState } {
  let state: BrushToolState = { kind: 'idle' };

  const showOutline = (event: ToolPointerEvent | null) => {
    const overlay = event ? { kind: 'brush' as const, x: event.x, z: event.z, radius: settings.getState().brush.radius } : { kind: 'none' as const };
    tools.setState({ overlay });
  };

  return {
    id: BRUSH_TOOL_ID,
    label: 'Sculpt Brush',
    capturesPrimaryDrag: true,
    state: () => state,
    onPointerDown(event) {
      // A stroke while the stack is being evaluated would paint on a stack about to be replaced.
      if (state.kind !== 'idle' || jobs.isRunning) return;
      const brush = { ...settings.getState().brush };
      const target = layers.sculptTarget();
      const paint = new SculptPaint(jobs.beginLocalEdit(target.stack, target.index));
      const stroke = new BrushStroke(editor.document.field, brush, event.x, event.z, event.y, paint);
      state = { kind: 'stroking', stroke, paint, label: `Brush: ${brush.mode}` };
      paint.edit.preview(stroke.begin());
      showOutline(event);
    },
    onPointerMove(event) {
      showOutline(event);
      if (state.kind === 'stroking') state.paint.edit.preview(state.stroke.moveTo(event.x, event.z));
    },
    onPointerUp(event) {
      if (state.kind !== 'stroking') return;
      const { stroke, paint, label } = state;
      paint.edit.preview(stroke.moveTo(event.x, event.z));
      state = { kind: 'idle' };
      if (!paint.rect) {
        paint.edit.cancel();
        return;
      }
      layers.select(paint.layer.id);
      // Evaluated here: the heights hold the exact result, and the stroke's tiles and its layer are
      // the edit (nothing changed: no entry). Else the stack is evaluated in a worker, the dabs put back first.
      void paint.edit.commit(label, { unchanged: 'skip' });
    },
    onHover: showOutline,
    cancel() {
      if (state.kind !== 'stroking') return;
      const { paint } = state;
      state = { kind: 'idle' };
      // Every rectangle the stroke or the evaluator wrote goes back: the heights are the document's
      // stack's again, which the evaluator takes up at the next local edit (TerrainJobs.prepareLocal).
      paint.edit.cancel();
    },
  };
}
