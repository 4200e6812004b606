/**
 * Terrain presets: each is a recipe (fault iterations, decay, profile) plus finishing steps
 * (smoothing, erosion), scaled to the map so a preset looks alike at 257² and at 4097². A preset only
 * fills the generate form (and the CLI's options): what is recorded is the recipe and steps it made,
 * so a project never depends on a preset's numbers staying the same.
 */
import type { FaultRecipe } from '../fault/recipe';
import { hydraulicStep, thermalStep, type FinishingStep } from '../recipe/steps';

export type PresetId = 'rolling-hills' | 'mountains' | 'canyons' | 'mesas' | 'islands' | 'classic';

export interface PresetTarget {
  width: number;
  depth: number;
  cellSize: number;
  seed: number;
}

export interface PresetResult {
  recipe: FaultRecipe;
  finishing: FinishingStep[];
}

export interface TerrainPreset {
  id: PresetId;
  label: string;
  /** One line for the form and `faultline --help`. */
  description: string;
  build(target: PresetTarget): PresetResult;
}

/** The shorter side of the map, metres: features are sized against it. */
const span = (t: PresetTarget) => (Math.min(t.width, t.depth) - 1) * t.cellSize;
/**
 * Droplets for a density per vertex, so erosion looks alike at every size; capped so that a 4097²
 * Run stays within seconds (beyond the cap large maps are eroded more lightly).
 */
export const MAX_PRESET_DROPLETS = 4_000_000;
const dropletsFor = (t: PresetTarget, perVertex: number) => Math.max(1, Math.min(MAX_PRESET_DROPLETS, Math.round(t.width * t.depth * perVertex)));
/*
 * Hydraulic steps use version 3 (shared/erosion/hydraulicScales.ts): droplets at two scales, so the
 * rills gather into gullies and valleys with sediment where they open out.
 */
/** Relief scale: a 512 m map gets 1, larger maps proportionally taller (up to 4×). */
export const reliefScale = (t: PresetTarget) => Math.min(4, Math.max(0.25, span(t) / 512));
/** A metre value rounded to centimetres, so recorded recipes read well. */
const cm = (metres: number) => Math.round(metres * 100) / 100;

