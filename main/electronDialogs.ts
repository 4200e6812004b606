// Native dialogs for the Electron shell (imports electron, so only main.ts loads it).
import { dialog, type BrowserWindow } from 'electron';
import type { DialogService } from './services/dialogs';

export function createElectronDialogs(getWindow: () => BrowserWindow | undefined): DialogService {
  return {
    async chooseFileToOpen(options) {
      const window = getWindow();
      const dialogOptions = { title: options.title, filters: options.filters, properties: ['openFile' as const] };
      const result = window ? await dialog.showOpenDialog(window, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async chooseFileToSave(options) {
      const window = getWindow();
      const dialogOptions = { title: options.title, defaultPath: options.defaultName, filters: options.filters };
      const result = window ? await dialog.showSaveDialog(window, dialogOptions) : await dialog.showSaveDialog(dialogOptions);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
    async chooseDirectory(options) {
      const window = getWindow();
      const dialogOptions = { title: options.title, properties: ['openDirectory' as const, 'createDirectory' as const, 'promptToCreate' as const] };
      const result = window ? await dialog.showOpenDialog(window, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    async ask(options) {
      const window = getWindow();
      const result = window
        ? await dialog.showMessageBox(window, { type: 'question', ...options })
        : await dialog.showMessageBox({ type: 'question', ...options });
      return result.response;
    },
  };
}
