import { describe, expect, it } from 'vitest';
import { accumulateFlow } from './accumulation';
import { flowDirections } from './direction';
import { mapArea, type HydrologyGrid } from './grid';
import { analyseHydrology } from './hydrology';
import { priorityFlood } from './priorityFlood';
import { relaxationFill, roughGround, sampled } from './testing/surfaces';

function accumulationOf(grid: HydrologyGrid, heights: Float32Array) {
  const { drainage } = priorityFlood(grid, heights);
  return accumulateFlow(grid, drainage);
}

describe('hydrology on a tilted plane', () => {
  // Water runs towards +x: every vertex of column i collects the strip upslope of its own cell,
  // from the map's edge (x = 0) to x = (i + ½)·cellSize, one cell wide. Rows near the side edges
  // see the edge (it has no vertices beyond it) only within i rows of it: the test keeps to the
  // rows the edge cannot have reached.
  for (const [width, depth, cellSize] of [
    [40, 97, 2],
    [33, 80, 0.5],
  ] as const) {
    it(`accumulates the area upslope of each vertex (${width} × ${depth}, ${cellSize} m cells)`, () => {
      const grid = { width, depth, cellSize };
      const { area } = accumulationOf(
        grid,
        sampled(grid, (x) => 100 - 0.2 * x),
      );
      let checked = 0;
      for (let i = 0; i < width - 1; i++) {
        for (let j = i + 1; j < depth - 1 - i; j++) {
          expect(area[j * width + i]).toBeCloseTo((i + 0.5) * cellSize * cellSize, 9);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(500);
    });
  }

  it('accumulates along z as along x (water running towards −z)', () => {
    const grid = { width: 90, depth: 30, cellSize: 3 };
    const { area } = accumulationOf(
      grid,
      sampled(grid, (_x, z) => 0.1 * z),
    );
    for (let j = 1; j < grid.depth; j++) {
      const upslope = grid.depth - 1 - j;
      for (let i = upslope + 1; i < grid.width - 1 - upslope; i++) expect(area[j * grid.width + i]).toBeCloseTo((upslope + 0.5) * 9, 9);
    }
  });

  it('points every vertex straight downhill, whatever the plane’s orientation', () => {
    const grid = { width: 37, depth: 23, cellSize: 1.5 };
    for (const angleDeg of [0, 17, 45, 90, 133, 200, 311]) {
      const a = (angleDeg * Math.PI) / 180;
      // Downhill is (cos a, sin a).
      const { drainage } = priorityFlood(
        grid,
        sampled(grid, (x, z) => 500 - 0.3 * (x * Math.cos(a) + z * Math.sin(a))),
      );
      const direction = flowDirections(grid, drainage);
      for (let v = 0; v < grid.width * grid.depth; v++) {
        const off = Math.atan2(
          Math.cos(a) * direction[2 * v + 1] - Math.sin(a) * direction[2 * v],
          Math.cos(a) * direction[2 * v] + Math.sin(a) * direction[2 * v + 1],
        );
        expect(Math.abs(off)).toBeLessThan(1e-3);
      }
    }
  });
});

describe('hydrology: a bowl in a tilted plane', () => {
  // The plane h = a·x (x from the bowl's centre) with a paraboloid bowl of depth D and radius R cut
  // into it. On the circle r = R the ground is a·x, lowest at (−R, 0): the spill height is −a·R. The
  // water, {h < −a·R}, is the disc centred at x = −a·R²/(2D) of radius ρ = R(1 − a·R/(2D)), and
  // its volume is ∫ (D/R²)(ρ² − s²) dA = (D/R²)·π·ρ⁴/2.
  const a = 0.125;
  const R = 32;
  const D = 6;
  const cellSize = 2;
  const grid = { width: 97, depth: 81, cellSize };
  const ci = 48;
  const cj = 40;
  const heights = sampled(grid, (x, z) => {
    const dx = x - ci * cellSize;
    const dz = z - cj * cellSize;
    const r2 = dx * dx + dz * dz;
    return a * dx - (r2 < R * R ? D * (1 - r2 / (R * R)) : 0);
  });
  const hydrology = analyseHydrology(grid, heights);

  it('holds one lake at the spill height, flat to 1 cm', () => {
    expect(hydrology.lakes).toHaveLength(1);
    const [lake] = hydrology.lakes;
    expect(Math.abs(lake.level - -a * R)).toBeLessThanOrEqual(0.01);
    let lowest = Infinity;
    let highest = -Infinity;
    for (let v = 0; v < heights.length; v++) {
      if (hydrology.lakeOf[v] !== lake.id) continue;
      lowest = Math.min(lowest, hydrology.level[v]);
      highest = Math.max(highest, hydrology.level[v]);
    }
    expect(highest - lowest).toBeLessThanOrEqual(0.01);
  });

  it('has the disc’s area and volume, its depth and its outlet at the rim’s low point', () => {
    const [lake] = hydrology.lakes;
    const rho = R * (1 - (a * R) / (2 * D));
    expect(lake.area / (Math.PI * rho * rho)).toBeCloseTo(1, 1);
    expect(Math.abs(lake.area / (Math.PI * rho * rho) - 1)).toBeLessThan(0.03);
    expect(Math.abs(lake.volume / (((D / (R * R)) * Math.PI * rho ** 4) / 2) - 1)).toBeLessThan(0.03);
    expect(lake.maxDepth).toBeCloseTo((D * rho * rho) / (R * R), 1);
    expect(lake.outlet % grid.width).toBe(ci - R / cellSize);
    expect(heights[lake.outlet]).toBe(lake.level);
  });

  it('leaves the land around it dry', () => {
    for (let v = 0; v < heights.length; v++) if (hydrology.lakeOf[v] === 0) expect(hydrology.level[v]).toBe(heights[v]);
  });
});

describe('hydrology: a cone', () => {
  it('drains radially', () => {
    const grid = { width: 101, depth: 101, cellSize: 1 };
    const { drainage } = priorityFlood(
      grid,
      sampled(grid, (x, z) => 80 - 0.5 * Math.hypot(x - 50, z - 50)),
    );
    const direction = flowDirections(grid, drainage);
    let worst = 0;
    for (let j = 0; j < grid.depth; j++) {
      for (let i = 0; i < grid.width; i++) {
        const r = Math.hypot(i - 50, j - 50);
        if (r < 3) continue;
        const v = j * grid.width + i;
        const along = (direction[2 * v] * (i - 50) + direction[2 * v + 1] * (j - 50)) / r;
        worst = Math.max(worst, Math.acos(Math.min(1, along)));
      }
    }
    expect((worst * 180) / Math.PI).toBeLessThan(2);
  });

  it('spreads the same water in every direction (the accumulation has the cone’s symmetry)', () => {
    const grid = { width: 81, depth: 81, cellSize: 1 };
    const { area } = accumulationOf(
      grid,
      sampled(grid, (x, z) => 80 - 0.5 * Math.hypot(x - 40, z - 40)),
    );
    for (let j = 1; j < 80; j++) {
      for (let i = 1; i < 80; i++) {
        const v = area[j * 81 + i];
        expect(area[i * 81 + j]).toBeCloseTo(v, 6);
        expect(area[j * 81 + (80 - i)]).toBeCloseTo(v, 6);
      }
    }
  });
});

describe('hydrology: MFD, not D8', () => {
  it("gives a cone's vertices the area of radial flow at every angle (D8 would gather it on eight rays)", () => {
    // Water on a cone runs straight out from the apex, so the area drained through a vertex's cell is the
    // sector of the disc out to the cell's outer edge, one cell wide: (r + c/2)² / (2r) · c (the specific
    // catchment area of divergent flow, r/2, with the cell's own share). Freeman's MFD spreads the water
    // along the fall and keeps it within 10 % of that at every vertex 20–100 m out (measured 1.00–1.08);
    // D8 sends each vertex's water to one neighbour, and on this cone gives 0.04–1.96 times it.
    const c = 2;
    const grid = { width: 121, depth: 121, cellSize: c };
    const { area } = accumulationOf(
      grid,
      sampled(grid, (x, z) => 200 - 0.5 * Math.hypot(x - 120, z - 120)),
    );
    let checked = 0;
    for (let j = 0; j < grid.depth; j++) {
      for (let i = 0; i < grid.width; i++) {
        const r = Math.hypot(i - 60, j - 60) * c;
        if (r < 20 || r > 100) continue;
        const radial = ((r + c / 2) ** 2 / (2 * r)) * c;
        expect(Math.abs(area[j * grid.width + i] / radial - 1), `(${i}, ${j})`).toBeLessThan(0.1);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(7000);
  });
});

describe('hydrology on rough ground', () => {
  for (const [width, depth, cellSize, seed] of [
    [150, 97, 2, 3],
    [61, 140, 0.75, 11],
    [2, 9, 1, 5],
  ] as const) {
    const grid = { width, depth, cellSize };
    const heights = roughGround(grid, seed);

    it(`sends the whole map’s area out through its edges (${width} × ${depth})`, () => {
      const { outflow } = accumulationOf(grid, heights);
      expect(Math.abs(outflow / mapArea(grid) - 1)).toBeLessThan(0.001);
    });

    it(`fills depressions to the levels relaxation finds (${width} × ${depth})`, () => {
      const { level } = priorityFlood(grid, heights);
      expect(level).toEqual(relaxationFill(grid, heights));
    });

    it(`drains every vertex off the edge to a strictly lower neighbour, in an order with donors first (${width} × ${depth})`, () => {
      const { drainage } = priorityFlood(grid, heights);
      const { order } = accumulateFlow(grid, drainage);
      const place = new Int32Array(order.length);
      order.forEach((v, at) => (place[v] = at));
      let donorsAfter = 0;
      let stuck = 0;
      for (let j = 0; j < depth; j++) {
        for (let i = 0; i < width; i++) {
          const v = j * width + i;
          let lower = 0;
          for (let dj = -1; dj <= 1; dj++) {
            for (let di = -1; di <= 1; di++) {
              const ni = i + di;
              const nj = j + dj;
              if ((!di && !dj) || ni < 0 || nj < 0 || ni >= width || nj >= depth) continue;
              const n = nj * width + ni;
              if (drainage[n] < drainage[v]) {
                lower++;
                if (place[n] < place[v]) donorsAfter++;
              }
            }
          }
          if (i > 0 && j > 0 && i < width - 1 && j < depth - 1 && lower === 0) stuck++;
        }
      }
      expect({ donorsAfter, stuck }).toEqual({ donorsAfter: 0, stuck: 0 });
    });
  }

  it('labels watersheds by outlet and gives every flooded vertex a lake', () => {
    const grid = { width: 120, depth: 90, cellSize: 1 };
    const heights = roughGround(grid, 29);
    const h = analyseHydrology(grid, heights);
    expect(h.lakes.length).toBeGreaterThan(3);
    let unlabelled = 0;
    let splitPaths = 0;
    let misflooded = 0;
    for (let v = 0; v < heights.length; v++) {
      if (!(h.watershedOf[v] > 0)) unlabelled++;
      if (h.receivers[v] >= 0 && h.watershedOf[h.receivers[v]] !== h.watershedOf[v]) splitPaths++;
      if (h.lakeOf[v] > 0 !== h.level[v] > heights[v]) misflooded++;
    }
    expect({ unlabelled, splitPaths, misflooded }).toEqual({ unlabelled: 0, splitPaths: 0, misflooded: 0 });
    expect(h.watersheds).toBeGreaterThan(1);
    const flooded = h.lakes.reduce((sum, lake) => sum + lake.vertices, 0);
    expect(flooded).toBe(heights.reduce((n, g, v) => n + (h.level[v] > g ? 1 : 0), 0));
  });

  it('refuses heights that do not fit the grid', () => {
    expect(() => priorityFlood({ width: 4, depth: 4, cellSize: 1 }, new Float32Array(15))).toThrow(/expected 16 heights/);
    expect(() => priorityFlood({ width: 4, depth: 4, cellSize: 0 }, new Float32Array(16))).toThrow(/cell size/);
  });
});
