import type { DirtyRegion } from '../../../app/document/region';

/**
 * Where the heights live on the GPU: the row-major height array laid out linearly in a 2D array
 * texture of single floats, `rowLength` texels a row and `layerRows` rows a layer. Height k sits at
 * texel (k mod rowLength, ⌊k / rowLength⌋ mod layerRows) of layer ⌊k / (rowLength · layerRows)⌋.
 * A linear layout keeps every map (8193² is 67 M heights) within the guaranteed WebGL 2 texture
 * limits (2048² per layer), and lets an upload read straight from the document's height array.
 */
export interface HeightTextureShape {
  readonly texels: number;
  readonly rowLength: number;
  readonly layerRows: number;
  readonly layers: number;
  /** Texture rows holding heights (the last one may be partly used). */
  readonly rows: number;
}

export const HEIGHT_TEXTURE_ROW_LENGTH = 2048;
export const HEIGHT_TEXTURE_LAYER_ROWS = 2048;
/** Rows per upload call at most (1 MB of heights): browsers copy each call's data in one piece. */
export const MAX_UPLOAD_ROWS = 128;

export function heightTextureShape(texels: number, rowLength = HEIGHT_TEXTURE_ROW_LENGTH, maxLayerRows = HEIGHT_TEXTURE_LAYER_ROWS): HeightTextureShape {
  const rows = Math.ceil(texels / rowLength);
  const layers = Math.max(1, Math.ceil(rows / maxLayerRows));
  // Layers as even as possible: 4097² needs 8194 rows, five layers of 1639 rows, not 5 × 2048.
  const layerRows = Math.max(1, Math.ceil(rows / layers));
  return { texels, rowLength, layerRows, layers, rows };
}

/**
 * One texSubImage3D: `width` × `height` texels read from the height array starting at
 * row `row` (of `rowLength` texels), column `x`; written to the same column, at row
 * `row mod layerRows` of layer `⌊row / layerRows⌋`. Never crosses a layer or the array's end.
 */
export interface HeightUpload {
  x: number;
  row: number;
  width: number;
  height: number;
}

/** The uploads that bring the texture up to date with a changed region of a `fieldWidth`-wide map. */
export function planHeightUploads(shape: HeightTextureShape, fieldWidth: number, region: DirtyRegion): HeightUpload[] {
  const uploads: HeightUpload[] = [];
  if (region.kind === 'all') {
    addSpan(shape, 0, shape.texels, uploads);
    return uploads;
  }
  if (region.i1 <= region.i0 || region.j1 <= region.j0) return uploads;
  if (region.i0 === 0 && region.i1 === fieldWidth) {
    // Whole map rows are one contiguous span.
    addSpan(shape, region.j0 * fieldWidth, region.j1 * fieldWidth, uploads);
    return uploads;
  }
  for (let j = region.j0; j < region.j1; j++) addSpan(shape, j * fieldWidth + region.i0, j * fieldWidth + region.i1, uploads);
  return uploads;
}

/** Covers heights [start, end): a partial first row, whole rows (split at layers), a partial last row. */
function addSpan(shape: HeightTextureShape, start: number, end: number, out: HeightUpload[]): void {
  const { rowLength, layerRows } = shape;
  let k = start;
  while (k < end) {
    const row = Math.floor(k / rowLength);
    const x = k - row * rowLength;
    if (x > 0 || end - k < rowLength) {
      const width = Math.min(rowLength - x, end - k);
      out.push({ x, row, width, height: 1 });
      k += width;
      continue;
    }
    const layerEnd = (Math.floor(row / layerRows) + 1) * layerRows;
    const height = Math.min(Math.floor((end - k) / rowLength), layerEnd - row, MAX_UPLOAD_ROWS);
    out.push({ x: 0, row, width: rowLength, height });
    k += height * rowLength;
  }
}

/** Texel address of height k, as the vertex shader computes it. */
export function heightTexel(shape: HeightTextureShape, k: number): { x: number; y: number; layer: number } {
  const row = Math.floor(k / shape.rowLength);
  return { x: k - row * shape.rowLength, y: row % shape.layerRows, layer: Math.floor(row / shape.layerRows) };
}
