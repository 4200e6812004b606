/** Idle time after the 3D view's last frame before the driver is asked to let its frame data go. */
export const IDLE_RELEASE_AFTER_MS = 1500;
/** Empty passes of the release, back to back (see releaseDriverScratch). */
export const RELEASE_PASSES = 16;

/** What the release needs of a WebGL context: a clear of its colour buffer and a flush. */
export interface ReleaseContext {
  readonly COLOR_BUFFER_BIT: number;
  clear(mask: number): void;
  flush(): void;
}

/**
 * Asks a software rasteriser to let go of the binned data of the last frames it drew, by issuing
 * `passes` empty passes (a clear, flushed), back to back, on a context of its own.
 *
 * Why: Mesa's llvmpipe (the software GL behind Chromium's GPU process on machines without a GPU;
 * the e2e browsers here) bins each frame's triangles into "scenes" and frees a scene's data blocks
 * only when it takes that scene up again for a later pass (lp_setup_get_empty_scene calls
 * lp_scene_end_rasterization then, not when rasterisation ends). A frame of ~0.8 M triangles leaves
 * ~45 MB of live data blocks in the GPU process until then; at rest nothing comes to recycle them.
 * Passes issued while the previous ones are still in flight walk through the scenes, so every one is
 * recycled (one pass, or passes spaced apart, only ever recycle the first). The passes go to a 1 × 1
 * context of their own, never the 3D view's: its state and its image are untouched (clearing a
 * target of the view's own context shifted a few edge pixels of its next frames under software GL).
 * That they recycle the view's scenes too is measured, not read in Chromium's source (the GPU process
 * runs the page's contexts on shared driver state there): the 10-layer 4097² test's after-stroke figure,
 * BENCHMARKS.md "Session 11: the views' memory". On a hardware GPU they are sixteen clears of one pixel.
 */
export function releaseDriverScratch(gl: ReleaseContext, passes = RELEASE_PASSES): void {
  for (let n = 0; n < passes; n++) {
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.flush();
  }
}

/** The release's own 1 × 1 context, or null where WebGL 2 is not available. */
export function createReleaseContext(): WebGL2RenderingContext | null {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  return canvas.getContext('webgl2', { antialias: false, depth: false, stencil: false, alpha: false });
}

/**
 * Runs `release` once the view has drawn no frame for `delayMs` after its last one: each frame
 * re-arms it, so a burst of frames (an orbit, a stroke, hovering with a brush) ends with one release.
 */
export class IdleRelease {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(
    private readonly release: () => void,
    private readonly delayMs = IDLE_RELEASE_AFTER_MS,
  ) {}

  /** A frame was drawn (or is being drawn now). */
  frameDrawn(): void {
    if (this.disposed) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.disposed) this.release();
    }, this.delayMs);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
