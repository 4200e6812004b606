import { describe, expect, it } from 'vitest';
import { createHeightfield, terrainExtent, type Heightfield } from '../terrain/heightfield';
import { createRandom } from '../random';
import { applyFaults, generateFaults, lineThroughPoints, runFaultFormation, type Fault } from './fastFormation';
import { risesAt, type FaultLine } from './lines';
import { displacementAt, LINE_METHODS, quantizeDisplacement, type FaultRecipe, type LineMethod } from './recipe';
import { referenceFaultFormation } from './reference';
import { crossLine, normalLine } from './testing/fields';

function recipeOf(seed: number, lineMethod: LineMethod, iterations: number): FaultRecipe {
  return { seed, iterations, lineMethod, decay: { disp0: 3.7, dispN: 0.13, n: Math.floor(iterations * 0.7) } };
}

/** Random starting heights, so that "added to the existing heights" is exercised too. */
function bumpy(width: number, depth: number, cellSize: number, seed: number): Heightfield {
  const field = createHeightfield(width, depth, cellSize);
  const random = createRandom(seed);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = (random.next() - 0.5) * 20;
  return field;
}

function copy(field: Heightfield): Heightfield {
  return { ...field, heights: field.heights.slice() };
}

function bytes(field: Heightfield): Uint8Array {
  return new Uint8Array(field.heights.buffer, field.heights.byteOffset, field.heights.byteLength);
}

/** Byte equality of the heights, reporting the first differing vertex (fast on big maps). */
function expectSameHeights(actual: Heightfield, expected: Heightfield): void {
  const a = bytes(actual);
  const b = bytes(expected);
  expect(a.length).toBe(b.length);
  let first = -1;
  for (let k = 0; k < a.length && first < 0; k++) if (a[k] !== b[k]) first = k;
  const vertex = first >> 2;
  expect(first < 0 ? 'identical' : `vertex ${vertex}: ${actual.heights[vertex]} vs ${expected.heights[vertex]}`).toBe('identical');
}

/** The plain loop over explicit faults: the same definition as referenceFaultFormation. */
function plainApply(field: Heightfield, faults: readonly Fault[]): void {
  const { width, depth, cellSize, heights } = field;
  const sums = new Float64Array(width * depth);
  for (const { line, displacement } of faults) {
    const d = quantizeDisplacement(displacement);
    for (let j = 0; j < depth; j++) {
      const z = (j - (depth - 1) / 2) * cellSize;
      for (let i = 0; i < width; i++) {
        const x = (i - (width - 1) / 2) * cellSize;
        sums[j * width + i] += risesAt(line, x, z) ? d : -d;
      }
    }
  }
  for (let k = 0; k < sums.length; k++) heights[k] = heights[k] + sums[k];
}

describe('fault engine matches the reference loop byte for byte', () => {
  const grids: [number, number, number][] = [
    [2, 2, 1],
    [3, 17, 1],
    [17, 3, 0.1],
    [65, 33, 1],
    [33, 65, 2.5],
    [40, 41, 0.37],
  ];
  for (const lineMethod of LINE_METHODS) {
    for (const [width, depth, cellSize] of grids) {
      it(`${lineMethod} on ${width}×${depth}, cell ${cellSize} m, 6 seeds`, () => {
        for (let seed = 1; seed <= 6; seed++) {
          const recipe = recipeOf(seed * 7919, lineMethod, 150);
          const fast = bumpy(width, depth, cellSize, seed);
          const reference = copy(fast);
          expect(runFaultFormation(fast, recipe)).toBe(true);
          referenceFaultFormation(reference, recipe);
          expectSameHeights(fast, reference);
        }
      });
    }
    it(`${lineMethod} on 129×129 with 400 iterations`, () => {
      const recipe = recipeOf(2024, lineMethod, 400);
      const fast = createHeightfield(129, 129, 1);
      const reference = copy(fast);
      runFaultFormation(fast, recipe);
      referenceFaultFormation(reference, recipe);
      expectSameHeights(fast, reference);
      // Not trivially equal: the terrain has relief.
      expect(new Set(fast.heights).size).toBeGreaterThan(1000);
    });
  }

  it('the test helper plainApply is the same definition as the reference', () => {
    const recipe = recipeOf(5, 'cross', 60);
    const viaFaults = bumpy(21, 13, 0.5, 3);
    const viaRecipe = copy(viaFaults);
    plainApply(viaFaults, generateFaults(recipe, terrainExtent(viaFaults), 0, recipe.iterations));
    referenceFaultFormation(viaRecipe, recipe);
    expectSameHeights(viaFaults, viaRecipe);
  });
});

