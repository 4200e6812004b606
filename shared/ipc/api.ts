import type { AppInfo, EventTypes, RequestChannel, RequestTypes, SaveBytesRequest, SaveBytesResult, UserSettings, ViewSettings } from './contract';

/**
 * The task-shaped API the preload exposes to the renderer as `window.faultline`. It is built from two
 * transport functions so the same code serves the Electron preload (ipcRenderer) and the browser
 * test bridge (Playwright exposeBinding).
 */
export interface FaultlineApi {
  getAppInfo(): Promise<AppInfo>;
  getSettings(): Promise<UserSettings>;
  setViewSettings(view: ViewSettings): Promise<UserSettings>;
  /** Tells main which commands are enabled so the application menu matches the renderer. */
  setCommandStates(states: Array<{ id: string; enabled: boolean }>): Promise<void>;
  /** Asks main to show a save dialog and write these bytes atomically to the chosen file. */
  saveBytesAs(request: SaveBytesRequest): Promise<SaveBytesResult>;
  /** Subscribes to menu commands; returns an unsubscribe function. */
  onMenuCommand(listener: (id: string) => void): () => void;
}

export type Invoke = <C extends RequestChannel>(channel: C, ...args: RequestTypes[C]['args']) => Promise<RequestTypes[C]['result']>;
export type Subscribe = <E extends keyof EventTypes>(channel: E, listener: (payload: EventTypes[E]) => void) => () => void;

export function createFaultlineApi(invoke: Invoke, subscribe: Subscribe): FaultlineApi {
  return {
    getAppInfo: () => invoke('app:getInfo'),
    getSettings: () => invoke('settings:get'),
    setViewSettings: (view) => invoke('settings:setView', view),
    setCommandStates: (states) => invoke('commands:setState', states),
    saveBytesAs: (request) => invoke('file:saveBytesAs', request),
    onMenuCommand: (listener) => subscribe('menu:command', (payload) => listener(payload.id)),
  };
}
