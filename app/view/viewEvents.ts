/**
 * Happenings the views react to that leave no state behind: "Reset Camera" re-frames both views once.
 * (A counter in the view store would be state that means nothing but "it changed".)
 */
export class ViewEvent {
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` on every emit until the returned unsubscribe runs. */
  on(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

export interface ViewEvents {
  /** Re-frame the terrain in the 3D and 2D views (the command `view.resetCamera`). */
  readonly resetCamera: ViewEvent;
  /** A new terrain (a preset's Run, an opened project): the 3D view frames it if the user has not moved the camera since it was framed. */
  readonly newTerrain: ViewEvent;
}

export function createViewEvents(): ViewEvents {
  return { resetCamera: new ViewEvent(), newTerrain: new ViewEvent() };
}
