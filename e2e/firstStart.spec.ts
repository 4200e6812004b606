import { READY_SELECTOR, expect, test } from './fixtures';
import { showPanel } from './panel';

// The hint and the panels only: the start terrain is the default preset at 65 × 65 (a cheaper start).
test.use({ viewport: { width: 1600, height: 1000 }, startSize: 65 });

test('first start: the hint of three things to try, the panel by task, nothing often used below the fold', async ({ app }) => {
  const { page } = app;
  const hint = page.getByTestId('first-start-hint');
  await expect(hint).toBeVisible();
  await expect(hint).toContainText('preset');
  await expect(hint).toContainText('Sculpt');
  await expect(hint).toContainText('Test Drive');

  // Generate first: preset, size, seed and Run are all in view without scrolling, the rest is closed.
  await expect(page.getByTestId('panel-tab-generate')).toHaveAttribute('aria-selected', 'true');
  for (const id of ['gen-preset', 'gen-size', 'gen-seed', 'gen-run']) await expect(page.getByTestId(id)).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('gen-advanced')).not.toHaveAttribute('open', '');
  await expect(page.getByTestId('gen-iterations')).toBeHidden();

  // Each task's controls are in view on its tab.
  await showPanel(page, 'sculpt');
  await expect(page.getByTestId('tool-brush')).toBeInViewport({ ratio: 1 });
  await showPanel(page, 'props');
  await expect(page.getByTestId('props-scatter-map')).toBeInViewport({ ratio: 1 });
  await showPanel(page, 'drive');
  await expect(page.getByTestId('drive-panel-toggle')).toBeInViewport({ ratio: 1 });
  await showPanel(page, 'view');
  await expect(page.getByTestId('view-water')).toBeInViewport({ ratio: 1 });

  // Dismissed once, never again (and the panel keeps the tab chosen).
  await page.getByTestId('first-start-dismiss').click();
  await expect(hint).toHaveCount(0);
  await page.reload();
  await page.locator(READY_SELECTOR).waitFor({ state: 'attached' });
  await expect(page.getByTestId('side-panel')).toBeVisible();
  await expect(page.getByTestId('panel-tab-view')).toHaveAttribute('aria-selected', 'true');
  await expect(hint).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});
