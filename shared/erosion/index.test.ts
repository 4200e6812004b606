import { describe, expect, it } from 'vitest';
import { createHeightfield, type Heightfield } from '../terrain/heightfield';
import { runFaultFormation } from '../fault/fastFormation';
import { DEFAULT_RECIPE } from '../fault/recipe';
import { DEFAULT_HYDRAULIC, DEFAULT_THERMAL, erosionStepProblem, hydraulicErosion, runErosionStep, thermalErosion, type ErosionStep } from './index';

function faultField(): Heightfield {
  const field = createHeightfield(65, 65, 1);
  runFaultFormation(field, { ...DEFAULT_RECIPE, seed: 4, iterations: 100 });
  return field;
}

describe('erosion steps', () => {
  it('runs each kind exactly as its own function does, from a JSON round trip', () => {
    const steps: ErosionStep[] = [
      { kind: 'thermal', ...DEFAULT_THERMAL, iterations: 5 },
      { kind: 'hydraulic', ...DEFAULT_HYDRAULIC, droplets: 2000 },
    ];
    for (const step of steps) {
      const parsed = JSON.parse(JSON.stringify(step)) as ErosionStep;
      expect(erosionStepProblem(parsed)).toBeNull();
      const viaStep = faultField();
      const direct = faultField();
      const masks = { flow: new Float32Array(65 * 65), deposition: new Float32Array(65 * 65) };
      expect(runErosionStep(viaStep, parsed, { masks })).toBe(true);
      if (step.kind === 'thermal') thermalErosion(direct, step);
      else hydraulicErosion(direct, step);
      expect(viaStep.heights).toEqual(direct.heights);
      expect(viaStep.heights).not.toEqual(faultField().heights);
      // Only the hydraulic step fills the masks.
      expect(masks.flow.some((v) => v > 0)).toBe(step.kind === 'hydraulic');
    }
  });

  it('names the problem with a step read from a file', () => {
    expect(erosionStepProblem(null)).toMatch(/object/);
    expect(erosionStepProblem('thermal')).toMatch(/object/);
    expect(erosionStepProblem({ ...DEFAULT_THERMAL })).toMatch(/unknown erosion kind undefined/);
    expect(erosionStepProblem({ kind: 'pipe' })).toMatch(/unknown erosion kind "pipe"/);
    expect(erosionStepProblem({ kind: 'thermal', ...DEFAULT_THERMAL, talusDeg: 95 })).toMatch(/talus/);
    expect(erosionStepProblem({ kind: 'hydraulic', ...DEFAULT_HYDRAULIC, droplets: '10' })).toMatch(/droplets/);
    expect(erosionStepProblem({ kind: 'hydraulic' })).not.toBeNull();
  });

  it('throws for a step of unknown kind', () => {
    expect(() => runErosionStep(faultField(), { kind: 'pipe' } as unknown as ErosionStep)).toThrow(/unknown erosion kind/);
  });
});
