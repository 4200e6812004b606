import { describe, expect, it } from 'vitest';
import { turfNoise } from '../ground/turfEdge';
import { ROAD_APRON_M, ROAD_END_EDGE, ROAD_END_FADE_M, ROAD_END_PLAIN_FROM, ROAD_SHOULDER_M, roadCoverAt, roadEndBlend, roadEndRagged } from './roadPaint';

// Issue 34: up close a road's end broke into grey patches: the fades' line was broken by a noise that
// could cover ground the fade left bare (asphalt blobs past the fray, gravel past the apron, out to the
// paint's reach) and that cut the 4 m apron into 0.6 m patches of flat mixed colour. The end is now
// ragged by a threshold the turf's noise sets evenly over the fade: tongues of gravel and grass whose
// share is the fade, nothing past it, the apron one piece with the road.

describe('a road end made ragged at a point (roadEndRagged)', () => {
  it('keeps a fade of 1 whole and a fade of 0 bare whatever the noise, grows with the fade, and is the plain fade for a far pixel', () => {
    for (let noise = -1; noise <= 1; noise += 0.025) {
      expect(roadEndRagged(1, noise)).toBe(1);
      expect(roadEndRagged(0, noise)).toBe(0);
      let last = 0;
      for (let fade = 0; fade <= 1; fade += 0.01) {
        const w = roadEndRagged(fade, noise);
        expect(w).toBeGreaterThanOrEqual(last);
        last = w;
        expect(roadEndRagged(fade, noise, ROAD_END_PLAIN_FROM)).toBeCloseTo(fade, 12);
      }
    }
  });

  it('over a stretch of ground, covers the share the fade says, each point nearly bare or nearly covered', () => {
    const n = 20000;
    const noises = Array.from({ length: n }, (_, k) => turfNoise(((k * 7919) % 6007) * 0.37 - 1100, ((k * 104729) % 5003) * 0.41 - 1000));
    for (let fade = 0.05; fade < 1; fade += 0.05) {
      let sum = 0;
      let between = 0;
      for (const noise of noises) {
        const w = roadEndRagged(fade, noise);
        sum += w;
        if (w > 0.1 && w < 0.9) between++;
      }
      // The noise made even within 0.017 of its share of the ground; the edge's half at either end.
      const slack = fade < ROAD_END_EDGE || fade > 1 - ROAD_END_EDGE ? 0.02 + ROAD_END_EDGE / 2 : 0.02;
      expect(Math.abs(sum / n - fade), `fade ${fade}`).toBeLessThan(slack);
      expect(between / n, `fade ${fade}`).toBeLessThan(0.2);
    }
  });
});

describe('a road’s end up close, on the ground (roadCoverAt with the turf’s noise)', () => {
  // A road 7 m wide along +x whose end is the line x = 0 (e = x), sampled every 4 cm by a pixel of 2 cm
  // across its width and shoulders and 5.5 m past the end, at eight places on the map.
  const half = 3.5;
  const aa = 0.02;
  const step = 0.04;
  const nx = Math.round(6 / step);
  const nz = Math.round((2 * (half + ROAD_SHOULDER_M) + 1) / step);
  const eAt = (i: number) => -5.5 + (i + 0.5) * step;
  const offsetAt = (j: number) => -(half + ROAD_SHOULDER_M + 0.5) + (j + 0.5) * step;
  const places = Array.from({ length: 8 }, (_, t) => ({ x: 37.3 * t - 120, z: -53.1 * t + 40 }));

  it('covers nothing past the apron nor asphalt past the fray, the whole width at the end, and the apron’s share by distance is the fade', () => {
    const bins = new Float64Array(16);
    const counts = new Float64Array(16);
    let pastApron = 0;
    let pastFray = 0;
    let gapAtEnd = 0;
    for (const place of places)
      for (let j = 0; j < nz; j++)
        for (let i = 0; i < nx; i++) {
          const e = eAt(i);
          const offset = offsetAt(j);
          const c = roadCoverAt(offset, half, e, aa, turfNoise(place.x + e, place.z + offset, aa));
          const cover = c.surface + c.gravel;
          if (e < -ROAD_APRON_M && cover > 0) pastApron++;
          if (e < -ROAD_END_FADE_M && c.surface > 0) pastFray++;
          const inside = Math.abs(offset) < half + ROAD_SHOULDER_M - aa;
          if (inside && e < 0 && e > -0.05 && !(cover > 0.999)) gapAtEnd++;
          if (inside && e < 0) {
            const b = Math.floor(-e / 0.25);
            bins[b] += cover;
            counts[b]++;
          }
        }
    expect({ pastApron, pastFray, gapAtEnd }).toEqual({ pastApron: 0, pastFray: 0, gapAtEnd: 0 });
    for (let b = 0; b < 16; b++) {
      const want = roadEndBlend(-(b + 0.5) * 0.25).apron;
      expect(Math.abs(bins[b] / counts[b] - want), `${b * 0.25}–${(b + 1) * 0.25} m past the end`).toBeLessThan(0.05);
    }
  });

  it('is one piece with the road: under 0.5 % of the apron’s gravel lies in patches cut off from it', () => {
    let covered = 0;
    let cutOff = 0;
    for (const place of places) {
      const grid = new Float32Array(nx * nz);
      for (let j = 0; j < nz; j++)
        for (let i = 0; i < nx; i++) {
          const c = roadCoverAt(offsetAt(j), half, eAt(i), aa, turfNoise(place.x + eAt(i), place.z + offsetAt(j), aa));
          grid[j * nx + i] = c.surface + c.gravel;
        }
      // Flood the covered ground (at least half) from the road itself (e ≥ 0), four-connected.
      const reached = new Uint8Array(nx * nz);
      const stack: number[] = [];
      for (let k = 0; k < nx * nz; k++)
        if (eAt(k % nx) >= 0 && grid[k] >= 0.5) {
          reached[k] = 1;
          stack.push(k);
        }
      while (stack.length > 0) {
        const k = stack.pop()!;
        const i = k % nx;
        const j = (k - i) / nx;
        for (const [di, dj] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ]) {
          const ii = i + di;
          const jj = j + dj;
          if (ii < 0 || jj < 0 || ii >= nx || jj >= nz) continue;
          const q = jj * nx + ii;
          if (!reached[q] && grid[q] >= 0.5) {
            reached[q] = 1;
            stack.push(q);
          }
        }
      }
      for (let k = 0; k < nx * nz; k++)
        if (eAt(k % nx) < 0 && grid[k] >= 0.5) {
          covered++;
          if (!reached[k]) cutOff++;
        }
    }
    expect(covered).toBeGreaterThan(10000);
    expect(cutOff / covered).toBeLessThan(0.005);
  });
});