export const TERRAIN_PRESETS: readonly TerrainPreset[] = [
  {
    id: 'rolling-hills',
    label: 'Rolling hills',
    description: 'Gentle hills and valleys, lightly carved by water and settled by talus; drivable almost everywhere.',
    build: (t) => ({
      recipe: {
        seed: t.seed,
        iterations: 300,
        lineMethod: 'normal',
        decay: { disp0: cm(2.5 * reliefScale(t)), dispN: cm(0.3 * reliefScale(t)), n: 300 },
        profile: { kind: 'smooth', width: cm(span(t) * 0.15) },
      },
      // The last smoothing takes the rills at the cell scale off the eroded hills (they threw the
      // physics car off its wheels at 45 km/h) and keeps the valleys the droplets carved.
      finishing: [
        hydraulicStep({ version: 3, seed: t.seed, droplets: dropletsFor(t, 0.3), erosionRate: 0.2 }),
        thermalStep({ iterations: 20, talusDeg: 30, strength: 0.5 }),
        { kind: 'smooth', k: 0.7 },
      ],
    }),
  },
  {
    id: 'mountains',
    label: 'Mountains',
    description: 'High ridges and deep valleys; water carves rills that join into gullies and valleys, with sediment where they open out; slopes settle at a 40° talus.',
    build: (t) => ({
      recipe: {
        seed: t.seed,
        iterations: 600,
        lineMethod: 'normal',
        decay: { disp0: cm(6 * reliefScale(t)), dispN: cm(0.5 * reliefScale(t)), n: 400 },
        profile: { kind: 'smooth', width: cm(span(t) * 0.08) },
      },
      finishing: [hydraulicStep({ version: 3, seed: t.seed, droplets: dropletsFor(t, 0.8), erosionRate: 0.3 }), thermalStep({ iterations: 30, talusDeg: 40, strength: 0.5 })],
    }),
  },
  {
    id: 'canyons',
    label: 'Canyons',
    description: 'A plateau cut by a few branching canyons where its water drains, their walls stepped into ledges.',
    build: (t) => ({
      recipe: {
        seed: t.seed,
        iterations: 200,
        lineMethod: 'normal',
        decay: { disp0: cm(4 * reliefScale(t)), dispN: cm(1 * reliefScale(t)), n: 200 },
        profile: { kind: 'smooth', width: cm(span(t) * 0.2) },
      },
      // A plateau with 30 m of gentle relief (×scale); canyons up to 50 m deep along its drainage,
      // walls rising 2 m per metre, terraced into 12 m ledges; thermal passes at 50° crumble the edges.
      finishing: [
        { kind: 'normalise', min: cm(60 * reliefScale(t)), max: cm(90 * reliefScale(t)) },
        { kind: 'channels', depth: cm(50 * reliefScale(t)), threshold: 0.006, wallSlope: 2 },
        { kind: 'terrace', step: cm(12 * reliefScale(t)), riser: 0.4, base: 0 },
        thermalStep({ iterations: 10, talusDeg: 50, strength: 0.5 }),
      ],
    }),
  },
  {
    id: 'mesas',
    label: 'Mesas',
    description: 'Flat-topped mesas at several levels: rolling land stretched to its relief, cut into terraces with steep faces, talus at their feet.',
    build: (t) => ({
      recipe: {
        seed: t.seed,
        iterations: 300,
        lineMethod: 'normal',
        decay: { disp0: cm(4 * reliefScale(t)), dispN: cm(0.5 * reliefScale(t)), n: 300 },
        profile: { kind: 'smooth', width: cm(span(t) * 0.12) },
      },
      // Terraces on the stretched hills, three or four levels 40 m apart: each band is 85 % flat tread
      // and 15 % riser, so the faces are about seven times the hills' slope; the thermal passes at 35°
      // shed the faces' tops into talus skirts at their feet.
      finishing: [
        { kind: 'normalise', min: 0, max: cm(150 * reliefScale(t)) },
        { kind: 'terrace', step: cm(40 * reliefScale(t)), riser: 0.15, base: 0 },
        thermalStep({ iterations: 40, talusDeg: 35, strength: 0.5 }),
      ],
    }),
  },
  {
    id: 'islands',
    label: 'Islands',
    description: 'Hilly islands in a sea at 0 m: rolling hills stretched from −30 m to 60 m, then eroded.',
    build: (t) => ({
      recipe: {
        seed: t.seed,
        iterations: 300,
        lineMethod: 'normal',
        decay: { disp0: 2.5, dispN: 0.3, n: 300 },
        profile: { kind: 'smooth', width: cm(span(t) * 0.12) },
      },
      finishing: [
        { kind: 'normalise', min: cm(-30 * reliefScale(t)), max: cm(60 * reliefScale(t)) },
        hydraulicStep({ version: 3, seed: t.seed, droplets: dropletsFor(t, 0.3), erosionRate: 0.2 }),
        thermalStep({ iterations: 20, talusDeg: 30, strength: 0.5 }),
      ],
    }),
  },
  {
    id: 'classic',
    label: 'Classic faults',
    description: 'The plain lighthouse3d fault formation: hard steps, no erosion.',
    build: (t) => ({
      recipe: { seed: t.seed, iterations: 400, lineMethod: 'normal', decay: { disp0: 4, dispN: 0.25, n: 400 }, profile: { kind: 'step' } },
      finishing: [],
    }),
  },
];

export const DEFAULT_PRESET_ID: PresetId = 'rolling-hills';
export const PRESET_IDS: readonly PresetId[] = TERRAIN_PRESETS.map((preset) => preset.id);

export function presetById(id: string): TerrainPreset | undefined {
  return TERRAIN_PRESETS.find((preset) => preset.id === id);
}

/** The recipe and finishing steps of a preset for this map (throws on an unknown id). */
export function buildPreset(id: PresetId, target: PresetTarget): PresetResult {
  const preset = presetById(id);
  if (!preset) throw new RangeError(`unknown preset "${id}" (known: ${PRESET_IDS.join(', ')})`);
  return preset.build(target);
}
