import { createStore } from 'zustand/vanilla';
import { DEFAULT_BRUSH, type BrushSettings } from './brush';

/** Settings of the design tools, edited in the side panel and read when a gesture starts. */
export interface ToolSettingsState {
  brush: BrushSettings;
  /** Metres the left side of a manual fault drag (as seen on the 2D panel) rises; the other side sinks by the same. */
  faultDisplacement: number;
}

export function createToolSettingsStore() {
  return createStore<ToolSettingsState>(() => ({ brush: DEFAULT_BRUSH, faultDisplacement: 2 }));
}
export type ToolSettingsStore = ReturnType<typeof createToolSettingsStore>;
