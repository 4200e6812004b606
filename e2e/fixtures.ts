import { test as base, expect, type Browser, type BrowserContext, type Page, type ViewportSize } from '@playwright/test';
import { build } from 'esbuild';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventChannel, EventTypes } from '../shared/ipc/contract';
import { createIpcRouter, type IpcRouter } from '../main/ipc/router';
import { createSenderPolicy } from '../main/ipc/senderPolicy';
import { createMainServices, type MainServices } from '../main/services/index';
import { createScriptedDialogs, type ScriptedDialogs } from '../main/services/dialogs';
import { E2E_ORIGIN } from './bridge/origin';
import { installPngDecoder } from './pngDecoder';
import { createWirePieces, decodeWire } from './bridge/wire';

export interface FaultlineApp {
  page: Page;
  /** Console errors and uncaught page errors seen since the page opened. */
  consoleErrors: string[];
  /** A fresh user-data folder for this test; the real settings service reads and writes it. */
  userDataDir: string;
  services: MainServices;
  router: IpcRouter;
  /** Answers for main's native dialogs (open/save paths, questions), queued by the test. */
  dialogs: ScriptedDialogs;
  /**
   * Plays webUtils.getPathForFile: a dropped File whose name is a key here "has" that path on disk,
   * so the bridge's preload stand-in registers it with main for a token (other drops have no path).
   */
  dropPaths: Map<string, string>;
}

const repoRoot = path.resolve(__dirname, '..');
let shimScript: Promise<string> | undefined;

