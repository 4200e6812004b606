import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

/** Whether review screenshots are taken: FAULTLINE_SHOTS names the folder they go to. */
export const REVIEW_SHOTS = Boolean(process.env.FAULTLINE_SHOTS);

/**
 * A screenshot for a person to look at (no assertion reads it), into `folder` under FAULTLINE_SHOTS; none
 * without it: on CI each costs a software redraw of the page and a PNG encode.
 */
export async function reviewShot(target: Page | Locator, folder: string, name: string, options: { timeout?: number } = {}): Promise<void> {
  const root = process.env.FAULTLINE_SHOTS;
  if (!root) return;
  const dir = path.resolve(root, folder);
  await mkdir(dir, { recursive: true });
  await target.screenshot({ path: path.join(dir, name), ...options });
}
