import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IdleRelease,
  releaseDriverScratch,
  RELEASE_FRAGMENT_STEPS,
  RELEASE_PASSES,
  RELEASE_TARGET_SIZE,
  releaseOnContextLoss,
  viewFrameFence,
  type FenceContext,
  type FrameFence,
  type ReleaseContext,
} from './idleDriverRelease';

describe('releaseDriverScratch', () => {
  /** A recording WebGL 2 stand-in: the calls in order, with the storage, viewport and uniform asked for. */
  function recorder(links = true) {
    const calls: string[] = [];
    const sources: string[] = [];
    let made = 0;
    const object = <T>(name: string) => ({ name: `${name}${++made}` }) as unknown as T;
    const gl: ReleaseContext = {
      COLOR_BUFFER_BIT: 0x4000,
      FRAMEBUFFER: 0x8d40,
      RENDERBUFFER: 0x8d41,
      RGBA8: 0x8058,
      COLOR_ATTACHMENT0: 0x8ce0,
      VERTEX_SHADER: 0x8b31,
      FRAGMENT_SHADER: 0x8b30,
      LINK_STATUS: 0x8b82,
      TRIANGLES: 0x0004,
      createFramebuffer: () => object<WebGLFramebuffer>('fb'),
      createRenderbuffer: () => object<WebGLRenderbuffer>('rb'),
      bindFramebuffer: (_, fb) => calls.push(`bindFramebuffer:${fb ? 'own' : 'null'}`),
      bindRenderbuffer: (_, rb) => calls.push(`bindRenderbuffer:${rb ? 'own' : 'null'}`),
      renderbufferStorage: (_, format, width, height) => calls.push(`storage:${format.toString(16)}:${width}x${height}`),
      framebufferRenderbuffer: () => calls.push('attach'),
      deleteFramebuffer: () => calls.push('deleteFramebuffer'),
      deleteRenderbuffer: () => calls.push('deleteRenderbuffer'),
      createShader: () => object<WebGLShader>('shader'),
      shaderSource: (_, source) => void sources.push(source),
      compileShader: () => undefined,
      createProgram: () => object<WebGLProgram>('program'),
      attachShader: () => undefined,
      linkProgram: () => calls.push('link'),
      getProgramParameter: (_, pname) => (pname === 0x8b82 ? links : null),
      getUniformLocation: (_, name) => object<WebGLUniformLocation>(name),
      useProgram: (program) => calls.push(`useProgram:${program ? 'own' : 'null'}`),
      uniform1i: (location, value) => calls.push(`uniform:${location ? 'steps' : 'none'}=${value}`),
      deleteShader: () => calls.push('deleteShader'),
      deleteProgram: (program) => calls.push(`deleteProgram:${program ? 'own' : 'null'}`),
      viewport: (x, y, width, height) => calls.push(`viewport:${x},${y},${width}x${height}`),
      drawArrays: (mode, first, count) => calls.push(`draw:${mode}:${first}:${count}`),
      clear: (mask) => calls.push(`clear:${mask}`),
      flush: () => calls.push('flush'),
      finish: () => calls.push('finish'),
    };
    return { gl, calls, sources };
  }

  it('draws a looping pass over a 1024² RGBA8 target of its own, back to back (each flushed), then deletes target and program', () => {
    const { gl, calls } = recorder();
    releaseDriverScratch(gl);
    expect(RELEASE_PASSES).toBe(32);
    expect(RELEASE_TARGET_SIZE).toBe(1024);
    expect(RELEASE_FRAGMENT_STEPS).toBe(48);
    expect(calls).toEqual([
      'bindRenderbuffer:own',
      'storage:8058:1024x1024',
      'bindFramebuffer:own',
      'attach',
      'link',
      'deleteShader',
      'deleteShader',
      // The whole target is drawn (the release's canvas is 1 × 1), the loop's step count set once.
      'viewport:0,0,1024x1024',
      'useProgram:own',
      'uniform:steps=48',
      ...Array.from({ length: RELEASE_PASSES }, () => ['clear:16384', 'draw:4:0:3', 'flush']).flat(),
      'finish',
      'useProgram:null',
      'deleteProgram:own',
      'bindFramebuffer:null',
      'bindRenderbuffer:null',
      'deleteFramebuffer',
      'deleteRenderbuffer',
    ]);
  });

  it('draws with a fragment shader that loops a uniform number of times and writes what the loop made', () => {
    const { gl, sources } = recorder();
    releaseDriverScratch(gl);
    const fragment = sources.find((s) => s.includes('out vec4'));
    expect(fragment).toBeDefined();
    // A loop bounded by a uniform (not unrolled or folded by the compiler), its result written out.
    expect(fragment).toMatch(/uniform int steps;/);
    expect(fragment).toMatch(/for \(int i = 0; i < steps; i\+\+\)/);
    expect(fragment).toMatch(/colour = vec4\(v,/);
    // The vertex shader needs no buffers: one triangle over the whole target from gl_VertexID.
    const vertex = sources.find((s) => s.includes('gl_VertexID'));
    expect(vertex).toBeDefined();
  });

  it('takes the number of passes, the target size and the loop steps it is given', () => {
    const { gl, calls } = recorder();
    releaseDriverScratch(gl, 2, 64, 5);
    expect(calls.filter((c) => c.startsWith('clear') || c.startsWith('draw'))).toEqual(['clear:16384', 'draw:4:0:3', 'clear:16384', 'draw:4:0:3']);
    expect(calls).toContain('storage:8058:64x64');
    expect(calls).toContain('viewport:0,0,64x64');
    expect(calls).toContain('uniform:steps=5');
  });

  it('falls back to clears alone where the program does not link, and deletes it', () => {
    const { gl, calls } = recorder(false);
    releaseDriverScratch(gl, 3);
    expect(calls.filter((c) => c.startsWith('clear') || c.startsWith('draw') || c === 'flush')).toEqual(
      Array.from({ length: 3 }, () => ['clear:16384', 'flush']).flat(),
    );
    expect(calls).toContain('deleteProgram:own');
    expect(calls.some((c) => c.startsWith('useProgram') || c.startsWith('uniform'))).toBe(false);
    expect(calls.at(-1)).toBe('deleteRenderbuffer');
  });
});

describe('IdleRelease', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('releases once, a delay after the last of a burst of frames', () => {
    const release = vi.fn();
    const idle = new IdleRelease(release, 1000);
    idle.frameDrawn();
    vi.advanceTimersByTime(600);
    idle.frameDrawn();
    vi.advanceTimersByTime(600);
    idle.frameDrawn();
    vi.advanceTimersByTime(999);
    expect(release).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(release).toHaveBeenCalledTimes(1);
    // Resting longer does not release again; the next frame re-arms it.
    vi.advanceTimersByTime(5000);
    expect(release).toHaveBeenCalledTimes(1);
    idle.frameDrawn();
    vi.advanceTimersByTime(1000);
    expect(release).toHaveBeenCalledTimes(2);
  });

  it('never releases after dispose', () => {
    const release = vi.fn();
    const idle = new IdleRelease(release, 1000);
    idle.frameDrawn();
    idle.dispose();
    idle.frameDrawn();
    vi.advanceTimersByTime(5000);
    expect(release).not.toHaveBeenCalled();
  });

  /** A fence the test signals by hand, counting its disposals. */
  function handFence() {
    const state = { signalled: false, disposed: 0 };
    const fence: FrameFence = { done: () => state.signalled, dispose: () => void state.disposed++ };
    return { state, fence };
  }

  it('waits past the delay until the GPU has finished the last frame, polling without blocking', () => {
    const release = vi.fn();
    const { state, fence } = handFence();
    const idle = new IdleRelease(release, 1000, () => fence, 100);
    idle.frameDrawn();
    vi.advanceTimersByTime(1000);
    // The frame is still being rasterised: no release, however long it takes.
    vi.advanceTimersByTime(30_000);
    expect(release).not.toHaveBeenCalled();
    state.signalled = true;
    vi.advanceTimersByTime(99);
    expect(release).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(release).toHaveBeenCalledTimes(1);
    expect(state.disposed).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('drops the fence of a frame that another frame followed, and waits for the new one', () => {
    const release = vi.fn();
    const fences: Array<ReturnType<typeof handFence>> = [];
    const idle = new IdleRelease(
      release,
      1000,
      () => {
        const made = handFence();
        fences.push(made);
        return made.fence;
      },
      100,
    );
    idle.frameDrawn();
    vi.advanceTimersByTime(1500);
    expect(fences).toHaveLength(1);
    idle.frameDrawn();
    expect(fences[0].state.disposed).toBe(1);
    fences[0].state.signalled = true;
    vi.advanceTimersByTime(1000);
    expect(fences).toHaveLength(2);
    expect(release).not.toHaveBeenCalled();
    fences[1].state.signalled = true;
    vi.advanceTimersByTime(100);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('releases at once after the delay where no fence can be made', () => {
    const release = vi.fn();
    const idle = new IdleRelease(release, 1000, () => null, 100);
    idle.frameDrawn();
    vi.advanceTimersByTime(1000);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('never releases after dispose while waiting for the GPU, and lets the fence go', () => {
    const release = vi.fn();
    const { state, fence } = handFence();
    const idle = new IdleRelease(release, 1000, () => fence, 100);
    idle.frameDrawn();
    vi.advanceTimersByTime(1200);
    idle.dispose();
    state.signalled = true;
    vi.advanceTimersByTime(5000);
    expect(release).not.toHaveBeenCalled();
    expect(state.disposed).toBe(1);
  });
});

describe('releaseOnContextLoss', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("releases a delay after the view's context is lost, with no frame drawn since the last release, and once more later while it stays lost", () => {
    const release = vi.fn();
    const idle = new IdleRelease(release, 1000, () => null, 100);
    const view = new EventTarget();
    let lost = false;
    const stop = releaseOnContextLoss(view, idle, () => lost, 6000);
    idle.frameDrawn();
    vi.advanceTimersByTime(1000);
    expect(release).toHaveBeenCalledTimes(1);
    // The view rests a minute later: its context goes.
    vi.advanceTimersByTime(60_000);
    lost = true;
    view.dispatchEvent(new Event('webglcontextlost'));
    vi.advanceTimersByTime(999);
    expect(release).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(release).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(6000);
    expect(release).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(60_000);
    expect(release).toHaveBeenCalledTimes(3);
    // Restored and lost again: the same; none after the watch stops.
    lost = false;
    view.dispatchEvent(new Event('webglcontextrestored'));
    lost = true;
    view.dispatchEvent(new Event('webglcontextlost'));
    vi.advanceTimersByTime(7000);
    expect(release).toHaveBeenCalledTimes(5);
    stop();
    view.dispatchEvent(new Event('webglcontextlost'));
    vi.advanceTimersByTime(60_000);
    expect(release).toHaveBeenCalledTimes(5);
  });

  it('no second release once the view is back; a frame drawn after the loss moves the release to a delay after that frame', () => {
    const release = vi.fn();
    const idle = new IdleRelease(release, 1000, () => null, 100);
    const view = new EventTarget();
    let lost = true;
    releaseOnContextLoss(view, idle, () => lost, 6000);
    view.dispatchEvent(new Event('webglcontextlost'));
    vi.advanceTimersByTime(600);
    // Woken: the context back, its first frame drawn.
    lost = false;
    view.dispatchEvent(new Event('webglcontextrestored'));
    idle.frameDrawn();
    vi.advanceTimersByTime(600);
    expect(release).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(release).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(release).toHaveBeenCalledTimes(1);
  });
});

describe('viewFrameFence', () => {
  it('puts a fence after all commands, flushed, and reads its status until it is signalled', () => {
    const calls: string[] = [];
    let status = 0x9118; // UNSIGNALED
    const sync = { name: 'sync' } as unknown as WebGLSync;
    const gl: FenceContext = {
      SYNC_GPU_COMMANDS_COMPLETE: 0x9117,
      SYNC_STATUS: 0x9114,
      SIGNALED: 0x9119,
      fenceSync: (condition, flags) => (calls.push(`fenceSync:${condition.toString(16)}:${flags}`), sync),
      getSyncParameter: (s, pname) => (calls.push(`status:${s === sync}:${pname.toString(16)}`), status),
      deleteSync: (s) => void calls.push(`delete:${s === sync}`),
      flush: () => void calls.push('flush'),
      isContextLost: () => false,
    };
    const fence = viewFrameFence(gl);
    expect(fence).not.toBeNull();
    expect(fence?.done()).toBe(false);
    status = 0x9119;
    expect(fence?.done()).toBe(true);
    fence?.dispose();
    expect(calls).toEqual(['fenceSync:9117:0', 'flush', 'status:true:9114', 'status:true:9114', 'delete:true']);
  });

  it('counts as passed once the context is lost (a lost context answers no query; the view lets it go only after its last frame)', () => {
    let lost = false;
    const gl = {
      SYNC_GPU_COMMANDS_COMPLETE: 0x9117,
      SYNC_STATUS: 0x9114,
      SIGNALED: 0x9119,
      fenceSync: () => ({}) as WebGLSync,
      // What a lost WebGL context returns for any query.
      getSyncParameter: () => null,
      deleteSync: () => undefined,
      flush: () => undefined,
      isContextLost: () => lost,
    } satisfies FenceContext;
    const fence = viewFrameFence(gl);
    expect(fence?.done()).toBe(false);
    lost = true;
    expect(fence?.done()).toBe(true);
  });

  it('is null where the context makes no fence', () => {
    const gl = { fenceSync: () => null, flush: () => undefined } as unknown as FenceContext;
    expect(viewFrameFence(gl)).toBeNull();
  });
});
