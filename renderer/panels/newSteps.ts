import { FACTORED } from '../../shared/erosion/fluvialFactored';
import { fluvialStep, hydraulicStep, thermalStep, type FinishingStep } from '../../shared/recipe/steps';
import type { EditableStep } from './StepFields';

/**
 * The kinds the "Add step" menu offers. Not `channels` ("Cut canyons", shared/filters/channels.ts): it carves
 * along D8 directions (each vertex to its steepest lower neighbour of eight), the 45° artefact issue 35 forbids,
 * and no preset uses it now. Recipes and projects saved with it still open, show its fields and replay as before
 * (its code and validator are kept); the fluvial step cuts canyons along all lower neighbours instead.
 */
export type OfferedStepKind = Exclude<EditableStep['kind'], 'channels'>;

/**
 * A new finishing step of each kind, as the "Add step" menu offers them. A new fluvial step takes the factored
 * scheme (shared/erosion/fluvialFactored.ts), as the presets' do: issue 35's speed targets hold for it, not for the
 * reference's sums. Only a new step: saved steps keep their keys (absent `scheme` = the reference), so nothing saved
 * replays differently.
 */
export const NEW_STEPS: Readonly<Record<OfferedStepKind, () => FinishingStep>> = {
  smooth: () => ({ kind: 'smooth', k: 0.5 }),
  normalise: () => ({ kind: 'normalise', min: 0, max: 100 }),
  terrace: () => ({ kind: 'terrace', step: 20, riser: 0.2, base: 0 }),
  thermal: () => thermalStep(),
  hydraulic: () => hydraulicStep({ droplets: 50_000 }),
  fluvial: () => fluvialStep({ scheme: FACTORED }),
};

/** The menu's kinds, in its order. */
export const OFFERED_STEP_KINDS = Object.keys(NEW_STEPS) as OfferedStepKind[];

/** Whether the menu offers `kind` (its value may come from an old option or a test). */
export function isOfferedStepKind(kind: string): kind is OfferedStepKind {
  return (OFFERED_STEP_KINDS as string[]).includes(kind);
}
