import { createStore, type StoreApi } from 'zustand/vanilla';
import { parseProject } from '../../shared/codecs/project';
import type { ProjectOpenResult, RecentFileEntry, RecoveryInfo } from '../../shared/ipc/projectContract';
import { createDefaultDocument } from '../document/document';
import type { SessionCore } from '../sessionTypes';
import type { JsonObject } from '../../shared/json';
import { createFileCommandQueue, type FileCommand } from './fileCommandQueue';
import { documentFromPayload, documentFromProject, type LoadedProject, type SavedView } from './mapping';
import { startProjectReporting, type ProjectStartOptions } from './projectReporting';
import { createProjectSaving, PROJECT_EXTENSION } from './projectSaving';
import { windowTitle } from './title';
import { mayReplaceDocument, type UnsavedChoice } from './unsavedFlow';

/** What the project UI shows: questions, offers and errors are modal and answered through the controller. */
export interface ProjectUiState {
  /** Handle of the file the document was opened from or saved to; null for untitled documents. */
  handle: string | null;
  /** Set while asking "Save changes before …?"; `action` names what waits (e.g. "opening another file"). */
  unsavedQuestion: { action: string } | null;
  /** A journal of unsaved work found at start. */
  recoveryOffer: RecoveryInfo | null;
  /** The Open Recent list while it is shown. */
  recentList: RecentFileEntry[] | null;
  /** A plain message naming the file and the problem. */
  error: string | null;
  /** A file operation is running or waiting: further ones wait their turn. */
  busy: boolean;
  title: string;
}

/**
 * A file dropped on the window: its name, its bytes on demand, and (Electron only) a way to get the
 * token main opens it by (null when the file has no path on disk).
 */
export interface DroppedFile {
  name: string;
  token?: () => Promise<string | null>;
  bytes(): Promise<Uint8Array>;
}

export { JOURNAL_DELAY_MS, type ProjectStartOptions } from './projectReporting';
export { PROJECT_EXTENSION, suggestedProjectName } from './projectSaving';

export interface ProjectController {
  readonly store: StoreApi<ProjectUiState>;
  newDocument(): Promise<void>;
  open(): Promise<void>;
  showRecent(): Promise<void>;
  openRecent(index: number): Promise<void>;
  openDropped(file: DroppedFile): Promise<void>;
  /** True when the document was written. */
  save(): Promise<boolean>;
  saveAs(): Promise<boolean>;
  answerUnsaved(choice: UnsavedChoice): void;
  restoreRecovery(): Promise<void>;
  discardRecovery(): Promise<void>;
  dismissError(): void;
  /** Shows a message in the project's error dialog (a drop Faultline cannot open). */
  reportError(message: string): void;
  closeRecent(): void;
  /** Starts dirty reporting, the recovery journal and the recovery offer; returns a stop function. */
  start(options?: ProjectStartOptions): () => void;
  /** Saves the test drive's settings with the project and restores them when one opens. */
  bindDriveSettings(hook: DriveSettingsHook): void;
  /** Called after a document replaced the open one (opened, recovered, dropped or new): the layer stack's check runs from here. */
  bindOpened(hook: (loaded: LoadedProject, fileName: string | null) => void): void;
}

export interface DriveSettingsHook {
  get(): JsonObject;
  set(saved: JsonObject): void;
}

