import { createStore } from 'zustand/vanilla';
import { DEFAULT_VIEW_SETTINGS, type ViewSettings } from '../../shared/ipc/contract';

/** View state shared by the toolbar, both views and the dialogs. Small and serialisable. */
export interface ViewState {
  /** Persisted through window.faultline.setViewSettings. */
  settings: ViewSettings;
  paletteOpen: boolean;
  aboutOpen: boolean;
  /** The getting-started hint asked for again (Help › Three Things to Try) after it was dismissed. */
  hintOpen: boolean;
}

export function createViewStore(settings: ViewSettings = DEFAULT_VIEW_SETTINGS) {
  return createStore<ViewState>(() => ({ settings, paletteOpen: false, aboutOpen: false, hintOpen: false }));
}
export type ViewStore = ReturnType<typeof createViewStore>;

/** Where the pointer is on the terrain, from either view; null when it is off the terrain. */
export interface HoverPoint {
  x: number;
  z: number;
  /** heightAt(x, z): the exact surface height. */
  h: number;
  source: '3d' | '2d';
}

export interface HoverState {
  hover: HoverPoint | null;
}

export function createHoverStore() {
  return createStore<HoverState>(() => ({ hover: null }));
}
export type HoverStore = ReturnType<typeof createHoverStore>;

/** The readout text, e.g. "x 12.34 m  z -5.67 m  h 3.210 m". */
export function formatHover(point: HoverPoint): string {
  return `x ${point.x.toFixed(2)} m  z ${point.z.toFixed(2)} m  h ${point.h.toFixed(3)} m`;
}
