import type { AppInfo, EventTypes, OpenHeightmapResult, RequestChannel, RequestTypes, SaveBytesRequest, SaveBytesResult, UserSettings, ViewSettings } from './contract';
import type { OnWire, ProjectOpenResult, ProjectSaveAsRequest, ProjectSaveRequest, ProjectSaveResult, RecentFileEntry, RecoveryInfo, RecoveryLoadResult, RecoverySnapshot } from './projectContract';

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
  /** Asks main to show an open dialog for a heightmap file and return its name and bytes. */
  openHeightmap(): Promise<OpenHeightmapResult>;
  /** Project documents: main shows the dialogs, reads, validates and writes; documents are named by handles. */
  openProject(): Promise<ProjectOpenResult>;
  openRecentProject(index: number): Promise<ProjectOpenResult>;
  /** Electron only: a dropped file's path, which main reads after checking it is a .faultline file. */
  openDroppedProject(path: string): Promise<ProjectOpenResult>;
  listRecentProjects(): Promise<RecentFileEntry[]>;
  saveProject(request: OnWire<ProjectSaveRequest>): Promise<ProjectSaveResult>;
  saveProjectAs(request: OnWire<ProjectSaveAsRequest>): Promise<ProjectSaveResult>;
  /** Tells main whether the document has unsaved changes (it asks before closing the window). */
  setDocumentDirty(dirty: boolean): Promise<void>;
  /** After a save requested by closing the window: close it now. */
  closeWindow(): Promise<void>;
  writeRecovery(snapshot: OnWire<RecoverySnapshot>): Promise<void>;
  /**
   * Large bytes in pieces (at most UPLOAD_PIECE_MAX_BYTES each): begin announces the length and
   * returns an id, each append sends the next piece with the byte offset it starts at (main refuses
   * a piece that is not the next one); a payload then names the id (`heightsUpload`).
   */
  beginUpload(byteLength: number): Promise<string>;
  appendUpload(id: string, offset: number, piece: Uint8Array): Promise<number>;
  checkRecovery(): Promise<RecoveryInfo | null>;
  loadRecovery(): Promise<RecoveryLoadResult>;
  clearRecovery(): Promise<void>;
  /** Main asks the renderer to save before it closes the window; returns an unsubscribe function. */
  onSaveBeforeClose(listener: () => void): () => void;
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
    openHeightmap: () => invoke('file:openHeightmap'),
    openProject: () => invoke('project:open'),
    openRecentProject: (index) => invoke('project:openRecent', index),
    openDroppedProject: (path) => invoke('project:openDropped', path),
    listRecentProjects: () => invoke('project:listRecent'),
    saveProject: (request) => invoke('project:save', request),
    saveProjectAs: (request) => invoke('project:saveAs', request),
    setDocumentDirty: (dirty) => invoke('project:setDirty', dirty),
    closeWindow: () => invoke('project:closeWindow'),
    writeRecovery: (snapshot) => invoke('recovery:write', snapshot),
    beginUpload: (byteLength) => invoke('upload:begin', byteLength),
    appendUpload: (id, offset, piece) => invoke('upload:append', id, offset, piece),
    checkRecovery: () => invoke('recovery:check'),
    loadRecovery: () => invoke('recovery:load'),
    clearRecovery: () => invoke('recovery:clear'),
    onSaveBeforeClose: (listener) => subscribe('project:saveBeforeClose', () => listener()),
    onMenuCommand: (listener) => subscribe('menu:command', (payload) => listener(payload.id)),
  };
}
