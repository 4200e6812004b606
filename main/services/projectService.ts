import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CodecError } from '../../shared/codecs/errors';
import { formatOf } from '../../shared/codecs/registry';
import type { ProjectOpenResult, ProjectSaveAsRequest, ProjectSaveRequest, ProjectSaveResult, RecentFileEntry } from '../../shared/ipc/projectContract';
import { atomicWrite } from './atomicWrite';
import type { DialogService, FileFilter } from './dialogs';
import { messageOf, PROJECT_EXTENSION } from './projectCodecIo';
import { projectCodecThread, type ProjectCodec } from './projectThread';
import { removeStaleTemps } from './staleTemps';
import type { RecentFiles } from './recentFiles';

const projectFormat = formatOf('faultline')!;
export const PROJECT_FILTERS: FileFilter[] = [{ name: projectFormat.filter.name, extensions: [...projectFormat.filter.extensions] }];

/** Drop tokens kept at once; registering one more forgets the oldest. */
export const MAX_DROP_TOKENS = 8;

/**
 * Opens and saves project documents. Paths come only from main's own dialogs, the recent list or a
 * drop the preload registered; the renderer refers to an open document by an opaque handle and to a
 * dropped file by an opaque single-use token, never by a path.
 */
export interface ProjectService {
  open(): Promise<ProjectOpenResult>;
  openRecent(index: number): Promise<ProjectOpenResult>;
  /**
   * The preload's report of a file the user dropped (its path from webUtils.getPathForFile): refused
   * unless it is an absolute path to a .faultline file; returns the token that project:openDropped takes.
   */
  registerDrop(filePath: string): string;
  openDropped(token: string): Promise<ProjectOpenResult>;
  listRecent(): Promise<RecentFileEntry[]>;
  save(request: ProjectSaveRequest): Promise<ProjectSaveResult>;
  saveAs(request: ProjectSaveAsRequest): Promise<ProjectSaveResult>;
  /** The renderer's last report of unsaved changes (asked about when the window closes). */
  setDirty(dirty: boolean): void;
  readonly isDirty: boolean;
  /** The renderer saved after a close request: the shell closes the window. */
  closeWindow(): void;
  /** The shell's way to close the window (Electron); a no-op elsewhere. */
  onCloseWindow(handler: () => void): void;
}

export interface ProjectServiceOptions {
  dialogs: DialogService;
  recent: RecentFiles;
  /** Writes the file; atomic with a .bak by default. Tests inject failures here. */
  write?: (target: string, bytes: Uint8Array) => Promise<void>;
  /** Reads and encodes projects; by default in a worker thread, off main's event loop. */
  codec?: ProjectCodec;
}

