/**
 * Progress of long CLI runs on stderr (stdout stays the "wrote …" lines pipelines read). The
 * expected work is said up front when it is large; once a run has taken a few seconds, one line per
 * 5 % with the time so far and an estimate of the rest. `--quiet` turns it all off.
 */
import { stepLabel, type FinishingStep } from '../../shared/recipe/steps';
import type { FaultRecipe } from '../../shared/fault/recipe';
import type { CliIo } from './io';

/** Work (about one vertex update each) above which the expected work is said before starting. */
export const ANNOUNCE_WORK = 2e9;
/** A run that has taken this long prints progress lines from then on. */
export const PROGRESS_AFTER_MS = 3000;
/** Lines per run: one per 5 %. */
const STEPS = 20;

export interface ProgressStage {
  /** What the stage does, in words ("hydraulic erosion (50,000,000 droplets)"). */
  label: string;
  /** Its cost in about one vertex update each, for weighting the stages and deciding to announce. */
  work: number;
}

export interface CliProgress {
  /** The progress callback for stage `index` (done of total, as the steps report it). */
  stage(index: number): (done: number, total: number) => void;
}

const seconds = (ms: number): string => (ms < 100_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`);

/** Progress over `stages` for `command`; silent when quiet. The clock is io.now (tests) or Date.now. */
export function createCliProgress(io: CliIo, command: string, what: string, stages: readonly ProgressStage[], quiet: boolean): CliProgress {
  const now = io.now ?? Date.now;
  const totalWork = stages.reduce((sum, s) => sum + Math.max(1, s.work), 0);
  const expected = `faultline ${command}: ${what}: ${stages.map((s) => s.label).join(', then ')}\n`;
  const started = now();
  let announced = false;
  let next = 1;
  const announce = () => {
    if (announced || quiet) return;
    announced = true;
    io.stderr(expected);
  };
  if (totalWork >= ANNOUNCE_WORK) announce();
  const before: number[] = [];
  stages.reduce((sum, s, k) => ((before[k] = sum), sum + Math.max(1, s.work)), 0);
  return {
    stage(index) {
      const base = before[index] ?? 0;
      const weight = Math.max(1, stages[index]?.work ?? 1);
      return (done, total) => {
        if (quiet) return;
        const fraction = Math.min(1, (base + (weight * done) / Math.max(1, total)) / totalWork);
        // The 5 % step reached (a little slack for rounding: 0.1 may sum to 0.0999…).
        const reached = Math.floor(fraction * STEPS + 1e-9);
        if (reached < next) return;
        const elapsed = now() - started;
        if (elapsed < PROGRESS_AFTER_MS) return;
        announce();
        // One line per step reached (a jump over several steps prints one line).
        const percent = (reached * 100) / STEPS;
        next = reached + 1;
        const left = fraction > 0 && fraction < 1 ? `, about ${seconds((elapsed * (1 - fraction)) / fraction)} left` : '';
        io.stderr(`faultline ${command}: ${percent} % (${seconds(elapsed)}${left})\n`);
      };
    },
  };
}

/** A finishing step's cost and label for a map of `vertices`. */
export function stepStage(step: FinishingStep, vertices: number): ProgressStage {
  const label = stepLabel(step).replace(/^./, (c) => c.toLowerCase());
  switch (step.kind) {
    case 'hydraulic':
      return { label, work: step.droplets * step.lifetime * 4 };
    case 'thermal':
      return { label, work: step.iterations * vertices * 8 };
    default:
      return { label, work: vertices };
  }
}

/**
 * The fault stage's cost: every row sweeps its lines (the step); with the smooth profile each
 * line's ramp also touches the vertices within its width, all of them when the width spans the map.
 */
export function faultStage(recipe: FaultRecipe, width: number, depth: number, cellSize: number): ProgressStage {
  const iterations = recipe.iterations;
  const profile = recipe.profile;
  const diagonal = Math.hypot(width - 1, depth - 1) * cellSize;
  const band = profile?.kind === 'smooth' ? Math.min(1, profile.width / Math.max(diagonal, Number.MIN_VALUE)) : 0;
  const work = depth * (iterations + width) + iterations * width * depth * band;
  const shape = profile?.kind === 'smooth' ? `, smooth profile ${profile.width} m wide` : '';
  return { label: `${iterations.toLocaleString('en-US')} fault iterations${shape}`, work };
}
