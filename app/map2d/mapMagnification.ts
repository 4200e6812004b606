/**
 * How the 2D map is drawn magnified. Up to EXACT_VERTICES_FROM device pixels a vertex it is
 * interpolated (bilinear between the vertices' shaded colours, as a GIS resamples a hillshade):
 * a smooth image, no squares. In the zoom range's last octave (32–64 pixels a vertex), where a
 * vertex is the size of a button and one looks at single vertices (a one-vertex brush dab, the
 * hover readout's height), each vertex is an exact square again.
 */
export const EXACT_VERTICES_FROM = 32;

/** True when the image is drawn interpolated at this many device pixels per vertex. */
export function smoothMagnification(devicePixelsPerVertex: number): boolean {
  return devicePixelsPerVertex < EXACT_VERTICES_FROM;
}

/** Image columns or rows [start, end) in view on an axis of `viewSize` CSS pixels, one more each side (what bilinear reads), clipped to [0, size). */
export function visibleSpan(offset: number, scale: number, viewSize: number, size: number): { start: number; end: number } {
  const start = Math.max(0, Math.floor(-offset / scale) - 1);
  const end = Math.min(size, Math.ceil((viewSize - offset) / scale) + 1);
  return { start, end: Math.max(start, end) };
}
