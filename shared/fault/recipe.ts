/**
 * A fault-formation recipe: everything needed to reproduce a terrain bit for bit.
 * Line convention (world metres, origin at the terrain centre): a vertex with a·x + b·z − c > 0
 * rises by the iteration's displacement, every other vertex sinks by it.
 */
export type LineMethod = 'normal' | 'two-point' | 'cross';
export const LINE_METHODS: readonly LineMethod[] = ['normal', 'two-point', 'cross'];

export interface DecaySchedule {
  /** Displacement of the first iteration, metres. */
  disp0: number;
  /** Displacement from iteration n on, metres. */
  dispN: number;
  /** Iterations over which displacement falls linearly from disp0 to dispN (0 = constant dispN... see displacementAt). */
  n: number;
}

/**
 * How a fault's displacement varies across its line. `step`: every vertex rises or sinks by the full
 * displacement (the classic lighthouse3d fault). `smooth`: within `width / 2` metres of the line the
 * displacement ramps from −d to +d (a cubic smoothstep of the signed distance, defined in
 * profile.ts), so faults make slopes instead of cliffs; farther away it is ±d as with the step.
 */
export type FaultProfile = { kind: 'step' } | { kind: 'smooth'; /** Transition width w, metres (> 0). */ width: number };
export const FAULT_PROFILE_KINDS: readonly FaultProfile['kind'][] = ['step', 'smooth'];
export const STEP_PROFILE: FaultProfile = { kind: 'step' };

export interface FaultRecipe {
  seed: number;
  iterations: number;
  lineMethod: LineMethod;
  decay: DecaySchedule;
  /** Absent in recipes written before profiles existed: the step profile. */
  profile?: FaultProfile;
}

/** The recipe's profile, the step where none is given. */
export function profileOf(recipe: FaultRecipe): FaultProfile {
  return recipe.profile ?? STEP_PROFILE;
}

export const DEFAULT_RECIPE: FaultRecipe = {
  seed: 1,
  iterations: 400,
  lineMethod: 'normal',
  decay: { disp0: 4, dispN: 0.25, n: 400 },
};

/**
 * Displacements are rounded to multiples of 2⁻²⁴ m so that sums of them in float64 are exact in any
 * order: a fast formation that adds them per row in another order still gets the same bits.
 */
export const DISPLACEMENT_QUANTUM = 2 ** -24;

export function quantizeDisplacement(d: number): number {
  return Math.round(d / DISPLACEMENT_QUANTUM) * DISPLACEMENT_QUANTUM;
}

/** disp_i = disp0 + (i / n)·(dispN − disp0) for i < n, dispN from then on (quantised). */
export function displacementAt(decay: DecaySchedule, i: number): number {
  const d = i < decay.n ? decay.disp0 + (i / decay.n) * (decay.dispN - decay.disp0) : decay.dispN;
  return quantizeDisplacement(d);
}
