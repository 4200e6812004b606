import { Box2, DataArrayTexture, DataTexture, RedFormat, UnsignedByteType, Vector3, type WebGLRenderer } from 'three';
import type { Heightfield } from '../../../shared/terrain/heightfield';
import type { WaterSurface } from '../../../shared/hydrology/waterSurface';
import type { DirtyRegion } from '../../../app/document/region';
import { wetGroundInto, wetRectAround, type WetRect } from '../../../app/water/wetGround';
import { planHeightUploads, type HeightTextureShape, type HeightUpload } from './heightUploads';
import { layoutTexture } from './gpuHeights';

/**
 * The wet ground's bytes (app/water/wetGround.ts) for a rectangle of the map, laid out as the texture rows it
 * spans: vertex k's byte at `bytes[k − row0 · rowLength]` (the heights' layout, heightUploads.ts, holds vertex k
 * at texel k of the rows), and the uploads that send the rectangle's own texels.
 */
export interface WetTexels {
  bytes: Uint8Array;
  /** Texture row of `bytes[0]`. */
  row0: number;
  rows: number;
  uploads: HeightUpload[];
  /** The vertices whose wetness this holds. */
  rect: WetRect;
}

/**
 * The wetness to send after a change of the heights or the water in `region`: the whole map, or the changed
 * rectangle grown by the margin's reach (the only vertices whose wetness can change).
 */
export function wetTexels(field: Heightfield, water: WaterSurface, region: DirtyRegion, shape: HeightTextureShape): WetTexels {
  const { width, depth } = field;
  const rect = region.kind === 'all' ? { i0: 0, j0: 0, i1: width, j1: depth } : wetRectAround(field, region);
  const { rowLength } = shape;
  if (rect.i1 <= rect.i0 || rect.j1 <= rect.j0) return { bytes: new Uint8Array(0), row0: 0, rows: 0, uploads: [], rect };
  const row0 = Math.floor((rect.j0 * width + rect.i0) / rowLength);
  const row1 = Math.ceil(((rect.j1 - 1) * width + rect.i1) / rowLength);
  const bytes = new Uint8Array((row1 - row0) * rowLength);
  wetGroundInto(field, water, field.heights, rect, bytes, -row0 * rowLength);
  return { bytes, row0, rows: row1 - row0, uploads: planHeightUploads(shape, width, { kind: 'rect', ...rect }), rect };
}

/**
 * The wet margin along the water on the GPU: a normalised R8 array texture shaped like GpuHeights' texture, a
 * byte a vertex (null while there is no water to draw). A change queues the wetness of its rectangle grown by
 * the margin (a whole-map change all of it); `flush` sends it before a frame and drops the bytes (no CPU copy is
 * kept: after the GL context is lost the owner sets the whole map again).
 */
export class GpuWet {
  private tex: DataArrayTexture | null = null;
  private pending: WetTexels[] = [];
  /** Texels sent by the last flush, for tests. */
  lastUploadedTexels = 0;

  constructor(readonly shape: HeightTextureShape) {}

  get texture(): DataArrayTexture | null {
    return this.tex;
  }

  /** Bytes the texture holds on the GPU (0 without water). */
  get bytes(): number {
    return this.tex ? this.shape.rowLength * this.shape.layerRows * this.shape.layers : 0;
  }

  /**
   * The water over `field` changed in `region` (or the map is new, `kind: 'all'`); null water draws no margin.
   * The first water after none is found over the whole map whatever the region.
   */
  set(field: Heightfield, water: WaterSurface | null, region: DirtyRegion): void {
    if (!water) {
      this.dispose();
      return;
    }
    const vertices = field.width * field.depth;
    if (vertices !== this.shape.texels) throw new Error(`wet ground of a map of ${vertices} vertices for ${this.shape.texels}`);
    const whole: DirtyRegion = this.tex ? region : { kind: 'all' };
    if (whole.kind === 'all') this.pending = [];
    this.pending.push(wetTexels(field, water, whole, this.shape));
    if (!this.tex) this.tex = layoutTexture(this.shape, RedFormat, UnsignedByteType, 1);
  }

  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  /** Sends the queued wetness; call before rendering a frame. */
  flush(renderer: WebGLRenderer): void {
    this.lastUploadedTexels = 0;
    if (this.pending.length === 0 || !this.tex) return;
    const { rowLength, layerRows } = this.shape;
    const region = new Box2();
    const target = new Vector3();
    for (const part of this.pending) {
      if (part.rows === 0) continue;
      const source = new DataTexture(part.bytes, rowLength, part.rows, RedFormat, UnsignedByteType);
      source.unpackAlignment = 1;
      for (const upload of part.uploads) {
        region.min.set(upload.x, upload.row - part.row0);
        region.max.set(upload.x + upload.width, upload.row - part.row0 + upload.height);
        target.set(upload.x, upload.row % layerRows, Math.floor(upload.row / layerRows));
        renderer.copyTextureToTexture(source, this.tex, region, target);
        this.lastUploadedTexels += upload.width * upload.height;
      }
    }
    this.pending = [];
  }

  dispose(): void {
    this.tex?.dispose();
    this.tex = null;
    this.pending = [];
  }
}
