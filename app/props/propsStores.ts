import { createStore } from 'zustand/vanilla';
import { PROP_TYPES } from '../../shared/props/library';

/** Selected prop ids, shared by the 3D view, the 2D panel and the side panel. */
export interface PropSelectionState {
  ids: ReadonlySet<string>;
}

export function createPropSelectionStore() {
  return createStore<PropSelectionState>(() => ({ ids: new Set<string>() }));
}
export type PropSelectionStore = ReturnType<typeof createPropSelectionStore>;

/** A box being dragged on the 2D panel (world metres), or null. */
export interface SelectionBoxState {
  box: { x0: number; z0: number; x1: number; z1: number } | null;
}

export function createSelectionBoxStore() {
  return createStore<SelectionBoxState>(() => ({ box: null }));
}
export type SelectionBoxStore = ReturnType<typeof createSelectionBoxStore>;

export interface OptionalRange {
  enabled: boolean;
  min: number;
  max: number;
}

/** What the place and scatter tools create; edited in the side panel. */
export interface PropToolSettings {
  /** Type the place tool puts down. */
  placeType: string;
  scatter: {
    types: string[];
    mode: 'count' | 'density';
    count: number;
    densityPerHectare: number;
    seed: number;
    slopeDeg: OptionalRange;
    height: OptionalRange;
    /** Metres; null uses each type's default spacing. */
    spacing: number | null;
    brushRadius: number;
    /** Keep new props off the roads (their surface plus a clearance). */
    avoidRoads: boolean;
    /** Keep new props out of the water of water and river layers (on unless allowed). */
    avoidWater: boolean;
  };
}

export function createPropToolSettingsStore() {
  return createStore<PropToolSettings>(() => ({
    placeType: PROP_TYPES[0].id,
    scatter: {
      types: ['conifer', 'broadleaf', 'rock'],
      mode: 'count',
      count: 200,
      densityPerHectare: 20,
      seed: 1,
      slopeDeg: { enabled: false, min: 0, max: 30 },
      height: { enabled: false, min: 0, max: 100 },
      spacing: null,
      brushRadius: 40,
      avoidRoads: true,
      avoidWater: true,
    },
  }));
}
export type PropToolSettingsStore = ReturnType<typeof createPropToolSettingsStore>;

/** Small counters for the UI: how many props, and a tick per placement change (for readouts). */
export interface PropsStatusState {
  count: number;
  /** Increases whenever any placement changed (re-render the selected prop's fields). */
  tick: number;
  /** Last scatter outcome, e.g. "Scattered 200 of 200". */
  message: string | null;
}

export function createPropsStatusStore() {
  return createStore<PropsStatusState>(() => ({ count: 0, tick: 0, message: null }));
}
export type PropsStatusStore = ReturnType<typeof createPropsStatusStore>;
