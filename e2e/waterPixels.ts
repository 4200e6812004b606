/** Test support: how much of what the water changes in a view is water-blue (e2e/water.spec.ts, rivers.spec.ts). */
import type { Page } from '@playwright/test';
import { viewportShot } from './pixels';

/** Lets the views draw what changed (the 3D view renders on demand, the 2D panel in the next frame). */
export async function frames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))));
}

/**
 * A screenshot of the 3D view once it stops changing: the lighting of new heights comes in a moment
 * after they are drawn, and the first shot may be taken before its job has even started.
 */
export async function settledViewportShot(page: Page): Promise<Buffer> {
  let shot = await viewportShot(page);
  for (let tries = 0; tries < 20; tries++) {
    await page.waitForTimeout(400);
    const next = await viewportShot(page);
    if (next.equals(shot)) return next;
    shot = next;
  }
  throw new Error('the 3D view kept changing');
}

/**
 * Two screenshots of one element, with water shown and hidden: how many pixels differ, and how many
 * of those are water-blue with water shown — `absolute`: blue and green both above red (over a grey map,
 * where red = green = blue; a river blended in at opacity a adds 104·a to green over red and 150·a to blue,
 * a lake (its blue-green by absorption, app/water/lakeColours.ts) about 50·a to blue and 80·a to green, and
 * the faintest pixels that change the grey by more than the 24 levels (a ≈ 0.1) gain 5 or more); else bluer
 * than without the water (blue gains on red by 15 levels or more: over coloured, lit ground the water is a
 * translucent tint).
 */
export async function waterPixels(page: Page, shown: Buffer, hidden: Buffer, absolute: boolean): Promise<{ changed: number; blue: number }> {
  return page.evaluate(
    async ({ a, b, absolute }) => {
      const decode = async (data: string) => {
        return (await window.__faultlineDecodePng(data)).data;
      };
      const on = await decode(a);
      const off = await decode(b);
      let changed = 0;
      let blue = 0;
      for (let p = 0; p < on.length; p += 4) {
        const difference = Math.abs(on[p] - off[p]) + Math.abs(on[p + 1] - off[p + 1]) + Math.abs(on[p + 2] - off[p + 2]);
        if (difference <= 24) continue;
        changed++;
        if (absolute ? on[p + 2] > on[p] + 4 && on[p + 1] > on[p] + 4 : on[p + 2] - on[p] - (off[p + 2] - off[p]) > 15) blue++;
      }
      return { changed, blue };
    },
    { a: shown.toString('base64'), b: hidden.toString('base64'), absolute },
  );
}

/**
 * Pixels of a screenshot within `tolerance` (sum of channel differences) of colour `hex` ('#rrggbb'):
 * how many, and the centre of their bounding box as a share of the shot's width and height.
 */
export async function colourPixels(page: Page, shot: Buffer, hex: string, tolerance = 30): Promise<{ count: number; centreX: number; centreY: number }> {
  return page.evaluate(
    async ({ data, hex, tolerance }) => {
      const bitmap = await window.__faultlineDecodePng(data);
      const pixels = bitmap.data;
      const want = [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
      let count = 0;
      let x0 = Infinity;
      let x1 = -Infinity;
      let y0 = Infinity;
      let y1 = -Infinity;
      for (let p = 0; p < pixels.length; p += 4) {
        if (Math.abs(pixels[p] - want[0]) + Math.abs(pixels[p + 1] - want[1]) + Math.abs(pixels[p + 2] - want[2]) > tolerance) continue;
        count++;
        const x = (p / 4) % bitmap.width;
        const y = Math.floor(p / 4 / bitmap.width);
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
      }
      return { count, centreX: (x0 + x1) / 2 / bitmap.width, centreY: (y0 + y1) / 2 / bitmap.height };
    },
    { data: shot.toString('base64'), hex, tolerance },
  );
}
