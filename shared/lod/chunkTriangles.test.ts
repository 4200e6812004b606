import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { buildGridIndices } from '../terrain/mesh';
import { chunkBounds, chunkCount, chunkMaxLevel, createChunkLayout, type ChunkLayout } from './chunkLayout';
import { buildSelectionTriangles, countSelectionTriangles, selectionTriangleCount } from './chunkTriangles';

/** A triangle as text, rotated so its smallest id comes first (keeps the winding). */
function triangleKeys(indices: Uint32Array): string[] {
  const keys: string[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const tri = [indices[t], indices[t + 1], indices[t + 2]];
    const m = tri.indexOf(Math.min(...tri));
    keys.push([tri[m], tri[(m + 1) % 3], tri[(m + 2) % 3]].join(','));
  }
  return keys.sort();
}

function randomLevels(layout: ChunkLayout, seed: number): Uint8Array {
  const random = createRandom(seed);
  const levels = new Uint8Array(chunkCount(layout));
  for (let cz = 0; cz < layout.chunksZ; cz++) {
    for (let cx = 0; cx < layout.chunksX; cx++) levels[cz * layout.chunksX + cx] = Math.floor(random.next() * (chunkMaxLevel(layout, cx, cz) + 1));
  }
  return levels;
}

const SIZES: [number, number, number][] = [
  [129, 129, 16],
  [150, 97, 16],
  [257, 193, 32],
  [66, 40, 8],
  [20, 9, 32],
];

describe.each(SIZES)('LOD triangles on %i × %i with %i-cell chunks', (width, depth, chunkCells) => {
  const layout = createChunkLayout(width, depth, 1, chunkCells);

  it('at level 0 everywhere are exactly the triangles of the exact mesh', () => {
    const levels = new Uint8Array(chunkCount(layout));
    expect(triangleKeys(buildSelectionTriangles(layout, levels))).toEqual(triangleKeys(buildGridIndices(width, depth)));
  });

  it.each([1, 2, 3, 4, 5])('with random levels (seed %i) form one watertight, consistently wound surface covering the map', (seed) => {
    const levels = randomLevels(layout, seed);
    const indices = buildSelectionTriangles(layout, levels);
    expect(indices.length / 3).toBe(selectionTriangleCount(layout, levels));
    const ij = (v: number) => [v % width, Math.floor(v / width)];
    // Directed edges: inside the surface each appears once in each direction; on the border once.
    const directed = new Map<string, number>();
    let area = 0;
    let badWinding = 0;
    const problems: string[] = [];
    for (let t = 0; t < indices.length; t += 3) {
      const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
      const [au, av] = ij(a);
      const [bu, bv] = ij(b);
      const [cu, cv] = ij(c);
      const cross = (bu - au) * (cv - av) - (bv - av) * (cu - au);
      if (!(cross < 0)) badWinding++;
      area += -cross / 2;
      for (const [p, q] of [
        [a, b],
        [b, c],
        [c, a],
      ])
        directed.set(`${p}>${q}`, (directed.get(`${p}>${q}`) ?? 0) + 1);
    }
    expect(badWinding).toBe(0);
    expect(area).toBe((width - 1) * (depth - 1));
    for (const [key, count] of directed) {
      if (count !== 1) problems.push(`edge ${key} used ${count} times`);
      const [p, q] = key.split('>').map(Number);
      if (directed.has(`${q}>${p}`)) continue;
      // Unpaired edges must lie on the map border: otherwise there is a crack or a T-junction.
      const [pu, pv] = ij(p);
      const [qu, qv] = ij(q);
      const onBorder = (pu === qu && (pu === 0 || pu === width - 1)) || (pv === qv && (pv === 0 || pv === depth - 1));
      if (!onBorder) problems.push(`open edge ${pu},${pv} – ${qu},${qv}`);
    }
    expect(problems).toEqual([]);
  });

  it.each([11, 12, 13, 14])('counts the built triangles with the fast counter too (seed %i)', (seed) => {
    const levels = randomLevels(layout, seed);
    const built = buildSelectionTriangles(layout, levels).length / 3;
    expect(countSelectionTriangles(layout, levels)).toBe(built);
    expect(selectionTriangleCount(layout, levels)).toBe(built);
  });

  it('every vertex a finer chunk uses on a side shared with a coarser chunk is a vertex of the coarser chunk', () => {
    const levels = randomLevels(layout, 9);
    const indices = buildSelectionTriangles(layout, levels);
    const used = new Set(indices);
    for (let cz = 0; cz < layout.chunksZ; cz++) {
      for (let cx = 0; cx + 1 < layout.chunksX; cx++) {
        const a = levels[cz * layout.chunksX + cx];
        const b = levels[cz * layout.chunksX + cx + 1];
        const coarseStep = 2 ** Math.max(a, b);
        const { i1, j0, j1 } = chunkBounds(layout, cx, cz);
        for (let j = j0; j <= j1; j++) {
          if (used.has(j * width + i1)) expect((j - j0) % coarseStep, `vertex ${i1},${j}`).toBe(0);
        }
      }
    }
    for (let cz = 0; cz + 1 < layout.chunksZ; cz++) {
      for (let cx = 0; cx < layout.chunksX; cx++) {
        const coarseStep = 2 ** Math.max(levels[cz * layout.chunksX + cx], levels[(cz + 1) * layout.chunksX + cx]);
        const { i0, i1, j1 } = chunkBounds(layout, cx, cz);
        for (let i = i0; i <= i1; i++) {
          if (used.has(j1 * width + i)) expect((i - i0) % coarseStep, `vertex ${i},${j1}`).toBe(0);
        }
      }
    }
  });
});
