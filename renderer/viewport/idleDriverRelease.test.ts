import { describe, expect, it, vi } from 'vitest';
import type { WebGLRenderTarget } from 'three';
import { createReleaseTarget, IdleRelease, releaseDriverScratch, RELEASE_PASSES, type ReleaseRenderer } from './idleDriverRelease';

/** A renderer that records what the release asks of it, in order. */
function recordingRenderer(current: WebGLRenderTarget | null) {
  const calls: string[] = [];
  let target = current;
  const renderer: ReleaseRenderer = {
    getRenderTarget: () => target,
    setRenderTarget: (next) => {
      target = next;
      calls.push(next === null ? 'target:canvas' : `target:${next.width}x${next.height}`);
    },
    clear: (color, depth, stencil) => calls.push(`clear:${String(color)},${String(depth)},${String(stencil)}:${target === null ? 'canvas' : 'own'}`),
    getContext: () => ({ flush: () => calls.push('flush') }),
  };
  return { renderer, calls, target: () => target };
}

describe('releaseDriverScratch', () => {
  it('clears only its own 1 × 1 target, flushing after each pass, back to back, then puts the previous target back', () => {
    const own = createReleaseTarget();
    expect([own.width, own.height, own.depthBuffer]).toEqual([1, 1, false]);
    const { renderer, calls, target } = recordingRenderer(null);
    releaseDriverScratch(renderer, own);
    expect(calls[0]).toBe('target:1x1');
    const passes = calls.slice(1, -1);
    expect(passes).toEqual(Array.from({ length: RELEASE_PASSES }, () => ['clear:true,false,false:own', 'flush']).flat());
    expect(calls.at(-1)).toBe('target:canvas');
    // The canvas is never cleared or drawn to.
    expect(calls.some((c) => c.endsWith(':canvas') && c.startsWith('clear'))).toBe(false);
    expect(target()).toBeNull();
    own.dispose();
  });

  it('restores a render target that was bound before', () => {
    const own = createReleaseTarget();
    const other = createReleaseTarget();
    other.setSize(4, 3);
    const { renderer, target } = recordingRenderer(other);
    releaseDriverScratch(renderer, own, 2);
    expect(target()).toBe(other);
  });
});

describe('IdleRelease', () => {
  it('releases once, a delay after the last of a burst of frames', () => {
    vi.useFakeTimers();
    try {
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
    } finally {
      vi.useRealTimers();
    }
  });

  it('never releases after dispose', () => {
    vi.useFakeTimers();
    try {
      const release = vi.fn();
      const idle = new IdleRelease(release, 1000);
      idle.frameDrawn();
      idle.dispose();
      idle.frameDrawn();
      vi.advanceTimersByTime(5000);
      expect(release).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