export function createProjectController(session: Pick<SessionCore, 'editor' | 'api' | 'view' | 'tools'>): ProjectController {
  const { editor, api, view, tools } = session;
  const store = createStore<ProjectUiState>(() => ({
    handle: null,
    unsavedQuestion: null,
    recoveryOffer: null,
    recentList: null,
    error: null,
    busy: false,
    title: windowTitle(editor.store.getState().fileName, editor.isDirty),
  }));
  let pendingAnswer: ((choice: UnsavedChoice) => void) | null = null;
  let driveHook: DriveSettingsHook | null = null;
  let openedHook: ((loaded: LoadedProject, fileName: string | null) => void) | null = null;
  const savedView = (): SavedView => ({ ...view.getState().settings, ...(driveHook ? { drive: driveHook.get() } : {}) });

  const fail = (error: unknown) => store.setState({ error: error instanceof Error ? error.message : String(error) });

  const { save: saveNow, saveAs: saveAsNow } = createProjectSaving({ editor, api, store, savedView, fail });

  const queue = createFileCommandQueue({ setBusy: (busy) => store.setState({ busy }), fail });
  const exclusive = <T>(command: FileCommand, task: () => Promise<T>, idle: T): Promise<T> => queue.run(command, task, idle);
  /** A file command that answers nothing (nothing to say when dropped). */
  const exclusiveVoid = (command: FileCommand, task: () => Promise<void>): Promise<void> => queue.run(command, task, undefined);

  function askUnsaved(action: string): Promise<UnsavedChoice> {
    return new Promise((resolve) => {
      pendingAnswer = resolve;
      store.setState({ unsavedQuestion: { action } });
    });
  }

  const mayReplace = (action: string) => mayReplaceDocument(editor.isDirty, () => askUnsaved(action), saveNow);

  function replaceWith(loaded: LoadedProject, fileName: string | null, handle: string | null): void {
    // A gesture in progress refers to the old document.
    tools.getState().active?.cancel();
    editor.replaceDocument(loaded.document, fileName);
    openedHook?.(loaded, fileName);
    if (loaded.view) view.setState((s) => ({ settings: { ...s.settings, ...loaded.view } }));
    if (loaded.drive && driveHook) driveHook.set(loaded.drive);
    store.setState({ handle });
  }

  async function acceptOpened(result: ProjectOpenResult): Promise<void> {
    if (result.status === 'cancelled') return;
    if (result.status === 'error') {
      fail(result.message);
      return;
    }
    replaceWith(documentFromPayload(result.payload, result.fileName), result.fileName, result.handle);
    await api.clearRecovery().catch(() => undefined);
  }

  const controller: ProjectController = {
    store,
    newDocument: () =>
      exclusiveVoid('new', async () => {
        if (!(await mayReplace('starting a new terrain'))) return;
        replaceWith({ document: createDefaultDocument(), view: null, drive: null, layers: { origin: 'saved', problem: null } }, null, null);
        await api.clearRecovery().catch(() => undefined);
      }),
    open: () =>
      exclusiveVoid('open', async () => {
        if (!(await mayReplace('opening another file'))) return;
        await acceptOpened(await api.openProject());
      }),
    showRecent: () =>
      exclusiveVoid('showRecent', async () => {
        store.setState({ recentList: await api.listRecentProjects() });
      }),
    openRecent: (index) =>
      exclusiveVoid('openRecent', async () => {
        store.setState({ recentList: null });
        if (!(await mayReplace('opening another file'))) return;
        await acceptOpened(await api.openRecentProject(index));
      }),
    openDropped: (file) =>
      exclusiveVoid('openDropped', async () => {
        if (!file.name.toLowerCase().endsWith(PROJECT_EXTENSION)) {
          fail(`${file.name}: is not a Faultline project (.faultline) file`);
          return;
        }
        if (!(await mayReplace('opening the dropped file'))) return;
        const token = file.token ? await file.token() : null;
        if (token) {
          await acceptOpened(await api.openDroppedProject(token));
          return;
        }
        // No path (browser): decode here; the document has no file to save back to until Save As.
        const loaded = documentFromProject(parseProject(await file.bytes(), file.name), file.name);
        replaceWith(loaded, file.name, null);
        await api.clearRecovery().catch(() => undefined);
      }),
    save: () => exclusive('save', saveNow, false),
    saveAs: () => exclusive('saveAs', saveAsNow, false),
    answerUnsaved(choice) {
      const resolve = pendingAnswer;
      pendingAnswer = null;
      store.setState({ unsavedQuestion: null });
      resolve?.(choice);
    },
    restoreRecovery: () =>
      exclusiveVoid('restoreRecovery', async () => {
        store.setState({ recoveryOffer: null });
        const result = await api.loadRecovery();
        if (result.status === 'none') return;
        if (result.status === 'error') {
          fail(result.message);
          return;
        }
        const name = result.info.fileName ?? 'Recovered';
        replaceWith(documentFromPayload(result.payload, name), result.info.fileName, null);
        // Restored work is unsaved work: it stays dirty (and journalled) until the user saves it.
        editor.store.setState({ savedVersion: -1 });
      }),
    discardRecovery: () =>
      exclusiveVoid('discardRecovery', async () => {
        store.setState({ recoveryOffer: null });
        await api.clearRecovery();
      }),
    dismissError: () => store.setState({ error: null }),
    reportError: (message) => store.setState({ error: message }),
    closeRecent: () => store.setState({ recentList: null }),
    bindOpened(hook) {
      openedHook = hook;
    },
    bindDriveSettings(hook) {
      driveHook = hook;
    },
    start: (options = {}) => startProjectReporting({ editor, api, store, savedView, save: () => controller.save() }, options),
  };
  return controller;
}
