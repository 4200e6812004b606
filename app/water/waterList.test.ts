import { describe, expect, it } from 'vitest';
import { MIN_TRIBUTARY_CELLS, type WaterFeature } from '../../shared/hydrology/waterFeatures';
import { waterList } from './waterList';

function feature(id: number, kind: 'river' | 'lake', length: number, area: number): WaterFeature {
  return { id, kind, vertices: 1, length, area, maxDepth: 1, top: 1, bottom: 0, bounds: { i0: 0, j0: 0, i1: 1, j1: 1 } };
}

describe('the Water section list', () => {
  it('names rivers of at least a tributary’s length, longest first, and counts the shorter channels', () => {
    const cell = 2;
    const shortest = MIN_TRIBUTARY_CELLS * cell;
    const list = waterList(
      [
        feature(1, 'river', 2, 4),
        feature(2, 'river', 790, 400),
        feature(3, 'lake', 0, 29_248),
        feature(4, 'river', shortest, 30),
        feature(5, 'river', shortest - 0.5, 30),
        feature(6, 'lake', 0, 118_604),
        feature(7, 'river', 27, 50),
      ],
      cell,
    );
    expect(list.rivers.map((f) => f.id)).toEqual([2, 7, 4]);
    expect(list.shortChannels).toBe(2);
    expect(list.shortestListed).toBe(shortest);
    expect(list.lakes.map((f) => f.id)).toEqual([6, 3]);
  });

  it('keeps every river on a map whose rivers are all long enough', () => {
    const list = waterList([feature(1, 'river', 100, 10), feature(2, 'river', 200, 10)], 4);
    expect(list.rivers.map((f) => f.id)).toEqual([2, 1]);
    expect(list.shortChannels).toBe(0);
  });
});
