import type { Heightfield } from '../../shared/terrain/heightfield';
import {
  LIGHTING_CHANNELS,
  OCCLUSION_REACH,
  growRect,
  lightingGridOf,
  shadowReachSteps,
  sunAffected,
  sunDependencies,
  sunSweep,
  unionRect,
  type GridRect,
  type LightingGrid,
  type LightingHeights,
  type LightingPatch,
  type LightingSun,
} from '../../shared/terrain/lighting';
import type { DirtyRegion } from '../document/region';

/** One computation to run (on a worker or here): the heights of `window` give the bytes of the two rects. */
export interface LightingJob {
  /** Whole-map changes and size changes bump the generation: a job of an older one is dropped. */
  generation: number;
  sun: LightingSun;
  /** Lighting-grid coordinates. */
  window: GridRect;
  sunRect: GridRect | null;
  skyRect: GridRect | null;
  /** The whole grid: the worker reports the height range it saw, for later shadow reaches. */
  whole: boolean;
}

/** A job's answer: rects in lighting-grid coordinates, and the height range when the job was whole. */
export interface LightingResult {
  patch: LightingPatch;
  range: { min: number; max: number } | null;
}

const fullRect = (grid: LightingGrid): GridRect => ({ i0: 0, j0: 0, i1: grid.width, j1: grid.depth });
const isEmpty = (r: GridRect) => r.i1 <= r.i0 || r.j1 <= r.j0;
const covers = (a: GridRect, b: GridRect) => a.i0 <= b.i0 && a.j0 <= b.j0 && a.i1 >= b.i1 && a.j1 >= b.j1;

/**
 * The terrain's lighting bytes (sun, sky per lighting-grid vertex; see shared/terrain/lighting.ts)
 * and what is stale in them. Document changes and sun changes mark rectangles stale: an edit only
 * what it can have changed (its occlusion reach around it, and its shadow reach away from the
 * sun); `nextJob` turns the stale rectangles into one computation over the window of heights they
 * depend on, and `apply` puts its answer in. One job is in flight at a time; changes meanwhile
 * wait for the next. No DOM, no GPU: the renderer uploads `data` as a texture.
 */
export class TerrainLightingModel {
  grid: LightingGrid = { stride: 1, width: 0, depth: 0 };
  /** LIGHTING_CHANNELS bytes per lighting vertex, row-major. */
  data = new Uint8Array(0);
  private generation = 0;
  private dims = '';
  private sun: LightingSun;
  private staleSun: GridRect | null = null;
  private staleSky: GridRect | null = null;
  /** Height range of the map as far as known (widened by edits): it bounds the shadow reach. */
  private range: { min: number; max: number } | null = null;
  private inFlight: LightingJob | null = null;
  /** Metres between lighting-grid vertices. */
  private spacing = 1;

  constructor(sun: LightingSun) {
    this.sun = { ...sun };
  }

  /** Nothing stale and nothing being computed. */
  get idle(): boolean {
    return !this.inFlight && !this.staleSun && !this.staleSky;
  }

  get busy(): boolean {
    return this.inFlight !== null;
  }

  /** The document changed in `region` (vertex coordinates of the map). */
  onDocument(field: Heightfield, region: DirtyRegion): void {
    const dims = `${field.width}x${field.depth}`;
    if (dims !== this.dims) {
      this.dims = dims;
      this.grid = lightingGridOf(field);
      // Open sky and full sun until the first answer: plain lighting, never black.
      this.data = new Uint8Array(this.grid.width * this.grid.depth * LIGHTING_CHANNELS).fill(255);
      region = { kind: 'all' };
    }
    this.spacing = field.cellSize * this.grid.stride;
    if (region.kind === 'all') {
      this.generation++;
      this.range = null;
      this.inFlight = null;
      this.staleSun = fullRect(this.grid);
      this.staleSky = fullRect(this.grid);
      return;
    }
    const { stride, width, depth } = this.grid;
    const rect = growRect(
      { i0: Math.floor(region.i0 / stride), j0: Math.floor(region.j0 / stride), i1: Math.ceil(region.i1 / stride), j1: Math.ceil(region.j1 / stride) },
      0,
      width,
      depth,
    );
    if (isEmpty(rect)) return;
    this.widenRange(field, region);
    this.staleSky = union(this.staleSky, growRect(rect, OCCLUSION_REACH, width, depth));
    this.staleSun = union(this.staleSun, this.range ? sunAffected(rect, this.sweep(), this.reach(), width, depth) : fullRect(this.grid));
  }

  /** The sun moved: every shadow is stale (the occlusion is not). Returns whether anything changed. */
  setSun(sun: LightingSun): boolean {
    if (sun.azimuthDeg === this.sun.azimuthDeg && sun.elevationDeg === this.sun.elevationDeg) return false;
    this.sun = { ...sun };
    if (this.grid.width > 0) this.staleSun = fullRect(this.grid);
    return true;
  }

