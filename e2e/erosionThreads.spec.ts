import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseProject } from '../shared/codecs/project';
import { evaluateStack } from '../shared/layers/evaluate';
import { READY_SELECTOR, expect, sendMenuCommand, test, type FaultlineApp } from './fixtures';

/**
 * Opens the app with `?erosionThreads=N`, runs the default preset (faults, hydraulic, thermal) with seed 77 and saves it.
 * The page starts on the default preset at 65² (`startSize`, a cheaper start), and the Run is at 257², the window's
 * default size, chosen in the form (which takes the start's size).
 */
async function runAndSave(app: FaultlineApp, page: Page, threads: number, file: string): Promise<ReturnType<typeof parseProject>> {
  await page.goto(`/?erosionThreads=${threads}&startSize=65`);
  await page.locator(READY_SELECTOR).waitFor({ state: 'attached', timeout: 60_000 });
  await page.getByTestId('gen-size').selectOption('257');
  await page.getByTestId('gen-seed').fill('77');
  await page.getByTestId('gen-run').click();
  await expect(page.getByTestId('status-undo')).toContainText('Generate', { timeout: 60_000 });
  await expect(page.locator('html')).toHaveAttribute('data-erosion-threads', String(threads));
  app.dialogs.queueSave(file);
  await sendMenuCommand(page, 'file.saveAs');
  await expect.poll(() => page.evaluate(() => document.title)).toBe(`${path.basename(file)} — Faultline`);
  return parseProject(new Uint8Array(await readFile(file)), path.basename(file));
}

// The first page only answers crossOriginIsolated; each run opens the default terrain itself (runAndSave).
test.use({ startSize: 65 });

test('the window is cross-origin isolated, and a Run erodes on 2 workers with the bytes of 1', async ({ app }) => {
  test.setTimeout(180_000);
  const { page } = app;
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(await page.evaluate(() => typeof SharedArrayBuffer)).toBe('function');
  const folder = await mkdtemp(path.join(tmpdir(), 'faultline-threads-'));
  try {
    const one = await runAndSave(app, page, 1, path.join(folder, 'one.faultline'));
    const two = await runAndSave(app, page, 2, path.join(folder, 'two.faultline'));
    expect([two.field.width, two.field.depth]).toEqual([257, 257]);
    expect(two.layers?.map((layer) => layer.kind)).toEqual(['faults', 'hydraulic', 'thermal', 'smooth']);
    expect(two.field.heights.length).toBe(one.field.heights.length);
    expect(Buffer.from(two.field.heights.buffer).equals(Buffer.from(one.field.heights.buffer))).toBe(true);
    // …and those are the bytes its layer stack evaluates to on one thread here.
    const { width, depth, cellSize } = two.field;
    const replayed = evaluateStack(two.layers ?? [], { width, depth, cellSize });
    expect(replayed && Buffer.from(replayed.buffer).equals(Buffer.from(two.field.heights.buffer))).toBe(true);
    expect(app.consoleErrors).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
