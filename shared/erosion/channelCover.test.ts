import { describe, expect, it } from 'vitest';
import {
  channelKept,
  channelReachCells,
  channelCoverInto,
  channelCoverReachCells,
  CHANNEL_CONCAVITY,
  CHANNEL_REACH,
  concavity,
  coverInChannels,
} from './channelCover';
import { COVER_SLOPE_RULE, SEDIMENT_RULE, WET_RULE, type ErosionCoverBytes } from './cover';
import { groundLayers } from '../ground/groundMaterials';
import { ruleWeight } from '../masks/ruleWeight';
import { createHeightfield } from '../terrain/heightfield';
import { normalSlopeDeg, shadingNormalAt } from '../terrain/shadingNormals';

// Issue 31: the droplets' channel gravel lay as grey patches on open hillsides. Water leaves gravel where it
// gathers and slows (a channel's floor, the foot of a slope), never on a plane, whatever its slope; the drawn
// cover keeps the droplets' flow by the ground's concavity (0 on a plane in closed form).

const CELL = 2;
const SIDE = 65;
const size = { width: SIDE, depth: SIDE, cellSize: CELL };
const R = channelReachCells(CELL, SIDE, SIDE);

function field(h: (x: number, z: number) => number): Float32Array {
  const out = new Float32Array(SIDE * SIDE);
  for (let j = 0; j < SIDE; j++) for (let i = 0; i < SIDE; i++) out[j * SIDE + i] = h(i * CELL, j * CELL);
  return out;
}

/** The droplets' cover at its most everywhere: every vertex as wet and gravelled as the droplets ever leave one. */
const fullCover = (): ErosionCoverBytes => ({ flow: new Uint8Array(SIDE * SIDE).fill(255), deposition: new Uint8Array(SIDE * SIDE) });

/** The gravel layer's coverage per vertex (its rules on the drawn flow and the view's slope) and the wet ground's. */
function gravelAndWet(heights: Float32Array) {
  const cover = coverInChannels(fullCover(), heights, size);
  const layer = groundLayers('temperate', { treeLine: 1e4, snowLine: 2e4 }, { erosion: true, road: false }).find((l) => l.name === 'gravel')!;
  const f = createHeightfield(SIDE, SIDE, CELL, heights);
  const n = new Float32Array(3);
  const gravel = new Float32Array(SIDE * SIDE);
  const wet = new Float32Array(SIDE * SIDE);
  for (let j = 0; j < SIDE; j++) {
    for (let i = 0; i < SIDE; i++) {
      const k = j * SIDE + i;
      shadingNormalAt(f, i, j, n, 0);
      const slope = normalSlopeDeg(n[1]);
      gravel[k] = layer.rules.reduce((w, rule) => w * ruleWeight(rule, rule.source === 'flow' ? cover.flow[k] / 255 : slope), 1);
      wet[k] = ruleWeight(WET_RULE, cover.flow[k] / 255);
    }
  }
  return { gravel, wet, flow: cover.flow };
}

