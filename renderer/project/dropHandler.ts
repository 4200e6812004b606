import type { DroppedFile } from '../../app/project/projectController';

/**
 * Turns a drop on the window into the project controller's DroppedFile. In Electron the preload may
 * offer `pathForFile` (webUtils.getPathForFile) so main reads the file itself; otherwise the bytes are
 * read here. Returns null when nothing file-like was dropped.
 */
export function droppedFileOf(dataTransfer: DataTransfer | null, pathForFile?: (file: File) => string): DroppedFile | null {
  const file = dataTransfer?.files?.[0];
  if (!file) return null;
  const filePath = pathForFile?.(file);
  return {
    name: file.name,
    ...(filePath ? { path: filePath } : {}),
    bytes: async () => new Uint8Array(await file.arrayBuffer()),
  };
}

/** The preload's optional file-path helper, when the shell provides one. */
export function shellPathForFile(): ((file: File) => string) | undefined {
  const helper = (window as Window & { faultlineFiles?: { pathForFile?: (file: File) => string } }).faultlineFiles?.pathForFile;
  return typeof helper === 'function' ? helper : undefined;
}

export function hasFiles(dataTransfer: DataTransfer | null): boolean {
  return Boolean(dataTransfer?.types?.includes('Files'));
}
