import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWaterSurface, type WaterSurface } from '../../shared/hydrology/waterSurface';
import { packedWater, waterBytesHeld, waterFullBytes, WATER_RELEASE_MS } from './packedWater';

const COUNT = 1000 * 1000;
/** Bytes of the packed wet vertices, 5 each, and the bit a vertex saying which. */
const packedBytes = (wet: number) => wet * 5 + COUNT / 8;

/**
 * A 1000 × 1000 map's water wet at every `every`-th vertex (surface v / 1000 m, kind 1 or 2), with a
 * wet vertex of kind 0 (a river's water beside its own vertices), a surface holding another NaN and
 * the last vertex wet.
 */
function sparseWater(every: number): WaterSurface {
  const water = createWaterSurface(COUNT);
  for (let v = 0; v < COUNT; v += every) {
    water.surface[v] = v / 1000;
    water.kind[v] = (v % 2) + 1;
  }
  water.surface[123_457] = 12.5;
  new Uint32Array(water.surface.buffer)[654_321] = 0xffc00001;
  // The last vertex: the top bit of the last word saying which vertices are wet.
  water.surface[COUNT - 1] = -2.5;
  water.kind[COUNT - 1] = 2;
  return water;
}

function copyOf(water: WaterSurface) {
  return { bits: new Uint32Array(water.surface.slice().buffer), kind: water.kind.slice() };
}

function expectSame(water: WaterSurface, expected: { bits: Uint32Array; kind: Uint8Array }) {
  expect(new Uint32Array(water.surface.buffer, water.surface.byteOffset, water.surface.length)).toEqual(expected.bits);
  expect(water.kind).toEqual(expected.kind);
}

describe('packedWater', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds sparse water as its other vertices once no reader asked for a while, and gives the same bits again', () => {
    const water = sparseWater(100);
    const expected = copyOf(water);
    const packed = packedWater(water);
    expect(waterBytesHeld(packed)).toBe(COUNT * 5);
    vi.advanceTimersByTime(WATER_RELEASE_MS + 1);
    // 10,000 wet vertices, the wet one of kind 0, the other NaN and the last one.
    expect(waterBytesHeld(packed)).toBe(packedBytes(10_003));
    expect(waterFullBytes(packed)).toBe(COUNT * 5);
    expect(waterBytesHeld(packed)).toBe(packedBytes(10_003));
    expectSame(packed, expected);
    // Read within each wait: the same arrays, kept; a whole wait with no read lets them go again.
    const made = packed.surface;
    for (let k = 0; k < 3; k++) {
      vi.advanceTimersByTime(WATER_RELEASE_MS - 1);
      expect(packed.surface).toBe(made);
    }
    vi.advanceTimersByTime(2 * WATER_RELEASE_MS + 1);
    expect(waterBytesHeld(packed)).toBe(packedBytes(10_003));
    expectSame(packed, expected);
  });

  it('keeps what is written in place while the arrays are made (packed again from them when they go)', () => {
    const packed = packedWater(sparseWater(100));
    vi.advanceTimersByTime(2 * WATER_RELEASE_MS + 1);
    expect(waterBytesHeld(packed)).toBe(packedBytes(10_003));
    // A drawn river's water made again in place: a new wet vertex, a wet one dried.
    packed.surface[550] = 3.25;
    packed.kind[550] = 1;
    packed.surface[200] = NaN;
    packed.kind[200] = 0;
    const expected = copyOf(packed);
    vi.advanceTimersByTime(2 * WATER_RELEASE_MS + 1);
    expect(waterBytesHeld(packed)).toBe(packedBytes(10_003));
    expectSame(packed, expected);
    expect(packed.surface[550]).toBe(3.25);
    expect(packed.surface[200]).toBeNaN();
  });

  it('a copy sent to a worker (structured clone) is the full arrays, and the largest draining area stays', () => {
    const water = sparseWater(100);
    water.largestDrainingArea = 4.5e6;
    const expected = copyOf(water);
    const packed = packedWater(water);
    vi.advanceTimersByTime(2 * WATER_RELEASE_MS + 1);
    const copy = structuredClone(packed);
    expect(Object.getOwnPropertyDescriptor(copy, 'surface')?.value).toBeInstanceOf(Float32Array);
    expectSame(copy, expected);
    expect(copy.largestDrainingArea).toBe(4.5e6);
    expect(packed.largestDrainingArea).toBe(4.5e6);
  });

  it('keeps dense water full (packing would not save), and packs it once it dries', () => {
    const packed = packedWater(sparseWater(2));
    vi.advanceTimersByTime(2 * WATER_RELEASE_MS + 1);
    expect(waterBytesHeld(packed)).toBe(COUNT * 5);
    packed.surface.fill(NaN);
    packed.kind.fill(0);
    vi.advanceTimersByTime(2 * WATER_RELEASE_MS + 1);
    expect(waterBytesHeld(packed)).toBe(packedBytes(0));
    expect(packed.surface.every((s) => Number.isNaN(s))).toBe(true);
  });

  it('packs a packed water once (the same object)', () => {
    const packed = packedWater(sparseWater(100));
    expect(packedWater(packed)).toBe(packed);
  });
});
