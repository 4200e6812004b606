import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { fitMapView, worldToCanvas } from '../app/map2d/mapTransform';
import { fitRoad } from '../shared/roads/fittedRoad';
import { REPORT_CSV_COLUMNS } from '../shared/roads/report';
import { REPORT_STATUS_COLOURS } from '../app/palette/overlayPalette';
import { createHeightfield } from '../shared/terrain/heightfield';
import { expect, sendMenuCommand, test } from './fixtures';
import { REVIEW_SHOTS, reviewShot } from './reviewShot';
import { showPanel } from './panel';
import { defaultTerrainWithRoad, E2E_ROAD } from './roadProject';

// The drive to the road's end runs at eight frames of drive time per drawn frame (fixtures `driveClock`). The
// test opens its own project first (the default terrain at 257² with a road): the start on the default preset
// at 65² is cheaper and never looked at.
test.use({ viewport: { width: 1600, height: 1000 }, driveClock: 8, startSize: 65 });

/** Distance from (x, z) to the nearest centreline station. */
function offCentre(line: { n: number; x: Float64Array; z: Float64Array }, x: number, z: number): number {
  let best = Infinity;
  for (let k = 0; k < line.n; k++) best = Math.min(best, Math.hypot(line.x[k] - x, line.z[k] - z));
  return best;
}

/** The exact height under world (x, z) from the 2D panel's hover readout (the panel fitted to the map). */
async function hoverHeight(page: Page, map2d: Locator, field: { width: number; depth: number; cellSize: number }, x: number, z: number): Promise<number> {
  const box = (await map2d.boundingBox())!;
  const at = worldToCanvas(fitMapView(field, Math.floor(box.width), Math.floor(box.height)), field, x, z);
  const readout = page.getByTestId('hover-readout');
  await page.mouse.move(box.x + 3, box.y + 3);
  await page.mouse.move(box.x + at.px, box.y + at.py);
  await expect(readout).toHaveAttribute('data-h', /\d/);
  return Number(await readout.getAttribute('data-h'));
}

/** Pixels of the 2D panel near each overlay colour. */
async function overlayPixels(page: Page, map2d: Locator): Promise<{ green: number; amber: number; red: number }> {
  const png = (await map2d.screenshot()).toString('base64');
  // The report's colours as the overlay palette gives them (app/palette/overlayPalette.ts).
  const rgb = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
  const colours = { ok: rgb(REPORT_STATUS_COLOURS.ok), near: rgb(REPORT_STATUS_COLOURS.near), flagged: rgb(REPORT_STATUS_COLOURS.flagged) };
  return page.evaluate(
    async ({ data, colours }) => {
      const px = (await window.__faultlineDecodePng(data)).data;
      const near = (p: number, [r, g, b]: number[]) => Math.abs(px[p] - r) + Math.abs(px[p + 1] - g) + Math.abs(px[p + 2] - b) < 30;
      const out = { green: 0, amber: 0, red: 0 };
      for (let p = 0; p < px.length; p += 4) {
        if (near(p, colours.ok)) out.green++;
        else if (near(p, colours.near)) out.amber++;
        else if (near(p, colours.flagged)) out.red++;
      }
      return out;
    },
    { data: png, colours },
  );
}

