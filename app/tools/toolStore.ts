import { createStore } from 'zustand/vanilla';
import type { Tool, ToolOverlay } from './types';

export interface ToolState {
  /** The active tool, or null for plain navigation. */
  active: Tool | null;
  overlay: ToolOverlay;
}

export function createToolStore() {
  return createStore<ToolState>(() => ({ active: null, overlay: { kind: 'none' } }));
}
export type ToolStore = ReturnType<typeof createToolStore>;
