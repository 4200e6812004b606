import type { FaultlineApi } from '../../shared/ipc/api';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '../../shared/ipc/contract';

/**
 * A harmless in-memory stand-in for window.faultline, used when the page runs in a plain browser
 * without the preload or the test bridge: settings live for the page's lifetime, menus do not exist.
 */
export function createMemoryFaultlineApi(): FaultlineApi {
  let settings: UserSettings = structuredClone(DEFAULT_USER_SETTINGS);
  let uploaded = 0;
  return {
    getAppInfo: async () => ({ name: 'Faultline', version: 'dev', platform: 'browser', shell: 'browser-bridge' }),
    getSettings: async () => structuredClone(settings),
    setViewSettings: async (view) => {
      settings = { ...settings, view: { ...view } };
      return structuredClone(settings);
    },
    setCommandStates: async () => undefined,
    // Without main there is nowhere to write: report "not saved" rather than pretend.
    saveBytesAs: async () => ({ saved: false }),
    openHeightmap: async () => ({ status: 'cancelled' }),
    chooseExportDirectory: async () => ({ status: 'cancelled' }),
    writeExportChunk: async () => {
      throw new Error('There is no folder to write to in this window');
    },
    finishExport: async () => undefined,
    exportHeightmap: async () => ({ status: 'cancelled' }),
    exportHeightmapTiles: async () => {
      throw new Error('There is no folder to write to in this window');
    },
    cancelExport: async () => ({ status: 'unknown' }),
    // Nothing is written here, so nothing is refused for memory.
    checkExportMemory: async () => ({ status: 'fits' }),
    // No main process: projects cannot be opened or saved to disk here, and there is no recovery folder.
    openProject: async () => ({ status: 'cancelled' }),
    openRecentProject: async () => ({ status: 'error', message: 'Recent files are not available in this window' }),
    openDroppedProject: async () => ({ status: 'error', message: 'Opening files by path is not available in this window' }),
    listRecentProjects: async () => [],
    saveProject: async () => ({ status: 'cancelled' }),
    saveProjectAs: async () => ({ status: 'cancelled' }),
    setDocumentDirty: async () => undefined,
    closeWindow: async () => undefined,
    writeRecovery: async () => undefined,
    // Nothing reads uploads here: pieces are counted and dropped.
    beginUpload: async () => {
      uploaded = 0;
      return 'memory-upload';
    },
    appendUpload: async (_id, _offset, piece) => (uploaded += piece.byteLength),
    checkRecovery: async () => null,
    loadRecovery: async () => ({ status: 'none' }),
    clearRecovery: async () => undefined,
    onSaveBeforeClose: () => () => undefined,
    onMenuCommand: () => () => undefined,
  };
}
