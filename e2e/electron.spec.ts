import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..');

/**
 * The Electron binary, found the way node_modules/electron/index.js finds it but WITHOUT requiring that
 * module: requiring it downloads the binary when missing, and tests must never trigger a download.
 */
function electronBinary(): string | undefined {
  const packageDir = path.join(repoRoot, 'node_modules', 'electron');
  const pathFile = path.join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(packageDir, 'dist'), readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

const binary = electronBinary();

test.describe('Electron app', () => {
  test.skip(!binary, 'Electron binary not present on this machine (it is downloaded on first start with internet)');

  let app: ElectronApplication;
  let userDataDir: string;
  const consoleErrors: string[] = [];

  test.beforeAll(async () => {
    expect(existsSync(path.join(repoRoot, 'dist', 'main', 'main.cjs')), 'run `npm run build` first').toBe(true);
    userDataDir = mkdtempSync(path.join(tmpdir(), 'faultline-electron-'));
    const args = ['.'];
    // Chromium refuses its own sandbox as root (CI containers); the renderer's sandbox: true still applies.
    if (process.getuid?.() === 0) args.unshift('--no-sandbox');
    app = await electron.launch({
      executablePath: binary,
      args,
      cwd: repoRoot,
      env: { ...process.env, FAULTLINE_USER_DATA_DIR: userDataDir, ELECTRON_ENABLE_LOGGING: '1' } as Record<string, string>,
      timeout: 60_000,
    });
  });

  test.afterAll(async () => {
    await app?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  test('opens one secure window that shows the editor without console errors', async () => {
    const page = await app.firstWindow();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
    await page.locator('html[data-faultline-ready="true"]').waitFor({ state: 'attached', timeout: 90_000 });
    expect(await page.title()).toContain('Faultline');
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);

    const globals = await page.evaluate(() => ({
      faultline: typeof (window as unknown as Record<string, unknown>).faultline,
      require: typeof (window as unknown as Record<string, unknown>).require,
      process: typeof (window as unknown as Record<string, unknown>).process,
    }));
    expect(globals).toEqual({ faultline: 'object', require: 'undefined', process: 'undefined' });
    const info = await page.evaluate(() => (window as unknown as { faultline: { getAppInfo(): Promise<{ shell: string }> } }).faultline.getAppInfo());
    expect(info.shell).toBe('electron');

    // getLastWebPreferences is an undocumented WebContents method; main/windowOptions.test.ts covers the options too.
    const preferences = await app.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0].webContents as unknown as { getLastWebPreferences?: () => Record<string, unknown> | null };
      const prefs = contents.getLastWebPreferences?.();
      return prefs
        ? { contextIsolation: prefs.contextIsolation, sandbox: prefs.sandbox, nodeIntegration: prefs.nodeIntegration, webSecurity: prefs.webSecurity }
        : null;
    });
    if (preferences) expect(preferences).toEqual({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true });
    else test.info().annotations.push({ type: 'note', description: 'this Electron has no getLastWebPreferences; options are unit-tested' });
    expect(consoleErrors).toEqual([]);
  });

  test('refuses to open new windows and to navigate away', async () => {
    const page = await app.firstWindow();
    const urlBefore = page.url();
    await page.evaluate(() => {
      window.open('https://example.com/', '_blank');
      const link = document.createElement('a');
      link.href = 'https://example.com/';
      document.body.appendChild(link);
      link.click();
    });
    await page.waitForTimeout(500);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
    expect(page.url()).toBe(urlBefore);
  });
});
