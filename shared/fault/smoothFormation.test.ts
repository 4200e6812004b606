import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { createRandom } from '../random';
import { applyFaults, generateFaults, lineThroughPoints, runFaultFormation, type Fault } from './fastFormation';
import type { FaultLine } from './lines';
import { LINE_METHODS, type FaultProfile, type FaultRecipe, type LineMethod } from './recipe';
import { referenceFaultFormation } from './reference';
import { bumpy, compareBytes, copyField, crossLine, normalLine, plainApply } from './testing/fields';

function recipeOf(seed: number, lineMethod: LineMethod, iterations: number, width: number): FaultRecipe {
  return { seed, iterations, lineMethod, decay: { disp0: 3.7, dispN: 0.13, n: Math.floor(iterations * 0.7) }, profile: { kind: 'smooth', width } };
}

const smooth = (width: number): FaultProfile => ({ kind: 'smooth', width });

/** Largest height difference between neighbouring vertices along x or z. */
function maxStep(field: Heightfield): number {
  const { width, depth, heights } = field;
  let most = 0;
  for (let j = 0; j < depth; j++) {
    for (let i = 0; i < width; i++) {
      const k = j * width + i;
      if (i + 1 < width) most = Math.max(most, Math.abs(heights[k + 1] - heights[k]));
      if (j + 1 < depth) most = Math.max(most, Math.abs(heights[k + width] - heights[k]));
    }
  }
  return most;
}

describe('smooth profile: fast engine matches the reference loop byte for byte', () => {
  // Sizes include the smallest map, near-single rows and columns, and more rows than a sweep block.
  const grids: [number, number, number][] = [
    [2, 2, 1],
    [2, 50, 0.5],
    [50, 2, 2],
    [3, 70, 1],
    [65, 33, 1],
    [33, 65, 2.5],
    [40, 41, 0.37],
    [17, 3, 0.1],
  ];
  // Narrower than a cell, about a cell, typical, and wider than any of these maps.
  const widths = [0.013, 0.5, 3, 8, 40, 5000];
  for (const lineMethod of LINE_METHODS) {
    for (const [width, depth, cellSize] of grids) {
      it(`${lineMethod} on ${width}×${depth}, cell ${cellSize} m, widths ${widths.join(', ')} m, 3 seeds`, () => {
        for (const w of widths) {
          for (let seed = 1; seed <= 3; seed++) {
            const recipe = recipeOf(seed * 7919 + w, lineMethod, 120, w);
            const fast = bumpy(width, depth, cellSize, seed);
            const reference = copyField(fast);
            expect(runFaultFormation(fast, recipe)).toBe(true);
            referenceFaultFormation(reference, recipe);
            expect(`w ${w}, seed ${seed}: ${compareBytes(fast, reference)}`).toBe(`w ${w}, seed ${seed}: identical`);
          }
        }
      });
    }
    it(`${lineMethod} on 257×193 with 300 iterations, w = 8 m`, () => {
      const recipe = recipeOf(2024, lineMethod, 300, 8);
      const fast = createHeightfield(257, 193, 1);
      const reference = copyField(fast);
      runFaultFormation(fast, recipe);
      referenceFaultFormation(reference, recipe);
      expect(compareBytes(fast, reference)).toBe('identical');
      expect(new Set(fast.heights).size).toBeGreaterThan(10_000);
    });
  }

  it('an explicit step profile is the step: the same bytes as a recipe without a profile', () => {
    for (const lineMethod of LINE_METHODS) {
      const { profile: _, ...plain } = recipeOf(77, lineMethod, 200, 1);
      const withStep = createHeightfield(65, 40, 1.5);
      const without = createHeightfield(65, 40, 1.5);
      const reference = createHeightfield(65, 40, 1.5);
      runFaultFormation(withStep, { ...plain, profile: { kind: 'step' } });
      runFaultFormation(without, plain);
      referenceFaultFormation(reference, { ...plain, profile: { kind: 'step' } });
      expect(compareBytes(withStep, without)).toBe('identical');
      expect(compareBytes(reference, without)).toBe('identical');
    }
  });
});

