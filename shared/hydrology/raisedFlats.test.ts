import { describe, expect, it } from 'vitest';
import type { HydrologyGrid } from './grid';
import { priorityFlood } from './priorityFlood';
import { drainageFromOutlets, nextFloat64Up, raisedFlats, type RaisedFlat } from './testing/raisedFlats';
import { relaxationFill, roughGround, sampled } from './testing/surfaces';

const bytes = (a: Float64Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/**
 * The flood's ε drainage is fixed by the water levels and each raised flat's outlet (the vertex its
 * breadth-first fill starts from), so a flood visiting vertices in another order keeps every byte except
 * on flats whose outlet is tied. These tests hold the flood to that description, built from the levels of
 * an independent filler (Planchon & Darboux's relaxation), not from the flood's own surfaces.
 */
describe('the ε drainage is the levels plus one breadth-first fill per raised flat from its outlet', () => {
  it('steps a float64 up one representable number at a time, and from 0 to 2⁻¹⁰⁰⁰', () => {
    expect(nextFloat64Up(1)).toBe(1 + Number.EPSILON);
    expect(nextFloat64Up(-1)).toBe(-1 + Number.EPSILON / 2);
    expect(nextFloat64Up(0)).toBe(2 ** -1000);
    expect(nextFloat64Up(-0)).toBe(2 ** -1000);
    expect(nextFloat64Up(2 ** -1000)).toBe(2 ** -1000 + 2 ** -1052);
  });

  it('finds one outlet for a pit and two for a flat between two equal spill points, and fills from the one given', () => {
    // 11 × 5, the edge at 0 m. A pit at 1 m, (2, 2), ringed at 2 m, spills through (2, 1) at 1.5 m. A flat
    // at 2.5 m, (5…7, 2), ringed at 2.75 m but for two vertices at exactly 2.5 m: (5, 1) and (7, 3).
    const grid: HydrologyGrid = { width: 11, depth: 5, cellSize: 1 };
    const heights = sampled(grid, (x, z) => {
      if (x === 0 || z === 0 || x === 10 || z === 4) return 0;
      if (x === 2 && z === 2) return 1;
      if (x === 2 && z === 1) return 1.5;
      if (x >= 5 && x <= 7 && z === 2) return 2.5;
      if ((x === 5 && z === 1) || (x === 7 && z === 3)) return 2.5;
      return x <= 3 ? 2 : 2.75;
    });
    const at = (i: number, j: number) => j * 11 + i;
    const flats = raisedFlats(grid, relaxationFill(grid, heights));
    const byLevel = new Map(flats.map((flat) => [flat.level, flat]));
    expect([...byLevel.keys()].sort()).toEqual([1.5, 2.5]);
    expect(byLevel.get(1.5)).toEqual({ level: 1.5, vertices: [at(2, 2)], outlets: [at(2, 1)] });
    expect([...(byLevel.get(2.5)?.vertices ?? [])].sort((a, b) => a - b)).toEqual([at(5, 2), at(6, 2), at(7, 2)]);
    expect(byLevel.get(2.5)?.outlets).toEqual([at(5, 1), at(7, 3)]);
    // From (5, 1), (5, 2) and (6, 2) are one step away and (7, 2) two; from (7, 3), the other way round.
    const up = nextFloat64Up;
    const fromWest = drainageFromOutlets(grid, heights, flats, (flat) => flat.outlets[0]);
    expect([fromWest[at(5, 2)], fromWest[at(6, 2)], fromWest[at(7, 2)], fromWest[at(2, 2)]]).toEqual([up(2.5), up(2.5), up(up(2.5)), up(1.5)]);
    const fromEast = drainageFromOutlets(grid, heights, flats, (flat) => flat.outlets[flat.outlets.length - 1]);
    expect([fromEast[at(5, 2)], fromEast[at(6, 2)], fromEast[at(7, 2)]]).toEqual([up(up(2.5)), up(2.5), up(2.5)]);
    // The flood fills the tied flat from one of its two outlets, whichever its queue hands out first.
    const flood = priorityFlood(grid, heights);
    const flatDrainage = (d: Float64Array) => [d[at(5, 2)], d[at(6, 2)], d[at(7, 2)]];
    expect([flatDrainage(fromWest), flatDrainage(fromEast)]).toContainEqual(flatDrainage(flood.drainage));
    // Every other vertex drains at its own height.
    for (let v = 0; v < heights.length; v++) if (![at(2, 2), at(5, 2), at(6, 2), at(7, 2)].includes(v)) expect(fromWest[v]).toBe(heights[v]);
  });

  const cases: { name: string; grid: HydrologyGrid; heights: Float32Array }[] = [
    ...[3, 17, 101, 2026].map((seed, n) => {
      const grid = { width: [97, 64, 130, 51][n], depth: [83, 129, 41, 77][n], cellSize: [1, 2.5, 0.75, 4][n] };
      return { name: `rough ground, seed ${seed} (${grid.width} × ${grid.depth})`, grid, heights: roughGround(grid, seed) };
    }),
    {
      name: 'terraced flats at 0 m (60 × 45)',
      grid: { width: 60, depth: 45, cellSize: 1 },
      heights: sampled({ width: 60, depth: 45, cellSize: 1 }, (x, z) => Math.max(0, Math.round(Math.sin(x / 7) * Math.cos(z / 5) * 3))),
    },
    {
      name: 'terraces below sea level, with −0 (41 × 70)',
      grid: { width: 41, depth: 70, cellSize: 1 },
      heights: sampled({ width: 41, depth: 70, cellSize: 1 }, (x, z) => Math.min(-0, Math.round(Math.sin(x / 5) * Math.cos(z / 9) * 4) / 2)),
    },
    {
      name: 'a plateau and quantised hills (16-bit steps of 1/64 m, 88 × 60)',
      grid: { width: 88, depth: 60, cellSize: 1 },
      heights: sampled({ width: 88, depth: 60, cellSize: 1 }, (x, z) =>
        Math.min(6, Math.round(64 * (4 + 3 * Math.sin(x / 9) * Math.sin(z / 6) + 0.3 * Math.sin(x * z))) / 64),
      ),
    },
    { name: 'a thin grid (2 × 9)', grid: { width: 2, depth: 9, cellSize: 1 }, heights: roughGround({ width: 2, depth: 9, cellSize: 1 }, 5) },
    { name: 'a thin grid (7 × 3)', grid: { width: 7, depth: 3, cellSize: 1 }, heights: roughGround({ width: 7, depth: 3, cellSize: 1 }, 8) },
  ];
  for (const { name, grid, heights } of cases) {
    it(`gives the flood's drainage bit for bit on ${name}`, () => {
      const flood = priorityFlood(grid, heights);
      const flats = raisedFlats(grid, relaxationFill(grid, heights));
      // A flat with one outlet leaves no choice; with several, the flood's queue chose one of them.
      const chosen = new Map<RaisedFlat, number>();
      for (const flat of flats) {
        const fits = flat.outlets.filter((outlet) => {
          const candidate = drainageFromOutlets(grid, heights, [flat], () => outlet);
          return flat.vertices.every((v) => Object.is(candidate[v], flood.drainage[v]));
        });
        expect(fits.length, `the flat at ${flat.level} m (${flat.vertices.length} vertices, outlets ${flat.outlets.join(', ')})`).toBeGreaterThan(0);
        if (flat.outlets.length === 1) expect(fits).toEqual(flat.outlets);
        chosen.set(flat, fits[0]);
      }
      const rebuilt = drainageFromOutlets(grid, heights, flats, (flat) => chosen.get(flat) as number);
      expect(bytes(rebuilt)).toEqual(bytes(flood.drainage));
    });
  }
});
