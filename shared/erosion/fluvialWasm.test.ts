import { describe, expect, it } from 'vitest';
import type { HydrologyGrid } from '../hydrology/grid';
import { roughGround } from '../hydrology/testing/surfaces';
import { syntheticTerrain } from '../lod/testing/syntheticTerrain';
import { fluvialState, fluvialStep, runFluvial, upliftWeights } from './fluvial';
import { DEFAULT_FLUVIAL, fluvialSteps, type FluvialParams } from './fluvialParams';
import { fluvialKernel, PIT_FILL_CAP } from './fluvialWasm';
import { fillListedPits, pitFillScratch } from './pitFill';
import { donorCountsAndPits } from '../hydrology/drainage';
import { diffuseHeights } from './hillslopeDiffusion';
import { priorityFlood } from '../hydrology/priorityFlood';

/**
 * The compiled step (fluvialWasm.ts) against the JavaScript reference (fluvial.ts with `compiled:
 * false`): every float64 height after every step, byte for byte, on several terrains and every
 * branch of the step (both diffusion schemes, pits filled or kept, strata, an uplift mask, outlets
 * and the inner ring, channel heads, each m the compiled solve takes and an n it leaves to JavaScript).
 */
const base: FluvialParams = { ...DEFAULT_FLUVIAL, k: 1e-4, uplift: 1e-3, diffusion: 1e-3, timeStep: 1000, time: 12_000 };
const strata = {
  beds: [
    { thickness: 7, hardness: 1 },
    { thickness: 3, hardness: 5 },
    { thickness: 11, hardness: 2 },
  ],
  base: 1.5,
  dipDeg: 4,
  dipAzimuthDeg: 30,
};

interface Terrain {
  readonly name: string;
  readonly grid: HydrologyGrid;
  readonly heights: Float32Array;
}
const hills = syntheticTerrain(97, 2);
const roughGrid: HydrologyGrid = { width: 81, depth: 67, cellSize: 3 };
// Heights in steps of 0.5 m about the hills' mean: flats (drops of exactly 0), equal slopes to several
// neighbours (ties for the steepest) and ground at −0 (Math.round of a small negative), where the
// compiled lanes' masks, pmax and pmin must pick what the reference's comparisons pick.
const hillsMean = hills.heights.reduce((sum, x) => sum + x, 0) / hills.heights.length;
const terraced = Float32Array.from(hills.heights, (x) => Math.round((x - hillsMean) * 2) / 2);
const terrains: Terrain[] = [
  { name: 'synthetic hills 97² at 2 m', grid: hills, heights: hills.heights },
  { name: 'rough ground 81 × 67 at 3 m', grid: roughGrid, heights: roughGround(roughGrid, 11, 25) },
  { name: 'terraced hills 97² at 2 m, some at −0', grid: hills, heights: terraced },
  { name: 'rough ground 64 × 3 at 1 m', grid: { width: 64, depth: 3, cellSize: 1 }, heights: roughGround({ width: 64, depth: 3, cellSize: 1 }, 5) },
];

const cases: Array<{ name: string; params: FluvialParams; keepPits?: boolean }> = [
  { name: 'explicit diffusion, pits filled', params: base },
  { name: 'implicit diffusion (r = 8)', params: { ...base, diffusion: 0.008 * 4, timeStep: 1000 } },
  { name: 'no diffusion, pits kept', params: { ...base, diffusion: 0 }, keepPits: true },
  { name: 'strata with a dip', params: { ...base, strata } },
  { name: 'an uplift mask', params: { ...base, upliftMask: { kind: 'height', min: 10, max: 40, softness: 5 } } },
  { name: 'outlets and channel heads', params: { ...base, outletArea: 60, channelArea: 30, k: 3e-4 } },
  { name: 'outlets, channel heads and cutOnlyFalling', params: { ...base, outletArea: 60, channelArea: 30, k: 3e-4, cutOnlyFalling: true } },
  { name: 'm = 1', params: { ...base, m: 1, k: 2e-6 } },
  { name: 'm = 0', params: { ...base, m: 0, k: 1e-3 } },
  { name: 'm = 0.4 and n = 1.5 (the solve in JavaScript)', params: { ...base, m: 0.4, n: 1.5 } },
  { name: 'the routing reused for 3 steps (routeEvery)', params: { ...base, routeEvery: 3 } },
  { name: 'the routing reused, implicit diffusion and n = 1.5', params: { ...base, diffusion: 0.008 * 4, n: 1.5, routeEvery: 4 } },
  {
    name: 'sinking outside an uplift band, no diffusion, pits kept (uplifted heights of −0)',
    params: { ...base, diffusion: 0, uplift: -1e-3, upliftMask: { kind: 'height', min: 2, max: 40, softness: 0 } },
    keepPits: true,
  },
];

