import { test as base, expect, type Browser, type Page } from '@playwright/test';
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

/** Opens a page bridged to real main services (fresh user data) and the real IPC router, without navigating. */
export async function bridgePage(
  page: Page,
  userDataDir: string,
): Promise<{ services: MainServices; router: IpcRouter; consoleErrors: string[]; dialogs: ScriptedDialogs; dropPaths: Map<string, string> }> {
  const dialogs = createScriptedDialogs();
  const dropPaths = new Map<string, string>();
  const pkg = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  const services = createMainServices({
    userDataDir,
    appInfo: { name: 'Faultline', version: pkg.version, platform: process.platform, shell: 'browser-bridge' },
    warn: () => undefined,
    dialogs,
  });
  const router = createIpcRouter({ services, isTrustedSender: createSenderPolicy({ devOrigin: E2E_ORIGIN }) });
  // Bytes cross the Playwright binding as base64, large ones in pieces (see e2e/bridge/wire.ts); Electron's IPC clones them natively.
  const pieces = createWirePieces();
  await page.exposeBinding('__faultlineInvoke', async (source, channel: unknown, args: unknown) =>
    pieces.encode(await router.handle({ url: source.frame.url() }, channel, decodeWire(args))),
  );
  await page.exposeBinding('__faultlineTakeBytes', (_source, id: unknown, offset: unknown, length: unknown) => pieces.take(id, offset, length));
  await page.exposeBinding('__faultlineTestPathFor', (_source, name: unknown) => dropPaths.get(String(name)) ?? '');
  await page.addInitScript({ content: await preloadShimScript() });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  return { services, router, consoleErrors, dialogs, dropPaths };
}

export const READY_SELECTOR = 'html[data-faultline-ready="true"]';

/** The page address the app starts at: `?startSize=N` starts on the default preset at N × N (renderer/startSize.ts). */
export function startAddress(startSize: number | undefined): string {
  return startSize === undefined ? '/' : `/?startSize=${startSize}`;
}

/** Bridges `page` to fresh main services, opens the app and waits until the start terrain is on screen. */
async function openApp(page: Page, userDataDir: string, startSize?: number): Promise<FaultlineApp> {
  const bridge = await bridgePage(page, userDataDir);
  await page.goto(startAddress(startSize));
  // The renderer sets this once the default terrain is on screen.
  await page.locator(READY_SELECTOR).waitFor({ state: 'attached', timeout: 90_000 }).catch((error: unknown) => {
    const seen = bridge.consoleErrors.length ? `\nConsole errors:\n  ${bridge.consoleErrors.join('\n  ')}` : ' (no console errors)';
    throw new Error(`The renderer never set ${READY_SELECTOR}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}${seen}`);
  });
  return { page, userDataDir, ...bridge };
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

export const test = base.extend<{
  /**
   * The side of the map the app starts on: the default 257 × 257 terrain when unset; a spec or
   * describe whose tests never look at the default terrain sets `test.use({ startSize: 65 })`, and
   * its tests start on the same preset at 65 × 65, a fraction of the start (erosion, first drawing).
   */
  startSize: number | undefined;
  app: FaultlineApp;
  /**
   * The app in a browser of its own, launched for this test and closed after it: for figures
   * (process memory) that the worker's shared browser would skew with what earlier tests left in
   * its GPU process.
   */
  isolatedApp: FaultlineApp & { browser: Browser };
}>({
  startSize: [undefined, { option: true }],
  app: async ({ page, startSize }, use) => {
    await withUserDataDir(async (userDataDir) => use(await openApp(page, userDataDir, startSize)));
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
