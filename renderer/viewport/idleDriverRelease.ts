/** Idle time after the 3D view's last frame before the driver is asked to let its frame data go. */
export const IDLE_RELEASE_AFTER_MS = 1500;
/** Passes of the release, back to back (see releaseDriverScratch). */
export const RELEASE_PASSES = 32;
/** Side of the release's own target (RGBA8, 4 MB, made for a release and deleted after it). */
export const RELEASE_TARGET_SIZE = 1024;
/**
 * Loop steps of the release's fragment shader per pixel: enough that a pass's rasterisation under
 * software GL outlasts issuing the next one (so the passes stay in flight), bounded so that the
 * release stays short: a pass was ≈ 30 ms of llvmpipe here, the 32 passes ≈ 1.2 s of the GPU process
 * (a Chromium page on the 2-core machine, load 3; BENCHMARKS.md "Session 22: the release's passes").
 * The page does not wait for them (Chromium's WebGL finish returned after 4–5 ms, the canvas's
 * `data-driver-release-ms`); a wake during them waits for the GPU process.
 */
export const RELEASE_FRAGMENT_STEPS = 48;

/** A triangle covering the whole target, from the vertex index alone (no buffers). */
const RELEASE_VERTEX_SHADER = `#version 300 es
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}`;

/** A loop per pixel whose result is written, so it cannot be dropped; its step count is a uniform (no unrolling). */
const RELEASE_FRAGMENT_SHADER = `#version 300 es
precision highp float;
uniform int steps;
out vec4 colour;
void main() {
  vec2 v = gl_FragCoord.xy * 0.001;
  for (int i = 0; i < steps; i++) {
    v = fract(vec2(v.x * 1.37 + v.y, v.y * 0.73 + v.x) + 0.011);
  }
  colour = vec4(v, 0.0, 1.0);
}`;

/** What the release needs of a WebGL 2 context: a target and a program of its own, a draw, a flush and a finish. */
export interface ReleaseContext {
  readonly COLOR_BUFFER_BIT: number;
  readonly FRAMEBUFFER: number;
  readonly RENDERBUFFER: number;
  readonly RGBA8: number;
  readonly COLOR_ATTACHMENT0: number;
  readonly VERTEX_SHADER: number;
  readonly FRAGMENT_SHADER: number;
  readonly LINK_STATUS: number;
  readonly TRIANGLES: number;
  createFramebuffer(): WebGLFramebuffer | null;
  createRenderbuffer(): WebGLRenderbuffer | null;
  bindFramebuffer(target: number, framebuffer: WebGLFramebuffer | null): void;
  bindRenderbuffer(target: number, renderbuffer: WebGLRenderbuffer | null): void;
  renderbufferStorage(target: number, format: number, width: number, height: number): void;
  framebufferRenderbuffer(target: number, attachment: number, renderbufferTarget: number, renderbuffer: WebGLRenderbuffer | null): void;
  deleteFramebuffer(framebuffer: WebGLFramebuffer | null): void;
  deleteRenderbuffer(renderbuffer: WebGLRenderbuffer | null): void;
  createShader(type: number): WebGLShader | null;
  shaderSource(shader: WebGLShader, source: string): void;
  compileShader(shader: WebGLShader): void;
  createProgram(): WebGLProgram | null;
  attachShader(program: WebGLProgram, shader: WebGLShader): void;
  linkProgram(program: WebGLProgram): void;
  getProgramParameter(program: WebGLProgram, pname: number): unknown;
  getUniformLocation(program: WebGLProgram, name: string): WebGLUniformLocation | null;
  useProgram(program: WebGLProgram | null): void;
  uniform1i(location: WebGLUniformLocation | null, value: number): void;
  deleteShader(shader: WebGLShader | null): void;
  deleteProgram(program: WebGLProgram | null): void;
  viewport(x: number, y: number, width: number, height: number): void;
  drawArrays(mode: number, first: number, count: number): void;
  clear(mask: number): void;
  flush(): void;
  finish(): void;
}

/** The release's program (a whole-target triangle, a looping fragment shader), or null where it does not link. */
function releaseProgram(gl: ReleaseContext): { program: WebGLProgram; steps: WebGLUniformLocation | null } | null {
  const program = gl.createProgram();
  const vertex = gl.createShader(gl.VERTEX_SHADER);
  const fragment = gl.createShader(gl.FRAGMENT_SHADER);
  if (program && vertex && fragment) {
    gl.shaderSource(vertex, RELEASE_VERTEX_SHADER);
    gl.shaderSource(fragment, RELEASE_FRAGMENT_SHADER);
    gl.compileShader(vertex);
    gl.compileShader(fragment);
    gl.attachShader(program, vertex);
    gl.attachShader(program, fragment);
    gl.linkProgram(program);
  }
  gl.deleteShader(vertex);
  gl.deleteShader(fragment);
  if (!program || !vertex || !fragment || gl.getProgramParameter(program, gl.LINK_STATUS) !== true) {
    gl.deleteProgram(program);
    return null;
  }
  return { program, steps: gl.getUniformLocation(program, 'steps') };
}

