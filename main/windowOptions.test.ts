import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from './windowOptions';

describe('main window options', () => {
  it.each([true, false])('keep the renderer isolated and sandboxed (packaged: %s)', (isPackaged) => {
    const { webPreferences } = mainWindowOptions({ preloadPath: '/app/dist/main/preload.cjs', isPackaged });
    expect(webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(webPreferences.preload).toBe('/app/dist/main/preload.cjs');
  });

  it('allows developer tools only in unpackaged builds', () => {
    expect(mainWindowOptions({ preloadPath: 'p', isPackaged: true }).webPreferences.devTools).toBe(false);
    expect(mainWindowOptions({ preloadPath: 'p', isPackaged: false }).webPreferences.devTools).toBe(true);
  });
});