describe('degenerate lines', () => {
  // Vertex coordinates on a 9×7 grid with 0.5 m cells: x ∈ {−2, −1.5, …, 2}, z ∈ {−1.5, …, 1.5}.
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
    ['line missing the map (all rise)', normalLine(0.6, 0.8, -100)],
    ['line missing the map (all sink)', normalLine(0.6, 0.8, 100)],
    ['line touching only the far corner', normalLine(0.6, 0.8, 0.6 * 2 + 0.8 * 1.5)],
    ['nearly horizontal', normalLine(1e-17, 1, 0.5)],
    ['tiny coefficient', normalLine(1e-300, 1, 0)],
    ['steep integer slope', normalLine(2 / Math.sqrt(5), 1 / Math.sqrt(5), 0)],
    ['cross through two vertices, horizontal', crossLine(-2, 0.5, 1, 0.5)],
    ['cross through two vertices, vertical', crossLine(1, -1.5, 1, 1.5)],
    ['cross vertical, pointing down', crossLine(-1, 1.5, -1, -1.5)],
    ['cross through vertices, slope 1/2', crossLine(-2, -1, 2, 1)],
    ['cross diagonal right to left', crossLine(1.5, -1.5, -1.5, 1.5)],
    ['cross outside the map', crossLine(10, 10, 11, 12)],
    ['two-point through points dragged outside the map', lineThroughPoints(-3, -1.5, 3, 1.5)],
  ];
  for (const [name, line] of lines) {
    it(name, () => {
      for (const displacement of [1.25, -0.5]) {
        const fast = bumpy(width, depth, cellSize, 17);
        const plain = copy(fast);
        const faults = [{ line, displacement }];
        applyFaults(fast, faults);
        plainApply(plain, faults);
        expectSameHeights(fast, plain);
      }
    });
  }

  it('all of them together, with odd and even sizes', () => {
    const faults = lines.map(([, line], k) => ({ line, displacement: 0.25 * (k + 1) }));
    for (const [w, d] of [
      [9, 7],
      [8, 6],
      [5, 9],
      [6, 5],
      [7, 8],
      [11, 4],
      [10, 3],
    ]) {
      const fast = createHeightfield(w, d, cellSize);
      const plain = copy(fast);
      applyFaults(fast, faults);
      plainApply(plain, faults);
      expectSameHeights(fast, plain);
    }
  });

  it('lines passing within a few ulps of vertices', () => {
    // Where rounding decides the side: the estimate alone would be wrong for some of these.
    const random = createRandom(4242);
    const faults: Fault[] = [];
    for (let n = 0; n < 400; n++) {
      const angle = random.next() * 2 * Math.PI;
      const a = Math.sin(angle);
      const b = Math.cos(angle);
      const x = (Math.floor(random.next() * width) - (width - 1) / 2) * cellSize;
      const z = (Math.floor(random.next() * depth) - (depth - 1) / 2) * cellSize;
      const onLine = a * x + b * z;
      const ulps = Math.floor(random.next() * 9) - 4;
      faults.push({ line: normalLine(a, b, onLine + ulps * Number.EPSILON * Math.max(Math.abs(onLine), 1e-3)), displacement: 1 });
      faults.push({ line: crossLine(x, z, x + Math.cos(angle), z + Math.sin(angle) * (1 + ulps * Number.EPSILON)), displacement: 1 });
    }
    for (const [w, d, size] of [
      [width, depth, cellSize],
      [9, 7, 0.1],
      [9, 7, 3],
    ] as const) {
      const fast = createHeightfield(w, d, size);
      const plain = copy(fast);
      applyFaults(fast, faults);
      plainApply(plain, faults);
      expectSameHeights(fast, plain);
    }
  });

  it('a zero displacement changes nothing', () => {
    const field = bumpy(9, 7, 0.5, 4);
    const before = field.heights.slice();
    applyFaults(field, [{ line: normalLine(0.6, 0.8, 0), displacement: 0 }]);
    expect(field.heights).toEqual(before);
  });
});

