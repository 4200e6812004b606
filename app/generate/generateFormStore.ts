import { createStore } from 'zustand/vanilla';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { faultProfileProblem } from '../../shared/fault/profile';
import { recipeBoundsProblem, type RecipeField } from '../../shared/fault/recipeBounds';
import { MAX_MAP_SIDE, MIN_MAP_SIDE } from '../../shared/terrain/heightfield';
import { buildPreset, DEFAULT_PRESET_ID, type PresetId } from '../../shared/presets/terrainPresets';
import { hydraulicStep, stepProblem, thermalStep, type FinishingStep, type HydraulicStep, type ThermalStep } from '../../shared/recipe/steps';
import { DEFAULT_CELL_SIZE, DEFAULT_TERRAIN_SIZE } from '../document/document';

/** The sizes engines expect (2ⁿ + 1 vertices). */
export const STANDARD_SIZES: readonly number[] = [129, 257, 513, 1025, 2049, 4097];

/** What the generate panel holds between runs (the document keeps the recipe actually run). */
export interface GenerateForm {
  width: number;
  depth: number;
  cellSize: number;
  recipe: FaultRecipe;
  /** Filters and erosion run after the faults as part of Run (a preset's finishing). */
  finishing: FinishingStep[];
  /** The preset that last filled the form; 'custom' once the user changes a value by hand. */
  presetId: PresetId | 'custom';
  runMoreCount: number;
  /** The erosion the "Erode" buttons apply to the current terrain. */
  erodeThermal: ThermalStep;
  erodeHydraulic: HydraulicStep;
  smoothStrength: number;
  normaliseMin: number;
  normaliseMax: number;
}

/** The form's values for a preset at the form's size (the seed is kept). */
export function presetFormValues(
  id: PresetId,
  form: Pick<GenerateForm, 'width' | 'depth' | 'cellSize'> & { seed: number },
): Pick<GenerateForm, 'recipe' | 'finishing' | 'presetId'> {
  const { recipe, finishing } = buildPreset(id, { width: form.width, depth: form.depth, cellSize: form.cellSize, seed: form.seed });
  return { recipe, finishing, presetId: id };
}

export function createGenerateFormStore(initial?: Partial<GenerateForm>) {
  const size = { width: DEFAULT_TERRAIN_SIZE, depth: DEFAULT_TERRAIN_SIZE, cellSize: DEFAULT_CELL_SIZE };
  return createStore<GenerateForm>(() => ({
    ...size,
    ...presetFormValues(DEFAULT_PRESET_ID, { ...size, seed: 1 }),
    runMoreCount: 200,
    erodeThermal: thermalStep({ iterations: 20 }),
    erodeHydraulic: hydraulicStep({ droplets: 50_000 }),
    smoothStrength: 0.5,
    normaliseMin: 0,
    normaliseMax: 100,
    ...initial,
  }));
}
export type GenerateFormStore = ReturnType<typeof createGenerateFormStore>;

/** The form's rules, as the Generate panel's fields change it. */
export interface GenerateFormEdits {
  /** A change of size keeps the chosen preset, scaled to the new size (presets size their features to the map). */
  setSize(patch: Pick<Partial<GenerateForm>, 'width' | 'depth' | 'cellSize'>): void;
  /** A hand-edited recipe is no longer the preset's. */
  setRecipe(patch: Partial<FaultRecipe>): void;
  setDecay(patch: Partial<FaultRecipe['decay']>): void;
  /** A new seed goes to the faults and to every hydraulic step (its droplets follow the seed); the preset still describes the form. */
  setSeed(seed: number): void;
  /** A hand-edited finishing list is no longer the preset's. */
  setFinishing(finishing: FinishingStep[]): void;
  /** Fills the form with a preset at its size, keeping the seed. */
  choosePreset(id: PresetId): void;
}

export function generateFormEdits(form: GenerateFormStore): GenerateFormEdits {
  return {
    setSize: (patch) =>
      form.setState((s) => {
        const next = { ...s, ...patch };
        return s.presetId === 'custom' ? patch : { ...patch, ...presetFormValues(s.presetId, { ...next, seed: s.recipe.seed }) };
      }),
    setRecipe: (patch) => form.setState((s) => ({ recipe: { ...s.recipe, ...patch }, presetId: 'custom' })),
    setDecay: (patch) => form.setState((s) => ({ recipe: { ...s.recipe, decay: { ...s.recipe.decay, ...patch } }, presetId: 'custom' })),
    setSeed: (seed) =>
      form.setState((s) => ({ recipe: { ...s.recipe, seed }, finishing: s.finishing.map((step) => (step.kind === 'hydraulic' ? { ...step, seed } : step)) })),
    setFinishing: (finishing) => form.setState({ finishing, presetId: 'custom' }),
    choosePreset: (id) => form.setState((s) => presetFormValues(id, { ...s, seed: s.recipe.seed })),
  };
}

/** The form's name of each recipe field, for messages. */
export const RECIPE_FIELD_LABELS: Record<RecipeField, string> = {
  seed: 'Seed',
  iterations: 'Iterations',
  'decay.disp0': 'disp0',
  'decay.dispN': 'dispN',
  'decay.n': 'n',
};

/** The first problem with the form, in words, or null when it can run (the recipe within the CLI's and projects' bounds). */
export function validateGenerateForm(form: GenerateForm): string | null {
  for (const [name, side] of [
    ['Width', form.width],
    ['Depth', form.depth],
  ] as const) {
    if (!Number.isInteger(side) || side < MIN_MAP_SIDE || side > MAX_MAP_SIDE) return `${name} must be a whole number from ${MIN_MAP_SIDE} to ${MAX_MAP_SIDE}`;
  }
  if (!(form.cellSize > 0) || !Number.isFinite(form.cellSize)) return 'Cell size must be a positive number of metres';
  const { recipe } = form;
  const bounds = recipeBoundsProblem(recipe);
  if (bounds) return `${RECIPE_FIELD_LABELS[bounds.field]} ${bounds.problem}`;
  const profileProblem = recipe.profile === undefined ? null : faultProfileProblem(recipe.profile);
  if (profileProblem !== null) return profileProblem.charAt(0).toUpperCase() + profileProblem.slice(1);
  for (const step of form.finishing) {
    const problem = stepProblem(step);
    if (problem) return `Finishing step: ${problem.charAt(0).toUpperCase()}${problem.slice(1)}`;
  }
  return null;
}
