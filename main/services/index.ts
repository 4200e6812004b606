import type { AppInfo } from '../../shared/ipc/contract';
import { createAppInfoService, type AppInfoService } from './appInfoService';
import { createCommandStateService, type CommandStateService } from './commandStateService';
import { createSettingsService, type SettingsService } from './settingsService';
import type { DialogService } from './dialogs';
import { createProjectService, type ProjectService } from './projectService';
import { createRecentFiles } from './recentFiles';
import { createRecoveryService, type RecoveryService } from './recoveryService';
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
}

export interface MainServicesOptions {
  userDataDir: string;
  appInfo: AppInfo;
  warn?: (message: string) => void;
  /** Native dialogs in Electron; scripted ones in tests. */
  dialogs: DialogService;
}

export function createMainServices(options: MainServicesOptions): MainServices {
  return {
    appInfo: createAppInfoService(options.appInfo),
    settings: createSettingsService({ directory: options.userDataDir, warn: options.warn }),
    commandState: createCommandStateService(),
    project: createProjectService({ dialogs: options.dialogs, recent: createRecentFiles(options.userDataDir) }),
    recovery: createRecoveryService(options.userDataDir),
    exports: createExportService(options.dialogs),
    exportDirectories: createExportDirectoryService(options.dialogs),
    imports: createImportService(options.dialogs),
    uploads: createUploadStore(),
  };
}
