import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleRelease, releaseDriverScratch, RELEASE_PASSES, type ReleaseContext } from './idleDriverRelease';

describe('releaseDriverScratch', () => {
  it('issues its passes back to back: a colour clear, flushed, each', () => {
    const calls: string[] = [];
    const gl: ReleaseContext = { COLOR_BUFFER_BIT: 0x4000, clear: (mask) => calls.push(`clear:${mask}`), flush: () => calls.push('flush') };
    releaseDriverScratch(gl);
    expect(calls).toEqual(Array.from({ length: RELEASE_PASSES }, () => ['clear:16384', 'flush']).flat());
    calls.length = 0;
    releaseDriverScratch(gl, 2);
    expect(calls).toEqual(['clear:16384', 'flush', 'clear:16384', 'flush']);
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
