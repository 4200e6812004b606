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

/** The wetness of the vertices of `rect` (exactly those) laid out as the texture rows it spans, and its uploads. */
export function wetTexelsOf(field: Heightfield, water: WaterSurface, rect: WetRect, shape: HeightTextureShape): WetTexels {
  const { width } = field;
  const { rowLength } = shape;
  if (rect.i1 <= rect.i0 || rect.j1 <= rect.j0) return { bytes: new Uint8Array(0), row0: 0, rows: 0, uploads: [], rect };
  const row0 = Math.floor((rect.j0 * width + rect.i0) / rowLength);
  const row1 = Math.ceil(((rect.j1 - 1) * width + rect.i1) / rowLength);
  const bytes = new Uint8Array((row1 - row0) * rowLength);
  wetGroundInto(field, water, field.heights, rect, bytes, -row0 * rowLength);
  return { bytes, row0, rows: row1 - row0, uploads: planHeightUploads(shape, width, { kind: 'rect', ...rect }), rect };
}

/**
 * The wetness to send after a change of the heights or the water in `region`: the whole map, or the changed
 * rectangle grown by the margin's reach (the only vertices whose wetness can change).
 */
export function wetTexels(field: Heightfield, water: WaterSurface, region: DirtyRegion, shape: HeightTextureShape): WetTexels {
  const rect = region.kind === 'all' ? { i0: 0, j0: 0, i1: field.width, j1: field.depth } : wetRectAround(field, region);
  return wetTexelsOf(field, water, rect, shape);
}

/**
 * Rows of the map one step of a whole-map change finds (wetTexelsOf over them, bit for bit the whole map's rows):
 * ~8 ms CPU at 4097² on 1 m cells, where the whole map took ~1 s on the window's thread at once.
 */
export const WET_SWEEP_ROWS = 32;

/**
 * The wet margin along the water on the GPU: a normalised R8 array texture shaped like GpuHeights' texture, a
 * byte a vertex (null while there is no water to draw). A change queues the wetness of its rectangle grown by
 * the margin; a whole-map change is swept WET_SWEEP_ROWS rows a step by `advance` (the owner runs the steps
 * between frames, so the window never stalls on it; each step reads the water and heights as they are then, so an
 * edit's rectangle found meanwhile stays right). `flush` sends what is found before a frame and drops the bytes
 * (no CPU copy is kept: after the GL context is lost the owner sets the whole map again).
 */
export class GpuWet {
  private tex: DataArrayTexture | null = null;
  private pending: WetTexels[] = [];
  /** A whole-map change being swept: the next row to find. */
  private sweep: { field: Heightfield; water: WaterSurface; next: number } | null = null;
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
    if (whole.kind === 'all') {
      this.pending = [];
      this.sweep = { field, water, next: 0 };
    } else {
      if (this.sweep) this.sweep = { ...this.sweep, field, water };
      this.pending.push(wetTexels(field, water, whole, this.shape));
    }
    if (!this.tex) this.tex = layoutTexture(this.shape, RedFormat, UnsignedByteType, 1);
  }

  /** Rows of a whole-map change still to find (or whether there are bytes to send). */
  get hasPending(): boolean {
    return this.pending.length > 0 || this.sweep !== null;
  }

  /** Whether a whole-map change is being swept. */
  get sweeping(): boolean {
    return this.sweep !== null;
  }

  /**
   * Finds the next rows of a whole-map change, WET_SWEEP_ROWS a slice, until `budgetMs` has passed (one slice at
   * least; all of them by default). True while rows remain.
   */
  advance(budgetMs = Infinity, now: () => number = () => performance.now()): boolean {
    const sweep = this.sweep;
    if (!sweep) return false;
    const { field, water } = sweep;
    const started = budgetMs === Infinity ? 0 : now();
    do {
      const j1 = Math.min(field.depth, sweep.next + WET_SWEEP_ROWS);
      this.pending.push(wetTexelsOf(field, water, { i0: 0, j0: sweep.next, i1: field.width, j1 }, this.shape));
      sweep.next = j1;
    } while (sweep.next < field.depth && (budgetMs === Infinity || now() - started < budgetMs));
    if (sweep.next >= field.depth) this.sweep = null;
    return this.sweep !== null;
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
    this.sweep = null;
  }
}
