import type {
  AppInfo,
  EventTypes,
  OpenHeightmapResult,
  RequestChannel,
  RequestTypes,
  SaveBytesRequest,
  SaveBytesResult,
  UserSettings,
  ViewSettings,
} from './contract';
import type {
  CancelExportRequest,
  CancelExportResult,
  CheckExportMemoryRequest,
  CheckExportMemoryResult,
  ChooseExportDirectoryRequest,
  ChooseExportDirectoryResult,
  ExportHeightmapRequest,
  ExportHeightmapResult,
  ExportHeightmapTilesRequest,
  HeightfieldOnWire,
  WriteExportChunkRequest,
  WriteExportFileResult,
} from './exportContract';
import type {
  OnWire,
  ProjectOpenResult,
  ProjectSaveAsRequest,
  ProjectSaveRequest,
  ProjectSaveResult,
  RecentFileEntry,
  RecoveryInfo,
  RecoveryLoadResult,
  RecoverySnapshot,
} from './projectContract';

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
  /**
   * Multi-file export: main shows a folder dialog (asking before it replaces any of `fileNames`) and
   * answers with a handle; each file is then written by name through the handle, which is finished after.
   */
  chooseExportDirectory(request: ChooseExportDirectoryRequest): Promise<ChooseExportDirectoryResult>;
  /** One piece of one file of the export (see writeExportChunkRequestValidator); `sendExportFile` cuts a file into pieces. */
  writeExportChunk(request: WriteExportChunkRequest): Promise<WriteExportFileResult>;
  finishExport(handle: string): Promise<void>;
  /** One heightmap file encoded by main (heights inline or uploaded first), saved where its dialog says. */
  exportHeightmap(request: HeightfieldOnWire<ExportHeightmapRequest>): Promise<ExportHeightmapResult>;
  /** A heightmap cut into tiles, each encoded by main and written through an export folder's handle (all or nothing). */
  exportHeightmapTiles(request: HeightfieldOnWire<ExportHeightmapTilesRequest>): Promise<WriteExportFileResult>;
  /** Stops a running export (by its folder handle or its job id): main's encoding stops and nothing it staged is left. */
  cancelExport(request: CancelExportRequest): Promise<CancelExportResult>;
  /** Before a file export starts: refused when its estimated peak (shared/export/exportMemory.ts) exceeds the memory available. */
  checkExportMemory(request: CheckExportMemoryRequest): Promise<CheckExportMemoryResult>;
  /** Asks main to show an open dialog for a heightmap file and return its name and bytes. */
  openHeightmap(): Promise<OpenHeightmapResult>;
  /** Project documents: main shows the dialogs, reads, validates and writes; documents are named by handles. */
  openProject(): Promise<ProjectOpenResult>;
  openRecentProject(index: number): Promise<ProjectOpenResult>;
  /**
   * Electron only: opens a dropped file by the token the preload got for it (DroppedFileApi). The page
   * never names a path: a token stands for one file the user dropped, once.
   */
  openDroppedProject(token: string): Promise<ProjectOpenResult>;
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
    chooseExportDirectory: (request) => invoke('file:chooseExportDirectory', request),
    writeExportChunk: (request) => invoke('file:writeExportChunk', request),
    finishExport: (handle) => invoke('file:finishExport', handle),
    exportHeightmap: (request) => invoke('file:exportHeightmap', request),
    exportHeightmapTiles: (request) => invoke('file:exportHeightmapTiles', request),
    cancelExport: (request) => invoke('file:cancelExport', request),
    checkExportMemory: (request) => invoke('file:checkExportMemory', request),
    openProject: () => invoke('project:open'),
    openRecentProject: (index) => invoke('project:openRecent', index),
    openDroppedProject: (token) => invoke('project:openDropped', token),
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

/**
 * `window.faultlineFiles`: what the preload offers for a file the user dropped. The preload reads
 * the File's path itself (webUtils.getPathForFile, which gives a path only for a file that came from
 * the user's disk: a drop or a file picker) and registers it with main; the page gets an opaque
 * token, never the path, and cannot make main open (or later save over) a path of its choosing.
 */
export interface DroppedFileApi {
  /** A token for project:openDropped, or null when the file has no path on disk (or is not a File). */
  dropToken(file: unknown): Promise<string | null>;
}

/** `pathOf` is webUtils.getPathForFile in Electron (it throws for anything but a File), a stand-in in tests. */
export function createDroppedFileApi(invoke: Invoke, pathOf: (file: unknown) => string | Promise<string>): DroppedFileApi {
  return {
    async dropToken(file) {
      let filePath: unknown;
      try {
        filePath = await pathOf(file);
      } catch {
        return null;
      }
      if (typeof filePath !== 'string' || filePath === '') return null;
      return invoke('project:registerDrop', filePath);
    },
  };
}
