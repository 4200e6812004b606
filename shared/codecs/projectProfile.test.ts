import { describe, expect, it } from 'vitest';
import type { FaultRecipe } from '../fault/recipe';
import { compileProject, parseProject } from './project';
import { sampleProject } from './testing/project-fixtures';
import { projectJson, projectWithJson } from './testing/hostileCorpus';

/** A project whose recipe carries this profile (crafted: compileProject refuses a recipe a reader would refuse). */
function withProfile(profile: unknown): Uint8Array {
  const doc = sampleProject();
  return projectWithJson(projectJson({ recipe: JSON.stringify({ ...doc.recipe, profile }) }), false);
}

describe('project recipes with a fault profile', () => {
  it('keeps a smooth profile, and a step one, through save and open', () => {
    for (const profile of [{ kind: 'smooth', width: 8 }, { kind: 'smooth', width: 0.25 }, { kind: 'step' }]) {
      expect(parseProject(withProfile(profile), 'p.faultline').recipe?.profile).toEqual(profile);
    }
  });

  it('opens projects written before profiles existed (no profile field: the step)', () => {
    const back = parseProject(compileProject(sampleProject()), 'old.faultline');
    expect(back.recipe).not.toBeNull();
    expect('profile' in back.recipe!).toBe(false);
  });

  it('refuses unknown kinds and unusable widths, naming the file and the problem', () => {
    const cases: [unknown, RegExp][] = [
      [{ kind: 'ramp', width: 8 }, /kind "ramp" is unknown/],
      [{ kind: 'smooth' }, /fault width must be/],
      [{ kind: 'smooth', width: 0 }, /got 0/],
      [{ kind: 'smooth', width: -2 }, /got -2/],
      [{ kind: 'smooth', width: 1e300 }, /got 1e\+300/],
      [{ kind: 'smooth', width: '8' }, /got "8"/],
      [null, /profile is not an object/],
      [[8], /profile is not an object/],
    ];
    for (const [profile, problem] of cases) {
      expect(() => parseProject(withProfile(profile), 'bad.faultline')).toThrow(/bad\.faultline.*invalid recipe/);
      expect(() => parseProject(withProfile(profile), 'bad.faultline')).toThrow(problem);
      const doc = sampleProject();
      expect(() => compileProject({ ...doc, recipe: { ...doc.recipe, profile } as FaultRecipe }, {}, 'bad.faultline')).toThrow(
        /bad\.faultline: cannot be saved: .*invalid recipe/,
      );
    }
  });
});
