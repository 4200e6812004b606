import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coverBytesHeld, coverFits, coverOverRect, COVER_RELEASE_MS, packedCover } from './packedCover';

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

  it("gives a rectangle's bytes equal to the dense arrays' there, without making the full arrays", () => {
    const sparse = sparseCover(100);
    const dense = { flow: sparse.flow.slice(), deposition: sparse.deposition.slice() };
    const packed = packedCover(sparse);
    vi.advanceTimersByTime(COVER_RELEASE_MS + 1);
    const heldAtRest = coverBytesHeld(packed);
    expect(heldAtRest).toBe(10_001 * 5);
    // Rectangles at the map's corners and edges, one holding the single deposition vertex (123_456 = row 123, column 456).
    const rects = [
      { i0: 0, j0: 0, i1: 256, j1: 256 },
      { i0: 744, j0: 744, i1: 1000, j1: 1000 },
      { i0: 400, j0: 100, i1: 500, j1: 130 },
      { i0: 456, j0: 123, i1: 457, j1: 124 },
      { i0: 999, j0: 0, i1: 1000, j1: 1000 },
    ];
    for (const rect of rects) {
      const rectWidth = rect.i1 - rect.i0;
      const expectedFlow = new Uint8Array(rectWidth * (rect.j1 - rect.j0));
      const expectedDeposition = new Uint8Array(expectedFlow.length);
      for (let j = rect.j0; j < rect.j1; j++)
        for (let i = rect.i0; i < rect.i1; i++) {
          expectedFlow[(j - rect.j0) * rectWidth + i - rect.i0] = dense.flow[j * 1000 + i];
          expectedDeposition[(j - rect.j0) * rectWidth + i - rect.i0] = dense.deposition[j * 1000 + i];
        }
      for (const source of [packed, dense]) {
        const bytes = coverOverRect(source, 1000, rect);
        expect(bytes.flow).toEqual(expectedFlow);
        expect(bytes.deposition).toEqual(expectedDeposition);
      }
    }
    expect(coverOverRect(packed, 1000, rects[3]).deposition[0]).toBe(200);
    // Sized and read by rectangle: the packed results never made their full arrays.
    expect(coverFits(packed, 1000 * 1000)).toBe(true);
    expect(coverFits(packed, 999 * 1000)).toBe(false);
    expect(coverBytesHeld(packed)).toBe(heldAtRest);
  });

  it('reads a rectangle from the full arrays while a reader keeps them made, and lets them go as before', () => {
    const sparse = sparseCover(100);
    const dense = { flow: sparse.flow.slice(), deposition: sparse.deposition.slice() };
    const packed = packedCover(sparse);
    vi.advanceTimersByTime(COVER_RELEASE_MS + 1);
    expect(packed.flow).toEqual(dense.flow);
    const rect = { i0: 100, j0: 0, i1: 300, j1: 2 };
    const expected = Uint8Array.from({ length: 400 }, (_, r) => dense.flow[Math.floor(r / 200) * 1000 + 100 + (r % 200)]);
    expect(coverOverRect(packed, 1000, rect).flow).toEqual(expected);
    // The rectangle's read is not a reader of the full arrays: they go after one wait.
    vi.advanceTimersByTime(2 * COVER_RELEASE_MS + 1);
    expect(coverBytesHeld(packed)).toBe(10_001 * 5);
  });
});
