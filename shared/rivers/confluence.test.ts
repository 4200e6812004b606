import { describe, expect, it } from 'vitest';
import { WATER_DRY, WATER_RIVER } from '../hydrology/water';
import { createWaterSurface } from '../hydrology/waterSurface';
import { hydraulicHalfWidth, RiverLines } from '../hydrology/riverStrip';
import { DEFAULT_WATER_PARAMS } from '../hydrology/waterParams';
import { drawnRiverBeds, drawnRiverVertices } from './drawnStrip';
import { fitRiver, riverCentrelineOf } from './fittedRiver';
import { addRiverWater, carveRiver } from './carve';
import { CONFLUENCE_SLOPE, riverParams, type RiverParams } from './params';

// A tributary meeting a drawn river's deeper channel, in closed form. The ground is a valley of two
// planes, h = 20 − 0.05·z + 0.05·|x| (1 m cells): it falls 5 cm a metre along z, and 5 cm a metre
// towards x = 0 from either side. A drawn river runs down the floor (x = 0) with a bed 3 m deep. A
// tributary comes from the side along z = 0 as the automatic water carves one: a flat bed 2 m wide
// (|z| ≤ 1) 0.4 m deep with banks at 30°, its water 0.4 m deep over that bed (surface 20 + 0.05·x),
// wet at z = −1, 0, 1, WATER_RIVER on its line z = 0.
//
// Where the tributary reaches the river's bed (its edge at x = 3) its bed lies 19.75 m high; the
// river's bed there 17 m (its surface is the ground's running minimum along x = 0, 20 m at z = 0, less
// its 3 m depth): a step of 2.75 m. The bank alone cuts it at the bank's slope (30°: up to tan 30° =
// 0.58 m a metre), a waterfall in the bed, with the tributary's water standing at its own level over
// the cut, 3 m deep.
//
// The bound: graded, the bed is B + δ·smoothstep(e / run) with run = 1.5·δ / CONFLUENCE_SLOPE (δ the
// height of the tributary's own bed over the river's bed B, e the distance from the bed's edge), whose
// fall per metre is at most CONFLUENCE_SLOPE from the grading plus the tributary's own fall, 0.05 m a
// metre here (δ grows by it upstream, and ∂h/∂δ = smoothstep(u) − u·smoothstep′(u) ≤ 1). So along the
// tributary the bed falls at most 0.15 + 0.05 = 0.2 m a metre anywhere near the confluence, where a
// real confluence is accordant (Playfair's law: the tributary's bed meets the main bed's level). The
// water's surface is graded the same way (so the same bound) and never rises downstream.
const SIZE = { width: 97, depth: 97, cellSize: 1 };
const half = (SIZE.width - 1) / 2;
const TAN30 = Math.tan(Math.PI / 6);
const TRIB_DEPTH = 0.4;
const OWN_FALL = 0.05;
const BOUND = CONFLUENCE_SLOPE + OWN_FALL;

const ground = new Float32Array(SIZE.width * SIZE.depth);
const below = createWaterSurface(SIZE.width * SIZE.depth);
for (let j = 0; j < SIZE.depth; j++) {
  for (let i = 0; i < SIZE.width; i++) {
    const x = i - half;
    const z = j - half;
    const k = j * SIZE.width + i;
    const cut = x > 0 ? Math.max(0, TRIB_DEPTH - Math.max(0, Math.abs(z) - 1) * TAN30) : 0;
    ground[k] = 20 - 0.05 * z + 0.05 * Math.abs(x) - cut;
    if (x > 0 && Math.abs(z) <= 1) {
      below.surface[k] = 20 + 0.05 * x;
      below.kind[k] = z === 0 ? WATER_RIVER : WATER_DRY;
    }
  }
}
const at = (x: number, z: number) => (z + half) * SIZE.width + (x + half);
const points = [
  { x: 0, z: -44 },
  { x: 0, z: 44 },
];

