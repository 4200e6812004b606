import { createStore, type StoreApi } from 'zustand/vanilla';
import { parseProject } from '../../shared/codecs/project';
import { toPlainFileName } from '../../shared/fileNames';
import type { ProjectOpenResult, RecentFileEntry, RecoveryInfo } from '../../shared/ipc/projectContract';
import { createDefaultDocument } from '../document/document';
import type { SessionCore } from '../sessionTypes';
import type { JsonObject } from '../../shared/codecs/json';
import { documentFromPayload, documentFromProject, payloadOf, type LoadedProject, type SavedView } from './mapping';
import { journalPayload, sendablePayload } from './upload';
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

export interface ProjectStartOptions {
  /** Runs work when the page is idle (requestIdleCallback in the renderer), off the input path. */
  whenIdle?: (task: () => void) => void;
  /** Delay after the last change before unsaved work is journalled. */
  journalDelayMs?: number;
}

export const JOURNAL_DELAY_MS = 2000;
export const PROJECT_EXTENSION = '.faultline';

/** Save As's suggestion for a document called `name`: a plain file name (shared/fileNames.ts) ending in .faultline. */
export function suggestedProjectName(name: string): string {
  const stem = name.toLowerCase().endsWith(PROJECT_EXTENSION) ? name.slice(0, -PROJECT_EXTENSION.length) : name;
  return `${toPlainFileName(stem, 'Untitled', 255 - PROJECT_EXTENSION.length)}${PROJECT_EXTENSION}`;
}

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

