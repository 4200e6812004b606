/** The only BrowserWindow options Faultline uses, as plain data so the security switches are unit-tested. */
export interface MainWindowOptions {
  title: string;
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  show: boolean;
  backgroundColor: string;
  webPreferences: {
    preload: string;
    contextIsolation: true;
    sandbox: true;
    nodeIntegration: false;
    nodeIntegrationInWorker: false;
    nodeIntegrationInSubFrames: false;
    webSecurity: true;
    allowRunningInsecureContent: false;
    webviewTag: false;
    experimentalFeatures: false;
    spellcheck: boolean;
    devTools: boolean;
  };
}

export function mainWindowOptions({ preloadPath, isPackaged }: { preloadPath: string; isPackaged: boolean }): MainWindowOptions {
  return {
    title: 'Faultline',
    width: 1400,
    height: 900,
    minWidth: 800,
    minHeight: 560,
    show: false,
    backgroundColor: '#15171a',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: false,
      // No developer tools (and so no devtools shortcuts) in packaged builds.
      devTools: !isPackaged,
    },
  };
}