describe('smooth profile: degenerate lines', () => {
  // Vertices of a 9×7 grid with 0.5 m cells: x ∈ {−2, −1.5, …, 2}, z ∈ {−1.5, …, 1.5}.
  const width = 9;
  const depth = 7;
  const cellSize = 0.5;
  const s = Math.SQRT1_2;
  const lines: [string, FaultLine][] = [
    ['a = 0 through a row of vertices', normalLine(0, 1, 0.5)],
    ['a = 0 between rows', normalLine(0, -1, 0.25)],
    ['a = −0, b = 1', normalLine(-0, 1, -1)],
    ['b = 0 through a column of vertices', normalLine(1, 0, 1.5)],
    ['b = 0, a = −1, through a column', normalLine(-1, 0, -0.5)],
    ['b = 0 between columns', normalLine(1, 0, 0.75)],
    ['diagonal through vertices', normalLine(s, s, 0)],
    ['anti-diagonal through vertices', normalLine(-s, s, 0)],
    ['diagonal through the corner vertex', normalLine(s, -s, s * 2 + s * 1.5)],
    ['line far outside the map (all rise)', normalLine(0.6, 0.8, -100)],
    ['line far outside the map (all sink)', normalLine(0.6, 0.8, 100)],
    ['line just outside the map, band reaching in', normalLine(0.6, 0.8, 0.6 * 2 + 0.8 * 1.5 + 0.3)],
    ['nearly horizontal', normalLine(1e-17, 1, 0.5)],
    ['tiny coefficient', normalLine(1e-300, 1, 0)],
    ['tiny normal altogether', normalLine(3e-300, 4e-300, 1e-300)],
    ['normal of length 5', normalLine(3, 4, 2)],
    ['no normal at all, rising everywhere', normalLine(0, 0, -1)],
    ['no normal at all, c = 0', normalLine(0, 0, 0)],
    ['huge coefficients (side values overflow to ±∞)', normalLine(1e308, -1e308, 0)],
    ['huge coefficients, falling (side values overflow to ±∞ and NaN)', normalLine(-1.5e308, 1.5e308, 0)],
    ['normal too short to normalise, falling, through a vertex (t = ±∞ and NaN)', normalLine(-3e-310, -4e-310, 0)],
    ['huge c', normalLine(0.6, 0.8, 1e300)],
    ['steep integer slope', normalLine(2 / Math.sqrt(5), 1 / Math.sqrt(5), 0)],
    ['cross through two vertices, horizontal', crossLine(-2, 0.5, 1, 0.5)],
    ['cross through two vertices, vertical', crossLine(1, -1.5, 1, 1.5)],
    ['cross vertical, pointing down', crossLine(-1, 1.5, -1, -1.5)],
    ['cross through vertices, slope 1/2', crossLine(-2, -1, 2, 1)],
    ['cross diagonal right to left', crossLine(1.5, -1.5, -1.5, 1.5)],
    ['cross outside the map', crossLine(10, 10, 11, 12)],
    ['cross with far-apart points', crossLine(-1e6, -3, 1e6, 2)],
    ['cross with huge coordinates', crossLine(-1e307, 1e307, 1e307, -1e307)],
    ['two-point through points dragged outside the map', lineThroughPoints(-3, -1.5, 3, 1.5)],
  ];
  // 1 m puts the band's edges exactly on vertices for the lines through vertices.
  const bandWidths = [1e-3, 0.5, 1, 2, 3.3, 1000];
  for (const [name, line] of lines) {
    it(name, () => {
      for (const w of bandWidths) {
        for (const displacement of [1.25, -0.5]) {
          const faults: Fault[] = [{ line, displacement, profile: smooth(w) }];
          const fast = bumpy(width, depth, cellSize, 17);
          const plain = copyField(fast);
          applyFaults(fast, faults);
          plainApply(plain, faults);
          expect(`w ${w}, d ${displacement}: ${compareBytes(fast, plain)}`).toBe(`w ${w}, d ${displacement}: identical`);
        }
      }
    });
  }

  it('all of them together, smooth and step mixed, with odd and even sizes and more rows than a block', () => {
    const faults: Fault[] = lines.map(([, line], k) => ({
      line,
      displacement: 0.25 * (k + 1),
      ...(k % 3 === 2 ? {} : { profile: smooth(bandWidths[k % bandWidths.length]) }),
    }));
    for (const [w, d] of [
      [9, 7],
      [8, 6],
      [5, 9],
      [6, 5],
      [7, 8],
      [11, 4],
      [10, 3],
      [9, 70],
      [70, 9],
    ]) {
      const fast = createHeightfield(w, d, cellSize);
      const plain = copyField(fast);
      applyFaults(fast, faults);
      plainApply(plain, faults);
      expect(`${w}×${d}: ${compareBytes(fast, plain)}`).toBe(`${w}×${d}: identical`);
    }
  });

  it('lines whose band edges pass within a few ulps of vertices', () => {
    // Where rounding decides whether a vertex is in the band: estimates alone would get some wrong.
    const random = createRandom(4243);
    const faults: Fault[] = [];
    for (let n = 0; n < 300; n++) {
      const angle = random.next() * 2 * Math.PI;
      const a = Math.sin(angle);
      const b = Math.cos(angle);
      const w = [0.5, 1, 1.5, 2.75][n % 4];
      const edge = (random.next() < 0.5 ? -1 : 1) * (w / 2);
      const x = (Math.floor(random.next() * width) - (width - 1) / 2) * cellSize;
      const z = (Math.floor(random.next() * depth) - (depth - 1) / 2) * cellSize;
      const onEdge = a * x + b * z - edge;
      const ulps = Math.floor(random.next() * 9) - 4;
      faults.push({ line: normalLine(a, b, onEdge + ulps * Number.EPSILON * Math.max(Math.abs(onEdge), 1e-3)), displacement: 1, profile: smooth(w) });
      // Cross form: points chosen so that the band edge runs through (x, z), nudged by a few ulps.
      const [ux, uz] = [Math.cos(angle), Math.sin(angle)];
      const [ox, oz] = [x + uz * edge, z - ux * edge];
      faults.push({ line: crossLine(ox, oz, ox + ux, oz + uz * (1 + ulps * Number.EPSILON)), displacement: 1, profile: smooth(w) });
    }
    for (const [w, d, size] of [
      [width, depth, cellSize],
      [9, 7, 0.25],
      [9, 40, 0.5],
    ] as const) {
      const fast = createHeightfield(w, d, size);
      const plain = copyField(fast);
      applyFaults(fast, faults);
      plainApply(plain, faults);
      expect(`${w}×${d}, cell ${size}: ${compareBytes(fast, plain)}`).toBe(`${w}×${d}, cell ${size}: identical`);
    }
  });

  it('nearly horizontal lines with bands narrower than rounding: the start estimate is wrong, the walk is not', () => {
    // Slopes of 1e-17…1e-15 and widths of 1e-15 m put the estimated band start indexes off; the
    // engine must find the band by evaluating t, in both line forms.
    const random = createRandom(5);
    for (let batch = 0; batch < 20; batch++) {
      const faults: Fault[] = [];
      for (let n = 0; n < 100; n++) {
        const slope = (random.next() - 0.5) * 10 ** -Math.floor(15 + random.next() * 3);
        const w = 1e-15 * (1 + random.next());
        const z = (Math.floor(random.next() * 40) - 19.5) * cellSize;
        const offset = (random.next() - 0.5) * w * 3;
        const b = random.next() < 0.5 ? 1 : -1;
        faults.push({ line: normalLine(slope, b, b * z + offset + slope * (random.next() - 0.5) * 4), displacement: 1, profile: smooth(w) });
        const x1 = (random.next() - 0.5) * 4;
        faults.push({ line: crossLine(x1, z + offset, x1 + b, z + offset + slope), displacement: 1, profile: smooth(w) });
      }
      const fast = createHeightfield(9, 40, cellSize);
      const plain = copyField(fast);
      applyFaults(fast, faults);
      plainApply(plain, faults);
      expect(`batch ${batch}: ${compareBytes(fast, plain)}`).toBe(`batch ${batch}: identical`);
    }
  });

  it('refuses profiles it cannot apply', () => {
    const line = normalLine(0.6, 0.8, 0);
    const field = createHeightfield(4, 4, 1);
    for (const width of [0, -1, NaN, Infinity]) {
      expect(() => applyFaults(field, [{ line, displacement: 1, profile: smooth(width) }])).toThrow(RangeError);
    }
    expect(() => applyFaults(field, [{ line, displacement: 1, profile: { kind: 'ramp' } as unknown as FaultProfile }])).toThrow(RangeError);
    expect(field.heights.every((h) => h === 0)).toBe(true);
  });
});

