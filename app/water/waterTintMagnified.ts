import type { HydrologyGrid } from '../../shared/hydrology/grid';
import type { FeatureIds } from '../../shared/hydrology/waterFeatures';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import { writeWaterColour } from './waterColours';
import { cornerDepth, isWet, sourceVertex } from './waterCorners';
import { depthSlopeAt, shoreDepthAt, type ShoreCorner } from './shoreField';
import { WATER_LAKE } from '../../shared/hydrology/water';
import { riverStripMesh, type RiverHalfWidth, type RiverStripMesh } from '../../shared/hydrology/riverStrip';
import type { DrawnLine } from '../../shared/rivers/drawnStrip';
import { automaticStripsExcluded, drawnStrips, sheetHoldsLakesOnly } from '../../shared/layers/drawnRiverLines';

/** Vertices [i0, i1] × [j0, j1] of a map, inclusive. */
export interface VertexSpan {
  readonly i0: number;
  readonly j0: number;
  readonly i1: number;
  readonly j1: number;
}

export interface MagnifiedTint {
  readonly span: VertexSpan;
  /** Pixels per vertex along each axis. */
  readonly pixelsPerVertex: number;
  readonly width: number;
  readonly height: number;
  readonly rgba: Uint8ClampedArray;
}

/** Pixels over which the water fades in from its edge (an antialiased line), as the 3D view's. */
const EDGE_PIXELS = 1.5;
/** Pixels of the selection's outline inside the selected water's edge. */
const OUTLINE_PIXELS = 2;

/**
 * The 2D tint of `span` magnified, `pixelsPerVertex` pixels a vertex, its edge inside the cells
 * (shoreField.ts, the 3D water's edge): vertex (i, j) covers pixels [(i − i0)·k, (i − i0 + 1)·k) as
 * the one-pixel-a-vertex tint's square does, and a pixel's depth is the field's at its centre in
 * the triangle of the grid's split (from (i, j + 1) to (i + 1, j)) it falls in. Coloured by that
 * depth (waterColours.ts), faded out over EDGE_PIXELS as it reaches 0 (a lake's by its absorption, lakeColours.ts); the selected feature (its
 * nearest vertex's) tinted and outlined along its edge. Cells with no wet corner stay transparent,
 * as the 3D view draws none there. Given `riverWidth`, the rivers are their strips along their lines,
 * as the 3D view draws them (riverStripTint); given `drawn` (shared/layers/drawnRiverLines.ts), the drawn
 * rivers are their strips along their splines and the automatic strips leave their vertices to them; with
 * either, the cells hold the lakes only (the 3D view's choice, shared with it).
 */
