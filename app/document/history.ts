import type { TerrainDocument } from './document';
import type { DirtyRegion } from './region';

/** One undoable document change. */
export interface DocumentEdit {
  readonly label: string;
  /** Memory this entry keeps alive for undo/redo, in bytes. */
  readonly byteSize: number;
  apply(doc: TerrainDocument): DirtyRegion;
  revert(doc: TerrainDocument): DirtyRegion;
}

export const DEFAULT_HISTORY_BUDGET_BYTES = 512 * 1024 * 1024;

/**
 * Undo/redo stacks under a byte budget: when the entries exceed it, the oldest undo entries are
 * dropped first (the newest edit is always kept, however large).
 */
export class UndoHistory {
  private undoStack: DocumentEdit[] = [];
  private redoStack: DocumentEdit[] = [];
  private bytes = 0;

  constructor(private readonly budgetBytes = DEFAULT_HISTORY_BUDGET_BYTES) {}

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }
  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }
  get byteSize(): number {
    return this.bytes;
  }
  get undoLabel(): string | undefined {
    return this.undoStack.at(-1)?.label;
  }
  get redoLabel(): string | undefined {
    return this.redoStack.at(-1)?.label;
  }
  get undoDepth(): number {
    return this.undoStack.length;
  }

  /** Records an edit that has already been applied. Clears the redo stack. */
  push(edit: DocumentEdit): void {
    for (const dropped of this.redoStack) this.bytes -= dropped.byteSize;
    this.redoStack = [];
    this.undoStack.push(edit);
    this.bytes += edit.byteSize;
    this.evict();
  }

  /** Takes the newest edit off the undo stack onto the redo stack; the caller reverts it. */
  popUndo(): DocumentEdit | undefined {
    const edit = this.undoStack.pop();
    if (edit) this.redoStack.push(edit);
    return edit;
  }

  popRedo(): DocumentEdit | undefined {
    const edit = this.redoStack.pop();
    if (edit) this.undoStack.push(edit);
    return edit;
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
    this.bytes = 0;
  }

  private evict(): void {
    while (this.bytes > this.budgetBytes && this.undoStack.length > 1) {
      const oldest = this.undoStack.shift();
      if (oldest) this.bytes -= oldest.byteSize;
    }
  }
}
