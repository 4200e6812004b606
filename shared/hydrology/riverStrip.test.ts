import { describe, expect, it } from 'vitest';
import { hydraulicHalfWidth, riverStripMesh, STATION_TURN } from './riverStrip';
import { WATER_LAKE, WATER_RIVER } from './water';
import { DEFAULT_WATER_PARAMS, riverDepth, riverWidth } from './waterParams';
import { createWaterSurface } from './waterSurface';

const GRID = { width: 12, depth: 12, cellSize: 2 };
const HALF = 1.5;

/** A river on dry ground 0 m high along `path` (vertex (i, j) pairs, source first), its surface falling 0.1 m a step, into a lake at `lake` if given. */
function river(path: Array<[number, number]>, lake?: [number, number]) {
  const water = createWaterSurface(GRID.width * GRID.depth);
  const heights = new Float32Array(GRID.width * GRID.depth);
  path.forEach(([i, j], k) => {
    water.surface[j * GRID.width + i] = 2 - 0.1 * k;
    water.kind[j * GRID.width + i] = WATER_RIVER;
  });
  if (lake) {
    water.surface[lake[1] * GRID.width + lake[0]] = 2 - 0.1 * path.length;
    water.kind[lake[1] * GRID.width + lake[0]] = WATER_LAKE;
  }
  const strip = riverStripMesh(GRID, water, heights, () => HALF, 0, 0, GRID.width, GRID.depth);
  const point = (n: number) => ({
    x: strip.positions[3 * n] / GRID.cellSize + 5.5,
    y: strip.positions[3 * n + 1],
    z: strip.positions[3 * n + 2] / GRID.cellSize + 5.5,
  });
  return { strip, point };
}

