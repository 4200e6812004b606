import type { EditorSession } from '../../app/editorSession';
import { worldToCanvas, type MapViewTransform } from '../../app/map2d/mapTransform';
import { overlaySlopeChanged, overlaySlopeDeg, steepVertexMask } from '../../app/drive/drivability';
import { MARK_COLOURS } from '../../app/drive/driveMarks';
import { DRIVABILITY_TINT, DRIVABILITY_TINT_OPACITY, OVERLAY_CASING, OVERLAY_HANDLE, OVERLAY_HANDLE_ACTIVE } from '../../app/palette/overlayPalette';

export interface DriveMapLayer {
  /** Draws the drivability tint and the drive's marks (when on) and the car's position (while driving) over the heightmap. */
  draw(context: CanvasRenderingContext2D, transform: MapViewTransform): void;
  dispose(): void;
}

/** The palette's drivability tint as the image's sRGB bytes and alpha (as the 3D view draws it). */
export const TINT = [
  parseInt(DRIVABILITY_TINT.slice(1, 3), 16),
  parseInt(DRIVABILITY_TINT.slice(3, 5), 16),
  parseInt(DRIVABILITY_TINT.slice(5, 7), 16),
  Math.round(DRIVABILITY_TINT_OPACITY * 255),
] as const;

/**
 * The 2D panel's share of the test drive: a one-pixel-per-vertex tint image (like the heightmap image)
 * rebuilt when the terrain or the slope limit changes, and a marker for the car.
 */
export function createDriveMapLayer(session: EditorSession, requestDraw: () => void): DriveMapLayer {
  const drive = session.drive;
  const { editor } = session;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  let stale = true;

  const rebuild = () => {
    stale = false;
    const field = editor.document.field;
    if (canvas.width !== field.width || canvas.height !== field.depth) {
      canvas.width = field.width;
      canvas.height = field.depth;
    }
    if (!context) return;
    const mask = steepVertexMask(field, overlaySlopeDeg(drive.settings));
    const image = context.createImageData(field.width, field.depth);
    for (let k = 0; k < mask.length; k++) {
      if (!mask[k]) continue;
      image.data.set(TINT, k * 4);
    }
    context.putImageData(image, 0, 0);
  };

  const unsubscribers = [
    drive.store.subscribe((s, prev) => {
      const overlayChanged = overlaySlopeChanged(s.settings, prev.settings);
      if (overlayChanged) stale = true;
      if (overlayChanged || s.hud !== prev.hud || s.mode !== prev.mode || s.marksVersion !== prev.marksVersion) requestDraw();
    }),
    editor.store.subscribe((s, prev) => {
      if (s.version !== prev.version) stale = true;
    }),
  ];

  return {
    draw(ctx, transform) {
      const field = editor.document.field;
      if (drive.settings.drivabilityOverlay) {
        if (stale) rebuild();
        ctx.save();
        ctx.imageSmoothingEnabled = transform.scale < 1;
        ctx.drawImage(canvas, transform.offsetX, transform.offsetY, field.width * transform.scale, field.depth * transform.scale);
        // Where the physics car left the ground (blue) or bottomed out (amber).
        ctx.lineWidth = 1;
        ctx.strokeStyle = OVERLAY_CASING;
        for (const mark of drive.marks.marks) {
          const at = worldToCanvas(transform, field, mark.x, mark.z);
          ctx.fillStyle = MARK_COLOURS[mark.kind];
          ctx.beginPath();
          ctx.arc(at.px, at.py, 3, 0, Math.PI * 2);
          ctx.fill();
          ctx.stroke();
        }
        ctx.restore();
      }
      const hud = drive.store.getState().hud;
      if (drive.mode === 'drive' && hud) {
        const at = worldToCanvas(transform, field, hud.x, hud.z);
        const heading = (hud.headingDeg * Math.PI) / 180;
        // Canvas x follows world x and canvas y follows world z, so the heading vector maps directly.
        const reach = Math.max(6, (drive.settings.length / field.cellSize) * transform.scale);
        ctx.save();
        ctx.strokeStyle = OVERLAY_HANDLE;
        ctx.fillStyle = OVERLAY_HANDLE_ACTIVE;
        ctx.lineWidth = 2;
        ctx.beginPath();
        ctx.arc(at.px, at.py, 5, 0, Math.PI * 2);
        ctx.fill();
        ctx.stroke();
        ctx.beginPath();
        ctx.moveTo(at.px, at.py);
        ctx.lineTo(at.px + Math.sin(heading) * reach, at.py + Math.cos(heading) * reach);
        ctx.stroke();
        ctx.restore();
      }
    },
    dispose() {
      unsubscribers.forEach((u) => u());
    },
  };
}