describe('the droplets’ flow is kept on concave ground only', () => {
  it('a plane reads no concavity, to its edges, whatever its slope and bearing', () => {
    for (const [sx, sz] of [
      [0.05, 0],
      [0.2, -0.35],
      [-0.6, 0.3],
    ]) {
      const c = concavity(
        field((x, z) => 50 + sx * x + sz * z),
        SIDE,
        SIDE,
        R,
      );
      for (let k = 0; k < c.length; k++) expect(Math.abs(c[k])).toBeLessThan(1e-3);
    }
  });

  it('a trough h = a·z² reads a·cell²·(r(r + 1) − 2)/3 (the closed form of the means of two squares)', () => {
    const a = 0.01;
    const c = concavity(
      field((_x, z) => a * (z - 64) ** 2),
      SIDE,
      SIDE,
      R,
    );
    const expected = (a * CELL * CELL * (R * (R + 1) - 2)) / 3;
    for (let j = R; j < SIDE - R; j++) for (let i = 0; i < SIDE; i++) expect(c[j * SIDE + i]).toBeCloseTo(expected, 4);
  });

  it('no gravel and no wet ground on a plane of constant slope, however much water ran over it', () => {
    for (const slope of [0.01, 0.05, 0.15, 0.3]) {
      const { gravel, wet } = gravelAndWet(field((x, z) => 20 + slope * x + 0.3 * slope * z));
      expect(Math.max(...gravel), `slope ${slope}`).toBe(0);
      expect(Math.max(...wet), `slope ${slope}`).toBe(0);
    }
  });

  it('gravel on a channel’s floor, fading in over its banks, none on the open plane beside it', () => {
    // A plane falling 3 % along x with a channel 1.5 m deep and 16 m across along it (a smoothstep section).
    const floorZ = 64;
    const heights = field((x, z) => {
      const t = Math.min(1, Math.abs(z - floorZ) / 8);
      return 10 + 0.03 * x + 1.5 * t * t * (3 - 2 * t);
    });
    const { gravel, flow } = gravelAndWet(heights);
    const row = (dz: number) => Array.from({ length: SIDE - 2 * R }, (_, n) => gravel[((floorZ + dz) / CELL) * SIDE + R + n]);
    for (const g of row(0)) expect(g).toBeGreaterThan(0.95);
    // Beyond the banks' reach the ground is a plane again: bare.
    for (const g of row(8 + CHANNEL_REACH + CELL)) expect(g).toBe(0);
    for (const g of row(-(8 + CHANNEL_REACH + CELL))) expect(g).toBe(0);
    // A soft edge: from the floor out the gravel never rises, and the flow it reads passes through values between
    // (the gravel's own edge is then its rule's smoothstep, over the bank).
    const out = (8 + CHANNEL_REACH + CELL) / CELL;
    const across = Array.from({ length: out + 1 }, (_, d) => gravel[(floorZ / CELL + d) * SIDE + 32]);
    for (let d = 1; d < across.length; d++) expect(across[d]).toBeLessThanOrEqual(across[d - 1] + 1e-6);
    const flowAcross = Array.from({ length: out + 1 }, (_, d) => flow[(floorZ / CELL + d) * SIDE + 32]);
    expect(flowAcross.some((f) => f > 0.2 * 255 && f < 0.8 * 255)).toBe(true);
  });

  it('gravel where a slope eases (a fan at its foot), none up the slope or out on the flat', () => {
    // 12 % down to x = 64 m, then 1 %: the break is concave.
    const heights = field((x) => (x < 64 ? 0.12 * (64 - x) : 0) + 0.01 * (128 - x));
    const { gravel } = gravelAndWet(heights);
    const at = (x: number) => gravel[32 * SIDE + x / CELL];
    expect(at(64)).toBeGreaterThan(0.9);
    expect(at(64 - CHANNEL_REACH - 2 * CELL)).toBe(0);
    expect(at(64 + CHANNEL_REACH + 2 * CELL)).toBe(0);
  });

  /** The sediment layer's coverage per vertex (its rules on the drawn silt and the view's slope), the droplets' silt at its most everywhere. */
  const silt = (heights: Float32Array) => {
    const cover = coverInChannels({ flow: new Uint8Array(SIDE * SIDE), deposition: new Uint8Array(SIDE * SIDE).fill(255) }, heights, size);
    const f = createHeightfield(SIDE, SIDE, CELL, heights);
    const n = new Float32Array(3);
    return Array.from(cover.deposition, (d, k) => {
      shadingNormalAt(f, k % SIDE, Math.floor(k / SIDE), n, 0);
      return ruleWeight(SEDIMENT_RULE, d / 255) * ruleWeight(COVER_SLOPE_RULE, normalSlopeDeg(n[1]));
    });
  };

  it('no silt on a plane of 1–8°, whatever its bearing, however much the droplets left there', () => {
    // Rolling hills' broad pale patches lay on open 2–6° ground: a gentle plane holds silt no more than a steep one.
    for (const deg of [1, 2, 3, 5, 8]) {
      for (const bearing of [0, 0.7, 2.1]) {
        const g = Math.tan((deg * Math.PI) / 180);
        const heights = field((x, z) => 30 + g * (Math.cos(bearing) * x + Math.sin(bearing) * z));
        expect(Math.max(...silt(heights)), `${deg}° at bearing ${bearing}`).toBe(0);
      }
    }
  });

  it('silt on a valley’s floor and at a slope’s foot, none up the slopes above them', () => {
    // A valley falling 1° along x, its floor a parabola 3 m deep 40 m across (walls to 17° at its lips), then planes.
    const fall = Math.tan(Math.PI / 180);
    const valley = silt(
      field((x, z) => {
        const d = Math.abs(z - 64);
        return 10 + fall * x + (d < 20 ? 3 * (d / 20) ** 2 : 3 + 0.3 * (d - 20));
      }),
    );
    for (let i = R; i < SIDE - R; i++) expect(valley[32 * SIDE + i], `floor at x = ${i * CELL} m`).toBeGreaterThan(0.95);
    // The planes beyond the valley's reach: bare.
    for (const j of [0, 2, SIDE - 3, SIDE - 1]) for (let i = 0; i < SIDE; i++) expect(valley[j * SIDE + i]).toBe(0);
    // A 12 % slope easing to 1 % at x = 64 m: silt at its foot, none up the slope or out on the even ground beyond.
    const foot = silt(field((x) => (x < 64 ? 0.12 * (64 - x) : 0) + 0.01 * (128 - x)));
    expect(foot[32 * SIDE + 32]).toBeGreaterThan(0.9);
    expect(foot[32 * SIDE + 32 - CHANNEL_REACH / CELL - 2]).toBe(0);
    expect(foot[32 * SIDE + 32 + CHANNEL_REACH / CELL + 2]).toBe(0);
  });

  it('keeps the flow by a smoothstep of the concavity, whole from CHANNEL_CONCAVITY', () => {
    expect(channelKept(-1)).toBe(0);
    expect(channelKept(0)).toBe(0);
    expect(channelKept(CHANNEL_CONCAVITY / 2)).toBeCloseTo(0.5, 12);
    expect(channelKept(CHANNEL_CONCAVITY)).toBe(1);
    // A cover with no flow is the same object.
    const none: ErosionCoverBytes = { flow: new Uint8Array(SIDE * SIDE), deposition: new Uint8Array(SIDE * SIDE) };
    expect(
      coverInChannels(
        none,
        field(() => 0),
        size,
      ),
    ).toBe(none);
  });
});

