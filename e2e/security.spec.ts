import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFaultlineApi } from '../shared/ipc/api';
import { bridgePage, expect, sendMenuCommand, test } from './fixtures';

/** The documented API: whatever createFaultlineApi builds, and nothing else, must reach the page. */
const documentedMethods = Object.keys(createFaultlineApi((() => Promise.resolve()) as never, () => () => undefined)).sort();

// These tests never look at the default terrain: they start on its preset at 65 × 65 (a cheaper start).
test.use({ startSize: 65 });

test.describe('renderer security', () => {
  test('the page has a strict CSP meta policy: no inline script, no eval', async ({ app }) => {
    const policy = await app.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy).toBeTruthy();
    // 'wasm-unsafe-eval' lets the page compile WebAssembly (Rapier, the car's physics) and nothing else: JS eval stays blocked (below).
    expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(policy!.replace("'wasm-unsafe-eval'", '')).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  test('an injected inline script and inline handler are blocked by the CSP', async ({ app }) => {
    const outcome = await app.page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective));
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = 1;';
      document.body.appendChild(script);
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" onload="window.__pwnedByHandler = 1" onerror="window.__pwnedByHandler = 1">';
      document.body.appendChild(holder);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const flags = window as unknown as { __pwned?: number; __pwnedByHandler?: number };
      return { pwned: flags.__pwned, pwnedByHandler: flags.__pwnedByHandler, violations };
    });
    expect(outcome.pwned).toBeUndefined();
    expect(outcome.pwnedByHandler).toBeUndefined();
    expect(outcome.violations).toContain('script-src-elem');
  });

  test('eval and new Function are blocked', async ({ app }) => {
    const outcome = await app.page.evaluate(() => {
      const attempt = (run: () => unknown) => {
        try {
          run();
          return 'ran';
        } catch (error) {
          return (error as Error).name;
        }
      };
      // DevTools lifts the eval ban while it evaluates; a timer callback runs as ordinary page code.
      return new Promise<Record<string, string>>((resolve) =>
        setTimeout(() => resolve({ eval: attempt(() => (0, eval)('1 + 1')), newFunction: attempt(() => new Function('return 1')()) }), 0),
      );
    });
    expect(outcome).toEqual({ eval: 'EvalError', newFunction: 'EvalError' });
  });

  test('Node and Electron internals are not reachable from the page', async ({ app }) => {
    const globals = await app.page.evaluate(() => ({
      require: typeof (window as unknown as Record<string, unknown>).require,
      process: typeof (window as unknown as Record<string, unknown>).process,
      module: typeof (window as unknown as Record<string, unknown>).module,
      Buffer: typeof (window as unknown as Record<string, unknown>).Buffer,
      ipcRenderer: typeof (window as unknown as Record<string, unknown>).ipcRenderer,
    }));
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', module: 'undefined', Buffer: 'undefined', ipcRenderer: 'undefined' });
  });

  test('window.faultline exposes only the documented methods', async ({ app }) => {
    const api = await app.page.evaluate(() => {
      const faultline = (window as unknown as { faultline: Record<string, unknown> }).faultline;
      return Object.getOwnPropertyNames(faultline).map((name) => [name, typeof faultline[name]] as const);
    });
    expect(api.map(([name]) => name).sort()).toEqual(documentedMethods);
    for (const [name, type] of api) expect(type, name).toBe('function');
    expect(documentedMethods.some((name) => /ipc|invoke|send|require/i.test(name))).toBe(false);
  });

  test('the main-side router refuses unknown channels and bad arguments, and writes nothing', async ({ app }) => {
    const errors = await app.page.evaluate(async () => {
      const bridge = window as unknown as {
        __faultlineInvoke: (channel: string, args: unknown[]) => Promise<unknown>;
        faultline: { setViewSettings(view: unknown): Promise<unknown> };
      };
      const messageOf = (promise: Promise<unknown>) =>
        promise.then(
          () => 'resolved',
          (error: Error) => error.message,
        );
      return {
        unknownChannel: await messageOf(bridge.__faultlineInvoke('fs:writeFile', ['/tmp/x', 'y'])),
        extraProperty: await messageOf(bridge.faultline.setViewSettings({ colorMode: 'height', map2dMode: 'grayscale', wireframe: false, path: '/etc' })),
        wrongType: await messageOf(bridge.faultline.setViewSettings({ colorMode: 'height', map2dMode: 'grayscale', wireframe: 'yes' })),
        extraArgument: await messageOf(bridge.__faultlineInvoke('settings:get', ['surprise'])),
      };
    });
    expect(errors.unknownChannel).toMatch(/unknown channel/);
    expect(errors.extraProperty).toMatch(/path: unexpected property/);
    expect(errors.wrongType).toMatch(/wireframe: expected a boolean/);
    expect(errors.extraArgument).toMatch(/expected 0 argument/);
    expect(await readdir(app.userDataDir)).not.toContain('settings.json.corrupt');
  });

  test('the page cannot name a path for main to open or write; dropped files are opened by token only', async ({ app }) => {
    const victim = path.join(app.userDataDir, 'victim.faultline');
    app.dialogs.queueSave(victim);
    await sendMenuCommand(app.page, 'file.saveAs');
    await expect
      .poll(() =>
        stat(victim).then(
          () => true,
          () => false,
        ),
      )
      .toBe(true);
    const original = await readFile(victim);
    const outcome = await app.page.evaluate(async (target) => {
      const w = window as unknown as {
        faultline: { openDroppedProject(token: string): Promise<{ status: string; message?: string }> };
        faultlineFiles: { dropToken(file: unknown): Promise<string | null> };
      };
      const messageOf = (promise: Promise<unknown>) =>
        promise.then(
          (r) => JSON.stringify(r),
          (error: Error) => error.message,
        );
      return {
        byPath: await messageOf(w.faultline.openDroppedProject(target)),
        byGuess: await messageOf(w.faultline.openDroppedProject('00000000-0000-0000-0000-000000000000')),
        // A File the page made has no path on disk: no token.
        madeUp: await w.faultlineFiles.dropToken(new File([new Uint8Array(4)], 'victim.faultline')),
        notAFile: await w.faultlineFiles.dropToken(target),
      };
    }, victim);
    expect(outcome.byPath).toMatch(/IPC refused: project:openDropped argument 1: does not match/);
    expect(outcome.byGuess).toMatch(/not known here/);
    expect(outcome.madeUp).toBeNull();
    expect(outcome.notAFile).toBeNull();
    expect(await readFile(victim)).toEqual(original);
  });

  test('the router refuses calls from a page on another origin', async ({ page }) => {
    const userDataDir = await mkdtemp(path.join(tmpdir(), 'faultline-e2e-untrusted-'));
    try {
      await bridgePage(page, userDataDir);
      await page.route('http://untrusted.invalid/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>elsewhere</title>' }));
      await page.goto('http://untrusted.invalid/');
      const message = await page.evaluate(() =>
        (window as unknown as { faultline: { getSettings(): Promise<unknown> } }).faultline.getSettings().then(
          () => 'resolved',
          (error: Error) => error.message,
        ),
      );
      expect(message).toMatch(/not the Faultline window/);
    } finally {
      await rm(userDataDir, { recursive: true, force: true });
    }
  });
});