/**
 * Asks a software rasteriser to let go of the binned data of the last frames it drew, by issuing
 * `passes` passes (a `size`² target of the release's own cleared and covered by one triangle whose
 * fragment shader loops `steps` times a pixel, flushed), back to back, on a context of its own, then
 * waiting for them (finish) and deleting the target and the program. Where the program does not
 * link, the passes are the clears alone.
 *
 * Why: Mesa's llvmpipe (the software GL behind Chromium's GPU process on machines without a GPU;
 * the e2e browsers here) bins each frame's triangles into "scenes" and frees a scene's data blocks
 * only when it takes that scene up again for a later pass (lp_setup_get_empty_scene calls
 * lp_scene_end_rasterization then, not when rasterisation ends), and it takes the first scene that
 * is idle. A frame of ~0.8 M triangles leaves ~45 MB of live data blocks in the GPU process until
 * then; the frames of a stroke, drawn while earlier ones were still in flight, leave several scenes
 * full (+250–300 MB at 4097²), and at rest nothing comes to recycle them. Passes issued while the
 * previous ones are still rasterising walk through the scenes, so every one is recycled; a clear of
 * one pixel ends before the next pass comes and only ever recycles the first scene (session 16's
 * release of 16 such clears left the stroke's 250–300 MB; BENCHMARKS.md "Session 17: memory"). A
 * clear of a large target (session 17 to 22: 32 clears of 2048²) lasts long enough only while the
 * machine is busy: on a quiet one the rasteriser kept up with the passes and the walk stopped short
 * (BENCHMARKS.md "Session 22: quiet re-runs"). A pass whose every pixel loops is busy by
 * construction: the rasteriser takes the scenes one after another, so each pass waits behind the
 * ones before it while the page issues the next, and the walk reaches `passes` scenes. The passes go
 * to a context of their own, never the 3D view's: its state and its image are untouched (clearing a
 * target of the view's own context shifted a few edge pixels of its next frames under software GL,
 * and did not free the scenes). That they recycle the view's scenes is measured, not read in
 * Chromium's source (the GPU process runs the page's contexts on shared driver state there). On a
 * hardware GPU they are a few short draws into one 4 MB target.
 */
export function releaseDriverScratch(gl: ReleaseContext, passes = RELEASE_PASSES, size = RELEASE_TARGET_SIZE, steps = RELEASE_FRAGMENT_STEPS): void {
  const framebuffer = gl.createFramebuffer();
  const renderbuffer = gl.createRenderbuffer();
  if (!framebuffer || !renderbuffer) return;
  gl.bindRenderbuffer(gl.RENDERBUFFER, renderbuffer);
  gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, size, size);
  gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
  gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, renderbuffer);
  const busy = releaseProgram(gl);
  if (busy) {
    gl.viewport(0, 0, size, size);
    gl.useProgram(busy.program);
    gl.uniform1i(busy.steps, steps);
  }
  for (let n = 0; n < passes; n++) {
    gl.clear(gl.COLOR_BUFFER_BIT);
    if (busy) gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.flush();
  }
  gl.finish();
  if (busy) {
    gl.useProgram(null);
    gl.deleteProgram(busy.program);
  }
  gl.bindFramebuffer(gl.FRAMEBUFFER, null);
  gl.bindRenderbuffer(gl.RENDERBUFFER, null);
  gl.deleteFramebuffer(framebuffer);
  gl.deleteRenderbuffer(renderbuffer);
}

/** The release's own 1 × 1 context, or null where WebGL 2 is not available. */
export function createReleaseContext(): WebGL2RenderingContext | null {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  return canvas.getContext('webgl2', { antialias: false, depth: false, stencil: false, alpha: false });
}

/** How often a release waiting for the GPU asks whether the view's last frame is done. */
export const GPU_POLL_MS = 100;

/** A fence after the view's last frame: whether the GPU has finished everything before it (never blocks). */
export interface FrameFence {
  done(): boolean;
  dispose(): void;
}