describe('a river strip along its line', () => {
  it('is the river’s width either side of a straight line, its depth 0 on the edges, its surface falling with the river', () => {
    const { strip, point } = river([1, 2, 3, 4, 5].map((i) => [i, 4] as [number, number]));
    // Five cross-sections of three points, four joins of four triangles.
    expect(strip.depth.length).toBe(15);
    expect(strip.indices.length).toBe(4 * 4 * 3);
    for (let s = 0; s < 5; s++) {
      const [left, centre, right] = [0, 1, 2].map((k) => point(3 * s + k));
      expect(centre).toEqual({ x: 1 + s, y: expect.closeTo(2 - 0.1 * s, 6), z: 4 });
      expect(Math.abs(left.z - 4) * GRID.cellSize).toBeCloseTo(HALF, 6);
      expect(Math.abs(right.z - 4) * GRID.cellSize).toBeCloseTo(HALF, 6);
      expect(Math.sign(left.z - 4)).toBe(-Math.sign(right.z - 4));
      expect([strip.depth[3 * s], strip.depth[3 * s + 1], strip.depth[3 * s + 2]]).toEqual([0, expect.closeTo(2 - 0.1 * s, 6), 0]);
    }
    // Every triangle's surface: no corner above an upstream one (the surface never rises downstream).
    for (let t = 0; t < strip.indices.length; t += 3) {
      const corners = [0, 1, 2].map((k) => point(strip.indices[t + k]));
      for (const a of corners) for (const b of corners) if (b.x > a.x) expect(b.y).toBeLessThanOrEqual(a.y);
    }
  });

  it('bends smoothly through a 45° turn: stations turning a few degrees each, every section square to the line and the river’s width', () => {
    const { strip, point } = river([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 3],
    ]);
    // Each vertex's own section is the first made with it as source; the stations between follow it.
    const sectionOf = (i: number, j: number) => strip.source.indexOf(j * GRID.width + i);
    const [before, bend, after] = [sectionOf(2, 1), sectionOf(3, 1), sectionOf(4, 2)].map((s) => point(s + 1));
    const bendSection = sectionOf(3, 1);
    const centre = point(bendSection + 1);
    expect(centre).toEqual(bend);
    // The bend's section: square to the chord from the centre before it to the centre after it (the curve's tangent there), not mitred.
    const length = Math.hypot(after.x - before.x, after.z - before.z);
    const [tx, tz] = [(after.x - before.x) / length, (after.z - before.z) / length];
    for (const edge of [point(bendSection), point(bendSection + 2)]) {
      expect(Math.hypot(edge.x - centre.x, edge.z - centre.z) * GRID.cellSize).toBeCloseTo(HALF, 5);
      expect((edge.x - centre.x) * tx + (edge.z - centre.z) * tz).toBeCloseTo(0, 6);
    }
    // The centre line in order down the river (every section's middle point, made in that order along each join):
    // more sections than vertices, each turning at most twice STATION_TURN where the vertices' chords turn by tens of degrees.
    const middles: Array<{ x: number; z: number }> = [];
    for (let n = 1; n < strip.depth.length; n += 3) middles.push(point(n));
    expect(middles.length).toBeGreaterThan(5);
    const heading = (a: { x: number; z: number }, b: { x: number; z: number }) => Math.atan2(b.z - a.z, b.x - a.x);
    const byPath = middles.slice().sort((a, b) => a.x + a.z - (b.x + b.z));
    let worst = 0;
    for (let k = 1; k + 1 < byPath.length; k++) {
      let turn = Math.abs(heading(byPath[k], byPath[k + 1]) - heading(byPath[k - 1], byPath[k]));
      if (turn > Math.PI) turn = 2 * Math.PI - turn;
      worst = Math.max(worst, turn);
    }
    expect(worst).toBeLessThanOrEqual(2 * STATION_TURN);
    let chords = Math.abs(heading(centre, after) - heading(before, centre));
    if (chords > Math.PI) chords = 2 * Math.PI - chords;
    expect(chords).toBeGreaterThan(3 * STATION_TURN);
    // Every station's half-width is the river's.
    for (let n = 0; n < strip.depth.length; n += 3)
      expect(Math.hypot(point(n).x - point(n + 1).x, point(n).z - point(n + 1).z) * GRID.cellSize).toBeCloseTo(HALF, 5);
    // Smoothed, the bend's centre moves in towards the inside of the turn, by no more from the carved line than
    // keeps the strip’s edge 0.25 m over the water on the carved V (0.25 · half / depth).
    const toSegment = (ax: number, az: number, bx: number, bz: number) => {
      const t = Math.max(0, Math.min(1, ((centre.x - ax) * (bx - ax) + (centre.z - az) * (bz - az)) / ((bx - ax) ** 2 + (bz - az) ** 2)));
      return Math.hypot(centre.x - ax - t * (bx - ax), centre.z - az - t * (bz - az)) * GRID.cellSize;
    };
    const offLine = Math.min(toSegment(2, 1, 3, 1), toSegment(3, 1, 4, 2));
    expect(Math.hypot(centre.x - 3, centre.z - 1)).toBeGreaterThan(0.01);
    expect(offLine).toBeLessThanOrEqual((0.25 * HALF) / strip.depth[bendSection + 1] + 1e-6);
    expect(centre.z - 1).toBeGreaterThan(0);
  });

  it('ends in a lake at the lake’s vertex, on the lake’s level', () => {
    const { strip, point } = river(
      [
        [1, 4],
        [2, 4],
      ],
      [3, 4],
    );
    const last = point(strip.depth.length - 2);
    expect(last).toEqual({ x: 3, y: expect.closeTo(1.8, 6), z: 4 });
  });

  it('has the hydraulic geometry’s width: half of 0.003 · widthScale · A^0.5 at the depth 0.002 · depthScale · A^0.4', () => {
    const params = { ...DEFAULT_WATER_PARAMS, widthScale: 5, depthScale: 3 };
    const half = hydraulicHalfWidth(params);
    for (const area of [5e3, 1e5, 1e6, 1e8]) expect(half(riverDepth(params, area))).toBeCloseTo(riverWidth(params, area) / 2, 9);
    expect(half(0)).toBe(0);
  });
});

