import { WebGLRenderTarget } from 'three';

/** Idle time after the 3D view's last frame before the driver is asked to let its frame data go. */
export const IDLE_RELEASE_AFTER_MS = 1500;
/** Empty passes of the release, back to back (see releaseDriverScratch). */
export const RELEASE_PASSES = 16;

/** What the release needs of a three.js WebGLRenderer (a fake in tests). */
export interface ReleaseRenderer {
  getRenderTarget(): WebGLRenderTarget | null;
  setRenderTarget(target: WebGLRenderTarget | null): void;
  clear(color?: boolean, depth?: boolean, stencil?: boolean): void;
  getContext(): { flush(): void };
}

/**
 * Asks a software rasteriser to let go of the binned data of the last frames it drew, by issuing
 * `passes` empty passes (a clear of a 1 × 1 target, flushed), back to back.
 *
 * Why: Mesa's llvmpipe (the software GL behind Chromium's GPU process on machines without a GPU;
 * the e2e browsers here) bins each frame's triangles into "scenes" and frees a scene's data blocks
 * only when it takes that scene up again for a later pass (lp_setup_get_empty_scene calls
 * lp_scene_end_rasterization then, not when rasterisation ends). A frame of ~0.8 M triangles leaves
 * ~45 MB of live data blocks in the GPU process until then; at rest nothing comes to recycle them.
 * A pass takes the first scene that is free: passes issued while the previous ones are still in
 * flight walk through the scenes, so every one is recycled (one pass, or passes spaced apart, only
 * ever recycle the first). Nothing is drawn to the canvas (the target is our own 1 × 1 texture), so
 * the view shows the same image; on a hardware GPU this is sixteen clears of one pixel.
 */
export function releaseDriverScratch(renderer: ReleaseRenderer, target: WebGLRenderTarget, passes = RELEASE_PASSES): void {
  const previous = renderer.getRenderTarget();
  const gl = renderer.getContext();
  renderer.setRenderTarget(target);
  for (let n = 0; n < passes; n++) {
    renderer.clear(true, false, false);
    gl.flush();
  }
  renderer.setRenderTarget(previous);
}

/** The 1 × 1 target the release clears (colour only). */
export function createReleaseTarget(): WebGLRenderTarget {
  return new WebGLRenderTarget(1, 1, { depthBuffer: false, stencilBuffer: false });
}

interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const windowTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Runs `release` once the view has drawn no frame for `delayMs` after its last one: each frame
 * re-arms it, so a burst of frames (an orbit, a stroke, hovering with a brush) ends with one release.
 */
export class IdleRelease {
  private timer: unknown = null;
  private disposed = false;

  constructor(
    private readonly release: () => void,
    private readonly delayMs = IDLE_RELEASE_AFTER_MS,
    private readonly timers: Timers = windowTimers,
  ) {}

  /** A frame was drawn (or is being drawn now). */
  frameDrawn(): void {
    if (this.disposed) return;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      if (!this.disposed) this.release();
    }, this.delayMs);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