/**
 * Runs `release` once the view has drawn no frame for `delayMs` after its last one and the GPU has
 * finished that frame: each frame re-arms it, so a burst of frames (an orbit, a stroke, hovering
 * with a brush) ends with one release.
 *
 * Why wait for the GPU: under software GL a 4097² frame of the whole map is binned into ≈ 650 MB of
 * scenes and rasterised for seconds (tens of seconds on a loaded machine) after the page issued it.
 * Passes issued while those scenes are still being rasterised find none of them idle and recycle
 * none (llvmpipe only recycles a scene whose fence has signalled); once the frame is done, they
 * recycle every one. `fence` (null: none, release at once) puts a fence after the view's commands;
 * it is polled every `pollMs` without blocking the page.
 */
export class IdleRelease {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: FrameFence | null = null;
  private disposed = false;

  constructor(
    private readonly release: () => void,
    private readonly delayMs = IDLE_RELEASE_AFTER_MS,
    private readonly fence: () => FrameFence | null = () => null,
    private readonly pollMs = GPU_POLL_MS,
  ) {}

  /** A frame was drawn (or is being drawn now). */
  frameDrawn(): void {
    if (this.disposed) return;
    this.cancel();
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.disposed) return;
      this.pending = this.fence();
      this.whenGpuDone();
    }, this.delayMs);
  }

  /**
   * The view's context was lost (it rests, ViewAtRest.tsx): the driver's data of its last frames goes
   * with a release like a frame's (its fence counts as passed on a lost context). Needed because losing
   * the context does not free it under software GL: the driver's binned scenes belong to the GPU
   * process's shared driver context and keep the lost context's drawing buffers and frame data until a
   * later pass takes them up (at 4097², 329 → 158 MB in the GPU process; BENCHMARKS.md "Session 22").
   */
  contextLost(): void {
    this.frameDrawn();
  }

  dispose(): void {
    this.disposed = true;
    this.cancel();
  }

  private whenGpuDone(): void {
    const fence = this.pending;
    if (fence && !fence.done()) {
      this.timer = setTimeout(() => {
        this.timer = null;
        if (!this.disposed) this.whenGpuDone();
      }, this.pollMs);
      return;
    }
    fence?.dispose();
    this.pending = null;
    this.release();
  }

  private cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending?.dispose();
    this.pending = null;
  }
}

/** What a frame fence needs of the view's WebGL 2 context: a fence sync and its status. */
export interface FenceContext {
  readonly SYNC_GPU_COMMANDS_COMPLETE: number;
  readonly SYNC_STATUS: number;
  readonly SIGNALED: number;
  fenceSync(condition: number, flags: number): WebGLSync | null;
  getSyncParameter(sync: WebGLSync, pname: number): unknown;
  deleteSync(sync: WebGLSync | null): void;
  flush(): void;
  isContextLost(): boolean;
}

/**
 * A fence after everything the view's context has issued (flushed so it reaches the GPU). Only a
 * sync object: no draw state, target or image of the view is touched. Null where fences fail.
 */
export function viewFrameFence(gl: FenceContext): FrameFence | null {
  const sync = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
  if (!sync) return null;
  gl.flush();
  return {
    // A lost context answers no query: the view lets its context go at rest (ViewAtRest.tsx) only once
    // its last frame is drawn, so a fence of a lost context counts as passed (or the release would wait forever).
    done: () => gl.isContextLost() || gl.getSyncParameter(sync, gl.SYNC_STATUS) === gl.SIGNALED,
    dispose: () => gl.deleteSync(sync),
  };
}

/** After a loss, a second release this long after the first's arming, if the view is still lost. */
export const LOSS_RELEASE_AGAIN_MS = 6000;

/**
 * Arms `idle`'s release each time `view` (the 3D view's canvas) reports its WebGL context lost, and once
 * more `againMs` later while `isLost()` still holds (a release's passes recycle only the scenes that are
 * idle when they come; one that came while the GPU process was still busy leaves some). Returns the
 * unsubscribe.
 */
export function releaseOnContextLoss(
  view: EventTarget,
  idle: Pick<IdleRelease, 'contextLost'>,
  isLost: () => boolean,
  againMs = LOSS_RELEASE_AGAIN_MS,
): () => void {
  let again: ReturnType<typeof setTimeout> | null = null;
  const cancelAgain = () => {
    if (again !== null) clearTimeout(again);
    again = null;
  };
  const onLost = () => {
    cancelAgain();
    idle.contextLost();
    again = setTimeout(() => {
      again = null;
      if (isLost()) idle.contextLost();
    }, againMs);
  };
  view.addEventListener('webglcontextlost', onLost);
  view.addEventListener('webglcontextrestored', cancelAgain);
  return () => {
    cancelAgain();
    view.removeEventListener('webglcontextlost', onLost);
    view.removeEventListener('webglcontextrestored', cancelAgain);
  };
}