/** The browser preload stand-in, bundled once per worker into a script for addInitScript. */
export function preloadShimScript(): Promise<string> {
  shimScript ??= build({
    entryPoints: [path.join(repoRoot, 'e2e/bridge/preloadShim.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0].text);
  return shimScript;
}

type Bridge = Omit<FaultlineApp, 'page' | 'userDataDir'>;

/** Fresh main services over `userDataDir` and the real IPC router, with scripted dialogs: one test's main side. */
async function createBridge(userDataDir: string): Promise<Bridge> {
  const dialogs = createScriptedDialogs();
  const pkg = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  const services = createMainServices({
    userDataDir,
    appInfo: { name: 'Faultline', version: pkg.version, platform: process.platform, shell: 'browser-bridge' },
    warn: () => undefined,
    dialogs,
  });
  const router = createIpcRouter({ services, isTrustedSender: createSenderPolicy({ devOrigin: E2E_ORIGIN }) });
  return { services, router, consoleErrors: [], dialogs, dropPaths: new Map<string, string>() };
}

/**
 * Installs the preload stand-in in `page` and routes its calls, console errors and page errors to
 * `current()`: a page that lives across tests (`app`) is bridged once and each test gets its own main
 * side; with none current (between tests) calls are refused and messages dropped.
 */
async function installBridge(page: Page, current: () => Bridge | undefined): Promise<void> {
  const live = (): Bridge => {
    const bridge = current();
    if (!bridge) throw new Error('no Faultline main services are bridged to this page now');
    return bridge;
  };
  // Bytes cross the Playwright binding as base64, large ones in pieces (see e2e/bridge/wire.ts); Electron's IPC clones them natively.
  const pieces = createWirePieces();
  await page.exposeBinding('__faultlineInvoke', async (source, channel: unknown, args: unknown) =>
    pieces.encode(await live().router.handle({ url: source.frame.url() }, channel, decodeWire(args))),
  );
  await page.exposeBinding('__faultlineTakeBytes', (_source, id: unknown, offset: unknown, length: unknown) => pieces.take(id, offset, length));
  await page.exposeBinding('__faultlineTestPathFor', (_source, name: unknown) => live().dropPaths.get(String(name)) ?? '');
  await page.addInitScript({ content: await preloadShimScript() });
  await installPngDecoder(page);
  page.on('console', (message) => {
    if (message.type() === 'error') current()?.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => current()?.consoleErrors.push(`pageerror: ${error.message}`));
}

/** Opens a page bridged to real main services (fresh user data) and the real IPC router, without navigating. */
export async function bridgePage(page: Page, userDataDir: string): Promise<Bridge> {
  const bridge = await createBridge(userDataDir);
  await installBridge(page, () => bridge);
  return bridge;
}

export const READY_SELECTOR = 'html[data-faultline-ready="true"]';

/**
 * The page address the app starts at: `?startSize=N` starts on the default preset at N × N
 * (renderer/startSize.ts); `?driveClock=N` runs the test drive N frames' time per drawn frame
 * (renderer/drive/driveClock.ts); `?viewRest=MS` rests the 3D view after MS of quiet instead of a minute
 * (renderer/viewport/viewRestDelay.ts).
 */
export function startAddress(startSize: number | undefined, driveClock?: number, viewRest?: number): string {
  const query = new URLSearchParams();
  if (startSize !== undefined) query.set('startSize', String(startSize));
  if (driveClock !== undefined) query.set('driveClock', String(driveClock));
  if (viewRest !== undefined) query.set('viewRest', String(viewRest));
  const search = query.toString();
  return search ? `/?${search}` : '/';
}

/** Opens the app in `page` (already bridged to `bridge`) and waits until the start terrain is on screen. */
async function startApp(page: Page, bridge: Bridge, userDataDir: string, startSize?: number, driveClock?: number, viewRest?: number): Promise<FaultlineApp> {
  await page.goto(startAddress(startSize, driveClock, viewRest));
  // The renderer sets this once the default terrain is on screen.
  await page
    .locator(READY_SELECTOR)
    .waitFor({ state: 'attached', timeout: 90_000 })
    .catch((error: unknown) => {
      const seen = bridge.consoleErrors.length ? `\nConsole errors:\n  ${bridge.consoleErrors.join('\n  ')}` : ' (no console errors)';
      throw new Error(`The renderer never set ${READY_SELECTOR}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}${seen}`);
    });
  return { page, userDataDir, ...bridge };
}

/** Bridges `page` to fresh main services, opens the app and waits until the start terrain is on screen. */
async function openApp(page: Page, userDataDir: string, startSize?: number): Promise<FaultlineApp> {
  return startApp(page, await bridgePage(page, userDataDir), userDataDir, startSize);
}

/** Runs `body` with a fresh user-data folder, removed afterwards. */
async function withUserDataDir(body: (userDataDir: string) => Promise<void>): Promise<void> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'faultline-e2e-'));
  try {
    await body(userDataDir);
  } finally {
    // A recovery journal may still be being written when a test ends: retry the removal.
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

/** Keys a test may leave held down (the drive tests); released between tests so none carries over. */
const HELD_KEYS = ['KeyW', 'KeyA', 'KeyS', 'KeyD', 'Space', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Shift', 'Control', 'Alt', 'Meta'];

/**
 * The page the `app` fixture keeps between the tests of one spec file (BENCHMARKS.md, "Session 10:
 * CI time"): a new page in a new context costs a renderer process, and the bundle is parsed and
 * compiled again; a navigation in the same page reuses both. Each test still gets what a new page
 * gave it: fresh main services and user data behind the bridge, a new document (the navigation),
 * its viewport size, no routes, permissions, web storage, held keys or buttons, and only its own
 * console errors. The page is closed when the spec file changes, after a test that failed, and at
 * the worker's end.
 */
class AppPages {
  private held: { file: string; context: BrowserContext; page: Page; bridge: Bridge | undefined } | undefined;

  /** The page for a test of `file`, bridged to `bridge`, at `viewport`. */
  async take(file: string, bridge: Bridge, open: () => Promise<BrowserContext>, viewport: ViewportSize | null): Promise<Page> {
    if (this.held && this.held.file !== file) await this.close();
    if (!this.held) {
      const context = await open();
      const page = await context.newPage();
      const held: NonNullable<AppPages['held']> = { file, context, page, bridge: undefined };
      await installBridge(page, () => held.bridge);
      this.held = held;
    }
    this.held.bridge = bridge;
    if (viewport) await this.held.page.setViewportSize(viewport);
    return this.held.page;
  }

  /** Ends the test's document while its main services are still bridged, then resets what the page keeps; `clean` false closes it. */
  async release(clean: boolean): Promise<void> {
    const held = this.held;
    if (!held) return;
    if (!clean) return this.close();
    try {
      const { page, context } = held;
      await page
        .evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
        })
        .catch(() => undefined);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.clearPermissions();
      await page.goto('about:blank');
      held.bridge = undefined;
      for (const key of HELD_KEYS) await page.keyboard.up(key);
      for (const button of ['left', 'right', 'middle'] as const) await page.mouse.up({ button });
      await page.mouse.move(0, 0);
    } catch {
      await this.close();
    }
  }

  async close(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    if (held) {
      held.bridge = undefined;
      await held.context.close().catch(() => undefined);
    }
  }
}

export const test = base.extend<
  {
    /**
     * The side of the map the app starts on: the default 257 × 257 terrain when unset; a spec or
     * describe whose tests never look at the default terrain sets `test.use({ startSize: 65 })`, and
     * its tests start on the same preset at 65 × 65, a fraction of the start (erosion, first drawing).
     */
    startSize: number | undefined;
    /**
     * Frames of drive time per drawn frame (`?driveClock=N`, renderer/drive/driveClock.ts): a spec that
     * drives a whole road sets it; the fixed-step physics and autopilot drive the same, in less wall time.
     */
    driveClock: number | undefined;
    /** Quiet milliseconds before the 3D view rests (`?viewRest=MS`, renderer/viewport/viewRestDelay.ts); a minute unless set. */
    viewRest: number | undefined;
    /** The app, started anew for this test in the page kept for its spec file (see `AppPages`). */
    app: FaultlineApp;
    /**
     * The app in a browser of its own, launched for this test and closed after it: for figures
     * (process memory) that the worker's shared browser would skew with what earlier tests left in
     * its GPU process.
     */
    isolatedApp: FaultlineApp & { browser: Browser };
  },
  { appPages: AppPages }
>({
  startSize: [undefined, { option: true }],
  driveClock: [undefined, { option: true }],
  viewRest: [undefined, { option: true }],
  appPages: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const pages = new AppPages();
      await use(pages);
      await pages.close();
    },
    { scope: 'worker' },
  ],
  app: async ({ appPages, browser, baseURL, viewport, startSize, driveClock, viewRest }, use, testInfo) => {
    await withUserDataDir(async (userDataDir) => {
      let clean = false;
      try {
        const bridge = await createBridge(userDataDir);
        const page = await appPages.take(testInfo.file, bridge, () => browser.newContext({ baseURL, viewport }), viewport);
        await use(await startApp(page, bridge, userDataDir, startSize, driveClock, viewRest));
        clean = testInfo.status === testInfo.expectedStatus;
      } finally {
        await appPages.release(clean);
      }
    });
  },
  isolatedApp: async ({ playwright, browserName, launchOptions, baseURL, viewport, startSize }, use) => {
    const browser = await playwright[browserName].launch(launchOptions);
    try {
      const page = await (await browser.newContext({ baseURL, viewport })).newPage();
      await withUserDataDir(async (userDataDir) => use({ ...(await openApp(page, userDataDir, startSize)), browser }));
    } finally {
      await browser.close();
    }
  },
});

/** Plays main sending an event to the renderer (Electron: webContents.send). */
export async function sendEvent<E extends EventChannel>(page: Page, channel: E, payload: EventTypes[E]): Promise<void> {
  await page.evaluate(
    ([name, data]) => {
      const emit = (window as unknown as { __faultlineEmit?: (c: string, p: unknown) => void }).__faultlineEmit;
      if (!emit) throw new Error('Faultline test bridge is not installed in this page');
      emit(name, data);
    },
    [channel, payload] as const,
  );
}

/** Simulates the user choosing a command from the application menu. */
export function sendMenuCommand(page: Page, id: string): Promise<void> {
  return sendEvent(page, 'menu:command', { id });
}

export { expect };
