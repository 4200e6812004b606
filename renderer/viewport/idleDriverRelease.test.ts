import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleRelease, releaseDriverScratch, RELEASE_PASSES, RELEASE_TARGET_SIZE, type ReleaseContext } from './idleDriverRelease';

describe('releaseDriverScratch', () => {
  /** A recording WebGL 2 stand-in: the calls in order, with the storage asked for. */
  function recorder() {
    const calls: string[] = [];
    let made = 0;
    const gl: ReleaseContext = {
      COLOR_BUFFER_BIT: 0x4000,
      FRAMEBUFFER: 0x8d40,
      RENDERBUFFER: 0x8d41,
      RGBA8: 0x8058,
      COLOR_ATTACHMENT0: 0x8ce0,
      createFramebuffer: () => ({ name: `fb${++made}` }) as unknown as WebGLFramebuffer,
      createRenderbuffer: () => ({ name: `rb${++made}` }) as unknown as WebGLRenderbuffer,
      bindFramebuffer: (_, fb) => calls.push(`bindFramebuffer:${fb ? 'own' : 'null'}`),
      bindRenderbuffer: (_, rb) => calls.push(`bindRenderbuffer:${rb ? 'own' : 'null'}`),
      renderbufferStorage: (_, format, width, height) => calls.push(`storage:${format.toString(16)}:${width}x${height}`),
      framebufferRenderbuffer: () => calls.push('attach'),
      deleteFramebuffer: () => calls.push('deleteFramebuffer'),
      deleteRenderbuffer: () => calls.push('deleteRenderbuffer'),
      clear: (mask) => calls.push(`clear:${mask}`),
      flush: () => calls.push('flush'),
      finish: () => calls.push('finish'),
    };
    return { gl, calls };
  }

  it('clears a 2048² RGBA8 target of its own in passes back to back (each flushed), waits for them, then deletes the target', () => {
    const { gl, calls } = recorder();
    releaseDriverScratch(gl);
    expect(RELEASE_PASSES).toBe(32);
    expect(RELEASE_TARGET_SIZE).toBe(2048);
    expect(calls).toEqual([
      'bindRenderbuffer:own',
      'storage:8058:2048x2048',
      'bindFramebuffer:own',
      'attach',
      ...Array.from({ length: RELEASE_PASSES }, () => ['clear:16384', 'flush']).flat(),
      'finish',
      'bindFramebuffer:null',
      'bindRenderbuffer:null',
      'deleteFramebuffer',
      'deleteRenderbuffer',
    ]);
  });

  it('takes the number of passes and the target size it is given', () => {
    const { gl, calls } = recorder();
    releaseDriverScratch(gl, 2, 64);
    expect(calls.filter((c) => c.startsWith('clear'))).toEqual(['clear:16384', 'clear:16384']);
    expect(calls).toContain('storage:8058:64x64');
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
});
