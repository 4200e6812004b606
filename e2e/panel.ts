import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export type PanelTabId = 'generate' | 'layers' | 'sculpt' | 'roads' | 'props' | 'drive' | 'view';

/** Shows a task tab of the side panel, as a person clicks it. */
export async function showPanel(page: Page, tab: PanelTabId): Promise<void> {
  const button = page.getByTestId(`panel-tab-${tab}`);
  if ((await button.getAttribute('aria-selected')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-selected', 'true');
}

/** Opens the Generate tab's Advanced section (the recipe, decay and finishing steps). */
export async function openAdvanced(page: Page): Promise<void> {
  await showPanel(page, 'generate');
  const details = page.getByTestId('gen-advanced');
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
}