// The factored scheme (fluvialFactored.ts) on every case, compiled against its own JavaScript reference.
cases.push(...cases.map(({ name, params, keepPits }) => ({ name: `factored: ${name}`, params: { ...params, scheme: 'factored' as const }, keepPits })));

function bytesAfterEachStep(terrain: Terrain, params: FluvialParams, keepPits: boolean, compiled: boolean): Uint8Array[] {
  const state = fluvialState(terrain.grid, terrain.heights, params, keepPits, compiled);
  expect(state.kernel !== null).toBe(compiled && terrain.grid.depth >= 3);
  const weights = upliftWeights(terrain.grid, terrain.heights, params);
  const steps: Uint8Array[] = [];
  for (let step = 0; step < fluvialSteps(params); step++) {
    fluvialStep(state, params, params.timeStep, weights);
    steps.push(new Uint8Array(state.heights.buffer, state.heights.byteOffset, state.heights.byteLength).slice());
  }
  return steps;
}

/** The first step and vertex where two runs differ, or null. */
function firstDifference(a: Uint8Array[], b: Uint8Array[]): string | null {
  for (let step = 0; step < Math.max(a.length, b.length); step++) {
    const x = a[step];
    const y = b[step];
    if (!x || !y) return `step ${step}: one run stopped`;
    for (let at = 0; at < x.length; at++) if (x[at] !== y[at]) return `step ${step}, vertex ${at >> 3}`;
  }
  return null;
}