function evaluate(params: RiverParams): { heights: Float32Array; surface: Float32Array } {
  const fitted = fitRiver(params, ground, SIZE);
  const heights = ground.slice();
  const rect = { i0: 0, j0: 0, i1: SIZE.width, j1: SIZE.depth };
  carveRiver(fitted, ground, heights, SIZE, rect);
  const water = { surface: below.surface.slice(), kind: below.kind.slice() };
  addRiverWater(fitted, ground, heights, SIZE, rect, water);
  return { heights, surface: water.surface };
}

/** The largest fall per metre from x + 1 to x along the tributary's line (z = 0), x from 0 to 40 m. */
function steepestFall(values: Float32Array): number {
  let worst = 0;
  for (let x = 0; x < 40; x++) worst = Math.max(worst, values[at(x + 1, 0)] - values[at(x, 0)]);
  return worst;
}

const withoutKey = (): RiverParams => {
  const p = riverParams(points, { depth: 3 });
  delete p.gradeTributaries;
  return p;
};

describe('a tributary meeting a drawn river (gradeTributaries)', () => {
  it('steps down the bank at its slope without the key (the waterfall the key mends)', () => {
    const { heights, surface } = evaluate(withoutKey());
    // The bank's smoothstep at its steepest: 1.5 · rise / run = tan 30°, give or take a cell's sampling.
    expect(steepestFall(heights)).toBeGreaterThan(0.5);
    // The tributary's water stands at its own level (20.2 m) over the bank's cut, over 2.5 m deep.
    expect(surface[at(4, 0)]).toBeCloseTo(20.2, 4);
    expect(surface[at(4, 0)] - heights[at(4, 0)]).toBeGreaterThan(2.5);
  });

  it(`grades the bed into the river's: at most ${BOUND} m a metre along the tributary, meeting the river's bed`, () => {
    const params = riverParams(points, { depth: 3 });
    expect(params.gradeTributaries).toBe(true);
    const { heights } = evaluate(params);
    expect(steepestFall(heights)).toBeLessThanOrEqual(BOUND + 1e-3);
    // The bed never rises downstream (towards x = 0).
    for (let x = 0; x < 40; x++) expect(heights[at(x + 1, 0)]).toBeGreaterThanOrEqual(heights[at(x, 0)]);
    // Accordant: at the bed's edge (x = 3) the tributary's bed is the river's (17 m) within the bound's
    // metre; and it comes back to the tributary's own bed, 19.6 + 0.05·x, where the reach ends.
    const riverBed = heights[at(0, 0)];
    expect(riverBed).toBeCloseTo(17, 4);
    expect(heights[at(3, 0)] - riverBed).toBeLessThanOrEqual(BOUND);
    expect(heights[at(46, 0)]).toBeCloseTo(19.6 + 0.05 * 46, 4);
    expect(heights[at(20, 0)]).toBeLessThan(19.6 + 0.05 * 20 - 1);
  });

  it('brings the water down with it: never rising downstream, as steep at most as the bed, wet all the way', () => {
    const { heights, surface } = evaluate(riverParams(points, { depth: 3 }));
    expect(steepestFall(surface)).toBeLessThanOrEqual(BOUND + 1e-3);
    for (let x = 0; x < 46; x++) {
      expect(surface[at(x + 1, 0)]).toBeGreaterThanOrEqual(surface[at(x, 0)]);
      // Between the tributary's 0.4 m and the river's 3 m deep.
      expect(surface[at(x, 0)] - heights[at(x, 0)]).toBeGreaterThan(TRIB_DEPTH - 1e-3);
    }
    // On the river's bed it is the river's level; upstream of the graded reach the tributary's own.
    expect(surface[at(2, 0)]).toBeCloseTo(20, 4);
    expect(surface[at(46, 0)]).toBeCloseTo(20 + 0.05 * 46, 4);
  });

  it('carves only where the tributary’s water is: every vertex the key changes is wet', () => {
    const old = evaluate(withoutKey()).heights;
    const { heights, surface } = evaluate(riverParams(points, { depth: 3 }));
    let changed = 0;
    for (let k = 0; k < heights.length; k++) {
      if (heights[k] === old[k]) continue;
      changed++;
      expect(heights[k]).toBeLessThan(old[k]);
      expect(surface[k] - heights[k]).toBeGreaterThan(0);
    }
    // The graded reach: the tributary's line along some 40 m, and part of its two wet rows beside it.
    expect(changed).toBeGreaterThan(40);
    for (let x = 5; x < 40; x++) expect(heights[at(x, 0)]).toBeLessThan(old[at(x, 0)]);
  });
});

