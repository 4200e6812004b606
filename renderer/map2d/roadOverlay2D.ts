import { worldToCanvas, type MapViewTransform } from '../../app/map2d/mapTransform';
import { spacedHandles } from '../../app/roads/handleSpacing';
import type { RoadToolOverlay } from '../../app/tools/types';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { LayerStack } from '../../shared/layers/types';
import { ROAD_APRON_M, ROAD_END_FADE_M, ROAD_SHOULDER_M, roadEndBlend } from '../../shared/roads/roadPaint';
import {
  CASING_EXTRA_PX,
  OVERLAY_ACTIVE,
  OVERLAY_CASING,
  OVERLAY_HANDLE,
  OVERLAY_HANDLE_ACTIVE,
  OVERLAY_INACTIVE,
  ROAD_DRESS_COLOURS,
  ROAD_LINE_METRES,
} from '../../app/palette/overlayPalette';

/** Handle radius on the 2D panel, CSS pixels (the tool picks within a little more). */
export const HANDLE_PX = 5;
/** Least distance between two handles drawn (a routed road's dense points are thinned: handleSpacing.ts). */
const HANDLE_SPACING_PX = 4 * HANDLE_PX;

/** The road tool's overlay on the 2D panel: centrelines (the selected road bright, others dim) and control points. */
export function drawRoadOverlay2D(ctx: CanvasRenderingContext2D, transform: MapViewTransform, field: Heightfield, overlay: RoadToolOverlay): void {
  ctx.save();
  const at = (x: number, z: number) => worldToCanvas(transform, field, x, z);
  // Others first, the selected road on top.
  const ordered = [...overlay.roads.filter((r) => !r.selected), ...overlay.roads.filter((r) => r.selected)];
  // The road surfaces are drawn beneath (drawRoadDress2D).
  for (const road of ordered) {
    ctx.beginPath();
    for (let s = 0; s < road.line.length / 2; s++) {
      const { px, py } = at(road.line[2 * s], road.line[2 * s + 1]);
      if (s === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    // The palette's casing under the centreline keeps it legible on grass, rock and snow alike.
    const lineWidth = road.selected ? 2 : 1.5;
    ctx.lineWidth = lineWidth + CASING_EXTRA_PX;
    ctx.strokeStyle = OVERLAY_CASING;
    ctx.stroke();
    ctx.lineWidth = lineWidth;
    ctx.setLineDash(road.selected ? [] : [4, 4]);
    ctx.strokeStyle = road.selected ? OVERLAY_ACTIVE : OVERLAY_INACTIVE;
    ctx.stroke();
    ctx.setLineDash([]);
    if (!road.selected) continue;
    const screen = new Float64Array(road.points.length);
    for (let n = 0; n < road.points.length / 2; n++) {
      const { px, py } = at(road.points[2 * n], road.points[2 * n + 1]);
      screen[2 * n] = px;
      screen[2 * n + 1] = py;
    }
    for (const n of spacedHandles(screen, HANDLE_SPACING_PX, road.selectedPoint)) {
      const px = screen[2 * n];
      const py = screen[2 * n + 1];
      ctx.beginPath();
      ctx.arc(px, py, HANDLE_PX, 0, Math.PI * 2);
      ctx.fillStyle = n === road.selectedPoint ? OVERLAY_HANDLE_ACTIVE : OVERLAY_HANDLE;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = OVERLAY_CASING;
      ctx.stroke();
    }
  }
  if (overlay.draft) {
    const { px, py } = at(overlay.draft.x, overlay.draft.z);
    ctx.beginPath();
    ctx.arc(px, py, HANDLE_PX, 0, Math.PI * 2);
    ctx.fillStyle = OVERLAY_HANDLE_ACTIVE;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = OVERLAY_CASING;
    ctx.stroke();
  }
  ctx.restore();
}

/** Colours of a road drawn as a road (the 3D view's too, RoadOverlay3D.tsx). */
const DRESS = ROAD_DRESS_COLOURS;
/** Metres of gravel shoulder each side (the 3D paint's). */
const SHOULDER_M = ROAD_SHOULDER_M;
/**
 * The least width in pixels each shoulder's gravel is drawn (issue 34: at the fit zoom a 1.2 m shoulder spans
 * about a pixel, which anti-aliasing spread over two as a faint half-tone between the asphalt and the ground).
 * Two pixels always hold one whole pixel of gravel, wherever the road's edge falls on the grid. Where this floor
 * applies the gravel band is the floor's width, not the shoulder's (the road's surface has its own floor of 2 px):
 * widths are read zoomed in, where every band is drawn at its own width, or in the road report.
 */
export const SHOULDER_MIN_PX = 2;

/** Pixels each shoulder's gravel is drawn at `pxPerMetre`: its width, at least SHOULDER_MIN_PX. */
export function shoulderDrawnPx(pxPerMetre: number): number {
  return Math.max(SHOULDER_MIN_PX, SHOULDER_M * pxPerMetre);
}

/**
 * A painted line `metres` wide at `pxPerMetre` as the 3D shader box-filters it: its stroke's width in
 * pixels (at least one) and its opacity (its share of that pixel when thinner). A line drawn a whole
 * pixel wide at every zoom washed the shoulders' gravel beside it into a pale band at the fit zoom,
 * where the 3D view shows the gravel and barely a trace of the line.
 */
export function paintedLineStroke(metres: number, pxPerMetre: number): { width: number; alpha: number } {
  const px = metres * pxPerMetre;
  return px >= 1 ? { width: px, alpha: 1 } : { width: 1, alpha: px };
}

/**
 * The polyline `screen` (pixels) moved sideways by `offsetPx(s)` at each sample s, along the normal of
 * the line there (the mean of its neighbouring pieces' directions): an edge line's path.
 */
export function offsetPolyline(screen: ReadonlyArray<{ px: number; py: number }>, offsetPx: (s: number) => number): Array<{ px: number; py: number }> {
  const n = screen.length;
  return screen.map((p, s) => {
    const a = screen[Math.max(0, s - 1)];
    const b = screen[Math.min(n - 1, s + 1)];
    const dx = b.px - a.px;
    const dy = b.py - a.py;
    const norm = Math.hypot(dx, dy) || 1;
    const d = offsetPx(s);
    return { px: p.px - (dy / norm) * d, py: p.py + (dx / norm) * d };
  });
}

/** `#rrggbb` as `rgba(r, g, b, alpha)`. */
function rgba(hex: string, alpha: number): string {
  const v = parseInt(hex.slice(1), 16);
  return `rgba(${(v >> 16) & 255}, ${(v >> 8) & 255}, ${v & 255}, ${alpha.toFixed(3)})`;
}

/** Strips a patterned fade is drawn in (a pattern takes no gradient): 4 m of apron in 25 cm steps. */
const PATTERN_FADE_STRIPS = 16;

/**
 * Past each end of `line` (screen pixels), a band `width` px across and `length` metres long filled
 * with `fill` faded by `weight` of the metres past the end (roadEndBlend): the apron or the surface's fray.
 * A colour fades by a gradient; a pattern (the gravel's texture) in strips, each at its middle's weight.
 */
function fillEnds(
  ctx: CanvasRenderingContext2D,
  screen: Array<{ px: number; py: number }>,
  width: number,
  length: number,
  pxPerMetre: number,
  fill: string | CanvasPattern,
  weight: (past: number) => number,
): void {
  const n = screen.length;
  if (n < 2) return;
  for (const [end, before] of [
    [screen[0], screen[1]],
    [screen[n - 1], screen[n - 2]],
  ]) {
    const dx = end.px - before.px;
    const dy = end.py - before.py;
    const norm = Math.hypot(dx, dy);
    if (norm === 0) continue;
    const ux = dx / norm;
    const uy = dy / norm;
    const far = length * pxPerMetre;
    const hx = (-uy * width) / 2;
    const hy = (ux * width) / 2;
    // The band from `a` to `b` px past the end.
    const band = (a: number, b: number) => {
      ctx.beginPath();
      ctx.moveTo(end.px + hx + ux * a, end.py + hy + uy * a);
      ctx.lineTo(end.px + hx + ux * b, end.py + hy + uy * b);
      ctx.lineTo(end.px - hx + ux * b, end.py - hy + uy * b);
      ctx.lineTo(end.px - hx + ux * a, end.py - hy + uy * a);
      ctx.closePath();
    };
    if (typeof fill === 'string') {
      const gradient = ctx.createLinearGradient(end.px, end.py, end.px + ux * far, end.py + uy * far);
      for (let k = 0; k <= 8; k++) gradient.addColorStop(k / 8, rgba(fill, weight((k / 8) * length)));
      band(0, far);
      ctx.fillStyle = gradient;
      ctx.fill();
      continue;
    }
    ctx.save();
    ctx.fillStyle = fill;
    for (let k = 0; k < PATTERN_FADE_STRIPS; k++) {
      ctx.globalAlpha = weight(((k + 0.5) / PATTERN_FADE_STRIPS) * length);
      // A hair of overlap so no seam shows between strips.
      band((k / PATTERN_FADE_STRIPS) * far, Math.min(far, ((k + 1) / PATTERN_FADE_STRIPS) * far + 0.5));
      ctx.fill();
    }
    ctx.restore();
  }
}

/** How the roads' gravel (shoulders, aprons) is filled: its colour, and its texture where it is drawn up close. */
export interface RoadGravelFill {
  colour: string;
  pattern: CanvasPattern | null;
}

/**
 * Every enabled road of `stack` in `overlay` as a road (the 3D view's paint: look/roadPaintShader.ts):
 * gravel shoulders (in `gravelFill`'s: the 3D view's gravel, app/palette/roadGravel.ts), the surface (asphalt
 * with white edges and a dashed centre line, or gravel), ending square with the surface fraying out onto
 * a gravel apron that fades into the ground (roadEndBlend).
 */
export function drawRoadDress2D(
  ctx: CanvasRenderingContext2D,
  transform: MapViewTransform,
  field: Heightfield,
  overlay: RoadToolOverlay,
  stack: LayerStack,
  gravelFill: () => RoadGravelFill = () => ({ colour: DRESS.shoulder, pattern: null }),
): void {
  const enabled = new Set(stack.filter((layer) => layer.kind === 'road' && layer.enabled).map((layer) => layer.id));
  const roads = overlay.roads.filter((road) => road.params && enabled.has(road.id));
  if (roads.length === 0) return;
  const gravel = gravelFill();
  ctx.save();
  const at = (x: number, z: number) => worldToCanvas(transform, field, x, z);
  const pxPerMetre = transform.scale / field.cellSize;
  // Square ends, as the 3D paint's: the apron past them is drawn by fillEnds.
  ctx.lineCap = 'butt';
  ctx.lineJoin = 'round';
  const trace = (line: Float64Array) => {
    ctx.beginPath();
    for (let s = 0; s < line.length / 2; s++) {
      const { px, py } = at(line[2 * s], line[2 * s + 1]);
      if (s === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
  };
  for (const road of roads) {
    let widest = 0;
    for (const w of road.widths) widest = Math.max(widest, w);
    const width = Math.max(2, widest * pxPerMetre);
    const gravelSurface = road.params?.surface === 'gravel';
    const screen: Array<{ px: number; py: number }> = [];
    for (let s = 0; s < road.line.length / 2; s++) screen.push(at(road.line[2 * s], road.line[2 * s + 1]));
    const outer = width + 2 * shoulderDrawnPx(pxPerMetre);
    fillEnds(ctx, screen, outer, ROAD_APRON_M, pxPerMetre, gravel.pattern ?? gravel.colour, (past) => roadEndBlend(-past).apron);
    fillEnds(ctx, screen, width, ROAD_END_FADE_M, pxPerMetre, gravelSurface ? DRESS.gravel : DRESS.asphalt, (past) => roadEndBlend(-past).surface);
    trace(road.line);
    // The shoulders' gravel, then the surface over its middle.
    ctx.strokeStyle = gravel.pattern ?? gravel.colour;
    ctx.lineWidth = outer;
    ctx.stroke();
    ctx.strokeStyle = gravelSurface ? DRESS.gravel : DRESS.asphalt;
    ctx.lineWidth = width;
    ctx.stroke();
    if (gravelSurface) continue;
    // The white edge lines inside the asphalt's edges and the dashed centre line, at their widths
    // box-filtered as the 3D paint draws them (paintedLineStroke).
    const path = (points: ReadonlyArray<{ px: number; py: number }>) => {
      ctx.beginPath();
      points.forEach((p, s) => (s === 0 ? ctx.moveTo(p.px, p.py) : ctx.lineTo(p.px, p.py)));
    };
    const edge = paintedLineStroke(ROAD_LINE_METRES.edgeWidth, pxPerMetre);
    ctx.strokeStyle = DRESS.edge;
    ctx.lineWidth = edge.width;
    ctx.globalAlpha = edge.alpha;
    for (const side of [1, -1]) {
      path(offsetPolyline(screen, (s) => side * Math.max(0, (road.widths[Math.min(s, road.widths.length - 1)] / 2 - ROAD_LINE_METRES.edgeInset) * pxPerMetre)));
      ctx.stroke();
    }
    const centre = paintedLineStroke(ROAD_LINE_METRES.centreWidth, pxPerMetre);
    ctx.setLineDash([Math.max(2, 3 * pxPerMetre), Math.max(2, 3 * pxPerMetre)]);
    ctx.strokeStyle = DRESS.centre;
    ctx.lineWidth = centre.width;
    ctx.globalAlpha = centre.alpha;
    trace(road.line);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
  }
  ctx.restore();
}