describe('the compiled fluvial step', () => {
  it('runs compiled here (Node has WebAssembly), and not on a grid under 3 × 3 vertices', () => {
    expect(fluvialKernel({ width: 9, depth: 9, cellSize: 1 }, null, false)).not.toBeNull();
    expect(fluvialKernel({ width: 9, depth: 2, cellSize: 1 }, null, false)).toBeNull();
  });

  it('lays the float64 arrays the walks read and write at different places round a 4 KiB page (2^k + 1 a side)', () => {
    // At 257² an array of a float64 a vertex is 129 pages and 8 bytes long: laid end to end, they would all start
    // within 24 bytes of each other round a page, and vertex v of each at the same low twelve address bits.
    for (const factored of [false, true]) {
      const kernel = fluvialKernel({ width: 257, depth: 257, cellSize: 1 }, null, false, false, factored, true);
      if (!kernel) throw new Error('no kernel');
      const places = [kernel.heights, kernel.previous, kernel.area].map((array) => array.byteOffset % 4096);
      for (let a = 0; a < places.length; a++) {
        for (let b = a + 1; b < places.length; b++) {
          const apart = Math.abs(places[a] - places[b]);
          expect(Math.min(apart, 4096 - apart)).toBeGreaterThanOrEqual(512);
        }
      }
    }
  });

  for (const terrain of terrains) {
    for (const { name, params, keepPits = false } of cases) {
      it(`gives the reference's bytes after every step: ${terrain.name}, ${name}`, () => {
        const reference = bytesAfterEachStep(terrain, params, keepPits, false);
        const compiled = bytesAfterEachStep(terrain, params, keepPits, true);
        expect(reference.length).toBe(fluvialSteps(params));
        expect(firstDifference(reference, compiled)).toBeNull();
        // The surface changed: a comparison of two untouched copies would prove nothing.
        expect(firstDifference(reference.slice(0, 1), reference.slice(-1))).not.toBeNull();
      });
    }
  }

  it('cutOnlyFalling holds vertices the step would raise on these terrains (the compiled rule is exercised)', () => {
    const outlets = { ...base, outletArea: 60, channelArea: 30, k: 3e-4 };
    for (const scheme of [undefined, 'factored' as const]) {
      let changed = 0;
      for (const terrain of terrains) {
        const without = bytesAfterEachStep(terrain, { ...outlets, scheme }, false, true);
        const withKey = bytesAfterEachStep(terrain, { ...outlets, scheme, cutOnlyFalling: true }, false, true);
        if (firstDifference(without, withKey) !== null) changed++;
      }
      expect(changed, `scheme ${scheme ?? 'reference'}`).toBeGreaterThanOrEqual(2);
    }
  });

  it("solves on a routing the JavaScript made (factored, the routing reused): the kernel takes that routing's areas and roles", () => {
    // Step 3 runs in JavaScript (its heights outside the kernel), step 4 compiled on step 3's routing (routeEvery 2): the
    // compiled solve must read the areas and roles of that routing, not those its own routing wrote at step 1.
    const params: FluvialParams = { ...base, scheme: 'factored', routeEvery: 2, outletArea: 60, channelArea: 30, k: 3e-4 };
    const reference = bytesAfterEachStep(terrains[0], params, false, false);
    const state = fluvialState(hills, hills.heights, params);
    const kernel = state.kernel;
    expect(kernel).not.toBeNull();
    if (!kernel) return;
    const steps: Uint8Array[] = [];
    const record = () => steps.push(new Uint8Array(state.heights.buffer, state.heights.byteOffset, state.heights.byteLength).slice());
    for (let step = 1; step <= 4; step++) {
      if (step === 3) state.heights = Float64Array.from(state.heights);
      if (step === 4) {
        const from = state.heights;
        if (from !== kernel.heights) kernel.heights.set(from);
        state.heights = kernel.heights;
        state.previous = kernel.previous;
      }
      fluvialStep(state, params, params.timeStep);
      record();
    }
    expect(firstDifference(reference.slice(0, 4), steps)).toBeNull();
  });

  // The compiled pit fill stops before a fill larger than its scratch and the JavaScript goes on from there.
  for (const cap of [PIT_FILL_CAP, 3]) {
    it(`fills a step's pits as the JavaScript does, heights and donor counts byte for byte (scratch of ${cap})`, () => {
      // The rough ground after two steps, diffused as the third step diffuses it: a few hundred pits, some in depressions.
      const grid = roughGrid;
      const state = fluvialState(grid, terrains[1].heights, base);
      const kernel = state.kernel;
      expect(kernel?.pitMarks).toBeTruthy();
      if (!kernel || !state.pitFill) return;
      for (let step = 0; step < 2; step++) fluvialStep(state, base, base.timeStep);
      const diffused = diffuseHeights(grid, state.heights.slice(), new Float64Array(state.heights.length), base.diffusion * base.timeStep);
      // The JavaScript on a copy.
      const reference = diffused.slice();
      const referenceDonors = new Uint8Array(reference.length);
      const referenceScratch = pitFillScratch(reference.length);
      donorCountsAndPits(grid, reference, referenceDonors, referenceScratch.pits);
      const referenceFills = fillListedPits(grid, reference, referenceScratch, referenceDonors);
      // Compiled, in the kernel's heights with its donor counts and pit list.
      kernel.heights.set(diffused);
      kernel.countDonors(kernel.heights, state.pitFill.pits);
      expect(state.pitFill.pits.length).toBe(referenceScratch.pits.length);
      const before = state.pitFill.fill;
      const fills = kernel.fillPits(kernel.heights, state.pitFill, cap);
      expect(referenceFills).toBeGreaterThan(10);
      expect(fills).toBe(referenceFills);
      // A fill number is taken by each fill, and by the one the compiled walk stopped before (a small scratch only).
      expect(state.pitFill.fill - before).toBe(cap === PIT_FILL_CAP ? fills : fills + 1);
      expect(Buffer.from(kernel.heights.buffer, kernel.heights.byteOffset, kernel.heights.byteLength).equals(Buffer.from(reference.buffer))).toBe(true);
      expect(Buffer.from(kernel.pending).equals(Buffer.from(referenceDonors))).toBe(true);
      // The fills changed the surface.
      expect(Buffer.from(reference.buffer).equals(Buffer.from(diffused.buffer))).toBe(false);
    });
  }

  // The state's first surface: priorityFlood.ts's drainage (Priority-Flood+ε), compiled (fluvialWasm.ts `flood`).
  const floodTerrains: Terrain[] = [
    ...terrains,
    // The synthetic hills at 513² (the kernel's bucket count reaches its 2¹⁸ cap), depressions and long pit chains.
    { name: 'synthetic hills 513² at 1 m', grid: syntheticTerrain(513, 1), heights: syntheticTerrain(513, 1).heights },
    // One height everywhere: the queue's scale is 0 and every interior vertex is raised by ε from the edge.
    { name: 'a flat 40 × 30 at 0 m', grid: { width: 40, depth: 30, cellSize: 1 }, heights: new Float32Array(40 * 30) },
    { name: 'a basin below sea level, 3 × 3', grid: { width: 3, depth: 3, cellSize: 1 }, heights: Float32Array.from([-1, -1, -1, -1, -5, -1, -1, -1, -1]) },
  ];
  for (const terrain of floodTerrains) {
    it(`floods the state's input to priorityFlood's drainage, byte for byte: ${terrain.name}`, () => {
      const kernel = fluvialKernel(terrain.grid, null, false, false, false, true);
      expect(kernel).not.toBeNull();
      if (!kernel) return;
      kernel.flood(terrain.heights);
      const reference = priorityFlood(terrain.grid, terrain.heights).drainage;
      expect(Buffer.from(kernel.heights.buffer, kernel.heights.byteOffset, kernel.heights.byteLength).equals(Buffer.from(reference.buffer))).toBe(true);
      // The flood raised some vertices by ε (a copy of the input would prove nothing) …
      expect(reference.some((x, v) => x !== terrain.heights[v])).toBe(true);
      // … and left the arrays it borrowed as a new state has them: the heights at the step's start zeros, the fill's marks clear.
      expect(kernel.previous.every((x) => x === 0)).toBe(true);
      expect(kernel.pitMarks?.seen.every((x) => x === 0)).toBe(true);
      expect(kernel.pitMarks?.inside.every((x) => x === 0)).toBe(true);
    });
  }

  it('refuses a height that is not finite, as priorityFlood does', () => {
    const heights = Float32Array.from(hills.heights);
    heights[400] = NaN;
    const kernel = fluvialKernel(hills, null, false, false, false, true);
    expect(() => kernel?.flood(heights)).toThrow(RangeError);
    expect(() => priorityFlood(hills, heights)).toThrow(RangeError);
  });

  it("gives the reference's bytes on a state large enough to warm the kernel first on a small one (513²)", () => {
    const large = syntheticTerrain(513, 1);
    const terrain: Terrain = { name: 'synthetic hills 513²', grid: large, heights: large.heights };
    for (const params of [
      { ...base, time: 2000 },
      { ...base, time: 2000, scheme: 'factored' as const },
    ]) {
      const compiled = bytesAfterEachStep(terrain, params, false, true);
      const reference = bytesAfterEachStep(terrain, params, false, false);
      expect(compiled.length).toBe(2);
      expect(firstDifference(reference, compiled)).toBeNull();
    }
  });

  it('gives the reference layer float32 output through runFluvial', () => {
    const params = { ...base, strata, outletArea: 40 };
    const reference = new Float32Array(hills.heights.length);
    const compiled = new Float32Array(hills.heights.length);
    runFluvial(hills, hills.heights, reference, params, { compiled: false });
    runFluvial(hills, hills.heights, compiled, params);
    expect(Buffer.from(compiled.buffer).equals(Buffer.from(reference.buffer))).toBe(true);
  });
});