describe('a tributary meeting its main stem', () => {
  const Y_GRID = { width: 20, depth: 12, cellSize: 2 };
  /** Main stem along row 8 from i = 1 to 17, 2 m deep, half-width 3 m; the tributary 1 m deep, half-width 1.5 m. */
  const MAIN_HALF = 3;
  const TRIBUTARY_HALF = 1.5;
  function network(tributary: Array<[number, number, number]>, tributaryDepth = 1) {
    const water = createWaterSurface(Y_GRID.width * Y_GRID.depth);
    const heights = new Float32Array(Y_GRID.width * Y_GRID.depth);
    const wet = (i: number, j: number, surface: number, depth: number) => {
      water.surface[j * Y_GRID.width + i] = surface;
      water.kind[j * Y_GRID.width + i] = WATER_RIVER;
      heights[j * Y_GRID.width + i] = surface - depth;
    };
    for (let i = 1; i <= 17; i++) wet(i, 8, 10 - 0.1 * i, 2);
    for (const [i, j, surface] of tributary) wet(i, j, surface, tributaryDepth);
    const half = (depth: number) => (depth > 1.5 ? MAIN_HALF : TRIBUTARY_HALF);
    return riverStripMesh(Y_GRID, water, heights, half, 0, 0, Y_GRID.width, Y_GRID.depth);
  }

  /** Samples of the map every 5 cm (off the grid's lines): how many triangles cover each (the positions are float32: 4 decimals), and their summed area. */
  function coverage(strip: ReturnType<typeof riverStripMesh>, inside: (x: number, z: number) => boolean) {
    const step = 0.05;
    const columns = 800;
    const count = new Uint8Array(columns * 480);
    const { positions, indices } = strip;
    // Map metres from the grid's corner (the strip's are from its centre).
    const px = (p: number) => positions[3 * p] + ((Y_GRID.width - 1) / 2) * Y_GRID.cellSize;
    const pz = (p: number) => positions[3 * p + 2] + ((Y_GRID.depth - 1) / 2) * Y_GRID.cellSize;
    let triangleArea = 0;
    for (let t = 0; t < indices.length; t += 3) {
      const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
      const area = (px(b) - px(a)) * (pz(c) - pz(a)) - (px(c) - px(a)) * (pz(b) - pz(a));
      triangleArea += Math.abs(area) / 2;
      if (area === 0) continue;
      const [r0, r1] = [Math.min(pz(a), pz(b), pz(c)), Math.max(pz(a), pz(b), pz(c))].map((z) => Math.round(z / step));
      const [c0, c1] = [Math.min(px(a), px(b), px(c)), Math.max(px(a), px(b), px(c))].map((x) => Math.round(x / step));
      for (let r = Math.max(0, r0 - 1); r <= Math.min(479, r1 + 1); r++) {
        const z = (r + 0.37) * step;
        for (let col = Math.max(0, c0 - 1); col <= Math.min(columns - 1, c1 + 1); col++) {
          const x = (col + 0.41) * step;
          const wb = ((x - px(a)) * (pz(c) - pz(a)) - (px(c) - px(a)) * (z - pz(a))) / area;
          const wc = ((px(b) - px(a)) * (z - pz(a)) - (x - px(a)) * (pz(b) - pz(a))) / area;
          if (wb > 1e-9 && wc > 1e-9 && 1 - wb - wc > 1e-9) count[r * columns + col]++;
        }
      }
    }
    let twice = 0;
    let missed = 0;
    let outside = 0;
    for (let r = 0; r < 480; r++) {
      for (let col = 0; col < columns; col++) {
        const n = count[r * columns + col];
        if (n > 1) twice++;
        const within = inside((col + 0.41) * step, (r + 0.37) * step);
        if (within && n === 0) missed++;
        if (!within && n > 0) outside++;
      }
    }
    return { twiceArea: twice * step * step, missedArea: missed * step * step, outsideArea: outside * step * step, triangleArea };
  }

  const inMain = (x: number, z: number) => x >= 2 && x <= 34 && Math.abs(z - 16) <= MAIN_HALF;
  // Samples within 2 cm of an edge of the closed form count neither way (the grid of samples against a line).
  const slack = 0.02;

  it('at right angles: the tributary ends at the main stem’s bank, each place drawn once', () => {
    // Tributary down column 9 from row 2 to row 7, falling 0.5 m a step into the main stem at (9, 8).
    const strip = network([2, 3, 4, 5, 6, 7].map((j) => [9, j, 10 - 0.9 + 0.5 * (8 - j)] as [number, number, number]));
    // Closed form: the main stem's 32 m × 6 m, and the tributary's 3 m wide from z = 4 m to the bank at z = 16 − 3 m.
    const tributary = (x: number, z: number) => Math.abs(x - 18) <= TRIBUTARY_HALF && z >= 4 && z <= 16 - MAIN_HALF;
    const inside = (x: number, z: number) => inMain(x, z) || tributary(x, z);
    const { twiceArea, missedArea, outsideArea, triangleArea } = coverage(strip, inside);
    expect(triangleArea).toBeCloseTo(32 * 6 + 3 * (16 - MAIN_HALF - 4), 4);
    expect(twiceArea).toBe(0);
    const edgeBand = slack * 2 * (2 * 32 + 2 * 6 + 2 * 9);
    expect(missedArea).toBeLessThan(edgeBand);
    expect(outsideArea).toBeLessThan(edgeBand);
  });

  it('leaves out a stub: a tributary of one or two vertices (a barb a cell long beside the river), but draws one of three', () => {
    const area = (strip: ReturnType<typeof riverStripMesh>) => coverage(strip, () => false).triangleArea;
    const surfaceAt = (j: number) => 10 - 0.9 + 0.5 * (8 - j);
    expect(area(network([[9, 7, surfaceAt(7)]]))).toBeCloseTo(32 * 6, 4);
    expect(
      area(
        network([
          [9, 6, surfaceAt(6)],
          [9, 7, surfaceAt(7)],
        ]),
      ),
    ).toBeCloseTo(32 * 6, 4);
    const three = [5, 6, 7].map((j) => [9, j, surfaceAt(j)] as [number, number, number]);
    expect(area(network(three))).toBeCloseTo(32 * 6 + 3 * (16 - MAIN_HALF - 10), 4);
  });

  it('leaves out a side line: a short tributary two cells beside its river (its own flow spread there), but draws a creek as long from a side valley', () => {
    // The side line along row 6 from (3, 6) to (6, 6), then (7, 7) into the main stem at (8, 8): five vertices,
    // its source two cells from the main stem's (3, 8). Drawn, it was a strand 3 m wide beside the river's bank.
    const side = network([
      [3, 6, 9.9],
      [4, 6, 9.8],
      [5, 6, 9.7],
      [6, 6, 9.6],
      [7, 7, 9.5],
    ]);
    // Closed form: the main stem's band alone, every place drawn once, nothing beside it.
    const { twiceArea, missedArea, outsideArea, triangleArea } = coverage(side, inMain);
    expect(triangleArea).toBeCloseTo(32 * 6, 4);
    expect(twiceArea).toBe(0);
    const edgeBand = slack * 2 * (2 * 32 + 2 * 6);
    expect(missedArea).toBeLessThan(edgeBand);
    expect(outsideArea).toBeLessThan(edgeBand);
    // The same five vertices down column 9 from row 3, its source five cells from the river: a creek, drawn to the bank.
    const creek = network([3, 4, 5, 6, 7].map((j) => [9, j, 10 - 0.9 + 0.5 * (8 - j)] as [number, number, number]));
    expect(coverage(creek, () => false).triangleArea).toBeCloseTo(32 * 6 + 3 * (16 - MAIN_HALF - 6), 4);
  });

  it('keeps a long river its confluence’s main inflow over a short line beside it that is deeper where it rejoins (braided lines)', () => {
    // A line of five vertices two cells beside the main stem, from (10, 6) along row 6 and through (14, 7) into it at
    // (15, 8), 2.5 m deep where the main stem above the confluence is 2 m: the deeper inflow, but the main stem runs
    // on upstream for fourteen vertices. Taken as the main inflow (the deepest), the line was drawn as the river's
    // own strip, a stroke beside the ribbon, and the river ended square into it.
    const braided = network(
      [
        [10, 6, 9.2],
        [11, 6, 9.1],
        [12, 6, 9.0],
        [13, 6, 8.9],
        [14, 7, 8.8],
      ],
      2.5,
    );
    // Closed form: the main stem's band alone, unbroken, every place drawn once, nothing beside it.
    const { twiceArea, missedArea, outsideArea, triangleArea } = coverage(braided, inMain);
    const edgeBand = slack * 2 * (2 * 32 + 2 * 6);
    expect(outsideArea).toBeLessThan(edgeBand);
    expect(missedArea).toBeLessThan(edgeBand);
    expect(twiceArea).toBe(0);
    expect(triangleArea).toBeCloseTo(32 * 6, 4);
  });

  it('at 45°: the tributary’s strip is cut along the main stem’s bank, each place drawn once', () => {
    // Tributary along the diagonal from (4, 3) to (8, 7), into the main stem at (9, 8).
    const strip = network([4, 5, 6, 7, 8].map((i) => [i, i - 1, 10 - 0.9 + 0.2 + 0.3 * (8 - i)] as [number, number, number]));
    // Closed form: the band of half-width 1.5 m about the line x − z = 2 m, from its first section (through (8, 6) m,
    // at right angles) to the bank z = 13 m: 3 m wide along 7√2 m of centre line.
    const tributary = (x: number, z: number) => Math.abs(x - z - 2) / Math.SQRT2 <= TRIBUTARY_HALF && x + z >= 14 && z <= 16 - MAIN_HALF;
    const inside = (x: number, z: number) => inMain(x, z) || tributary(x, z);
    const { twiceArea, missedArea, outsideArea, triangleArea } = coverage(strip, inside);
    expect(triangleArea).toBeCloseTo(32 * 6 + 3 * 7 * Math.SQRT2, 4);
    expect(twiceArea).toBe(0);
    const edgeBand = slack * 2 * (2 * 32 + 2 * 6 + 2 * 7 * Math.SQRT2 + 3 * Math.SQRT2);
    expect(missedArea).toBeLessThan(edgeBand);
    expect(outsideArea).toBeLessThan(edgeBand);
  });
});
