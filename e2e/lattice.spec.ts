import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { compilePngHeightmap } from '../shared/codecs/png-heightmap';
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import { expect, READY_SELECTOR, sendMenuCommand, test, type FaultlineApp } from './fixtures';
import { viewportShot } from './pixels';

// No lattice (issue 34): the terrain shading adds no pattern at the period of the map's cells. Smooth
// analytic surfaces are imported and drawn at a far and a close camera, with the ground detail on
// and off (`?detail=off`); a small DFT along the image rows measures how much the power at the
// cells' screen period stands above its neighbouring frequencies.

const ARTIFACTS = path.resolve(__dirname, '.artifacts', 'lattice');
const SIDE = 129;
const CELL = 2;

/** h = f(x, z) in metres on a SIDE² grid of CELL-metre cells. */
function surface(f: (x: number, z: number) => number): Heightfield {
  const field = createHeightfield(SIDE, SIDE, CELL);
  for (let j = 0; j < SIDE; j++) for (let i = 0; i < SIDE; i++) field.heights[j * SIDE + i] = f(i * CELL, j * CELL);
  return field;
}

const RADIUS = 110;
const SURFACES: Record<string, Heightfield> = {
  // A plane rising 1 in 2 (26.6°) towards +x and 1 in 5 towards +z.
  plane: surface((x, z) => 0.5 * x + 0.2 * z),
  // A half cylinder along x (radius 110 m): every slope from level to 65° across z.
  cylinder: surface((_x, z) => Math.sqrt(Math.max(0, RADIUS * RADIUS - (z - 128) ** 2 * 0.82))),
  // A 1-in-1 plane whose cells step up and down by ±0.4 m alternately along both axes, as thermal
  // talus leaves steep faces: central-difference normals cancel the steps (the same parity either
  // side), so a lattice in its image could only come from the shading (lighting, detail).
  'stepped plane': surface((x, z) => x + 0.3 * z + 0.4 * (((x / CELL) % 2) * 2 - 1) + 0.4 * (((z / CELL) % 2) * 2 - 1)),
};

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'faultline-lattice-e2e-'));
  for (const [name, field] of Object.entries(SURFACES)) await writeFile(path.join(dir, `${name}.png`), compilePngHeightmap(field));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function openSurface(app: FaultlineApp, name: string, search: string): Promise<void> {
  const { page } = app;
  await page.goto(`/${search}`);
  await page.locator(READY_SELECTOR).waitFor({ state: 'attached', timeout: 60_000 });
  // The previous surface's recovery journal is offered after a reload: not wanted here.
  const discard = page.getByTestId('recovery-discard');
  if (await discard.isVisible({ timeout: 3_000 }).catch(() => false)) await discard.click();
  app.dialogs.queueOpen(path.join(dir, `${name}.png`));
  await sendMenuCommand(page, 'file.import');
  await page.getByTestId('import-confirm').click();
  await expect(page.getByTestId('status-undo')).toContainText(`Import ${name}.png`);
}

