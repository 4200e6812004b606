import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coverBytesHeld, COVER_RELEASE_MS, packedCover } from './packedCover';

/** A 1000 × 1000 map's cover with `every`-th vertex of flow set (value v % 251 + 1) and one deposition byte. */
function sparseCover(every: number) {
  const count = 1000 * 1000;
  const flow = new Uint8Array(count);
  for (let v = 0; v < count; v += every) flow[v] = (v % 251) + 1;
  const deposition = new Uint8Array(count);
  deposition[123_456] = 200;
  return { flow, deposition };
}

describe('packedCover', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds a sparse cover as its non-zero vertices once no reader asked for a while, and gives the same bytes again', () => {
    const cover = sparseCover(100);
    const expected = { flow: cover.flow.slice(), deposition: cover.deposition.slice() };
    const packed = packedCover(cover);
    expect(coverBytesHeld(packed)).toBeGreaterThanOrEqual(2 * 1000 * 1000);
    vi.advanceTimersByTime(COVER_RELEASE_MS + 1);
    // 10,000 flow vertices and one deposition vertex, 4 + 1 bytes each.
    expect(coverBytesHeld(packed)).toBe(10_001 * 5);
    expect(packed.flow).toEqual(expected.flow);
    expect(packed.deposition).toEqual(expected.deposition);
    // Read within each wait: the same arrays, kept; a whole wait with no read lets them go again.
    const made = packed.flow;
    for (let k = 0; k < 3; k++) {
      vi.advanceTimersByTime(COVER_RELEASE_MS - 1);
      expect(packed.flow).toBe(made);
    }
    vi.advanceTimersByTime(2 * COVER_RELEASE_MS + 1);
    expect(coverBytesHeld(packed)).toBe(10_001 * 5);
    expect(packed.flow).toEqual(expected.flow);
  });

  it('a copy sent to a worker (structured clone) is the full bytes', () => {
    const cover = sparseCover(100);
    const expected = structuredClone(cover);
    const packed = packedCover(cover);
    vi.advanceTimersByTime(COVER_RELEASE_MS + 1);
    const copy = structuredClone(packed);
    expect(copy.flow).toEqual(expected.flow);
    expect(copy.deposition).toEqual(expected.deposition);
  });

  it('keeps a dense cover as it is (packing would not save)', () => {
    const cover = sparseCover(3);
    expect(packedCover(cover)).toBe(cover);
  });
});
