import { describe, expect, it } from 'vitest';
import { MapTileResidency } from './mapTileResidency';

/** Plays frames of draws: each frame lists the tiles drawn at full resolution, admitting those without a canvas. */
function play(residency: MapTileResidency, frames: number[][]): number[] {
  const freed: number[] = [];
  for (const tiles of frames) {
    residency.beginFrame();
    for (const tile of tiles) {
      if (residency.has(tile)) residency.drawn(tile);
      else residency.admit(tile);
    }
    freed.push(...residency.endFrame());
  }
  return freed;
}

describe('map tile residency', () => {
  it('admits tiles until the capacity, then frees the least recently drawn first', () => {
    const residency = new MapTileResidency(3);
    expect(play(residency, [[0, 1], [2]])).toEqual([]);
    expect(residency.size).toBe(3);
    // Tile 0 is drawn again, so 1 is now the least recently drawn.
    expect(play(residency, [[0], [5]])).toEqual([1]);
    expect(residency.tiles).toEqual([2, 0, 5]);
    expect(play(residency, [[6, 7]])).toEqual([2, 0]);
    expect(residency.tiles).toEqual([5, 6, 7]);
  });

  it('never frees a tile drawn in the current frame, even beyond the capacity', () => {
    const residency = new MapTileResidency(2);
    expect(play(residency, [[0, 1, 2, 3]])).toEqual([]);
    expect(residency.size).toBe(4);
    // Next frame shows two of them and one new one: the two not drawn go, oldest first.
    expect(play(residency, [[3, 2, 9]])).toEqual([0, 1]);
    expect(residency.tiles).toEqual([3, 2, 9]);
    // Once they are no longer drawn, the set shrinks back to the capacity.
    expect(play(residency, [[]])).toEqual([3]);
    expect(play(residency, [[9]])).toEqual([]);
    expect(play(residency, [[4]])).toEqual([2]);
    expect(residency.tiles).toEqual([9, 4]);
  });

  it('keeps the resident set bounded over a long random pan', () => {
    const residency = new MapTileResidency(24);
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let x = 0;
    let y = 0;
    for (let frame = 0; frame < 500; frame++) {
      x = Math.max(0, Math.min(12, x + Math.round(next() * 2 - 1)));
      y = Math.max(0, Math.min(12, y + Math.round(next() * 2 - 1)));
      // A view of 4 × 3 tiles on a 16 × 16 tile map.
      const view: number[] = [];
      for (let j = y; j < y + 3; j++) for (let i = x; i < x + 4; i++) view.push(j * 16 + i);
      const freed = play(residency, [view]);
      for (const tile of view) expect(residency.has(tile)).toBe(true);
      for (const tile of freed) expect(view).not.toContain(tile);
      expect(residency.size).toBeLessThanOrEqual(24);
    }
  });

  it('drawing a tile without a canvas is a mistake; clear frees everything', () => {
    const residency = new MapTileResidency(4);
    expect(() => residency.drawn(3)).toThrow();
    play(residency, [[1, 2]]);
    expect(residency.clear().sort()).toEqual([1, 2]);
    expect(residency.size).toBe(0);
    expect(() => new MapTileResidency(0)).toThrow();
  });
});
