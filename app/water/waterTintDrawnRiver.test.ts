import { describe, expect, it } from 'vitest';
import { WATER_RIVER } from '../../shared/hydrology/water';
import { createWaterSurface } from '../../shared/hydrology/waterSurface';
import { hydraulicHalfWidth, riverStripMesh } from '../../shared/hydrology/riverStrip';
import { drawnRiverStrip, drawnRiverVertices } from '../../shared/rivers/drawnStrip';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { magnifiedWaterTint } from './waterTintMagnified';

// A drawn river along a straight line at 30° to the grid over a channel known in closed form (as
// shared/rivers/drawnStrip.test.ts): a flat bed 1 m under the water, 6 m wide, banks rising 0.5 m a
// metre; the water's edge 5 m either side. The river marks its own vertices WATER_RIVER, as the layer does.
const SIDE = 61;
const K = 4;
const ANGLE = Math.PI / 6;
const [UX, UZ] = [Math.cos(ANGLE), Math.sin(ANGLE)];
const levelAt = (along: number) => 10 - 0.01 * along;

function drawnChannel() {
  const grid = { width: SIDE, depth: SIDE, cellSize: 1 };
  const heights = new Float32Array(SIDE * SIDE);
  const water = createWaterSurface(SIDE * SIDE);
  for (let j = 0; j < SIDE; j++) {
    for (let i = 0; i < SIDE; i++) {
      const [x, z] = [i - 30, j - 30];
      const along = x * UX + z * UZ;
      const across = -x * UZ + z * UX;
      const v = j * SIDE + i;
      heights[v] = levelAt(along) - 1 + 0.5 * Math.max(0, Math.abs(across) - 3);
      if (heights[v] < levelAt(along)) water.surface[v] = levelAt(along);
    }
  }
  const n = 61;
  const stations = Array.from({ length: n }, (_, k) => k - 30);
  const line = {
    n,
    x: stations.map((s) => s * UX),
    z: stations.map((s) => s * UZ),
    tx: stations.map(() => UX),
    tz: stations.map(() => UZ),
    width: stations.map(() => 6),
  };
  const own = drawnRiverVertices(grid, [line]);
  for (let v = 0; v < own.length; v++) if (own[v]) water.kind[v] = WATER_RIVER;
  return { grid, heights, water, line };
}

const span = { i0: 0, j0: 0, i1: SIDE - 1, j1: SIDE - 1 };
const alphaAt = (rgba: Uint8ClampedArray, width: number, c: number, r: number) => rgba[4 * (Math.round(r) * width + Math.round(c)) + 3];

describe('the 2D panel draws a drawn river as the 3D view does', () => {
  it("puts the river's outline on the 3D strip's edges, within a pixel", () => {
    const { grid, heights, water, line } = drawnChannel();
    const tint = magnifiedWaterTint(grid, water, heights, null, null, span, K, null, [line]);
    const strip = drawnRiverStrip(createHeightfield(SIDE, SIDE, 1, heights), water.surface, line);
    // Map (x, z) in pixels: vertex i's square is pixels [i·K, (i + 1)·K), its centre at (i + 0.5)·K − 0.5.
    const pixel = (x: number, z: number) => [(x + 30 + 0.5) * K - 0.5, (z + 30 + 0.5) * K - 0.5];
    let checked = 0;
    // The stations between the ends (an end's section is the strip's own edge across it).
    for (let s = 1; s < strip.positions.length / 9 - 1; s++) {
      const [lx, lz, cx, cz, rx, rz] = [0, 2, 3, 5, 6, 8].map((o) => strip.positions[9 * s + o]);
      const [pcx, pcz] = pixel(cx, cz);
      if (pcx < 8 || pcz < 8 || pcx > tint.width - 8 || pcz > tint.height - 8) continue;
      for (const [ex, ez] of [
        [lx, lz],
        [rx, rz],
      ]) {
        const [pex, pez] = pixel(ex, ez);
        const edge = Math.hypot(pex - pcx, pez - pcz);
        const [dx, dz] = [(pex - pcx) / edge, (pez - pcz) / edge];
        // From the centre out along the section: where the painted water ends.
        let t = 0;
        while (t < edge + 4 * K && alphaAt(tint.rgba, tint.width, pcx + dx * t, pcz + dz * t) > 0) t += 0.25;
        expect(Math.abs(t - edge)).toBeLessThanOrEqual(1);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
    // The strip ends at the spline's end, where the 3D view's does (the channel's water runs on to the map's edge).
    const beyond = pixel(33 * UX, 33 * UZ);
    expect(alphaAt(tint.rgba, tint.width, beyond[0], beyond[1])).toBe(0);
    const before = pixel(27 * UX, 27 * UZ);
    expect(alphaAt(tint.rgba, tint.width, before[0], before[1])).toBeGreaterThan(0);
  });

  it("leaves the drawn river's own vertices to its strip: with the automatic network's strips on, the same pixels", () => {
    const { grid, heights, water, line } = drawnChannel();
    const halfWidth = hydraulicHalfWidth({ widthScale: 1, depthScale: 1 });
    // Not left to it, the network would draw a strip along those vertices of its own.
    expect(riverStripMesh(grid, water, heights, halfWidth, 0, 0, SIDE, SIDE).indices.length).toBeGreaterThan(0);
    const drawnOnly = magnifiedWaterTint(grid, water, heights, null, null, span, K, null, [line]);
    const both = magnifiedWaterTint(grid, water, heights, null, null, span, K, halfWidth, [line]);
    expect(both.rgba).toEqual(drawnOnly.rgba);
  });
});
