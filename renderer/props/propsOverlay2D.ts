import { worldToCanvas, type MapViewTransform } from '../../app/map2d/mapTransform';
import type { EditorSession } from '../../app/editorSession';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { PropType } from '../../shared/props/library';
import { OVERLAY_ACTIVE } from '../../app/palette/overlayPalette';

/** The symbol colour of a type: its topmost primitive (the canopy, the roof). */
function symbolColour(type: PropType): string {
  return type.shape[type.shape.length - 1]?.colour ?? '#ffffff';
}

const SELECTED_COLOUR = OVERLAY_ACTIVE;
const MIN_SYMBOL_PX = 2;

export interface Props2DOverlay {
  draw(context: CanvasRenderingContext2D, transform: MapViewTransform, field: Heightfield, cssWidth: number, cssHeight: number): void;
  dispose(): void;
}

/**
 * Prop symbols and the selection box on the 2D panel. Symbols are squares the size of each prop's
 * footprint (at least a couple of pixels), batched into one path per type; selected props get a ring.
 */
export function attachProps2DOverlay(session: EditorSession, requestDraw: () => void): Props2DOverlay {
  const { controller } = session.props;
  const unsubscribers = [controller.onPlacementChange(requestDraw), controller.selection.subscribe(requestDraw), controller.box.subscribe(requestDraw)];
  return {
    draw(context, transform, field, cssWidth, cssHeight) {
      const { layer } = controller;
      const pixelsPerMetre = transform.scale / field.cellSize;
      if (layer.count > 0) {
        const { props } = layer.layer;
        const paths = props.types.map(() => new Path2D());
        for (let k = 0; k < props.count; k++) {
          const { px, py } = worldToCanvas(transform, field, props.x[k], props.z[k]);
          const half = Math.max(MIN_SYMBOL_PX, props.types[props.typeIndex[k]].footprintRadius * props.scale[k] * pixelsPerMetre);
          if (px + half < 0 || py + half < 0 || px - half > cssWidth || py - half > cssHeight) continue;
          paths[props.typeIndex[k]].rect(px - half, py - half, 2 * half, 2 * half);
        }
        context.save();
        props.types.forEach((type, t) => {
          context.fillStyle = symbolColour(type);
          context.fill(paths[t]);
        });
        const selected = controller.selection.getState().ids;
        if (selected.size > 0) {
          context.strokeStyle = SELECTED_COLOUR;
          context.lineWidth = 2;
          context.beginPath();
          for (const id of selected) {
            const k = layer.indexOf(id);
            if (k === undefined) continue;
            const { px, py } = worldToCanvas(transform, field, props.x[k], props.z[k]);
            const radius = Math.max(MIN_SYMBOL_PX, props.types[props.typeIndex[k]].footprintRadius * props.scale[k] * pixelsPerMetre) + 3;
            context.moveTo(px + radius, py);
            context.arc(px, py, radius, 0, Math.PI * 2);
          }
          context.stroke();
        }
        context.restore();
      }
      const box = controller.box.getState().box;
      if (box) {
        const a = worldToCanvas(transform, field, box.x0, box.z0);
        const b = worldToCanvas(transform, field, box.x1, box.z1);
        context.save();
        context.setLineDash([4, 3]);
        context.strokeStyle = SELECTED_COLOUR;
        context.lineWidth = 1;
        context.strokeRect(Math.min(a.px, b.px), Math.min(a.py, b.py), Math.abs(b.px - a.px), Math.abs(b.py - a.py));
        context.restore();
      }
    },
    dispose() {
      unsubscribers.forEach((unsubscribe) => unsubscribe());
    },
  };
}
