import { describe, expect, it } from 'vitest';
import { FACTORED } from '../../shared/erosion/fluvialFactored';
import { DEFAULT_FLUVIAL } from '../../shared/erosion/fluvialParams';
import type { JsonObject } from '../../shared/json';
import { DEFAULT_RECIPE } from '../../shared/fault/recipe';
import { carveChannels } from '../../shared/filters/channels';
import { stepLayers } from '../../shared/layers/migrate';
import { readStep, replayTerrain } from '../../shared/recipe/replay';
import { stepProblem, type TerrainStep } from '../../shared/recipe/steps';
import { isOfferedStepKind, NEW_STEPS, OFFERED_STEP_KINDS } from './newSteps';

describe("the Add step menu's new steps", () => {
  it('adds a fluvial step with the factored scheme and otherwise the defaults, a valid step', () => {
    const step = NEW_STEPS.fluvial();
    expect(step).toEqual({ kind: 'fluvial', ...DEFAULT_FLUVIAL, scheme: FACTORED });
    expect(stepProblem(step)).toBeNull();
    // The layer the Run makes of it keeps the scheme (the project saves the layer's params).
    const layers = stepLayers([step]);
    expect(layers?.map((layer) => [layer.kind, layer.kind === 'fluvial' ? layer.params.scheme : null])).toEqual([['fluvial', FACTORED]]);
  });

  it('offers no D8 "Cut canyons" step, and every step it offers is valid', () => {
    expect(OFFERED_STEP_KINDS).not.toContain('channels');
    expect(isOfferedStepKind('channels')).toBe(false);
    expect(OFFERED_STEP_KINDS).toEqual(['smooth', 'normalise', 'terrace', 'thermal', 'hydraulic', 'fluvial']);
    for (const kind of OFFERED_STEP_KINDS) {
      expect(isOfferedStepKind(kind)).toBe(true);
      const step = NEW_STEPS[kind]();
      expect(step.kind).toBe(kind);
      expect(stepProblem(step)).toBeNull();
    }
  });

  it('still reads and replays a saved recipe with a "Cut canyons" step, as the canyon filter cuts', () => {
    // A recipe as a saved project holds it: faults, normalise, then the old canyon step.
    const saved: JsonObject[] = [
      { kind: 'normalise', min: 0, max: 100 },
      { kind: 'channels', depth: 40, threshold: 0.006, wallSlope: 2 },
    ];
    const steps = saved.map((value) => readStep(value));
    for (const step of steps) expect(typeof step).not.toBe('string');
    const recipe = { ...DEFAULT_RECIPE, seed: 11, iterations: 200 };
    const size = { width: 65, depth: 65, cellSize: 2 };
    const replayed = replayTerrain({ ...size, recipe, steps: steps as TerrainStep[] });
    const before = replayTerrain({ ...size, recipe, steps: steps.slice(0, 1) as TerrainStep[] });
    const expected = before.heights.slice();
    carveChannels({ ...before, heights: expected }, { depth: 40, threshold: 0.006, wallSlope: 2 });
    expect(Buffer.from(replayed.heights.buffer).equals(Buffer.from(expected.buffer))).toBe(true);
    // And it cut something: some vertex lies metres lower than before the step.
    const deepest = Math.max(...Array.from(before.heights, (h, k) => h - replayed.heights[k]));
    expect(deepest).toBeGreaterThan(1);
  });
});
