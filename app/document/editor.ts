import { createStore, type StoreApi } from 'zustand/vanilla';
import type { TerrainDocument } from './document';
import type { ErosionCoverBytes } from '../../shared/erosion/cover';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import { UndoHistory, type DocumentEdit } from './history';
import { ALL, type DirtyRegion } from './region';

/**
 * Small, serialisable editor state for the UI. Bulk data (heights) stays in the document's typed
 * arrays; views subscribe to `version` and read `lastChange` to know what to refresh.
 */
export interface EditorState {
  /** Increases on every change the views draw: the document's (edit, undo, redo, replace) and a gesture's preview. */
  version: number;
  /**
   * Increases on every change of the document itself (edit, undo, redo, replace), never on a
   * gesture's preview: what the dirty mark, commands, Solo and derived values (the road report) follow.
   */
  documentVersion: number;
  /** Whether the last change was a gesture's preview (or its end): the views redraw, the document did not change. */
  preview: boolean;
  /** `documentVersion` at the last save/open; dirty when different. */
  savedVersion: number;
  /** What the last change touched. */
  lastChange: DirtyRegion;
  /**
   * Increases when results derived from the document's own stack (its erosion masks) are set without
   * an edit (setErosionResults); every edit's own results come with `version`.
   */
  resultsVersion: number;
  /** Name shown in the title bar. */
  fileName: string | null;
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | undefined;
  redoLabel: string | undefined;
  /** Dimensions of the current map, for the status bar. */
  width: number;
  depth: number;
  cellSize: number;
}

/** The editor: one document, its history, and the store views observe. */
export class Editor {
  readonly store: StoreApi<EditorState>;
  readonly history: UndoHistory;
  private doc: TerrainDocument;
  private previewed = false;

  constructor(document: TerrainDocument, historyBudgetBytes?: number) {
    this.doc = document;
    this.history = new UndoHistory(historyBudgetBytes);
    this.store = createStore<EditorState>(() => ({
      version: 0,
      documentVersion: 0,
      preview: false,
      savedVersion: 0,
      lastChange: ALL,
      resultsVersion: 0,
      fileName: null,
      canUndo: false,
      canRedo: false,
      undoLabel: undefined,
      redoLabel: undefined,
      ...dimensions(document),
    }));
  }

  get document(): TerrainDocument {
    return this.doc;
  }

  /**
   * True from a preview that changed heights until the next edit, undo, redo or replace: meanwhile
   * the heights may not be the stack's (a gesture's dabs are in them).
   */
  get previewing(): boolean {
    return this.previewed;
  }

  /**
   * Calls `listener` after every change of the editor's state except a gesture's preview (what
   * derived state follows: commands, the road report).
   */
  subscribeDocument(listener: (state: EditorState, previous: EditorState) => void): () => void {
    return this.store.subscribe((state, previous) => {
      if (state.preview && state.version !== previous.version) return;
      listener(state, previous);
    });
  }

  get isDirty(): boolean {
    const s = this.store.getState();
    return s.documentVersion !== s.savedVersion;
  }

  /** Applies an edit and records it for undo. Every document change goes through here. */
  apply(edit: DocumentEdit): void {
    const region = edit.apply(this.doc);
    this.previewed = false;
    this.history.push(edit);
    this.changed(region);
  }

  undo(): boolean {
    const edit = this.history.popUndo();
    if (!edit) return false;
    this.previewed = false;
    this.changed(edit.revert(this.doc));
    return true;
  }

  redo(): boolean {
    const edit = this.history.popRedo();
    if (!edit) return false;
    this.previewed = false;
    this.changed(edit.apply(this.doc));
    return true;
  }

  /**
   * Tells the views that heights changed in place during a gesture (a brush stroke in progress)
   * without a history entry; the gesture records one edit when it ends or restores on cancel.
   */
  preview(region: DirtyRegion): void {
    if (region.kind === 'all' || (region.i1 > region.i0 && region.j1 > region.j0)) this.previewed = true;
    this.previewChanged(region);
  }

  /**
   * A gesture put back every height its preview changed (Escape, or a result that will not come):
   * the heights are again what the last edit, undo or redo left. The views redraw `region`.
   */
  endPreview(region: DirtyRegion | null): void {
    this.previewed = false;
    if (region) this.previewChanged(region);
  }

  /** Replaces the whole document (new/open); history starts afresh. */
  replaceDocument(document: TerrainDocument, fileName: string | null = null): void {
    this.doc = document;
    this.previewed = false;
    this.history.clear();
    const { version, documentVersion } = this.store.getState();
    this.store.setState({
      ...this.historyState(),
      ...dimensions(document),
      version: version + 1,
      documentVersion: documentVersion + 1,
      preview: false,
      savedVersion: documentVersion + 1,
      lastChange: ALL,
      fileName,
    });
  }

  /**
   * Sets the erosion results of the document's own stack, computed after it opened (the project file
   * stores none): no edit, nothing to undo or save; views that draw them follow `resultsVersion`.
   */
  setErosionResults(masks: ErosionCoverBytes | null): void {
    this.doc.erosionMasks = masks;
    this.store.setState((s) => ({ resultsVersion: s.resultsVersion + 1 }));
  }

  /** Sets the water of the document's own stack, computed after it opened: like `setErosionResults`. */
  setWaterResults(water: WaterSurface | null): void {
    this.doc.water = water;
    this.store.setState((s) => ({ resultsVersion: s.resultsVersion + 1 }));
  }

  markSaved(fileName: string | null): void {
    this.store.setState((s) => ({ savedVersion: s.documentVersion, fileName }));
  }

  private changed(region: DirtyRegion): void {
    this.store.setState((s) => ({
      ...this.historyState(),
      ...dimensions(this.doc),
      version: s.version + 1,
      documentVersion: s.documentVersion + 1,
      preview: false,
      lastChange: region,
    }));
  }

  /** Heights changed for a gesture's preview: the views redraw; the document's version stays. */
  private previewChanged(region: DirtyRegion): void {
    this.store.setState((s) => ({ version: s.version + 1, preview: true, lastChange: region }));
  }

  private historyState(): Pick<EditorState, 'canUndo' | 'canRedo' | 'undoLabel' | 'redoLabel'> {
    return {
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
      undoLabel: this.history.undoLabel,
      redoLabel: this.history.redoLabel,
    };
  }
}

function dimensions(doc: TerrainDocument): Pick<EditorState, 'width' | 'depth' | 'cellSize'> {
  return { width: doc.field.width, depth: doc.field.depth, cellSize: doc.field.cellSize };
}