// The automatic strip of that tributary (shared/hydrology/riverStrip.ts) in the same valley. Its width
// is read back from its water's depth by the layer's hydraulic geometry (w ∝ d^(0.5/0.4)); over the
// graded reach the water grows from the tributary's 0.4 m towards the river's 3 m, which read as width
// would make the strip some (3 / 0.4)^1.25 ≈ 12 times wider at the junction than upstream: a fan. The
// tributary gathers no area along these 48 m (no side streams), so its width should stay its own.
describe("a tributary's automatic strip where it meets a drawn river", () => {
  const grid = { width: SIZE.width, depth: SIZE.depth, cellSize: SIZE.cellSize };

  /** The scene's automatic river lines, told the drawn river's vertices (`withMask`) or not. */
  function linesOf(withMask = true): RiverLines {
    const params = riverParams(points, { depth: 3 });
    const fitted = fitRiver(params, ground, SIZE);
    const heights = ground.slice();
    const rect = { i0: 0, j0: 0, i1: SIZE.width, j1: SIZE.depth };
    carveRiver(fitted, ground, heights, SIZE, rect);
    const water = { surface: below.surface.slice(), kind: below.kind.slice() };
    addRiverWater(fitted, ground, heights, SIZE, rect, water);
    const excluded = withMask ? drawnRiverVertices(grid, [riverCentrelineOf(params, SIZE.cellSize).line]) : null;
    return new RiverLines(grid, water, heights, hydraulicHalfWidth(DEFAULT_WATER_PARAMS), true, excluded);
  }

  it('keeps its width near the junction within 1.5 times its width upstream', () => {
    const lines = linesOf();
    // The graded reach makes the water deep near the junction (the cause of the fan).
    const upstream = lines.section(at(44, 0)).reach;
    expect(upstream).toBeGreaterThan(0);
    for (const x of [4, 6, 10, 20]) {
      expect(lines.isRiver(at(x, 0))).toBe(true);
      const reach = lines.section(at(x, 0)).reach;
      expect(reach).toBeGreaterThan(0);
      expect(reach / upstream).toBeLessThan(1.5);
    }
  });

  it('is drawn as wide as its own depth reads where no drawn river is near (without the mask)', () => {
    const lines = linesOf(false);
    // Without the drawn river's vertices known, the width is read from the graded water's depth: the fan.
    expect(lines.section(at(6, 0)).reach / lines.section(at(44, 0)).reach).toBeGreaterThan(3);
  });
});

describe("the vertices a drawn river's strip covers (drawnRiverBeds)", () => {
  it('are those within half the bed’s width of its line, where an automatic river is not drawn over it', () => {
    // A straight line down x = 0 (stations every metre, z from −20 to 20 m), bed 6 m wide, 1 m cells.
    const n = 41;
    const line = {
      n,
      x: Array.from({ length: n }, () => 0),
      z: Array.from({ length: n }, (_, k) => k - 20),
      tx: Array.from({ length: n }, () => 0),
      tz: Array.from({ length: n }, () => 1),
      width: Array.from({ length: n }, () => 6),
    };
    const beds = drawnRiverBeds(SIZE, [line]);
    for (let z = -20; z <= 20; z++) {
      for (let x = -6; x <= 6; x++) expect(beds[at(x, z)]).toBe(Math.abs(x) <= 3 ? 1 : 0);
    }
    // Nothing past the line's ends by more than the bed's half-width.
    expect(beds[at(0, 24)]).toBe(0);
    expect(beds[at(0, 23)]).toBe(1);
  });
});
