// The Electron shell: window, security switches and wiring. Logic lives in plain modules that tests load.
import { app, BrowserWindow, ipcMain, Menu, protocol, session } from 'electron';
import path from 'node:path';
import { requestChannels, type RequestChannel } from '../shared/ipc/contract';
import { CONTENT_SECURITY_POLICY } from './contentSecurityPolicy';
import { APP_INDEX_URL, APP_SCHEME, appProtocolResponse } from './appProtocol';
import { createEventSender } from './ipc/events';
import { createIpcRouter } from './ipc/router';
import { createSenderPolicy } from './ipc/senderPolicy';
import { buildMenuTemplate } from './menu';
import { createMainServices, type MainServices } from './services';
import { askBeforeClose } from './services/projectService';
import type { DialogService } from './services/dialogs';
import type { EventSender } from './ipc/events';
import { createElectronDialogs } from './electronDialogs';
import { mainWindowOptions } from './windowOptions';
import { shellEnvironment } from './shellEnvironment';

const PRODUCT_NAME = 'Faultline';
// dist/main/main.cjs → dist/renderer/ (served as faultline://app/, appProtocol.ts) and dist/main/preload.cjs
const rendererDir = path.join(__dirname, '..', 'renderer');
const preloadPath = path.join(__dirname, 'preload.cjs');
// A dev server URL and a separate profile (tests) are honoured only in unpackaged builds, so a shipped
// app always loads its own files and keeps its own user data.
const { devUrl, userDataDir } = shellEnvironment(process.env, app.isPackaged);
if (userDataDir) app.setPath('userData', userDataDir);

let mainWindow: BrowserWindow | undefined;

// Before ready: the renderer's own scheme is a secure, standard origin (module scripts, workers,
// fetch), so its COOP/COEP headers make the window cross-origin isolated.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  hardenAllWebContents();
  app.whenReady().then(start, (error: unknown) => {
    console.error('Faultline failed to start:', error);
    app.exit(1);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}

function start(): void {
  const dialogs = createElectronDialogs(() => mainWindow);
  const services = createMainServices({
    userDataDir: app.getPath('userData'),
    appInfo: { name: PRODUCT_NAME, version: app.getVersion(), platform: process.platform, shell: 'electron' },
    dialogs,
  });
  const router = createIpcRouter({
    services,
    isTrustedSender: createSenderPolicy({ indexFileUrl: APP_INDEX_URL, devOrigin: devUrl }),
  });
  for (const channel of Object.keys(requestChannels) as RequestChannel[]) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => router.handle({ url: event.senderFrame?.url ?? '' }, channel, args));
  }

  const events = createEventSender((channel, payload) => mainWindow?.webContents.send(channel, payload));
  const applyMenu = () => {
    const template = buildMenuTemplate({
      enabled: services.commandState.get(),
      platform: process.platform,
      isPackaged: app.isPackaged,
      onCommand: (id) => events.send('menu:command', { id }),
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  };
  applyMenu();
  services.commandState.onChange(applyMenu);

  secureSession();
  const newWindow = () => guardUnsavedChanges(createWindow(), services, dialogs, events);
  mainWindow = newWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = newWindow();
  });
}

/**
 * Closing a window with unsaved changes asks Save / Don't Save / Cancel (decision logic in
 * services/projectService.ts). Save asks the renderer to save; it calls project:closeWindow when done.
 */
function guardUnsavedChanges(window: BrowserWindow, services: MainServices, dialogs: DialogService, events: EventSender): BrowserWindow {
  let closeConfirmed = false;
  let asking = false;
  const closeNow = () => {
    closeConfirmed = true;
    if (!window.isDestroyed()) window.close();
  };
  services.project.onCloseWindow(closeNow);
  // An export under way when the window goes is abandoned: its temporaries are removed, the folder stays as it was.
  window.on('closed', () => void services.exportDirectories.finishAll());
  window.on('close', (event) => {
    if (closeConfirmed || !services.project.isDirty) return;
    event.preventDefault();
    if (asking) return;
    asking = true;
    void askBeforeClose(true, dialogs)
      .then(async (decision) => {
        if (decision === 'close') {
          // The user chose to lose these changes: the next start must not offer them back.
          await services.recovery.clear().catch(() => undefined);
          closeNow();
        } else if (decision === 'save-then-close') {
          events.send('project:saveBeforeClose', {});
        }
      })
      .finally(() => {
        asking = false;
      });
  });
  return window;
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions({ preloadPath, isPackaged: app.isPackaged }));
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
  });
  if (devUrl) void window.loadURL(devUrl);
  else void window.loadURL(APP_INDEX_URL);
  return window;
}

/** Every web contents (including any the app never meant to create) may not navigate or open windows. */
function hardenAllWebContents(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}

function secureSession(): void {
  const appSession = session.defaultSession;
  appSession.protocol.handle(APP_SCHEME, (request) => appProtocolResponse(rendererDir, request.url));
  appSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  appSession.setPermissionCheckHandler(() => false);
  appSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
}