export function magnifiedWaterTint(
  grid: HydrologyGrid,
  water: WaterSurface,
  heights: Float32Array,
  featureOf: FeatureIds | null,
  selectedId: number | null,
  span: VertexSpan,
  pixelsPerVertex: number,
  riverWidth: RiverHalfWidth | null = null,
  drawn: readonly DrawnLine[] | null = null,
): MagnifiedTint {
  const { width, depth: rows, cellSize } = grid;
  const k = pixelsPerVertex;
  const columns = span.i1 - span.i0 + 1;
  const lines = span.j1 - span.j0 + 1;
  const out = { span, pixelsPerVertex: k, width: columns * k, height: lines * k, rgba: new Uint8ClampedArray(columns * k * lines * k * 4) };
  // Per vertex of the span and one around it: the field's depth and slope, found once (NaN: not yet).
  const gi0 = Math.max(0, span.i0 - 1);
  const gj0 = Math.max(0, span.j0 - 1);
  const gw = Math.min(width - 1, span.i1 + 2) - gi0 + 1;
  const gh = Math.min(rows - 1, span.j1 + 2) - gj0 + 1;
  const depthCache = new Float32Array(gw * gh).fill(NaN);
  const slopeCache = new Float32Array(2 * gw * gh).fill(NaN);
  const sourceCache = new Int32Array(gw * gh).fill(-2);
  const sourceAt = (i: number, j: number): number => {
    const c = (j - gj0) * gw + (i - gi0);
    if (sourceCache[c] === -2) sourceCache[c] = sourceVertex(grid, water, heights, i, j);
    return sourceCache[c];
  };
  const depthAt = (i: number, j: number): number => {
    const inside = i >= gi0 && j >= gj0 && i < gi0 + gw && j < gj0 + gh;
    const v = j * width + i;
    if (!inside) {
      const source = sourceVertex(grid, water, heights, i, j);
      return cornerDepth(water, heights, v, source, source >= 0 ? water.surface[source] : heights[v], 0);
    }
    const c = (j - gj0) * gw + (i - gi0);
    if (depthCache[c] !== depthCache[c]) {
      const source = sourceAt(i, j);
      depthCache[c] = cornerDepth(water, heights, v, source, source >= 0 ? water.surface[source] : heights[v], 0);
    }
    return depthCache[c];
  };
  const cornerOf = (i: number, j: number): ShoreCorner => {
    const c = (j - gj0) * gw + (i - gi0);
    if (slopeCache[2 * c] !== slopeCache[2 * c]) depthSlopeAt(depthAt, width, rows, cellSize, i, j, slopeCache, 2 * c);
    return { x: i * cellSize, z: j * cellSize, depth: depthAt(i, j), slopeX: slopeCache[2 * c], slopeZ: slopeCache[2 * c + 1] };
  };
  const lakesOnly = sheetHoldsLakesOnly(riverWidth !== null, drawn);
  const wet = lakesOnly
    ? (i: number, j: number) => water.kind[j * width + i] === WATER_LAKE && isWet(water.surface, heights, j * width + i)
    : (i: number, j: number) => isWet(water.surface, heights, j * width + i);
  const selectedAt = (i: number, j: number): boolean => {
    if (selectedId === null || featureOf === null) return false;
    const source = sourceAt(i, j);
    return featureOf[source >= 0 ? source : j * width + i] === selectedId;
  };
  // The sheet's water is a lake's (its colour by absorption, as the 3D lakes') where it holds lakes only, else where the nearest corner's is.
  const lakeAt = (i: number, j: number): boolean => {
    if (lakesOnly) return true;
    const source = sourceAt(i, j);
    return water.kind[source >= 0 ? source : j * width + i] === WATER_LAKE;
  };
  const metresPerPixel = cellSize / k;
  // Pixel column c's centre lies at vertex coordinate i0 − 0.5 + (c + 0.5) / k: cell by cell, the
  // columns and rows whose centres fall in it (a dry cell's stay transparent, as allocated).
  const firstPixel = (cell: number, origin: number) => Math.max(0, Math.ceil((cell - origin + 0.5) * k - 0.5));
  const cellI0 = Math.max(0, span.i0 - 1);
  const cellJ0 = Math.max(0, span.j0 - 1);
  const cellI1 = Math.min(width - 2, span.i1);
  const cellJ1 = Math.min(rows - 2, span.j1);
  for (let cj = cellJ0; cj <= cellJ1; cj++) {
    // The map's first and last cells also take the pixels beyond the map's edge (the squares' outer halves).
    const r0 = cj === 0 ? 0 : firstPixel(cj, span.j0);
    const r1 = cj === rows - 2 ? out.height : Math.min(out.height, firstPixel(cj + 1, span.j0));
    if (r1 <= r0) continue;
    for (let ci = cellI0; ci <= cellI1; ci++) {
      if (!(wet(ci, cj) || wet(ci + 1, cj) || wet(ci, cj + 1) || wet(ci + 1, cj + 1))) continue;
      const c0 = ci === 0 ? 0 : firstPixel(ci, span.i0);
      const c1 = ci === width - 2 ? out.width : Math.min(out.width, firstPixel(ci + 1, span.i0));
      if (c1 <= c0) continue;
      const p00 = cornerOf(ci, cj);
      const p10 = cornerOf(ci + 1, cj);
      const p01 = cornerOf(ci, cj + 1);
      const p11 = cornerOf(ci + 1, cj + 1);
      const selected00 = selectedAt(ci, cj);
      const selected10 = selectedAt(ci + 1, cj);
      const selected01 = selectedAt(ci, cj + 1);
      const selected11 = selectedAt(ci + 1, cj + 1);
      const lake00 = lakeAt(ci, cj);
      const lake10 = lakeAt(ci + 1, cj);
      const lake01 = lakeAt(ci, cj + 1);
      const lake11 = lakeAt(ci + 1, cj + 1);
      // The depth's slope over each triangle (the mean of its corners'), for the edge's fade in pixels.
      const lowerSlope = Math.sqrt(((p00.slopeX + p10.slopeX + p01.slopeX) / 3) ** 2 + ((p00.slopeZ + p10.slopeZ + p01.slopeZ) / 3) ** 2);
      const upperSlope = Math.sqrt(((p11.slopeX + p01.slopeX + p10.slopeX) / 3) ** 2 + ((p11.slopeZ + p01.slopeZ + p10.slopeZ) / 3) ** 2);
      for (let r = r0; r < r1; r++) {
        const fz = Math.max(0, Math.min(1, span.j0 - 0.5 + (r + 0.5) / k - cj));
        const z = (cj + fz) * cellSize;
        for (let c = c0; c < c1; c++) {
          const fx = Math.max(0, Math.min(1, span.i0 - 0.5 + (c + 0.5) / k - ci));
          const x = (ci + fx) * cellSize;
          // The split: (ci, cj), (ci + 1, cj), (ci, cj + 1) below the diagonal; the other three above it.
          const lower = fx + fz <= 1;
          const d = lower ? shoreDepthAt(p00, p10, p01, x, z) : shoreDepthAt(p11, p01, p10, x, z);
          if (!(d > 0)) continue;
          const slope = lower ? lowerSlope : upperSlope;
          const fromEdge = slope > 1e-6 ? d / (slope * metresPerPixel) : Infinity;
          const isSelected = fz < 0.5 ? (fx < 0.5 ? selected00 : selected10) : fx < 0.5 ? selected01 : selected11;
          const isLake = fz < 0.5 ? (fx < 0.5 ? lake00 : lake10) : fx < 0.5 ? lake01 : lake11;
          const p = 4 * (r * out.width + c);
          writeWaterColour(d, isSelected, out.rgba, p, isSelected && fromEdge < OUTLINE_PIXELS, isLake);
          if (fromEdge < EDGE_PIXELS) {
            const t = fromEdge / EDGE_PIXELS;
            out.rgba[p + 3] = Math.round(out.rgba[p + 3] * t * t * (3 - 2 * t));
          }
        }
      }
    }
  }
  if (riverWidth) riverStripTint(grid, water, heights, featureOf, selectedId, riverWidth, out, automaticStripsExcluded(grid, true, drawn));
  if (drawn) for (const strip of drawnStrips(grid, heights, water.surface, drawn)) paintStrip(grid, strip, featureOf, selectedId, out);
  return out;
}

