import { Box2, DataArrayTexture, DataTexture, RGFormat, UnsignedByteType, Vector3, type WebGLRenderer } from 'three';
import type { ErosionCover } from '../../../app/view/terrainColours';
import { planHeightUploads, type HeightTextureShape, type HeightUpload } from './heightUploads';
import { layoutTexture } from './gpuHeights';
import type { PackedCoverEntries } from '../../../app/document/packedCover';

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The erosion cover's bytes (flow, deposition) interleaved as RG texels in the height texture's
 * layout (heightUploads.ts): the pair of vertex k at the same place as its height, so the shader
 * reads both with one address. Rows past the last vertex stay zero.
 */
export function coverTexels(cover: ErosionCover, shape: HeightTextureShape): Uint8Array {
  if (cover.flow.length !== shape.texels || cover.deposition.length !== shape.texels) {
    throw new Error(`erosion cover of ${cover.flow.length} / ${cover.deposition.length} values for a map of ${shape.texels} vertices`);
  }
  const out = new Uint8Array(shape.rowLength * shape.rows * 2);
  const { flow, deposition } = cover;
  if (LITTLE_ENDIAN) {
    // One 16-bit store per texel (flow the low byte): a fifth of the time at 4097², where the view's
    // wake from rest makes these bytes again (erosion cover is mostly zero, and the array starts zeroed).
    const pairs = new Uint16Array(out.buffer, 0, shape.texels);
    for (let k = 0; k < shape.texels; k++) {
      const f = flow[k];
      const d = deposition[k];
      if ((f | d) !== 0) pairs[k] = f | (d << 8);
    }
    return out;
  }
  for (let k = 0; k < shape.texels; k++) {
    out[2 * k] = flow[k];
    out[2 * k + 1] = deposition[k];
  }
  return out;
}

/**
 * coverTexels from results' non-zero vertices only (app/document/packedCover.ts): the same bytes,
 * without reading or making the full arrays (2 × 16 MiB at 4097²) — what the view's wake from rest
 * sends again.
 */
export function sparseCoverTexels(entries: PackedCoverEntries, shape: HeightTextureShape): Uint8Array {
  const out = new Uint8Array(shape.rowLength * shape.rows * 2);
  const place = (indices: Uint32Array, values: Uint8Array, offset: number) => {
    for (let n = 0; n < indices.length; n++) {
      const k = indices[n];
      if (k >= shape.texels) throw new Error(`erosion cover vertex ${k} outside a map of ${shape.texels} vertices`);
      out[2 * k + offset] = values[n];
    }
  };
  place(entries.flow.indices, entries.flow.values, 0);
  place(entries.deposition.indices, entries.deposition.values, 1);
  return out;
}

/** The uploads that put the whole cover in place: the height texture's plan for the whole map. */
export function coverUploads(shape: HeightTextureShape): HeightUpload[] {
  return planHeightUploads(shape, 1, { kind: 'all' });
}

/**
 * The erosion cover on the GPU: a normalised RG8 array texture shaped like GpuHeights' texture
 * (null while the map has no erosion results). Cover changes only with whole-map results (a Run,
 * undo, open), so `set` queues one whole upload; `flush` sends it before a frame and drops the
 * interleaved bytes (no CPU copy is kept).
 */
export class GpuCover {
  private tex: DataArrayTexture | null = null;
  private pending: Uint8Array | null = null;

  constructor(readonly shape: HeightTextureShape) {}

  get texture(): DataArrayTexture | null {
    return this.tex;
  }

  /** Bytes the texture holds on the GPU (0 without cover). */
  get bytes(): number {
    return this.tex ? this.shape.rowLength * this.shape.layerRows * this.shape.layers * 2 : 0;
  }

  /** The cover to draw: its bytes, or its non-zero vertices (sparseCoverTexels); null draws none. */
  set(cover: ErosionCover | PackedCoverEntries | null): void {
    if (!cover) {
      this.dispose();
      return;
    }
    this.pending = 'indices' in cover.flow ? sparseCoverTexels(cover as PackedCoverEntries, this.shape) : coverTexels(cover as ErosionCover, this.shape);
    if (this.tex) return;
    this.tex = layoutTexture(this.shape, RGFormat, UnsignedByteType, 1);
  }

  get hasPending(): boolean {
    return this.pending !== null;
  }

  /** Sends a queued cover; call before rendering a frame. */
  flush(renderer: WebGLRenderer): void {
    const bytes = this.pending;
    if (!bytes || !this.tex) return;
    this.pending = null;
    const { rowLength, rows, layerRows } = this.shape;
    const source = new DataTexture(bytes, rowLength, rows, RGFormat, UnsignedByteType);
    source.unpackAlignment = 1;
    const region = new Box2();
    const target = new Vector3();
    for (const upload of coverUploads(this.shape)) {
      region.min.set(upload.x, upload.row);
      region.max.set(upload.x + upload.width, upload.row + upload.height);
      target.set(upload.x, upload.row % layerRows, Math.floor(upload.row / layerRows));
      renderer.copyTextureToTexture(source, this.tex, region, target);
    }
  }

  dispose(): void {
    this.tex?.dispose();
    this.tex = null;
    this.pending = null;
  }
}
