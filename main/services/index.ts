import path from 'node:path';
import type { AppInfo } from '../../shared/ipc/contract';
import { createAppInfoService, type AppInfoService } from './appInfoService';
import { createCommandStateService, type CommandStateService } from './commandStateService';
import { createSettingsService, SETTINGS_FILE_NAME, type SettingsService } from './settingsService';
import type { DialogService } from './dialogs';
import { createProjectService, type ProjectService } from './projectService';
import { createRecentFiles, RECENT_FILES_NAME } from './recentFiles';
import { createRecoveryService, RECOVERY_FOLDER, RECOVERY_INFO, RECOVERY_PROJECT, type RecoveryService } from './recoveryService';
import { removeStaleTempsOf } from './staleTemps';
import { createExportService, type ExportService } from './exportService';
import { createExportDirectoryService, type ExportDirectoryService } from './exportDirectoryService';
import { createImportService, type ImportService } from './importService';
import { createUploadStore, type UploadStore } from './uploads';

/** Every plain-Node service the IPC router can call. None of them imports electron. */
export interface MainServices {
  appInfo: AppInfoService;
  settings: SettingsService;
  commandState: CommandStateService;
  project: ProjectService;
  recovery: RecoveryService;
  exports: ExportService;
  exportDirectories: ExportDirectoryService;
  imports: ImportService;
  uploads: UploadStore;
  /**
   * Started with the services: removes temp files that writes of main's own files (settings,
   * recent files, the recovery journal: 256 MiB each at 8193²) left when the app died mid-write.
   * Settles with how many were removed; never rejects.
   */
  startupCleanup: Promise<number>;
}

/** Every file main writes in the user-data folder (each with atomicWrite, so each can leave a temp). */
export function userDataFiles(userDataDir: string): string[] {
  return [
    path.join(userDataDir, SETTINGS_FILE_NAME),
    path.join(userDataDir, RECENT_FILES_NAME),
    path.join(userDataDir, RECOVERY_FOLDER, RECOVERY_PROJECT),
    path.join(userDataDir, RECOVERY_FOLDER, RECOVERY_INFO),
  ];
}

export interface MainServicesOptions {
  userDataDir: string;
  appInfo: AppInfo;
  warn?: (message: string) => void;
  /** Native dialogs in Electron; scripted ones in tests. */
  dialogs: DialogService;
}

export function createMainServices(options: MainServicesOptions): MainServices {
  const exportDirectories = createExportDirectoryService(options.dialogs);
  return {
    appInfo: createAppInfoService(options.appInfo),
    settings: createSettingsService({ directory: options.userDataDir, warn: options.warn }),
    commandState: createCommandStateService(),
    project: createProjectService({ dialogs: options.dialogs, recent: createRecentFiles(options.userDataDir) }),
    recovery: createRecoveryService(options.userDataDir),
    exports: createExportService(options.dialogs, exportDirectories),
    exportDirectories,
    imports: createImportService(options.dialogs),
    uploads: createUploadStore(),
    startupCleanup: removeStaleTempsOf(userDataFiles(options.userDataDir)),
  };
}
