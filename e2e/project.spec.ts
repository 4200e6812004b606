import type { Page } from '@playwright/test';
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseProject, type ProjectDocument } from '../shared/codecs/project';
import { evaluateStack } from '../shared/layers/evaluate';
import { bridgePage, expect, READY_SELECTOR, sendMenuCommand, startAddress, test } from './fixtures';
import { openAdvanced, showPanel } from './panel';
import { fillGenerateForm, runGenerateAndWait, waitForRecoveryJournal } from './perf/appActions';

async function decode(filePath: string): Promise<ProjectDocument> {
  return parseProject(new Uint8Array(await readFile(filePath)), path.basename(filePath));
}

/** The heights a project's layer stack makes, evaluated here independently of the app. */
function replayedBytes(doc: ProjectDocument): Buffer {
  const { width, depth, cellSize } = doc.field;
  const heights = evaluateStack(doc.layers ?? [], { width, depth, cellSize });
  if (!heights) throw new Error('the evaluation was cancelled');
  return Buffer.from(heights.buffer);
}

function heightBytes(doc: ProjectDocument): Buffer {
  const h = doc.field.heights;
  return Buffer.from(h.buffer, h.byteOffset, h.byteLength);
}

const titleOf = (page: Page) => page.evaluate(() => document.title);

async function generate(page: Page, seed: number): Promise<void> {
  await showPanel(page, 'generate');
  await page.getByTestId('gen-size').selectOption('129');
  await openAdvanced(page);
  await page.getByTestId('gen-iterations').fill('60');
  await page.getByTestId('gen-seed').fill(String(seed));
  await page.getByTestId('gen-run').click();
  await expect(page.getByTestId('status-undo')).toContainText('Generate 60 iterations');
  // The label may be left from an earlier run: the unsaved mark shows this one has landed.
  await expect.poll(() => titleOf(page)).toContain('•');
}

/**
 * File ▸ New right after a save. The title shows the save before the save's last step (clearing the
 * recovery journal) is over; New chosen then waits its turn and replaces the document (a clean one: no
 * question) — sent once, never repeated.
 */
async function newAfterSave(page: Page): Promise<void> {
  await sendMenuCommand(page, 'file.new');
  await expect.poll(() => titleOf(page)).toBe('Untitled — Faultline');
}

let folder: string;
test.beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'faultline-project-e2e-'));
});
test.afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

