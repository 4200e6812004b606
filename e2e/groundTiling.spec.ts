import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { GROUND_TILE_METRES } from '../shared/ground/groundTextures';
import { createHeightfield } from '../shared/terrain/heightfield';
import { expect, test } from './fixtures';
import { importField, zoomTo } from './fieldScene';
import { viewportShot } from './pixels';

// The test imports its own meadow first: the start on the default preset at 65² is cheaper and never looked at.
test.use({ startSize: 65 });

// Grass up close shows no tiling (issue 34): on level grass seen close, a small DFT along the view's
// middle rows measures how much the power at the grass tile's screen period (and its harmonic) stands
// above the frequencies around it. A texture repeated as is stands well above them; warped, it does not.

const ARTIFACTS = path.resolve(__dirname, '.artifacts', 'groundTiling');
const SIDE = 129;
const CELL = 2;

/** Power at `periodPx` (or half of it) over the neighbouring frequencies, along the central 256 × 96 pixels' rows. */
async function periodPeak(page: Page, shot: Buffer, periodPx: number): Promise<number> {
  return page.evaluate(
    async ({ data, period }) => {
      const N = 256;
      const rows = 96;
      const pixels = (await window.__faultlineDecodePng(data, { width: N, height: rows })).data;
      const power = new Float64Array(N / 2);
      const row = new Float64Array(N);
      for (let y = 0; y < rows; y++) {
        for (let x = 0; x < N; x++) {
          const p = 4 * (y * N + x);
          row[x] = 0.299 * pixels[p] + 0.587 * pixels[p + 1] + 0.114 * pixels[p + 2];
        }
        const mean = row.reduce((a, b) => a + b, 0) / N;
        for (let k = 1; k < N / 2; k++) {
          let re = 0;
          let im = 0;
          for (let x = 0; x < N; x++) {
            const v = (row[x] - mean) * (0.5 - 0.5 * Math.cos((2 * Math.PI * x) / (N - 1)));
            re += v * Math.cos((2 * Math.PI * k * x) / N);
            im -= v * Math.sin((2 * Math.PI * k * x) / N);
          }
          power[k] += re * re + im * im;
        }
      }
      const band = (lo: number, hi: number) => {
        let sum = 0;
        let count = 0;
        for (let k = Math.max(1, Math.floor(lo)); k <= Math.min(N / 2 - 1, Math.ceil(hi)); k++) {
          sum += power[k];
          count++;
        }
        return count ? sum / count : 0;
      };
      const peakAt = (k: number) => band(k * 0.92, k * 1.08) / Math.max((band(k * 0.6, k * 0.8) + band(k * 1.25, k * 1.6)) / 2, 1e-9);
      return Math.max(peakAt(N / period), peakAt((2 * N) / period));
    },
    { data: shot.toString('base64'), period: periodPx },
  );
}

test('level grass seen close shows no repeat at the grass tile’s period', async ({ app }) => {
  test.setTimeout(180_000);
  const { page } = app;
  await page.setViewportSize({ width: 1280, height: 800 });
  // Level ground (1 in 50, so the import has a range), green at every point.
  const field = createHeightfield(SIDE, SIDE, CELL);
  for (let j = 0; j < SIDE; j++) for (let i = 0; i < SIDE; i++) field.heights[j * SIDE + i] = 20 + 0.02 * i * CELL;
  await importField(app, field, 'meadow.png');
  // Close enough that the textures show at full strength (under 0.45 m a pixel) and a tile spans ~15 px or more.
  const periodPx = GROUND_TILE_METRES.grass * (await zoomTo(page, 5, 30));
  expect(periodPx).toBeGreaterThan(14);
  const shot = await viewportShot(page);
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(path.join(ARTIFACTS, 'meadow-close.png'), shot);
  const peak = await periodPeak(page, shot, periodPx);
  test.info().annotations.push({ type: 'peak', description: JSON.stringify({ peak, periodPx }) });
  console.log(`grass tile peak ${peak.toFixed(2)} at ${periodPx.toFixed(1)} px`);
  expect(peak).toBeLessThan(2);
  expect(app.consoleErrors).toEqual([]);
});
