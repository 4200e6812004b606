/**
 * What a project reports while the window is open: the title and the dirty mark (to main), the
 * recovery journal of unsaved work (once changes settle, when the page is idle), a save asked for
 * before the window closes, and the recovery offer at start.
 */
import type { StoreApi } from 'zustand/vanilla';
import { toPlainFileName } from '../../shared/fileNames';
import type { RecoveryInfo } from '../../shared/ipc/projectContract';
import type { SessionCore } from '../sessionTypes';
import type { SavedView } from './mapping';
import { windowTitle } from './title';
import { journalPayload } from './upload';

export interface ProjectStartOptions {
  /** Runs work when the page is idle (requestIdleCallback in the renderer), off the input path. */
  whenIdle?: (task: () => void) => void;
  /** Delay after the last change before unsaved work is journalled. */
  journalDelayMs?: number;
}

export const JOURNAL_DELAY_MS = 2000;

export interface ProjectReportingDeps extends Pick<SessionCore, 'editor' | 'api'> {
  readonly store: StoreApi<{ title: string; recoveryOffer: RecoveryInfo | null }>;
  savedView(): SavedView;
  /** The project's Save, in its turn among the file commands; true when written. */
  save(): Promise<boolean>;
}

/** Starts the reporting; returns a stop function. */
export function startProjectReporting(deps: ProjectReportingDeps, options: ProjectStartOptions = {}): () => void {
  const { editor, api, store, savedView } = deps;
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
      const version = editor.store.getState().documentVersion;
      // A large map goes in pieces with edits possible in between: give up on a version that is
      // no longer current (its successor has a journal coming) or was saved meanwhile.
      const stillCurrent = () => !stopped && editor.isDirty && editor.document === doc && editor.store.getState().documentVersion === version;
      journalPayload(api, doc, savedView(), stillCurrent)
        // The name is a label: made plain (the channel's rule), so that an odd file name never stops the journal.
        .then((payload) => (payload ? api.writeRecovery({ ...(fileName ? { fileName: toPlainFileName(fileName, 'Untitled') } : {}), payload }) : undefined))
        .catch((error: unknown) => console.warn('Could not write the recovery journal:', error));
    });
  };
  const onEditorChange = () => {
    // A gesture's preview changes the views alone: the title, the dirty flag and the journal skip it.
    if (editor.store.getState().preview) return;
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
      void deps.save().then((saved) => {
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
}