describe('determinism and continuation', () => {
  it('the same recipe gives the same bytes; another seed does not', () => {
    const recipe = recipeOf(99, 'normal', 200);
    const first = createHeightfield(65, 65, 1);
    const second = createHeightfield(65, 65, 1);
    const other = createHeightfield(65, 65, 1);
    runFaultFormation(first, recipe);
    runFaultFormation(second, recipe);
    runFaultFormation(other, { ...recipe, seed: 100 });
    expectSameHeights(first, second);
    expect(bytes(first)).not.toEqual(bytes(other));
  });

  for (const lineMethod of LINE_METHODS) {
    it(`generateFaults continues the same sequence and schedule (${lineMethod})`, () => {
      const recipe = recipeOf(31, lineMethod, 300);
      const size = { sizeX: 100, sizeZ: 60 };
      const whole = generateFaults(recipe, size, 0, 300);
      const split = [...generateFaults(recipe, size, 0, 120), ...generateFaults(recipe, size, 120, 300)];
      expect(split).toEqual(whole);
      whole.forEach((fault, i) => expect(fault.displacement).toBe(displacementAt(recipe.decay, i)));
    });
  }

  it('a split run equals the reference applied in the same two steps', () => {
    for (const lineMethod of LINE_METHODS) {
      const recipe = recipeOf(8, lineMethod, 200);
      const fast = bumpy(33, 20, 1.5, 2);
      const reference = copy(fast);
      runFaultFormation(fast, recipe, { end: 90 });
      runFaultFormation(fast, recipe, { start: 90, end: 200 });
      referenceFaultFormation(reference, recipe, { start: 0, end: 90 });
      referenceFaultFormation(reference, recipe, { start: 90, end: 200 });
      expectSameHeights(fast, reference);
    }
  });

  it('a split run equals one run when every partial sum is exact in float32', () => {
    // Whole-metre displacements from zero heights: every sum is a small integer, so storing as
    // float32 between the runs loses nothing and continuation is exactly one long run.
    const recipe: FaultRecipe = { seed: 12, iterations: 500, lineMethod: 'two-point', decay: { disp0: 3, dispN: 1, n: 0 } };
    const split = createHeightfield(50, 30, 1);
    const once = createHeightfield(50, 30, 1);
    runFaultFormation(split, recipe, { end: 210 });
    runFaultFormation(split, recipe, { start: 210 });
    runFaultFormation(once, recipe);
    expectSameHeights(split, once);
  });

  it('rejects bad iteration ranges', () => {
    const recipe = recipeOf(1, 'normal', 10);
    expect(() => generateFaults(recipe, { sizeX: 1, sizeZ: 1 }, 5, 4)).toThrow(RangeError);
    expect(() => generateFaults(recipe, { sizeX: 1, sizeZ: 1 }, -1, 4)).toThrow(RangeError);
    expect(() => generateFaults(recipe, { sizeX: 1, sizeZ: 1 }, 0, 2.5)).toThrow(RangeError);
  });
});

