import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { openAdvanced, showPanel } from '../panel';

/** What the two views last reported drawing (their data-drawn-version). */
export function drawnVersions(page: Page): Promise<[number, number]> {
  return page.evaluate(() => [
    Number(document.querySelector<HTMLElement>('[data-testid="viewport-3d"]')?.dataset.drawnVersion ?? -1),
    Number(document.querySelector<HTMLElement>('[data-testid="map-2d"]')?.dataset.drawnVersion ?? -1),
  ]);
}

/** Waits until both views have drawn the same version, newer than `after`. */
export async function waitForBothViewsDrawn(page: Page, after: number, timeout = 60_000): Promise<number> {
  const handle = await page.waitForFunction(
    (previous) => {
      const v3d = Number(document.querySelector<HTMLElement>('[data-testid="viewport-3d"]')?.dataset.drawnVersion ?? -1);
      const v2d = Number(document.querySelector<HTMLElement>('[data-testid="map-2d"]')?.dataset.drawnVersion ?? -1);
      return v3d > previous && v3d === v2d ? v3d : false;
    },
    after,
    { polling: 'raf', timeout },
  );
  return Number(await handle.jsonValue());
}

/**
 * Fills the generate form (a size outside the presets goes through the custom width and depth) with
 * the classic preset: fault formation only, so timings measure the fast formation and views, not erosion.
 */
export async function fillGenerateForm(page: Page, size: number, iterations: number, seed: number): Promise<void> {
  await showPanel(page, 'generate');
  await page.getByTestId('gen-preset').selectOption('classic');
  await openAdvanced(page);
  const presets = await page
    .getByTestId('gen-size')
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  if (presets.includes(String(size))) {
    await page.getByTestId('gen-size').selectOption(String(size));
  } else {
    await page.getByTestId('gen-width').fill(String(size));
    await page.getByTestId('gen-depth').fill(String(size));
  }
  await page.getByTestId('gen-iterations').fill(String(iterations));
  await page.getByTestId('gen-seed').fill(String(seed));
}

/** Clicks Run and returns the wall time until both views drew the result, in ms. */
export async function runGenerateAndWait(page: Page, timeout = 120_000): Promise<number> {
  const [before3d, before2d] = await drawnVersions(page);
  await showPanel(page, 'generate');
  const start = Date.now();
  await page.getByTestId('gen-run').click();
  await waitForBothViewsDrawn(page, Math.max(before3d, before2d), timeout);
  return Date.now() - start;
}

/** Selects the raise brush with the given radius (m) and strength. */
export async function chooseRaiseBrush(page: Page, radiusM: number, strength: number): Promise<void> {
  await page.keyboard.press('b');
  await expect(page.getByTestId('tool-brush')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('brush-mode').selectOption('raise');
  await page.getByTestId('brush-radius').fill(String(radiusM));
  await page.getByTestId('brush-strength').fill(String(strength));
}

/** A left-button drag between two points given as fractions of the element's box. */
export async function dragAcross(page: Page, testId: string, from: [number, number], to: [number, number], steps = 8): Promise<void> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not visible`);
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1], { steps });
  await page.mouse.up();
}

/**
 * The exact surface height the status bar reports under a point of the 2D panel (fractions of its box).
 * The pointer leaves and comes back so the readout is recomputed from the current heights.
 */
export async function heightUnder2dPoint(page: Page, at: [number, number]): Promise<number> {
  const box = await page.getByTestId('map-2d').boundingBox();
  if (!box) throw new Error('2D panel is not visible');
  const x = box.x + box.width * at[0];
  const y = box.y + box.height * at[1];
  const readout = page.getByTestId('hover-readout');
  await page.mouse.move(x + 25, y + 25);
  await page.mouse.move(x, y);
  await expect(readout).toHaveAttribute('data-h', /\d/);
  return Number(await readout.getAttribute('data-h'));
}

/**
 * Records when the page reports that its recovery journal could not be written: this test bridge
 * refuses payloads over WIRE_MAX_BYTES (an 8193² map), where Electron's IPC would carry them.
 */
export function watchJournalRefusals(page: Page): number[] {
  const times: number[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Could not write the recovery journal')) times.push(Date.now());
  });
  return times;
}

/** The recovery journal's state after a change: when the app last tried to journal it. */
export interface JournalWatch {
  userDataDir: string;
  lastChangeMs: number;
  /** Times of refused journal writes (watchJournalRefusals); a refusal after the change ends the wait too. */
  refusals?: readonly number[];
}

/**
 * Waits until the crash-recovery journal (written ~2 s after the last change: the renderer copies
 * the whole document and main writes it atomically) holds a snapshot newer than the change and no
 * temp file is left, or the bridge refused it. Until then the app is not at rest, and the test's
 * user-data folder is in use. Returns whether the journal was written or refused within the timeout.
 */
export async function waitForRecoveryJournal(journal: JournalWatch, timeoutMs = 60_000): Promise<boolean> {
  const folder = path.join(journal.userDataDir, 'recovery');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (journal.refusals?.some((t) => t >= journal.lastChangeMs)) return true;
    const names = await readdir(folder).catch(() => [] as string[]);
    const info = await stat(path.join(folder, 'current.json')).catch(() => null);
    if (info && info.mtimeMs >= journal.lastChangeMs && !names.some((n) => n.endsWith('.tmp'))) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/**
 * Lets the app go idle: pointer away, the recovery journal of the last change written (or refused),
 * a full garbage collection, then a pause for deferred work.
 */
export async function settle(page: Page, pauseMs: number, journal: JournalWatch | null): Promise<void> {
  await page.mouse.move(0, 0);
  if (journal && !(await waitForRecoveryJournal(journal))) throw new Error('the recovery journal of the last change was never written');
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('HeapProfiler.collectGarbage');
  } finally {
    await session.detach();
  }
  await page.waitForTimeout(pauseMs);
}

/**
 * Asks Chromium to release what it can, as the OS does under memory pressure (freed allocator pages,
 * caches, upload pools), then waits a moment: the memory a long-idle app settles to.
 */
export async function simulateMemoryPressure(page: Page, pauseMs = 1500): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Memory.simulatePressureNotification', { level: 'critical' });
    await session.send('HeapProfiler.collectGarbage');
  } finally {
    await session.detach();
  }
  await page.waitForTimeout(pauseMs);
}

/** Mean animation-frame interval while the camera orbits (the viewport renders on demand, so it must move). */
export async function orbitFrameTime(page: Page): Promise<{ meanFrameMs: number; frames: number }> {
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