test('Drive this road: the car follows the road, the report and its overlay appear, CSV export, Smooth road profile and undo', async ({ app }) => {
  test.setTimeout(240_000);
  const { page } = app;
  const folder = await mkdtemp(path.join(tmpdir(), 'faultline-road-'));
  try {
    const { bytes, heights } = await defaultTerrainWithRoad();
    const field = createHeightfield(257, 257, 2, heights);
    const { line } = fitRoad(E2E_ROAD.params, heights, field);
    const project = path.join(folder, 'road.faultline');
    await writeFile(project, bytes);
    app.dialogs.queueOpen(project);
    await sendMenuCommand(page, 'file.open');
    await expect.poll(() => page.evaluate(() => document.title)).toBe('road.faultline — Faultline');

    // The report from the geometry alone, before any drive.
    await showPanel(page, 'roads');
    await expect(page.getByTestId('road-drive-section')).toHaveAttribute('data-road', 'road-1');
    const report = page.getByTestId('road-report');
    await expect(report).toHaveAttribute('data-source', 'geometry');
    const rows = Number(await report.getAttribute('data-rows'));
    expect(rows).toBe(Math.ceil(line.length / 10 - 1e-9));
    await expect(page.getByTestId('road-table').locator('tbody tr')).toHaveCount(rows);

    // The overlay in 2D: off until switched on (the road is drawn as a road), then coloured pixels
    // along the road, gone again when it is switched off.
    const map2d = page.getByTestId('map-2d');
    await expect(page.getByTestId('road-overlay')).not.toBeChecked();
    await expect.poll(async () => (await overlayPixels(page, map2d)).green).toBeLessThan(20);
    await page.getByTestId('road-overlay').check();
    await expect.poll(async () => (await overlayPixels(page, map2d)).green, { timeout: 10_000 }).toBeGreaterThan(100);
    await page.getByTestId('road-overlay').uncheck();
    await expect.poll(async () => (await overlayPixels(page, map2d)).green).toBeLessThan(20);
    await page.getByTestId('road-overlay').check();
    await expect.poll(async () => (await overlayPixels(page, map2d)).green).toBeGreaterThan(100);

    // Drive it: the car starts on the road's first point and the autopilot keeps it on the road.
    await page.getByTestId('road-drive').click();
    const hud = page.getByTestId('drive-hud');
    await expect(hud).toHaveAttribute('data-autopilot', 'driving');
    await expect(hud).toHaveAttribute('data-x', /\d/, { timeout: 30_000 });
    const first = { x: Number(await hud.getAttribute('data-x')), z: Number(await hud.getAttribute('data-z')) };
    expect(Math.hypot(first.x - line.x[0], first.z - line.z[0])).toBeLessThan(3);
    // The car's place at every drawn frame of the drive, recorded in the page (a HUD update each), not
    // polled from here. The drive runs eight frames' time per drawn frame (driveClock): the same fixed steps.
    await hud.evaluate((element) => {
      const trail: Array<[number, number]> = [];
      (window as unknown as { __hudTrail: typeof trail }).__hudTrail = trail;
      const note = () => trail.push([Number(element.getAttribute('data-x')), Number(element.getAttribute('data-z'))]);
      new MutationObserver(note).observe(element, { attributes: true, attributeFilter: ['data-x', 'data-z'] });
      note();
    });
    const trail = () => page.evaluate(() => (window as unknown as { __hudTrail: Array<[number, number]> }).__hudTrail);
    const farthest = (points: Array<[number, number]>) => Math.max(...points.map(([x, z]) => Math.hypot(x - first.x, z - first.z)));
    await expect.poll(async () => farthest(await trail()), { timeout: 60_000 }).toBeGreaterThan(60);
    await reviewShot(page, 'roads', 'drive-1600x1000.png');
    await expect.poll(() => hud.getAttribute('data-autopilot'), { timeout: 150_000 }).not.toBe('driving');
    await expect(hud).toHaveAttribute('data-autopilot', 'arrived');
    const path2d = await trail();
    // One point per drawn frame, each at most 8 × 0.25 s of drive time (MAX_FRAME_DT) after the one
    // before: at the design speed (40 km/h) never more than about 22 m apart, whatever the frame rate
    // (so at least one point per 25 m of road, however few frames a slow machine draws).
    expect(path2d.length).toBeGreaterThan(line.length / 25);
    const gaps = path2d.slice(1).map(([x, z], k) => Math.hypot(x - path2d[k][0], z - path2d[k][1]));
    expect(Math.max(...gaps)).toBeLessThan(25);
    const worst = Math.max(...path2d.map(([x, z]) => offCentre(line, x, z)));
    expect(worst).toBeLessThan(E2E_ROAD.params.width / 2);
    const last = { x: Number(await hud.getAttribute('data-x')), z: Number(await hud.getAttribute('data-z')) };
    expect(Math.hypot(last.x - line.x[line.n - 1], last.z - line.z[line.n - 1])).toBeLessThan(3);

    // The report now has the drive's speeds.
    await expect(report).toHaveAttribute('data-source', 'drive');
    await expect(page.getByTestId('road-summary')).toContainText('driven to the end');
    const speeds = await page.getByTestId('road-table').locator('tbody tr td:nth-child(6)').allTextContents();
    expect(speeds.filter((s) => Number(s) > 10).length).toBeGreaterThan(rows / 2);
    await reviewShot(page, 'roads', 'report-1600x1000.png');
    await page.keyboard.press('Escape');
    await expect(hud).toHaveCount(0);

    // Export the report as CSV: main writes it where the dialog says; it parses back to the same rows.
    const csvPath = path.join(folder, 'report.csv');
    app.dialogs.queueSave(csvPath);
    await page.getByTestId('road-export-csv').click();
    await expect(page.getByTestId('road-message')).toHaveText('Saved report.csv');
    const csv = (await readFile(csvPath, 'utf8')).trim().split('\n');
    expect(csv[0]).toBe(REPORT_CSV_COLUMNS.join(','));
    expect(csv.length - 1).toBe(rows);
    const froms = await page.getByTestId('road-table').locator('tbody tr td:nth-child(1)').allTextContents();
    expect(csv.slice(1).map((line) => Math.round(Number(line.split(',')[0])))).toEqual(froms.map((s) => Number(s)));
    const speedColumn = REPORT_CSV_COLUMNS.indexOf('max_speed_ms');
    expect(csv.slice(1).map((line) => Math.round(Number(line.split(',')[speedColumn]) * 3.6))).toEqual(speeds.map((s) => Number(s)));

    // Smooth road profile, then undo: the heights along the road change, then come back exactly.
    await page.keyboard.press('Home');
    const stations = [0.2, 0.35, 0.5, 0.65, 0.8].map((f) => Math.round(f * (line.n - 1)));
    const before: number[] = [];
    for (const k of stations) before.push(await hoverHeight(page, map2d, field, line.x[k], line.z[k]));
    await page.getByTestId('road-smooth').click();
    await expect(page.getByTestId('road-message')).toContainText('vertical curves', { timeout: 60_000 });
    await expect(page.getByTestId('status-undo')).toContainText('Smooth road profile');
    const smoothed: number[] = [];
    for (const k of stations) smoothed.push(await hoverHeight(page, map2d, field, line.x[k], line.z[k]));
    expect(smoothed.some((h, n) => h !== before[n])).toBe(true);
    await page.getByTestId('cmd-edit.undo').click();
    const undone: number[] = [];
    for (const k of stations) undone.push(await hoverHeight(page, map2d, field, line.x[k], line.z[k]));
    expect(undone).toEqual(before);

    // A flagged row (or any) clicked shows its segment; the report at the smaller window size.
    await page.setViewportSize({ width: 1280, height: 720 });
    const row = page
      .getByTestId('road-table')
      .locator('tbody tr')
      .nth(Math.floor(rows / 2));
    await row.click();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    if (REVIEW_SHOTS) await page.waitForTimeout(500);
    await reviewShot(page, 'roads', 'report-1280x720.png');
    await page.getByTestId('road-drive').click();
    await expect(hud).toHaveAttribute('data-autopilot', 'driving');
    await expect.poll(async () => Number(await hud.getAttribute('data-speed')), { timeout: 30_000 }).toBeGreaterThan(5);
    await reviewShot(page, 'roads', 'drive-1280x720.png');
    await page.keyboard.press('Escape');
    expect(app.consoleErrors).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
