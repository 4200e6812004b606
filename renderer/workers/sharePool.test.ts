import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareThreads } from './sharePool';
import { erosionThreadsOverride } from './workerTransport';

describe('erosion threads in the window', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads ?erosionThreads=N (1–4) from the page address, and ignores anything else', () => {
    expect(erosionThreadsOverride('?erosionThreads=2')).toBe(2);
    expect(erosionThreadsOverride('?lod=exact&erosionThreads=1')).toBe(1);
    for (const search of ['', '?erosionThreads=0', '?erosionThreads=5', '?erosionThreads=1.5', '?erosionThreads=two'])
      expect(erosionThreadsOverride(search), search).toBeUndefined();
  });

  it('uses the asked count or the cores (at most 4) with shared memory, and one thread without it', () => {
    // Node has SharedArrayBuffer and no crossOriginIsolated flag: shared memory is available.
    expect(shareThreads(undefined, 2)).toBe(2);
    expect(shareThreads(undefined, 16)).toBe(4);
    expect(shareThreads(3, 2)).toBe(3);
    // A window that is not cross-origin isolated.
    vi.stubGlobal('crossOriginIsolated', false);
    expect(shareThreads(undefined, 8)).toBe(1);
    expect(shareThreads(4, 8)).toBe(1);
  });
});