describe('progress and cancel', () => {
  it('reports rising progress in faults, ending at the number of faults', () => {
    const field = createHeightfield(300, 700, 1);
    const reports: [number, number][] = [];
    runFaultFormation(field, recipeOf(3, 'normal', 3000), { onProgress: (done, total) => reports.push([done, total]) });
    expect(reports.length).toBeGreaterThan(1);
    expect(reports.at(-1)).toEqual([3000, 3000]);
    expect(reports.every(([, total]) => total === 3000)).toBe(true);
    for (let k = 1; k < reports.length; k++) expect(reports[k][0]).toBeGreaterThan(reports[k - 1][0]);
  });

  it('a cancelled run leaves the heights untouched and returns false', () => {
    const field = bumpy(300, 700, 1, 9);
    const before = field.heights.slice();
    let polls = 0;
    const finished = runFaultFormation(field, recipeOf(3, 'normal', 3000), { shouldCancel: () => ++polls > 2 });
    expect(finished).toBe(false);
    expect(polls).toBe(3);
    expectSameHeights(field, { ...field, heights: before });
  });

  it('a cancellable run that is not cancelled gives the same bytes', () => {
    const recipe = recipeOf(4, 'cross', 500);
    const plain = bumpy(300, 200, 1, 1);
    const cancellable = copy(plain);
    runFaultFormation(plain, recipe);
    expect(runFaultFormation(cancellable, recipe, { shouldCancel: () => false })).toBe(true);
    expectSameHeights(cancellable, plain);
    const inPlace = bumpy(300, 200, 1, 1);
    expect(runFaultFormation(inPlace, recipe, { shouldCancel: () => false, discardOnCancel: true })).toBe(true);
    expectSameHeights(inPlace, plain);
  });

  it('a run whose caller discards cancelled heights stops at the poll and returns false', () => {
    const field = bumpy(300, 700, 1, 9);
    let polls = 0;
    expect(runFaultFormation(field, recipeOf(3, 'normal', 3000), { shouldCancel: () => ++polls > 2, discardOnCancel: true })).toBe(false);
    expect(polls).toBe(3);
  });
});

describe('manual faults', () => {
  it('lineThroughPoints raises the left of p1 → p2 as seen on the 2D panel (+x right, +z down)', () => {
    const eastward = lineThroughPoints(0, 0, 10, 0);
    expect(risesAt(eastward, 5, -1)).toBe(true); // above the line on screen
    expect(risesAt(eastward, 5, 1)).toBe(false);
    const southward = lineThroughPoints(0, 0, 0, 10); // downward on screen: left is +x
    expect(risesAt(southward, 1, 5)).toBe(true);
    expect(risesAt(southward, -1, 5)).toBe(false);
  });

  it('follows the documented formula for random drags', () => {
    const random = createRandom(77);
    for (let n = 0; n < 200; n++) {
      const [x1, z1, x2, z2, x, z] = Array.from({ length: 6 }, () => (random.next() - 0.5) * 100);
      const line = lineThroughPoints(x1, z1, x2, z2);
      expect(Math.hypot(line.a, line.b)).toBeCloseTo(1, 12);
      const side = (z2 - z1) * (x - x1) - (x2 - x1) * (z - z1);
      if (Math.abs(side) > 1e-6) expect(risesAt(line, x, z)).toBe(side > 0);
    }
  });

  it('applies exactly like the plain loop and rejects a zero-length drag', () => {
    const field = bumpy(64, 48, 0.75, 5);
    const plain = copy(field);
    const faults = [{ line: lineThroughPoints(-10.5, 3, 12, -7.25), displacement: 0.1 }];
    applyFaults(field, faults);
    plainApply(plain, faults);
    expectSameHeights(field, plain);
    expect(() => lineThroughPoints(1, 2, 1, 2)).toThrow(RangeError);
  });
});

it('refuses totals of displacement too large to sum exactly', () => {
  const line = normalLine(0.6, 0.8, 0);
  const field = createHeightfield(4, 4, 1);
  expect(() => applyFaults(field, [{ line, displacement: 2 ** 27 }])).toThrow(/not exact/);
  expect(() => applyFaults(field, [{ line: normalLine(NaN, 1, 0), displacement: 1 }])).toThrow(RangeError);
});
