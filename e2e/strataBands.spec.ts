import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TERRAIN_PRESETS } from '../shared/presets/terrainPresets';
import { strataReader, type Strata } from '../shared/terrain/strata';
import { runGenerateAndWait } from './perf/appActions';
import { showPanel } from './panel';
import { viewportShot } from './pixels';

// Mesas' cliffs seen from beside them: the rock bands are its own beds (issue 35, "rock strata visible as
// colour bands on cliffs"). Every pixel of the 3D view sampled on a grid is picked (the hover readout's
// exact surface point, all in one pass in the page), placed in Mesas' strata, and its colour read off the screenshot: the caprock must
// show pale and the red must lie in the soft shale, where the beds are, not where the climate's
// even repeating stripes of 7, 3, 9, 2.5, 6 and 4 m fall.

const SIZE = 257;

/** Mesas' strata at this size, as its Run writes them into the fluvial layer. */
function mesaStrata(): Strata {
  const preset = TERRAIN_PRESETS.find((p) => p.id === 'mesas')!;
  const step = preset.build({ width: SIZE, depth: SIZE, cellSize: 2, seed: 1 }).finishing.find((s) => s.kind === 'fluvial');
  if (!step || step.kind !== 'fluvial' || !step.strata) throw new Error('Mesas has no fluvial strata');
  return step.strata;
}

/** RGB of a screenshot's pixels, decoded in the page. */
async function decode(page: Page, png: Buffer): Promise<{ width: number; data: number[] }> {
  return page.evaluate(async (data) => {
    const { width, data: pixels } = await window.__faultlineDecodePng(data);
    return { width, data: Array.from(pixels) };
  }, png.toString('base64'));
}

/** Green over red: the shale's red is about 0.5, the caprock's ochre-buff about 0.75 (shared/ground/climate.ts bedColours). */
const RED_BELOW = 0.62;

// The map is generated first: the cheaper 65² start (the default terrain is never looked at).
test.use({ viewport: { width: 1600, height: 1000 }, startSize: 65 });

test('Mesas’ cliffs show the caprock pale and the shale red, where its strata put them', async ({ app }) => {
  test.setTimeout(600_000);
  const { page } = app;
  await showPanel(page, 'generate');
  await page.getByTestId('gen-preset').selectOption('mesas');
  await page.getByTestId('gen-size').selectOption(String(SIZE));
  await runGenerateAndWait(page, 300_000);
  await expect(page.getByTestId('status-size')).toHaveText(`${SIZE} × ${SIZE} vertices`);
  // Down among the escarpments, looking across them (presetTour.spec.ts's close-up).
  const viewport = page.getByTestId('viewport-3d');
  const box = (await viewport.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // One wheel and one move: the orbit's zoom and turn grow with the distance the wheel and the pointer
  // travel, so this is six wheel steps of 300 and a drag in 8 steps in one, and each event costs a frame
  // of software rendering at 1600 × 1000.
  await page.mouse.move(cx, cy);
  await page.mouse.wheel(0, -1800);
  await page.mouse.down({ button: 'middle' });
  await page.mouse.move(cx + 30, cy - 110);
  await page.mouse.up({ button: 'middle' });
  const shot = await decode(page, await viewportShot(page));

  const strata = mesaStrata();
  const reader = strataReader(strata);
  const tops = [strata.beds[0].thickness, reader.period];
  const capHardness = Math.max(...strata.beds.map((bed) => bed.hardness));
  // The grid's pixels, picked in one pass in the page: a pointer move on the view's canvas, then the hover
  // readout once it has changed (a miss, the sky, leaves it empty).
  const pixels: Array<[number, number]> = [];
  for (let v = 0.3; v < 0.97; v += 0.04) for (let u = 0.03; u < 0.98; u += 0.04) pixels.push([Math.round(box.width * u), Math.round(box.height * v)]);
  const picks = await page.evaluate(
    async ({ pixels, left, top }) => {
      const canvas = document.querySelector('[data-testid="viewport-3d"] canvas')!;
      const readout = document.querySelector('[data-testid="hover-readout"]')!;
      const read = () => ({
        x: readout.getAttribute('data-x'),
        z: readout.getAttribute('data-z'),
        h: readout.getAttribute('data-h'),
        source: readout.getAttribute('data-source'),
      });
      const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
      const found = [];
      for (const [px, py] of pixels) {
        const before = read().x;
        canvas.dispatchEvent(
          new PointerEvent('pointermove', { clientX: left + px + 0.5, clientY: top + py + 0.5, bubbles: true, pointerType: 'mouse', isPrimary: true }),
        );
        await tick();
        let hit = read();
        for (let tries = 0; tries < 50 && hit.x === before && hit.source !== null; tries++) {
          await tick();
          hit = read();
        }
        found.push(hit);
      }
      return found;
    },
    { pixels, left: box.x, top: box.y },
  );
  const cap = { red: 0, pale: 0, all: 0 };
  const shale = { red: 0, all: 0 };
  for (const [k, [px, py]] of pixels.entries()) {
    const hit = picks[k];
    if (hit.h === null || hit.source !== '3d') continue;
    const [x, z, h] = [Number(hit.x), Number(hit.z), Number(hit.h)];
    const e = h - reader.gx * x - reader.gz * z - strata.base;
    const r = e - Math.floor(e / reader.period) * reader.period;
    // Clear of the beds' boundaries by 1.5 m (a pixel's pick and its colour are a pixel apart on a cliff).
    if (tops.some((top) => Math.abs(r - top) < 1.5) || r < 1.5) continue;
    const p = (py * shot.width + px) * 4;
    const [R, G] = [shot.data[p], shot.data[p + 1]];
    const red = G / Math.max(1, R) < RED_BELOW;
    if (strata.beds[reader.bedAtElevation(e)].hardness === capHardness) {
      cap.all++;
      if (red) cap.red++;
      else cap.pale++;
    } else {
      shale.all++;
      if (red) shale.red++;
    }
  }
  console.log(`Mesas' cliffs, pixels by bed: caprock ${JSON.stringify(cap)}, shale ${JSON.stringify(shale)}`);
  // The caprock is in view and shows pale; the red is the shale's.
  expect(cap.all).toBeGreaterThan(20);
  expect(cap.red / cap.all).toBeLessThan(0.1);
  expect(shale.red).toBeGreaterThan(20);
  expect(shale.red / (shale.red + cap.red)).toBeGreaterThan(0.9);
  expect(app.consoleErrors).toEqual([]);
});
