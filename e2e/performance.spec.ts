import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * Performance figures for the generate → draw loop, REPORTED (annotations, an attachment and the
 * console), never asserted: rendering here is software and CI machines vary. Only functional facts
 * are checked: both views drew the new version and the terrain stays within the triangle budget.
 * Sizes: 257² (the baseline), 1025² (the largest full-resolution mesh) and 4097², a real game map
 * drawn with level of detail (whose triangle count is also unit-tested).
 */
const SIZES = [257, 1025, 4097] as const;
const ITERATIONS = 1000;
const TRIANGLE_BUDGET = 2_000_000;

interface SizeFigures {
  size: number;
  runToDrawnMs: number;
  triangles: number;
  meanFrameMs: number;
  frames: number;
  /** The page's JS heap after drawing, in MB (NaN when the browser does not expose it). */
  jsHeapMb: number;
}

/** Used JS heap of the page: `performance.memory` in Chromium, else the DevTools protocol's metrics. */
async function jsHeapUsedMb(page: Page): Promise<number> {
  const fromPage = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize);
  if (typeof fromPage === 'number' && fromPage > 0) return fromPage / (1024 * 1024);
  try {
    const session = await page.context().newCDPSession(page);
    await session.send('Performance.enable');
    const { metrics } = await session.send('Performance.getMetrics');
    await session.detach();
    const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;
    return used !== undefined ? used / (1024 * 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function drawnVersions(page: Page): Promise<[string, string]> {
  return page.evaluate(() => [
    document.querySelector<HTMLElement>('[data-testid="viewport-3d"]')?.dataset.drawnVersion ?? '',
    document.querySelector<HTMLElement>('[data-testid="map-2d"]')?.dataset.drawnVersion ?? '',
  ]);
}

/** Generates at `size` and measures wall time from the click on Run until both views report the new version. */
async function runAndTime(page: Page, size: number): Promise<number> {
  await page.getByTestId('gen-size').selectOption(String(size));
  await page.getByTestId('gen-iterations').fill(String(ITERATIONS));
  await page.getByTestId('gen-seed').fill('4242');
  const before = await drawnVersions(page);
  const start = Date.now();
  await page.getByTestId('gen-run').click();
  await page.waitForFunction(
    ([v3d, v2d]) => {
      const drawn3d = document.querySelector<HTMLElement>('[data-testid="viewport-3d"]')?.dataset.drawnVersion;
      const drawn2d = document.querySelector<HTMLElement>('[data-testid="map-2d"]')?.dataset.drawnVersion;
      return drawn3d !== undefined && drawn2d !== undefined && drawn3d !== v3d && drawn2d !== v2d;
    },
    before,
    { polling: 'raf', timeout: 60_000 },
  );
  return Date.now() - start;
}

/** Mean animation-frame interval while the camera orbits (the viewport renders on demand, so it must move). */
async function orbitFrameTime(page: Page): Promise<{ meanFrameMs: number; frames: number }> {
  const view = page.getByTestId('viewport-3d');
  const box = await view.boundingBox();
  if (!box) throw new Error('viewport is not visible');
  await page.evaluate(() => {
    const w = window as unknown as { __frameStamps: number[]; __frameTiming: boolean };
    w.__frameStamps = [];
    w.__frameTiming = true;
    const tick = (t: number) => {
      if (!w.__frameTiming) return;
      w.__frameStamps.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const y = box.y + box.height * 0.5;
  await page.mouse.move(box.x + box.width * 0.4, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, y, { steps: 30 });
  await page.mouse.up();
  const stamps = await page.evaluate(() => {
    const w = window as unknown as { __frameStamps: number[]; __frameTiming: boolean };
    w.__frameTiming = false;
    return w.__frameStamps;
  });
  const frames = stamps.length - 1;
  return { meanFrameMs: frames > 0 ? (stamps[stamps.length - 1] - stamps[0]) / frames : Number.NaN, frames };
}

test.describe('performance (reported, not asserted)', () => {
  test('run → drawn time, triangles and frame time at 257², 1025² and 4097²', async ({ app }) => {
    test.setTimeout(180_000);
    const { page } = app;
    const figures: SizeFigures[] = [];
    for (const size of SIZES) {
      const runToDrawnMs = await runAndTime(page, size);
      await expect(page.getByTestId('status-size')).toContainText(String(size));
      const triangles = Number(await page.getByTestId('viewport-3d').getAttribute('data-triangles'));
      expect(triangles).toBeGreaterThan(0);
      expect(triangles).toBeLessThanOrEqual(TRIANGLE_BUDGET);
      const frame = await orbitFrameTime(page);
      expect(frame.frames).toBeGreaterThan(0);
      figures.push({ size, runToDrawnMs, triangles, ...frame, jsHeapMb: await jsHeapUsedMb(page) });
    }
    const baseline = figures[0];
    for (const f of figures) {
      const line = `${f.size}²: Run ${ITERATIONS} iterations → both views drawn ${f.runToDrawnMs} ms; ${f.triangles} triangles; mean frame ${f.meanFrameMs.toFixed(1)} ms over ${f.frames} frames (×${(f.meanFrameMs / baseline.meanFrameMs).toFixed(2)} vs ${baseline.size}²); JS heap ${f.jsHeapMb.toFixed(0)} MB`;
      test.info().annotations.push({ type: 'performance', description: line });
      console.log(`[performance] ${line}`);
    }
    await test.info().attach('performance.json', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
    expect(app.consoleErrors).toEqual([]);
  });
});