/** Reset Camera, then `steps` wheel notches towards the middle of the view. */
async function frameCamera(page: Page, steps: number): Promise<void> {
  await page.getByTestId('cmd-view.resetCamera').click();
  const box = (await page.getByTestId('viewport-3d').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let n = 0; n < steps; n++) await page.mouse.wheel(0, -300);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The cells' period on screen at the middle of the view (the scale bar measures at the orbit target), pixels. */
async function cellPeriodPx(page: Page): Promise<number> {
  const bar = page.getByTestId('scale-bar');
  return (CELL * Number(await bar.getAttribute('data-pixels'))) / Number(await bar.getAttribute('data-metres'));
}

async function shoot(page: Page, name: string): Promise<Buffer> {
  const shot = await viewportShot(page);
  await mkdir(ARTIFACTS, { recursive: true });
  await writeFile(path.join(ARTIFACTS, `${name}.png`), shot);
  return shot;
}

/**
 * How much the power at the cells' screen period (or twice it: steps that alternate from cell to
 * cell) stands above the frequencies around it, by a 256-point DFT along each row of the view's
 * central 256 × 96 pixels (Hann window, rows summed), for two signals: the luma of the image without
 * the detail (the shading's own lattice), and the detail's strength, (luma with − luma without)²,
 * which must not change from cell to cell. About 1 or less when nothing repeats at that period,
 * several times more for a lattice; the neighbours count as at least a one-unit sine (8-bit rounding
 * of an almost even surface is not a pattern anyone sees).
 */
async function cellPeaks(page: Page, withDetail: Buffer, without: Buffer, period: number): Promise<{ shading: number; detail: number }> {
  return page.evaluate(
    async ({ on, off, periodPx }) => {
      const N = 256;
      const rows = 96;
      const lumaOf = async (data: string) => {
        const pixels = (await window.__faultlineDecodePng(data, { width: N, height: rows })).data;
        const luma = new Float64Array(N * rows);
        for (let p = 0; p < N * rows; p++) luma[p] = 0.299 * pixels[p * 4] + 0.587 * pixels[p * 4 + 1] + 0.114 * pixels[p * 4 + 2];
        return luma;
      };
      const peakOf = (signal: Float64Array) => {
        const power = new Float64Array(N / 2);
        for (let y = 0; y < rows; y++) {
          const row = signal.subarray(y * N, (y + 1) * N);
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
        const floor = rows * (N / 4) ** 2;
        const peakAt = (cells: number) => {
          const k = N / (periodPx * cells);
          return band(k * 0.9, k * 1.1) / Math.max((band(k * 0.6, k * 0.8) + band(k * 1.25, k * 1.6)) / 2, floor);
        };
        return Math.max(peakAt(1), peakAt(2));
      };
      const [withLuma, withoutLuma] = await Promise.all([lumaOf(on), lumaOf(off)]);
      return { shading: peakOf(withoutLuma), detail: peakOf(withLuma.map((v, p) => (v - withoutLuma[p]) ** 2)) };
    },
    { on: withDetail.toString('base64'), off: without.toString('base64'), periodPx: period },
  );
}

test.describe('no lattice at the cells’ period', () => {
  test.use({ viewport: { width: 1280, height: 800 }, startSize: 65 });
  for (const name of Object.keys(SURFACES)) {
    test(`${name}: the ground detail adds nothing periodic at the cell size, far and close`, async ({ app }) => {
      test.setTimeout(240_000);
      const { page } = app;
      const shots: Record<string, Buffer> = {};
      const periods: Record<string, number> = {};
      for (const detail of ['on', 'off'] as const) {
        // Each start is on the default preset at 65² (cheaper; the surface imported over it is what is looked at).
        await openSurface(app, name, detail === 'off' ? '?detail=off&startSize=65' : '?startSize=65');
        for (const [camera, steps] of [
          ['far', 0],
          ['close', 10],
        ] as const) {
          await frameCamera(page, steps);
          periods[camera] = await cellPeriodPx(page);
          shots[`${camera} ${detail}`] = await shoot(page, `${name}-${camera}-detail-${detail}`);
        }
      }
      for (const camera of ['far', 'close']) {
        // The cells must be resolved on screen for the measure to mean anything.
        expect(periods[camera], `${camera}: cell period on screen`).toBeGreaterThan(2.5);
        const peaks = await cellPeaks(page, shots[`${camera} on`], shots[`${camera} off`], periods[camera]);
        test.info().annotations.push({ type: `${camera} peaks`, description: JSON.stringify({ ...peaks, periodPx: periods[camera] }) });
        expect(peaks.shading, `${camera}: the shading without detail repeats at the cells' period`).toBeLessThan(2);
        expect(peaks.detail, `${camera}: the detail's strength changes from cell to cell`).toBeLessThan(2);
      }
      expect(app.consoleErrors).toEqual([]);
    });
  }
});