describe('smooth profile: continuation, cancel, and what it is for', () => {
  it('generateFaults gives every fault the recipe profile, and continues the same sequence', () => {
    const recipe = recipeOf(31, 'two-point', 300, 6);
    const size = { sizeX: 100, sizeZ: 60 };
    const whole = generateFaults(recipe, size, 0, 300);
    expect([...generateFaults(recipe, size, 0, 120), ...generateFaults(recipe, size, 120, 300)]).toEqual(whole);
    expect(whole.every((fault) => fault.profile === recipe.profile)).toBe(true);
  });

  it('a split run equals the reference applied in the same two steps', () => {
    for (const lineMethod of LINE_METHODS) {
      const recipe = recipeOf(8, lineMethod, 200, 5);
      const fast = bumpy(33, 40, 1.5, 2);
      const reference = copyField(fast);
      runFaultFormation(fast, recipe, { end: 90 });
      runFaultFormation(fast, recipe, { start: 90, end: 200 });
      referenceFaultFormation(reference, recipe, { start: 0, end: 90 });
      referenceFaultFormation(reference, recipe, { start: 90, end: 200 });
      expect(`${lineMethod}: ${compareBytes(fast, reference)}`).toBe(`${lineMethod}: identical`);
    }
  });

  it('a cancellable run gives the same bytes, and a cancelled one leaves the heights untouched', () => {
    const recipe = recipeOf(4, 'cross', 2000, 12);
    const plain = bumpy(300, 200, 1, 1);
    const cancellable = copyField(plain);
    runFaultFormation(plain, recipe);
    expect(runFaultFormation(cancellable, recipe, { shouldCancel: () => false })).toBe(true);
    expect(compareBytes(cancellable, plain)).toBe('identical');
    // Deep enough for several sweep blocks between polls: the third poll cancels midway.
    const untouched = bumpy(300, 700, 1, 1);
    const before = copyField(untouched);
    let polls = 0;
    expect(runFaultFormation(untouched, recipe, { shouldCancel: () => ++polls > 2 })).toBe(false);
    expect(polls).toBe(3);
    expect(compareBytes(untouched, before)).toBe('identical');
  });

  it('turns cliffs into slopes: the steepest neighbour step is far below the step profile’s', () => {
    for (const lineMethod of LINE_METHODS) {
      const { profile: _, ...stepRecipe } = recipeOf(5, lineMethod, 400, 8);
      const stepField = createHeightfield(257, 257, 1);
      const smoothField = createHeightfield(257, 257, 1);
      runFaultFormation(stepField, stepRecipe);
      runFaultFormation(smoothField, { ...stepRecipe, profile: smooth(8) });
      // One fault alone climbs at most 1.5·d per half-width (4 m here) instead of 2d in one cell.
      expect(maxStep(smoothField)).toBeLessThan(maxStep(stepField) / 3);
      // Same lines, same displacements: far from every line the relief is of the same size.
      const range = (f: Heightfield): number => Math.max(...f.heights) - Math.min(...f.heights);
      expect(range(smoothField)).toBeGreaterThan(range(stepField) * 0.5);
    }
  });

  it('with a band wider than the map every vertex is on a ramp: a single fault tilts the map evenly', () => {
    const field = createHeightfield(33, 33, 1);
    const line = normalLine(1, 0, 0);
    applyFaults(field, [{ line, displacement: 1, profile: smooth(10_000) }]);
    const row = Array.from(field.heights.subarray(0, 33));
    for (let i = 1; i < 33; i++) expect(row[i]).toBeGreaterThan(row[i - 1]);
    expect(row[16]).toBe(0);
    expect(Math.abs(row[32])).toBeLessThan(0.01);
  });
});