test.describe('project files through the menus', () => {
  // Every test makes its own map (Generate at 129², 2049²) or opens one before it looks: the start
  // terrain is never read, so the page starts on the small one (File ▸ New still makes the 257² default).
  test.use({ startSize: 65 });

  test('Save As, Save with .bak, New asks, Open, Open Recent, and a broken file', async ({ app }) => {
    const { page } = app;
    await generate(page, 11);
    await expect.poll(() => titleOf(page)).toBe('Untitled • — Faultline');

    const one = path.join(folder, 'one.faultline');
    app.dialogs.queueSave(one);
    await sendMenuCommand(page, 'file.saveAs');
    await expect.poll(() => titleOf(page)).toBe('one.faultline — Faultline');
    const first = await decode(one);
    expect([first.field.width, first.field.depth]).toEqual([129, 129]);
    expect(first.recipe).toMatchObject({ seed: 11, iterations: 60 });
    // The file holds exactly the terrain its layers (the generator and the default preset's
    // erosion) make: generation and erosion are bit-reproducible.
    expect(first.layerStatus?.origin).toBe('saved');
    expect(first.layers?.map((layer) => layer.kind)).toEqual(['faults', 'hydraulic', 'thermal', 'smooth']);
    expect(replayedBytes(first).equals(heightBytes(first))).toBe(true);

    // Saving kept the undo history.
    await expect(page.getByTestId('cmd-edit.undo')).toBeEnabled();
    await generate(page, 12);
    await expect.poll(() => titleOf(page)).toBe('one.faultline • — Faultline');
    await sendMenuCommand(page, 'file.save');
    await expect.poll(() => titleOf(page)).toBe('one.faultline — Faultline');
    const second = await decode(one);
    expect(second.recipe).toMatchObject({ seed: 12 });
    expect(heightBytes(await decode(`${one}.bak`)).equals(heightBytes(first))).toBe(true);

    // New with unsaved changes: Cancel keeps the document, Don't Save replaces it.
    await generate(page, 13);
    await sendMenuCommand(page, 'file.new');
    await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
    await page.getByTestId('unsaved-cancel').click();
    await expect(page.getByTestId('unsaved-dialog')).toBeHidden();
    await expect.poll(() => titleOf(page)).toBe('one.faultline • — Faultline');
    await expect(page.getByTestId('status-size')).toContainText('129');
    await sendMenuCommand(page, 'file.new');
    await page.getByTestId('unsaved-discard').click();
    await expect.poll(() => titleOf(page)).toBe('Untitled — Faultline');
    await expect(page.getByTestId('status-size')).toContainText('257');

    // Open the saved file: the document is the saved one, bit for bit (saved again to compare).
    app.dialogs.queueOpen(one);
    await sendMenuCommand(page, 'file.open');
    await expect.poll(() => titleOf(page)).toBe('one.faultline — Faultline');
    await expect(page.getByTestId('status-size')).toContainText('129');
    const two = path.join(folder, 'two.faultline');
    app.dialogs.queueSave(two);
    await sendMenuCommand(page, 'file.saveAs');
    await expect.poll(() => titleOf(page)).toBe('two.faultline — Faultline');
    const reopened = await decode(two);
    expect(heightBytes(reopened).equals(heightBytes(second))).toBe(true);
    expect(reopened.recipe).toEqual(second.recipe);

    // Open Recent lists both, newest first, and opens by choice.
    await sendMenuCommand(page, 'file.openRecent');
    await expect(page.getByTestId('recent-dialog')).toBeVisible();
    await expect(page.getByTestId('recent-0')).toContainText('two.faultline');
    await expect(page.getByTestId('recent-1')).toContainText('one.faultline');
    await page.getByTestId('recent-1').click();
    await expect.poll(() => titleOf(page)).toBe('one.faultline — Faultline');

    // A broken file: a clear error naming it, and the document stays as it was.
    const broken = path.join(folder, 'broken.faultline');
    const bytes = await readFile(one);
    await writeFile(broken, bytes.subarray(0, Math.floor(bytes.length / 2)));
    app.dialogs.queueOpen(broken);
    await sendMenuCommand(page, 'file.open');
    await expect(page.getByTestId('project-error-text')).toContainText('broken.faultline: is truncated');
    await page.getByTestId('project-error-ok').click();
    await expect.poll(() => titleOf(page)).toBe('one.faultline — Faultline');
    await expect(page.getByTestId('status-size')).toContainText('129');
    expect(app.consoleErrors).toEqual([]);
  });

  test('a .faultline file dropped on the window opens (asking first when there are unsaved changes)', async ({ app }) => {
    const { page } = app;
    await generate(page, 21);
    const saved = path.join(folder, 'dropme.faultline');
    app.dialogs.queueSave(saved);
    await sendMenuCommand(page, 'file.saveAs');
    await expect.poll(() => titleOf(page)).toBe('dropme.faultline — Faultline');
    await newAfterSave(page);
    await expect(page.getByTestId('status-size')).toContainText('257');
    await generate(page, 22);

    const bytes = [...(await readFile(saved))];
    await page.evaluate((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], 'dropme.faultline', { type: 'application/octet-stream' }));
      window.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, cancelable: true }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true }));
    }, bytes);
    await expect(page.getByTestId('unsaved-dialog')).toBeVisible();
    await page.getByTestId('unsaved-discard').click();
    await expect.poll(() => titleOf(page)).toBe('dropme.faultline — Faultline');

    // Untitled-from-drop: Save asks where to save (it has no file to write back to).
    const copy = path.join(folder, 'copy.faultline');
    app.dialogs.queueSave(copy);
    await sendMenuCommand(page, 'file.save');
    await expect.poll(() => titleOf(page)).toBe('copy.faultline — Faultline');
    expect(heightBytes(await decode(copy)).equals(heightBytes(await decode(saved)))).toBe(true);
    expect(app.consoleErrors).toEqual([]);
  });

  test('a file dropped from disk opens through a token the preload got for it, and Save writes back to it', async ({ app }) => {
    const { page } = app;
    await generate(page, 23);
    const onDisk = path.join(folder, 'ondisk.faultline');
    app.dialogs.queueSave(onDisk);
    await sendMenuCommand(page, 'file.saveAs');
    await expect.poll(() => titleOf(page)).toBe('ondisk.faultline — Faultline');
    await newAfterSave(page);
    await expect.poll(() => titleOf(page)).not.toContain('ondisk');
    // The stand-in for webUtils.getPathForFile knows this file's path; the page never sees it.
    app.dropPaths.set('ondisk.faultline', onDisk);
    const seenByPage = await page.evaluate(async () => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array([1, 2, 3])], 'ondisk.faultline'));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, cancelable: true }));
      const files = (window as unknown as { faultlineFiles: Record<string, unknown> }).faultlineFiles;
      return Object.keys(files);
    });
    expect(seenByPage).toEqual(['dropToken']);
    // Main read the file itself (the dropped bytes were a stub): the saved terrain is back, with its name.
    await expect.poll(() => titleOf(page)).toBe('ondisk.faultline — Faultline');
    await generate(page, 24);
    const before = heightBytes(await decode(onDisk));
    await sendMenuCommand(page, 'file.save');
    await expect.poll(() => titleOf(page)).toBe('ondisk.faultline — Faultline');
    expect(heightBytes(await decode(onDisk)).equals(before)).toBe(false);
    expect(app.dialogs.shown.filter((d) => d.kind === 'save')).toHaveLength(1);
    expect(app.consoleErrors).toEqual([]);
  });

  test('unsaved work is journalled and offered back on the next start', async ({ app, browser }) => {
    const { page } = app;
    await generate(page, 31);
    const journal = path.join(app.userDataDir, 'recovery', 'current.faultline');
    await expect
      .poll(
        () =>
          stat(journal).then(
            () => true,
            () => false,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    const journalled = await decode(journal);
    // Keep the journal as the "crashed" window left it before the page goes away.
    const kept = path.join(folder, 'journal.faultline');
    await copyFile(journal, kept);

    const next = await browser.newPage();
    try {
      await bridgePage(next, app.userDataDir).then(async (bridge) => {
        // The journal replaces the start terrain: the small one.
        await next.goto(startAddress(65));
        await next.locator(READY_SELECTOR).waitFor({ state: 'attached', timeout: 90_000 });
        await expect(next.getByTestId('recovery-dialog')).toBeVisible();
        await next.getByTestId('recovery-restore').click();
        await expect(next.getByTestId('status-size')).toContainText('129');
        await expect.poll(() => titleOf(next)).toBe('Untitled • — Faultline');
        const restored = path.join(folder, 'restored.faultline');
        bridge.dialogs.queueSave(restored);
        await sendMenuCommand(next, 'file.saveAs');
        await expect.poll(() => titleOf(next)).toBe('restored.faultline — Faultline');
        expect(heightBytes(await decode(restored)).equals(heightBytes(journalled))).toBe(true);
        // A clean save clears the journal.
        await expect
          .poll(() =>
            stat(journal).then(
              () => true,
              () => false,
            ),
          )
          .toBe(false);
        expect(bridge.consoleErrors).toEqual([]);
      });
    } finally {
      await next.close();
    }
    expect(heightBytes(await decode(kept)).equals(heightBytes(journalled))).toBe(true);
  });

  test('a map larger than one IPC piece (2049², 16.8 MB of heights) is journalled and saved in pieces and opens back bit for bit', async ({ app }) => {
    test.setTimeout(120_000);
    const { page } = app;
    // Larger than the e2e maps elsewhere on purpose: below 16 MiB of heights nothing goes in pieces.
    const changedAt = Date.now();
    await fillGenerateForm(page, 2049, 200, 21);
    await runGenerateAndWait(page);
    await expect(page.getByTestId('status-size')).toContainText('2049');
    const regenerated = replayedBytes;

    // The journal of the generation: the whole map, as its recipe makes it.
    expect(await waitForRecoveryJournal({ userDataDir: app.userDataDir, lastChangeMs: changedAt })).toBe(true);
    const journalled = await decode(path.join(app.userDataDir, 'recovery', 'current.faultline'));
    expect([journalled.field.width, journalled.field.depth]).toEqual([2049, 2049]);
    expect(heightBytes(journalled).equals(regenerated(journalled))).toBe(true);

    const big = path.join(folder, 'big.faultline');
    app.dialogs.queueSave(big);
    await sendMenuCommand(page, 'file.saveAs');
    await expect.poll(() => titleOf(page)).toBe('big.faultline — Faultline');
    const saved = await decode(big);
    expect(heightBytes(saved).equals(regenerated(saved))).toBe(true);

    // Opened again after New, then saved under another name: the same bytes went both ways.
    await newAfterSave(page);
    await expect(page.getByTestId('status-size')).toContainText('257');
    app.dialogs.queueOpen(big);
    await sendMenuCommand(page, 'file.open');
    await expect.poll(() => titleOf(page)).toBe('big.faultline — Faultline');
    await expect(page.getByTestId('status-size')).toContainText('2049');
    const again = path.join(folder, 'again.faultline');
    app.dialogs.queueSave(again);
    await sendMenuCommand(page, 'file.saveAs');
    await expect.poll(() => titleOf(page)).toBe('again.faultline — Faultline');
    expect(heightBytes(await decode(again)).equals(heightBytes(saved))).toBe(true);
    expect(app.consoleErrors).toEqual([]);
  });
});
