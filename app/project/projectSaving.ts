/**
 * Save and Save As: the document is snapshotted when the save starts, and only that version counts
 * as saved (edits made while saving stay unsaved).
 */
import type { StoreApi } from 'zustand/vanilla';
import { toPlainFileName } from '../../shared/fileNames';
import type { SessionCore } from '../sessionTypes';
import { payloadOf, type SavedView } from './mapping';
import { sendablePayload } from './upload';

export const PROJECT_EXTENSION = '.faultline';

/** Save As's suggestion for a document called `name`: a plain file name (shared/fileNames.ts) ending in .faultline. */
export function suggestedProjectName(name: string): string {
  const stem = name.toLowerCase().endsWith(PROJECT_EXTENSION) ? name.slice(0, -PROJECT_EXTENSION.length) : name;
  return `${toPlainFileName(stem, 'Untitled', 255 - PROJECT_EXTENSION.length)}${PROJECT_EXTENSION}`;
}

export interface ProjectSavingDeps extends Pick<SessionCore, 'editor' | 'api'> {
  /** The project's handle (null: untitled), kept in the project's UI store. */
  readonly store: StoreApi<{ handle: string | null }>;
  savedView(): SavedView;
  fail(message: string): void;
}

export interface ProjectSaving {
  /** Saves to the document's file, or asks where (Save As) when it has none; true when written. */
  save(): Promise<boolean>;
  saveAs(): Promise<boolean>;
}

export function createProjectSaving(deps: ProjectSavingDeps): ProjectSaving {
  const { editor, api, store, savedView, fail } = deps;

  async function saveNow(): Promise<boolean> {
    const { handle } = store.getState();
    if (!handle) return saveAsNow();
    const version = editor.store.getState().documentVersion;
    const result = await api.saveProject({ handle, payload: await sendablePayload(api, payloadOf(editor.document, savedView())) });
    return afterSave(result, version);
  }

  async function saveAsNow(): Promise<boolean> {
    const { handle } = store.getState();
    const name = editor.store.getState().fileName ?? 'Untitled';
    const version = editor.store.getState().documentVersion;
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

  return { save: saveNow, saveAs: saveAsNow };
}