// The channel pass a rectangle at a time (what the window's cover worker runs, over an edit's rectangle or the whole
// map in bands) against the whole-map pass, byte for byte.
describe('the channel pass over rectangles (channelCoverInto)', () => {
  /** Rough hills (long waves, short waves and a hash's grain) and a cover of every byte, flat patches included. */
  function rough(width: number, depth: number, cellSize: number) {
    const heights = new Float32Array(width * depth);
    const flow = new Uint8Array(width * depth);
    const deposition = new Uint8Array(width * depth);
    let seed = 11;
    for (let j = 0; j < depth; j++) {
      for (let i = 0; i < width; i++) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        const k = j * width + i;
        const x = i * cellSize;
        const z = j * cellSize;
        const flat = i > width * 0.6 && j < depth * 0.3;
        heights[k] = flat ? 40 : 30 * Math.sin(x / 37) * Math.cos(z / 29) + 4 * Math.sin(x / 7 + z / 5) + (seed >>> 24) / 200;
        flow[k] = seed >>> 24;
        deposition[k] = (seed >>> 8) & 3 ? (seed >>> 16) & 255 : 0;
      }
    }
    return { heights, cover: { flow, deposition }, size: { width, depth, cellSize } };
  }

  const cases = [
    { width: 150, depth: 291, cellSize: 1 },
    { width: 97, depth: 64, cellSize: 2 },
    { width: 9, depth: 7, cellSize: 1 },
  ];
  for (const { width, depth, cellSize } of cases) {
    it(`${width} × ${depth} at ${cellSize} m: every rectangle's bytes are the whole map's, nothing outside written`, () => {
      const { heights, cover, size } = rough(width, depth, cellSize);
      const whole = coverInChannels(cover, heights, size);
      // The pass changes both arrays here (else the comparison would be of the input with itself).
      expect(whole.flow).not.toBe(cover.flow);
      expect(whole.deposition).not.toBe(cover.deposition);
      const reach = channelCoverReachCells(size);
      const rects = [
        { i0: 0, j0: 0, i1: width, j1: depth },
        { i0: 0, j0: 0, i1: Math.min(width, 5), j1: Math.min(depth, 4) },
        { i0: width - 3, j0: depth - 2, i1: width, j1: depth },
        { i0: Math.floor(width / 2), j0: Math.floor(depth / 2), i1: Math.floor(width / 2) + 1, j1: Math.floor(depth / 2) + 1 },
        { i0: 1, j0: 0, i1: width - 1, j1: depth },
        { i0: Math.min(reach, width - 1), j0: Math.min(reach + 1, depth - 1), i1: width - 1, j1: depth - 1 },
      ];
      for (const rect of rects) {
        const out = { flow: new Uint8Array(width * depth).fill(3), deposition: new Uint8Array(width * depth).fill(5) };
        channelCoverInto(cover, heights, size, rect, out);
        for (let j = 0; j < depth; j++) {
          for (let i = 0; i < width; i++) {
            const k = j * width + i;
            const inside = i >= rect.i0 && i < rect.i1 && j >= rect.j0 && j < rect.j1;
            const flow = inside ? whole.flow[k] : 3;
            const deposition = inside ? whole.deposition[k] : 5;
            if (out.flow[k] !== flow || out.deposition[k] !== deposition)
              expect.fail(`${JSON.stringify(rect)} at ${i}, ${j}: ${out.flow[k]}/${out.deposition[k]}, whole map ${whole.flow[k]}/${whole.deposition[k]}`);
          }
        }
      }
    });
  }

  it('written into the cover itself, the bytes are the same; a vertex farther than the reach from a change of height keeps its bytes', () => {
    const { heights, cover, size } = rough(120, 90, 1);
    const whole = coverInChannels(cover, heights, size);
    const inPlace = { flow: cover.flow.slice(), deposition: cover.deposition.slice() };
    channelCoverInto(inPlace, heights, size, { i0: 0, j0: 0, i1: 120, j1: 90 }, inPlace);
    expect(Buffer.from(inPlace.flow).equals(Buffer.from(whole.flow))).toBe(true);
    expect(Buffer.from(inPlace.deposition).equals(Buffer.from(whole.deposition))).toBe(true);
    // A dent at (60, 45): the whole map's pass changes bytes only within the reach of it, and some within it.
    const reach = channelCoverReachCells(size);
    const dented = heights.slice();
    dented[45 * 120 + 60] -= 3;
    const after = coverInChannels(cover, dented, size);
    let near = 0;
    for (let j = 0; j < 90; j++) {
      for (let i = 0; i < 120; i++) {
        const k = j * 120 + i;
        if (after.flow[k] === whole.flow[k] && after.deposition[k] === whole.deposition[k]) continue;
        expect(Math.max(Math.abs(i - 60), Math.abs(j - 45))).toBeLessThanOrEqual(reach);
        near++;
      }
    }
    expect(near).toBeGreaterThan(0);
  });
});