  /** The next computation, or null when nothing is stale or one is already in flight. */
  nextJob(): LightingJob | null {
    if (this.inFlight || (!this.staleSun && !this.staleSky)) return null;
    const { width, depth } = this.grid;
    const sunRect = this.staleSun;
    const skyRect = this.staleSky;
    let window: GridRect | null = skyRect ? growRect(skyRect, OCCLUSION_REACH, width, depth) : null;
    if (sunRect) {
      const needs = this.range ? sunDependencies(sunRect, this.sweep(), this.reach(), width, depth) : fullRect(this.grid);
      window = union(window, needs);
    }
    const whole = fullRect(this.grid);
    const job: LightingJob = {
      generation: this.generation,
      sun: { ...this.sun },
      window: window ?? whole,
      sunRect,
      skyRect,
      whole: covers(window ?? whole, whole),
    };
    this.staleSun = null;
    this.staleSky = null;
    this.inFlight = job;
    return job;
  }

  /** The heights of rows [rowStart, rowEnd) of a job's window, written into `into` (laid out as the window). */
  copyWindowRows(field: Heightfield, job: LightingJob, into: Float32Array, rowStart: number, rowEnd: number): void {
    const { stride } = this.grid;
    const { window } = job;
    const w = window.i1 - window.i0;
    for (let r = rowStart; r < rowEnd; r++) {
      const source = (window.j0 + r) * stride * field.width;
      if (stride === 1) {
        into.set(field.heights.subarray(source + window.i0, source + window.i1), r * w);
      } else {
        for (let q = 0; q < w; q++) into[r * w + q] = field.heights[source + (window.i0 + q) * stride];
      }
    }
  }

  /** The job's heights as a LightingHeights of its window (rows from `copyWindowRows`). */
  windowHeights(job: LightingJob, heights: Float32Array, field: Pick<Heightfield, 'cellSize'>): LightingHeights {
    return { width: job.window.i1 - job.window.i0, depth: job.window.j1 - job.window.j0, spacing: field.cellSize * this.grid.stride, heights };
  }

  /** The whole lighting grid in a job's window coordinates (where the map ends). */
  mapEdgeIn(job: LightingJob): GridRect {
    const { window } = job;
    return { i0: -window.i0, j0: -window.j0, i1: this.grid.width - window.i0, j1: this.grid.depth - window.j0 };
  }

  /** The job ended without an answer (a worker failed): its rectangles are stale again. */
  abandon(job: LightingJob): void {
    if (this.inFlight !== job) return;
    this.inFlight = null;
    if (job.generation !== this.generation) return;
    if (job.sunRect) this.staleSun = union(this.staleSun, job.sunRect);
    if (job.skyRect) this.staleSky = union(this.staleSky, job.skyRect);
  }

  /**
   * Puts a job's answer in (rects in window coordinates, as computed); returns the lighting-grid
   * rectangle whose bytes changed, or null when the answer came too late to use.
   */
  apply(job: LightingJob, result: LightingResult): GridRect | null {
    if (this.inFlight === job) this.inFlight = null;
    if (job.generation !== this.generation) return null;
    if (result.range && job.whole)
      this.range = this.range ? { min: Math.min(this.range.min, result.range.min), max: Math.max(this.range.max, result.range.max) } : { ...result.range };
    const { patch } = result;
    let changed: GridRect | null = null;
    const put = (rect: GridRect | null, bytes: Uint8Array | null, channel: number) => {
      if (!rect || !bytes) return;
      const at = { i0: rect.i0 + job.window.i0, j0: rect.j0 + job.window.j0, i1: rect.i1 + job.window.i0, j1: rect.j1 + job.window.j0 };
      const w = at.i1 - at.i0;
      for (let j = at.j0; j < at.j1; j++) {
        let q = (j - at.j0) * w;
        let p = (j * this.grid.width + at.i0) * LIGHTING_CHANNELS + channel;
        for (let i = at.i0; i < at.i1; i++, q++, p += LIGHTING_CHANNELS) this.data[p] = bytes[q];
      }
      changed = union(changed, at);
    };
    put(patch.sunRect, patch.sun, 0);
    put(patch.skyRect, patch.sky, 1);
    // A sun moved while this job ran: its shadows are stale already (setSun marked them).
    return changed;
  }

  /** The rects a job computes, in its window's coordinates (what computeLightingPatch takes). */
  localRects(job: LightingJob): { sunRect: GridRect | null; skyRect: GridRect | null } {
    const shift = (r: GridRect | null) =>
      r ? { i0: r.i0 - job.window.i0, j0: r.j0 - job.window.j0, i1: r.i1 - job.window.i0, j1: r.j1 - job.window.j0 } : null;
    return { sunRect: shift(job.sunRect), skyRect: shift(job.skyRect) };
  }

  private sweep() {
    return sunSweep(this.sun, this.spacing);
  }

  private reach(): number {
    const range = this.range;
    return range ? shadowReachSteps(this.sweep(), range.max - range.min) : Infinity;
  }

  private widenRange(field: Heightfield, region: DirtyRegion & { kind: 'rect' }): void {
    if (!this.range) return;
    let { min, max } = this.range;
    for (let j = region.j0; j < region.j1; j++) {
      for (let k = j * field.width + region.i0, end = j * field.width + region.i1; k < end; k++) {
        const h = field.heights[k];
        if (h < min) min = h;
        if (h > max) max = h;
      }
    }
    this.range = { min, max };
  }
}

function union(a: GridRect | null, b: GridRect): GridRect {
  return a ? unionRect(a, b) : b;
}