/**
 * The rivers' strips (shared/hydrology/riverStrip.ts) over the tint, at least two pixels wide: each triangle's pixels by their
 * centres, coloured by the depth read across it, faded out over EDGE_PIXELS as it reaches 0 on the
 * strip's edge; where strips overlap (a confluence) the more opaque pixel is kept, as the 3D view
 * draws the water once. The selected river tinted and outlined as the cells' water is.
 */
function riverStripTint(
  grid: HydrologyGrid,
  water: WaterSurface,
  heights: Float32Array,
  featureOf: FeatureIds | null,
  selectedId: number | null,
  riverWidth: RiverHalfWidth,
  out: MagnifiedTint,
  excluded: Uint8Array | null,
): void {
  const { width, depth: rows, cellSize } = grid;
  const { span, pixelsPerVertex: k } = out;
  // The river vertices whose joins can reach the span: their half-widths are a few cells at most.
  const margin = 8;
  // A river narrower than two pixels is drawn two pixels wide: a line on the map, as at a pixel a vertex (a
  // strip of its own width would fade out within its edge's band and vanish).
  const pixelMetres = cellSize / k;
  const strip = riverStripMesh(
    grid,
    water,
    heights,
    (depth) => Math.max(riverWidth(depth), pixelMetres),
    Math.max(0, span.i0 - margin),
    Math.max(0, span.j0 - margin),
    Math.min(width, span.i1 + margin + 1),
    Math.min(rows, span.j1 + margin + 1),
    true,
    excluded,
  );
  paintStrip(grid, strip, featureOf, selectedId, out);
}

