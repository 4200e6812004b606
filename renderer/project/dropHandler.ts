import type { WindowDroppedFile } from '../../app/platform/fileDrop';

/** The preload's `window.faultlineFiles.dropToken` (shared/ipc/api.ts DroppedFileApi). */
export type DropToken = (file: File) => Promise<string | null>;

/**
 * Turns a drop on the window into the session's WindowDroppedFile. In Electron the preload
 * offers `dropToken`: main reads a file the user dropped, named by an opaque token the preload got
 * for it (the page never sees its path); otherwise the bytes are read here. Returns null when
 * nothing file-like was dropped.
 */
export function droppedFileOf(dataTransfer: DataTransfer | null, dropToken?: DropToken): WindowDroppedFile | null {
  const file = dataTransfer?.files?.[0];
  if (!file) return null;
  return {
    name: file.name,
    size: file.size,
    ...(dropToken ? { token: () => dropToken(file) } : {}),
    bytes: async () => new Uint8Array(await file.arrayBuffer()),
  };
}

/** The preload's drop-token helper, when the shell provides one. */
export function shellDropToken(): DropToken | undefined {
  const files = (window as Window & { faultlineFiles?: { dropToken?: unknown } }).faultlineFiles;
  const helper = files?.dropToken;
  return typeof helper === 'function' ? (file) => (helper as DropToken).call(files, file) : undefined;
}

export function hasFiles(dataTransfer: DataTransfer | null): boolean {
  return Boolean(dataTransfer?.types?.includes('Files'));
}
