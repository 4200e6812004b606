import type { EditorSession } from '../../app/editorSession';
import { worldToCanvas, type MapViewTransform } from '../../app/map2d/mapTransform';
import { STATUS_COLOURS } from '../../app/roads/roadReportStatus';
import { CASING_EXTRA_PX, OVERLAY_CASING } from '../../app/palette/overlayPalette';

export interface RoadReportMapLayer {
  /** Draws the report's colours along the road (when the overlay is on) over the heightmap. */
  draw(context: CanvasRenderingContext2D, transform: MapViewTransform): void;
  dispose(): void;
}

/**
 * The 2D panel's road report overlay: the centreline drawn in each 10 m segment's colour (green ok,
 * amber near a limit, red flagged), at least 4 px wide and as wide as the road when zoomed in; a
 * report row clicked pans the map to its segment (`centreOn`: centred as far as the map's edges allow).
 */
export function createRoadReportMapLayer(session: EditorSession, requestDraw: () => void, centreOn: (px: number, py: number) => void): RoadReportMapLayer {
  const { reports } = session.roadReport;
  let transform: MapViewTransform | null = null;
  const unsubscribe = reports.store.subscribe((s, prev) => {
    if (s.focusVersion !== prev.focusVersion && s.focus && transform) {
      const at = worldToCanvas(transform, session.editor.document.field, s.focus.x, s.focus.z);
      centreOn(at.px, at.py);
    }
    if (s.report !== prev.report || s.overlay !== prev.overlay || s.focusVersion !== prev.focusVersion) requestDraw();
  });
  return {
    draw(ctx, view) {
      transform = view;
      if (!reports.store.getState().overlay) return;
      const path = reports.overlayPath();
      const fitted = reports.fitted();
      if (!path || !fitted) return;
      const field = session.editor.document.field;
      const width = Math.max(4, (fitted.params.width / field.cellSize) * view.scale * 0.6);
      ctx.save();
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      // A dark casing under the colours, so green reads on green terrain.
      for (const [colour, extra] of [
        [OVERLAY_CASING, 2 * CASING_EXTRA_PX],
        [null, 0],
      ] as const) {
        ctx.lineWidth = width + extra;
        let k = 0;
        const n = path.x.length;
        while (k < n - 1) {
          const status = path.status[k];
          let end = k + 1;
          while (end < n - 1 && path.status[end] === status) end++;
          ctx.strokeStyle = colour ?? STATUS_COLOURS[status];
          ctx.beginPath();
          const first = worldToCanvas(view, field, path.x[k], path.z[k]);
          ctx.moveTo(first.px, first.py);
          // Every station would be thousands of segments: about two pixels apart is enough.
          const every = Math.max(1, Math.floor(2 / Math.max(1e-6, (fitted.line.ds / field.cellSize) * view.scale)));
          for (let j = k + every; j < end; j += every) {
            const p = worldToCanvas(view, field, path.x[j], path.z[j]);
            ctx.lineTo(p.px, p.py);
          }
          const last = worldToCanvas(view, field, path.x[end], path.z[end]);
          ctx.lineTo(last.px, last.py);
          ctx.stroke();
          k = end;
        }
      }
      ctx.restore();
    },
    dispose() {
      unsubscribe();
    },
  };
}
