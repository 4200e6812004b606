import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseProject } from '../shared/codecs/project';
import { evaluateStack } from '../shared/layers/evaluate';
import { slopeStats } from '../shared/terrain/slopeStats';
import { DEFAULT_PRESET_ID } from '../shared/presets/terrainPresets';
import { expect, sendMenuCommand, test } from './fixtures';
import { reviewShot } from './reviewShot';
import { showPanel } from './panel';
import { chooseModel, holdThrottle, readHud, type Hud } from './driveHud';

test.use({ viewport: { width: 1600, height: 1000 } });

test('Run with the default preset makes natural, drivable land: slopes, replay, and a two-second drive', async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  const folder = await mkdtemp(path.join(tmpdir(), 'faultline-natural-'));
  try {
    await reviewShot(page, 'natural-terrain', '1-default-start.png');
    await expect(page.getByTestId('gen-preset')).toHaveValue(DEFAULT_PRESET_ID);

    // A new seed with the default preset (the form's defaults), as a new user would press Run.
    await page.getByTestId('gen-seed').fill('2026');
    await page.getByTestId('gen-run').click();
    await expect(page.getByTestId('status-undo')).toContainText('Generate');
    await expect.poll(() => page.evaluate(() => document.title)).toContain('•');

    // Saved to a real file: the slope statistic holds for the terrain the app made, and the
    // project's layers evaluate to exactly those heights.
    const file = path.join(folder, 'natural.faultline');
    app.dialogs.queueSave(file);
    await sendMenuCommand(page, 'file.saveAs');
    await expect.poll(() => page.evaluate(() => document.title)).toBe('natural.faultline — Faultline');
    const saved = parseProject(new Uint8Array(await readFile(file)), 'natural.faultline');
    expect(saved.recipe?.seed).toBe(2026);
    expect(saved.layers?.map((layer) => layer.kind)).toEqual(['faults', 'hydraulic', 'thermal', 'smooth']);
    const stats = slopeStats(saved.field, 30);
    expect(stats.fractionUnder).toBeGreaterThanOrEqual(0.7);
    expect(stats.maxDeg).toBeLessThan(60);
    const { width, depth, cellSize } = saved.field;
    const replayed = evaluateStack(saved.layers ?? [], { width, depth, cellSize });
    expect(replayed && Buffer.from(replayed.buffer).equals(Buffer.from(saved.field.heights.buffer))).toBe(true);
    await reviewShot(page, 'natural-terrain', '2-generated.png');

    // Test drive on what was just made: it spawns drivable and goes for two seconds without a stop
    // (the kinematic car, whose slope limit decides "stopped"; the physics car has its own spec).
    await chooseModel(page, 'kinematic');
    await page.keyboard.press('g');
    await expect(page.getByTestId('drive-hud')).toHaveAttribute('data-mode', 'drive');
    await expect(page.getByTestId('drive-hud')).toHaveAttribute('data-x', /\d/);
    const start = await readHud(page);
    expect(start.stopped).toBe(false);
    // Two seconds of throttle, held longer (up to ten) when a loaded machine draws few frames: the drive
    // caps each frame's step, so it can simulate less time than the wall clock shows.
    const samples = await holdThrottle(page, 2000);
    const moved = (hud: Hud): number => Math.hypot(hud.x - start.x, hud.z - start.z);
    for (let held = 2000; held < 10_000 && moved(samples[samples.length - 1]) <= 3; held += 2000) samples.push(...(await holdThrottle(page, 2000)));
    for (const sample of samples) expect(sample.stopped).toBe(false);
    const end = samples[samples.length - 1];
    expect(end.stops).toBe(0);
    expect(moved(end)).toBeGreaterThan(3);
    await reviewShot(page, 'natural-terrain', '3-driving.png');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('drive-hud')).toBeHidden();

    // Erosion on the current terrain: a worker job, one undo entry, undone exactly.
    const undoBefore = await page.getByTestId('status-undo').textContent();
    await showPanel(page, 'sculpt');
    await page.getByTestId('erode-thermal-iterations').fill('15');
    await page.getByTestId('erode-thermal-run').click();
    await expect(page.getByTestId('status-undo')).toContainText('Thermal erosion (15 × 35°)');
    await page.getByTestId('erode-hydraulic-droplets').fill('20000');
    await page.getByTestId('erode-hydraulic-run').click();
    await expect(page.getByTestId('status-undo')).toContainText('Hydraulic erosion (20,000 droplets)');
    await reviewShot(page, 'natural-terrain', '4-eroded-again.png');
    await page.getByTestId('cmd-edit.undo').click();
    await page.getByTestId('cmd-edit.undo').click();
    await expect(page.getByTestId('status-undo')).toHaveText(undoBefore ?? '');
    expect(app.consoleErrors).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