/** The file operations that run one at a time. */
type FileCommand = 'new' | 'open' | 'showRecent' | 'openRecent' | 'openDropped' | 'save' | 'saveAs' | 'restoreRecovery' | 'discardRecovery';
/** Commands that show a dialog or a list: a repeat while one is pending is a double fire, not a second request. */
const ASKS_THE_USER: ReadonlySet<FileCommand> = new Set(['new', 'open', 'showRecent', 'saveAs', 'restoreRecovery', 'discardRecovery']);
/** More file commands than this waiting is input gone wrong (a key held down): the rest are dropped. */
const MAX_QUEUED_FILE_COMMANDS = 8;

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

  /**
   * One file operation at a time, in the order they were asked for: Save chosen while an Open's last
   * step still runs saves the opened document afterwards. A command that asks the user (a dialog) and
   * is already running or waiting is not queued again: a menu fired twice shows one dialog.
   */
  let queue: Promise<void> = Promise.resolve();
  const waiting = new Set<FileCommand>();
  let running: FileCommand | null = null;
  let outstanding = 0;
  function exclusive<T>(command: FileCommand, task: () => Promise<T>, idle: T): Promise<T> {
    if (ASKS_THE_USER.has(command) && (running === command || waiting.has(command))) return Promise.resolve(idle);
    if (outstanding >= MAX_QUEUED_FILE_COMMANDS) return Promise.resolve(idle);
    outstanding++;
    waiting.add(command);
    store.setState({ busy: true });
    const result = queue.then(async () => {
      waiting.delete(command);
      running = command;
      try {
        return await task();
      } catch (error) {
        fail(error);
        return idle;
      } finally {
        running = null;
        outstanding--;
        if (outstanding === 0) store.setState({ busy: false });
      }
    });
    queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

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

  async function saveNow(): Promise<boolean> {
    const { handle } = store.getState();
    if (!handle) return saveAsNow();
    const version = editor.store.getState().version;
    const result = await api.saveProject({ handle, payload: await sendablePayload(api, payloadOf(editor.document, savedView())) });
    return afterSave(result, version);
  }

  async function saveAsNow(): Promise<boolean> {
    const { handle } = store.getState();
    const name = editor.store.getState().fileName ?? 'Untitled';
    const version = editor.store.getState().version;
    const payload = await sendablePayload(api, payloadOf(editor.document, savedView()));
    const result = await api.saveProjectAs({
      ...(handle ? { handle } : {}),
      defaultName: suggestedProjectName(name),
      payload,
    });
    return afterSave(result, version);
  }

  async function afterSave(result: Awaited<ReturnType<typeof api.saveProject>>, version: number): Promise<boolean> {
    if (result.status === 'cancelled') return false;
    if (result.status === 'error') {
      fail(result.message);
      return false;
    }
    // Only what was snapshotted counts as saved: edits made while saving stay unsaved.
    editor.store.setState({ savedVersion: version, fileName: result.fileName });
    store.setState({ handle: result.handle });
    if (!editor.isDirty) await api.clearRecovery().catch(() => undefined);
    return true;
  }

  const controller: ProjectController = {
    store,
    newDocument: () =>
      exclusive('new', async () => {
        if (!(await mayReplace('starting a new terrain'))) return;
        replaceWith({ document: createDefaultDocument(), view: null, drive: null, layers: { origin: 'saved', problem: null } }, null, null);
        await api.clearRecovery().catch(() => undefined);
      }, undefined),
    open: () =>
      exclusive('open', async () => {
        if (!(await mayReplace('opening another file'))) return;
        await acceptOpened(await api.openProject());
      }, undefined),
    showRecent: () =>
      exclusive('showRecent', async () => {
        store.setState({ recentList: await api.listRecentProjects() });
      }, undefined),
    openRecent: (index) =>
      exclusive('openRecent', async () => {
        store.setState({ recentList: null });
        if (!(await mayReplace('opening another file'))) return;
        await acceptOpened(await api.openRecentProject(index));
      }, undefined),
    openDropped: (file) =>
      exclusive('openDropped', async () => {
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
      }, undefined),
    save: () => exclusive('save', saveNow, false),
    saveAs: () => exclusive('saveAs', saveAsNow, false),
    answerUnsaved(choice) {
      const resolve = pendingAnswer;
      pendingAnswer = null;
      store.setState({ unsavedQuestion: null });
      resolve?.(choice);
    },
    restoreRecovery: () =>
      exclusive('restoreRecovery', async () => {
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
      }, undefined),
    discardRecovery: () =>
      exclusive('discardRecovery', async () => {
        store.setState({ recoveryOffer: null });
        await api.clearRecovery();
      }, undefined),
    dismissError: () => store.setState({ error: null }),
    reportError: (message) => store.setState({ error: message }),
    closeRecent: () => store.setState({ recentList: null }),
    bindOpened(hook) {
      openedHook = hook;
    },
    bindDriveSettings(hook) {
      driveHook = hook;
    },
    start(options = {}) {
      const whenIdle = options.whenIdle ?? ((task: () => void) => void setTimeout(task, 0));
      const journalDelay = options.journalDelayMs ?? JOURNAL_DELAY_MS;
      let stopped = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let reportedDirty: boolean | null = null;
      const journal = () => {
        timer = undefined;
        whenIdle(() => {
          if (stopped || !editor.isDirty) return;
          const fileName = editor.store.getState().fileName;
          const doc = editor.document;
          const version = editor.store.getState().version;
          // A large map goes in pieces with edits possible in between: give up on a version that is
          // no longer current (its successor has a journal coming) or was saved meanwhile.
          const stillCurrent = () => !stopped && editor.isDirty && editor.document === doc && editor.store.getState().version === version;
          journalPayload(api, doc, savedView(), stillCurrent)
            // The name is a label: made plain (the channel's rule), so that an odd file name never stops the journal.
            .then((payload) => (payload ? api.writeRecovery({ ...(fileName ? { fileName: toPlainFileName(fileName, 'Untitled') } : {}), payload }) : undefined))
            .catch((error: unknown) => console.warn('Could not write the recovery journal:', error));
        });
      };
      const onEditorChange = () => {
        const dirty = editor.isDirty;
        store.setState({ title: windowTitle(editor.store.getState().fileName, dirty) });
        if (dirty !== reportedDirty) {
          reportedDirty = dirty;
          api.setDocumentDirty(dirty).catch(() => undefined);
        }
        if (timer !== undefined) clearTimeout(timer);
        timer = dirty ? setTimeout(journal, journalDelay) : undefined;
      };
      const unsubscribers = [
        editor.store.subscribe(onEditorChange),
        api.onSaveBeforeClose(() => {
          void controller.save().then((saved) => {
            if (saved) void api.closeWindow();
          });
        }),
      ];
      onEditorChange();
      api.checkRecovery().then(
        (info) => {
          if (!stopped && info) store.setState({ recoveryOffer: info });
        },
        () => undefined,
      );
      return () => {
        stopped = true;
        if (timer !== undefined) clearTimeout(timer);
        unsubscribers.forEach((unsubscribe) => unsubscribe());
      };
    },
  };
  return controller;
}
