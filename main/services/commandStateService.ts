export interface CommandState {
  id: string;
  enabled: boolean;
}

/** Which commands the renderer says are enabled; main rebuilds the application menu when it changes. */
export interface CommandStateService {
  set(states: readonly CommandState[]): void;
  /** Enabled state per command id; commands never reported are absent (treat as enabled). */
  get(): ReadonlyMap<string, boolean>;
  onChange(listener: (states: ReadonlyMap<string, boolean>) => void): () => void;
}

export function createCommandStateService(): CommandStateService {
  const enabled = new Map<string, boolean>();
  const listeners = new Set<(states: ReadonlyMap<string, boolean>) => void>();
  return {
    set(states) {
      let changed = false;
      for (const { id, enabled: isEnabled } of states) {
        if (enabled.get(id) !== isEnabled) changed = true;
        enabled.set(id, isEnabled);
      }
      if (!changed) return;
      const snapshot = new Map(enabled);
      for (const listener of listeners) listener(snapshot);
    },
    get: () => new Map(enabled),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
