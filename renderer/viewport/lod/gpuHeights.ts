import {
  Box2,
  DataArrayTexture,
  DataTexture,
  FloatType,
  NearestFilter,
  RedFormat,
  Vector3,
  type PixelFormat,
  type TextureDataType,
  type WebGLRenderer,
} from 'three';
import type { Heightfield } from '../../../shared/terrain/heightfield';
import type { DirtyRegion } from '../../../app/document/region';
import { heightTextureShape, planHeightUploads, type HeightTextureShape, type HeightUpload } from './heightUploads';

/**
 * An array texture in the heights' layout (heightUploads.ts), sampled texel for texel (nearest, no
 * mipmaps), its storage allocated on first use without uploading anything: the data come through
 * the owner's flush(). The heights and the erosion cover (gpuCover.ts) both live in one.
 */
export function layoutTexture(shape: HeightTextureShape, format: PixelFormat, type: TextureDataType, unpackAlignment: number): DataArrayTexture {
  const texture = new DataArrayTexture(null, shape.rowLength, shape.layerRows, shape.layers);
  texture.format = format;
  texture.type = type;
  texture.minFilter = NearestFilter;
  texture.magFilter = NearestFilter;
  texture.generateMipmaps = false;
  texture.unpackAlignment = unpackAlignment;
  texture.source.dataReady = false;
  texture.needsUpdate = true;
  return texture;
}

/**
 * The map's heights as a float texture on the GPU (see heightUploads.ts for the layout). An edit
 * queues the uploads of its rectangle only; `flush` sends them straight from the document's height
 * array (no CPU copy of the map is kept for the GPU). The vertex shader reads heights, normals and
 * colours from it, so a height edit rebuilds no geometry.
 */
export class GpuHeights {
  readonly texture: DataArrayTexture;
  readonly shape: HeightTextureShape;
  private pending: HeightUpload[] = [];
  private field: Heightfield;
  /** Uploads done by the last flush, for tests and the performance report. */
  lastUploadedTexels = 0;

  constructor(field: Heightfield) {
    this.field = field;
    this.shape = heightTextureShape(field.width * field.depth);
    this.texture = layoutTexture(this.shape, RedFormat, FloatType, 4);
    this.markDirty(field, { kind: 'all' });
  }

  /** Whether this texture can hold the field (same number of heights). */
  fits(field: Heightfield): boolean {
    return field.width * field.depth === this.shape.texels;
  }

  markDirty(field: Heightfield, region: DirtyRegion): void {
    this.field = field;
    if (region.kind === 'all') this.pending = [];
    this.pending.push(...planHeightUploads(this.shape, field.width, region));
  }

  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  /** Sends the queued uploads; call before rendering a frame. */
  flush(renderer: WebGLRenderer): void {
    this.lastUploadedTexels = 0;
    if (this.pending.length === 0) return;
    const { rowLength, rows } = this.shape;
    // A CPU-side view of the whole height array in the texture's row layout; never uploaded itself.
    const source = new DataTexture(this.field.heights, rowLength, rows, RedFormat, FloatType);
    source.unpackAlignment = 4;
    const region = new Box2();
    const target = new Vector3();
    for (const upload of this.pending) {
      region.min.set(upload.x, upload.row);
      region.max.set(upload.x + upload.width, upload.row + upload.height);
      target.set(upload.x, upload.row % this.shape.layerRows, Math.floor(upload.row / this.shape.layerRows));
      renderer.copyTextureToTexture(source, this.texture, region, target);
      this.lastUploadedTexels += upload.width * upload.height;
    }
    this.pending = [];
  }

  dispose(): void {
    this.texture.dispose();
  }
}