/** A strip's triangles over the tint (riverStripTint's drawing; a drawn river's strip too). */
function paintStrip(grid: HydrologyGrid, strip: RiverStripMesh, featureOf: FeatureIds | null, selectedId: number | null, out: MagnifiedTint): void {
  const { width, depth: rows, cellSize } = grid;
  const { span, pixelsPerVertex: k } = out;
  const { positions, indices, depth } = strip;
  // Pixel column c's centre lies at vertex coordinate i0 − 0.5 + (c + 0.5) / k; vertex i at map x = (i − (width − 1) / 2) · cellSize.
  const column = (x: number) => (x / cellSize + (width - 1) / 2 - span.i0 + 0.5) * k - 0.5;
  const row = (z: number) => (z / cellSize + (rows - 1) / 2 - span.j0 + 0.5) * k - 0.5;
  const pixel = new Uint8ClampedArray(4);
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
    const ax = column(positions[3 * a]);
    const az = row(positions[3 * a + 2]);
    const bx = column(positions[3 * b]);
    const bz = row(positions[3 * b + 2]);
    const cx = column(positions[3 * c]);
    const cz = row(positions[3 * c + 2]);
    const area = (bx - ax) * (cz - az) - (cx - ax) * (bz - az);
    if (area === 0) continue;
    // The depth's gradient in pixels, for the fade.
    const gx = ((depth[b] - depth[a]) * (cz - az) - (depth[c] - depth[a]) * (bz - az)) / area;
    const gz = ((depth[c] - depth[a]) * (bx - ax) - (depth[b] - depth[a]) * (cx - ax)) / area;
    const gradient = Math.hypot(gx, gz);
    const selected = selectedId !== null && featureOf !== null && featureOf[strip.source[a]] === selectedId;
    const c0 = Math.max(0, Math.ceil(Math.min(ax, bx, cx)));
    const c1 = Math.min(out.width - 1, Math.floor(Math.max(ax, bx, cx)));
    const r0 = Math.max(0, Math.ceil(Math.min(az, bz, cz)));
    const r1 = Math.min(out.height - 1, Math.floor(Math.max(az, bz, cz)));
    for (let r = r0; r <= r1; r++) {
      for (let col = c0; col <= c1; col++) {
        const wb = ((col - ax) * (cz - az) - (cx - ax) * (r - az)) / area;
        const wc = ((bx - ax) * (r - az) - (col - ax) * (bz - az)) / area;
        const wa = 1 - wb - wc;
        if (wa < 0 || wb < 0 || wc < 0) continue;
        const d = wa * depth[a] + wb * depth[b] + wc * depth[c];
        if (!(d > 0)) continue;
        const fromEdge = gradient > 1e-9 ? d / gradient : Infinity;
        const outline = selected && fromEdge < OUTLINE_PIXELS;
        writeWaterColour(d, selected, pixel, 0, outline);
        // The selection's outline is solid (a narrow river is all outline: faded, it would not show).
        if (fromEdge < EDGE_PIXELS && !outline) {
          const f = fromEdge / EDGE_PIXELS;
          pixel[3] = Math.round(pixel[3] * f * f * (3 - 2 * f));
        }
        const p = 4 * (r * out.width + col);
        if (pixel[3] > out.rgba[p + 3]) out.rgba.set(pixel, p);
      }
    }
  }
}

/** The most pixels a magnified tint holds (a 1600 × 1000 view at two device pixels a CSS pixel, with a margin). */
export const MAX_MAGNIFIED_PIXELS = 4_000_000;

/**
 * Pixels per vertex for a tint drawn at `devicePixelsPerVertex`: the power of two at or above it
 * (so a zoom's every notch does not paint it anew), at most 8 (the browser's smoothing does the
 * rest), fewer if `vertices` would need more than MAX_MAGNIFIED_PIXELS; 0 when a vertex is at most
 * a pixel (the one-pixel-a-vertex tint is enough).
 */
export function magnifiedPixelsPerVertex(devicePixelsPerVertex: number, vertices: number): number {
  if (!(devicePixelsPerVertex > 1)) return 0;
  let k = Math.min(8, 2 ** Math.ceil(Math.log2(devicePixelsPerVertex)));
  while (k > 2 && vertices * k * k > MAX_MAGNIFIED_PIXELS) k /= 2;
  return vertices * k * k > MAX_MAGNIFIED_PIXELS ? 0 : k;
}