export function createProjectService(options: ProjectServiceOptions): ProjectService {
  const { dialogs, recent } = options;
  const codec = options.codec ?? projectCodecThread();
  const write = options.write ?? ((target: string, bytes: Uint8Array) => atomicWrite(target, bytes, { keepBackup: true }));
  const handles = new Map<string, string>();
  const drops = new Map<string, string>();
  let dirty = false;
  let closeHandler: () => void = () => undefined;

  function handleFor(filePath: string): string {
    for (const [handle, known] of handles) if (known === filePath) return handle;
    const handle = randomUUID();
    handles.set(handle, filePath);
    return handle;
  }

  async function openPath(filePath: string): Promise<ProjectOpenResult> {
    try {
      const payload = await codec.read(filePath);
      await recent.add(filePath).catch(() => undefined); // the list is a convenience: never fail an open for it
      return { status: 'opened', handle: handleFor(filePath), fileName: path.basename(filePath), payload };
    } catch (error) {
      return { status: 'error', message: messageOf(error) };
    }
  }

  async function saveTo(filePath: string, request: { payload: ProjectSaveRequest['payload'] }): Promise<ProjectSaveResult> {
    const name = path.basename(filePath);
    let bytes: Uint8Array;
    try {
      bytes = await codec.encode(request.payload, name);
    } catch (error) {
      return { status: 'error', message: messageOf(error) };
    }
    // Before the write: a file set a killed process left committing here is finished first, never over this save.
    await removeStaleTemps(filePath).catch(() => undefined);
    try {
      await write(filePath, bytes);
    } catch (error) {
      return { status: 'error', message: `${name}: could not be saved; the file on disk was not changed (${messageOf(error)})` };
    }
    await recent.add(filePath).catch(() => undefined);
    return { status: 'saved', handle: handleFor(filePath), fileName: name };
  }

  return {
    async open() {
      const chosen = await dialogs.chooseFileToOpen({ title: 'Open Project', filters: PROJECT_FILTERS });
      return chosen ? openPath(chosen) : { status: 'cancelled' };
    },
    async openRecent(index) {
      const files = await recent.list();
      const filePath = files[index];
      if (filePath === undefined) return { status: 'error', message: 'That recent file is no longer in the list' };
      const exists = await fs.stat(filePath).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!exists) {
        await recent.remove(filePath).catch(() => undefined);
        return { status: 'error', message: `${path.basename(filePath)}: no longer exists in ${path.dirname(filePath)}; it was removed from Open Recent` };
      }
      return openPath(filePath);
    },
    registerDrop(filePath) {
      if (!path.isAbsolute(filePath) || path.extname(filePath).toLowerCase() !== PROJECT_EXTENSION) {
        throw new CodecError(path.basename(filePath), 'is not a Faultline project (.faultline) file');
      }
      while (drops.size >= MAX_DROP_TOKENS) drops.delete(drops.keys().next().value as string);
      const token = randomUUID();
      drops.set(token, path.resolve(filePath));
      return token;
    },
    async openDropped(token) {
      const filePath = drops.get(token);
      // Single use: a token opens its file once.
      drops.delete(token);
      if (filePath === undefined) return { status: 'error', message: 'That dropped file is not known here (drop it on the window again)' };
      return openPath(filePath);
    },
    listRecent: () => recent.entries(),
    async save(request) {
      const filePath = handles.get(request.handle);
      if (!filePath) return { status: 'error', message: 'This document has no file yet: use Save As' };
      return saveTo(filePath, request);
    },
    async saveAs(request) {
      const current = request.handle ? handles.get(request.handle) : undefined;
      const suggested = withExtension(request.defaultName);
      const chosen = await dialogs.chooseFileToSave({
        title: 'Save Project As',
        defaultName: current ? path.join(path.dirname(current), suggested) : suggested,
        filters: PROJECT_FILTERS,
      });
      if (!chosen) return { status: 'cancelled' };
      return saveTo(withExtension(chosen), request);
    },
    setDirty(value) {
      dirty = value;
    },
    get isDirty() {
      return dirty;
    },
    closeWindow: () => closeHandler(),
    onCloseWindow(handler) {
      closeHandler = handler;
    },
  };
}

function withExtension(name: string): string {
  return path.extname(name).toLowerCase() === PROJECT_EXTENSION ? name : `${name}${PROJECT_EXTENSION}`;
}

/** What closing the window does, from the dirty state and the answer to Save / Don't Save / Cancel. */
export type CloseDecision = 'close' | 'save-then-close' | 'stay';
export const CLOSE_BUTTONS = ['Save', "Don't Save", 'Cancel'] as const;

export function decideClose(dirty: boolean, answer: number | undefined): CloseDecision {
  if (!dirty) return 'close';
  if (answer === 0) return 'save-then-close';
  if (answer === 1) return 'close';
  return 'stay';
}

/** Asks (only when there are unsaved changes) and returns what to do. */
export async function askBeforeClose(dirty: boolean, dialogs: DialogService): Promise<CloseDecision> {
  if (!dirty) return 'close';
  const answer = await dialogs.ask({
    title: 'Unsaved changes',
    message: 'Save changes to this terrain before closing?',
    detail: 'Your changes will be lost if you close without saving.',
    buttons: [...CLOSE_BUTTONS],
    defaultId: 0,
    cancelId: 2,
  });
  return decideClose(dirty, answer);
}
