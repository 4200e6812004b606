import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** A click at a point of a view given as fractions of its box. */
export async function clickAt(page: Page, view: Locator, fx: number, fy: number): Promise<void> {
  const box = (await view.boundingBox())!;
  await page.mouse.click(box.x + fx * box.width, box.y + fy * box.height);
}

/** The exact height under a point of the 2D panel, from the hover readout, as its text (bit-exact). */
export async function heightAt(page: Page, map2d: Locator, fx: number, fy: number): Promise<string> {
  const box = (await map2d.boundingBox())!;
  const readout = page.getByTestId('hover-readout');
  await page.mouse.move(box.x + 3, box.y + 3);
  await page.mouse.move(box.x + fx * box.width, box.y + fy * box.height);
  await expect(readout).toHaveAttribute('data-source', '2d');
  await expect(readout).toHaveAttribute('data-h', /\d/);
  return (await readout.getAttribute('data-h'))!;
}

/** Waits until no terrain job runs. */
export const whenIdle = (page: Page, timeout = 30_000) => expect(page.getByTestId('status-job')).toHaveAttribute('data-running', 'false', { timeout });
