import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { pixelDifference, viewportShot } from './pixels';

/** Review screenshots (the view live and at rest at 1600 × 1000), taken only when FAULTLINE_SHOTS names a folder. */
const SHOTS = process.env.FAULTLINE_SHOTS ? path.resolve(process.env.FAULTLINE_SHOTS, 'ctxrest') : undefined;

// The app's own delay is a minute; the test rests the view after 5 s (`?viewRest=5000`).
test.use({ startSize: 65, viewRest: 5000 });

/** Whether the 3D view's WebGL context is lost now. */
const contextLost = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="viewport-3d"] canvas[data-engine]')!;
    return (canvas.getContext('webgl2') as WebGL2RenderingContext).isContextLost();
  });

/** Records every phase the view goes through (`window.__restPhases`) and, for the next press on the view, the phase it came in (`window.__restAtPress`). */
const recordPhases = (page: Page) =>
  page.evaluate(() => {
    const element = document.querySelector<HTMLElement>('[data-testid="viewport-3d"]')!;
    const log: string[] = [];
    (window as unknown as { __restPhases: string[] }).__restPhases = log;
    const observer = new MutationObserver(() => log.push(element.dataset.viewRest ?? ''));
    observer.observe(element, { attributes: true, attributeFilter: ['data-view-rest'] });
  });
const restsSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { __restPhases: string[] }).__restPhases.filter((phase) => phase === 'releasing').length);
const pressPhase = {
  arm: (page: Page) =>
    page.evaluate(() => {
      const element = document.querySelector<HTMLElement>('[data-testid="viewport-3d"]')!;
      const w = window as unknown as { __restAtPress: string | null };
      w.__restAtPress = null;
      // On the window, so it runs before the view's own listeners (which wake it).
      window.addEventListener('pointerdown', () => (w.__restAtPress = element.dataset.viewRest ?? ''), { capture: true, once: true });
    }),
  read: (page: Page) => page.evaluate(() => (window as unknown as { __restAtPress: string | null }).__restAtPress),
};

test('at rest the 3D view shows its last frame as the same pixels and lets its context go; a drag brings it back and orbits as if it had never gone', async ({
  app,
}) => {
  const { page } = app;
  const view = page.getByTestId('viewport-3d');
  if (SHOTS) await page.setViewportSize({ width: 1600, height: 1000 });
  await recordPhases(page);
  await viewportShot(page);
  // The pointer waits over the view's centre, where the drag below starts: its press is the first event at rest.
  const box = (await view.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

  /** A screenshot of the view drawn live: woken by a key press (no camera change), taken with no rest in between. */
  const liveShot = async (name?: string) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.keyboard.press('Shift');
      await expect(view).toHaveAttribute('data-view-rest', 'live');
      const rests = await restsSoFar(page);
      const shot = await view.screenshot();
      if ((await restsSoFar(page)) !== rests || (await view.getAttribute('data-view-rest')) !== 'live') continue;
      if (name) await view.screenshot({ path: path.join(SHOTS!, name) });
      return shot;
    }
    throw new Error('the view rested during every live screenshot');
  };
  const live = await liveShot(SHOTS && 'view-live-1600x1000.png');

  // No input, no job: after the rest delay (5 s) the still image stands in and the context is gone.
  await expect(view).toHaveAttribute('data-view-rest', 'resting', { timeout: 30_000 });
  await expect(page.getByTestId('viewport-still')).toHaveCount(1);
  expect(await contextLost(page)).toBe(true);
  const resting = await view.screenshot();
  if (SHOTS) await view.screenshot({ path: path.join(SHOTS, 'view-at-rest-1600x1000.png') });
  // Exactly the pixels of the live view.
  expect((await pixelDifference(page, live, resting, 0)).differingShare).toBe(0);

  // A drag that starts while the view is away (the phase at the press is recorded in the page).
  const drag = async () => {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 60, { steps: 2 });
    await page.mouse.up();
  };
  await pressPhase.arm(page);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2 + 60, { steps: 2 });
  await page.mouse.up();
  expect(await pressPhase.read(page)).toBe('resting');
  await expect(view).toHaveAttribute('data-view-rest', 'live');
  await expect(page.getByTestId('viewport-still')).toHaveCount(0);
  expect(await contextLost(page)).toBe(false);
  expect(Number(await view.getAttribute('data-view-restore-ms'))).toBeGreaterThan(0);
  const orbitedFromRest = await viewportShot(page);
  expect((await pixelDifference(page, live, orbitedFromRest)).differingShare).toBeGreaterThan(0.1);

  // The same drag on the live view from the same framing turns the camera to the same image.
  let pressedLive = false;
  for (let attempt = 0; attempt < 3 && !pressedLive; attempt++) {
    await page.getByTestId('cmd-view.resetCamera').click();
    await expect.poll(async () => (await pixelDifference(page, live, await viewportShot(page))).differingShare).toBeLessThan(0.002);
    await page.keyboard.press('Shift');
    await expect(view).toHaveAttribute('data-view-rest', 'live');
    await pressPhase.arm(page);
    await drag();
    pressedLive = (await pressPhase.read(page)) === 'live';
  }
  expect(pressedLive).toBe(true);
  const orbitedLive = await viewportShot(page);
  expect((await pixelDifference(page, orbitedFromRest, orbitedLive)).differingShare).toBeLessThan(0.002);
});
