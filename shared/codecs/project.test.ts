import { describe, expect, it } from 'vitest';
import { compileProject, parseProject, PROJECT_FORMAT_VERSION, type ProjectDocument } from './project';
import { DEFAULT_RECIPE } from '../fault/recipe';
import { sampleProject } from './testing/project-fixtures';
import { projectJson, projectWithJson } from './testing/hostileCorpus';

describe('project file', () => {
  for (const compress of [false, true]) {
    it(`restores everything, heights bit for bit (${compress ? 'compressed' : 'stored'})`, () => {
      const doc = sampleProject();
      const bytes = compileProject(doc, { compress });
      const back = parseProject(bytes, 'world.faultline');
      expect([back.field.width, back.field.depth, back.field.cellSize]).toEqual([9, 7, 0.75]);
      expect(back.field.heights.length).toBe(doc.field.heights.length);
      doc.field.heights.forEach((h, k) => expect(Object.is(back.field.heights[k], h)).toBe(true));
      expect(back.recipe).toEqual(doc.recipe);
      expect(back.history).toEqual(doc.history);
      expect(back.props).toEqual(doc.props);
      expect(back.view).toEqual(doc.view);
    });
  }

  it('starts with the FAULTLINE magic and the format version', () => {
    const bytes = compileProject(sampleProject());
    expect(String.fromCharCode(...bytes.subarray(0, 9))).toBe('FAULTLINE');
    expect(bytes[10] | (bytes[11] << 8)).toBe(PROJECT_FORMAT_VERSION);
  });

  it('compression makes smooth terrain smaller', () => {
    const doc = sampleProject(65, 65);
    doc.field.heights.fill(3);
    expect(compileProject(doc, { compress: true }).length).toBeLessThan(compileProject(doc).length / 10);
  });

  it('keeps a project without a recipe', () => {
    const doc = { ...sampleProject(), recipe: null };
    expect(parseProject(compileProject(doc), 'r.faultline').recipe).toBeNull();
  });

  it('keeps the fault profile of a recipe and refuses one it could not run', () => {
    const smooth = { ...sampleProject(), recipe: { ...DEFAULT_RECIPE, profile: { kind: 'smooth' as const, width: 12.5 } } };
    expect(parseProject(compileProject(smooth), 's.faultline').recipe?.profile).toEqual({ kind: 'smooth', width: 12.5 });
    for (const [profile, message] of [
      [{ kind: 'smooth', width: -1 }, /fault width must be a number of metres/],
      [{ kind: 'smooth' }, /fault width must be a number of metres/],
      [{ kind: 'ramp' }, /profile kind "ramp" is unknown/],
      ['smooth', /profile is not an object/],
    ] as const) {
      const doc = { ...sampleProject(), recipe: { ...DEFAULT_RECIPE, profile } } as unknown as ProjectDocument;
      expect(() => parseProject(compileProject(doc), 'p.faultline')).toThrow(message);
    }
  });

  it('refuses a recipe outside the bounds the CLI and the form keep, naming the file and the field', () => {
    for (const [patch, message] of [
      [{ iterations: 1e15 }, /^big\.faultline: .*invalid recipe: iterations is 1000000000000000, not a whole number from 0 to 1000000/],
      [{ seed: -5.5 }, /^big\.faultline: .*invalid recipe: seed is -5\.5, not a whole number from 0 to 4294967295/],
      [{ decay: { ...DEFAULT_RECIPE.decay, disp0: 1e308 } }, /^big\.faultline: .*invalid recipe: decay\.disp0 is 1e\+308/],
      [{ decay: { ...DEFAULT_RECIPE.decay, n: -3 } }, /^big\.faultline: .*invalid recipe: decay\.n is -3, not a whole number/],
    ] as const) {
      // Crafted (the writer refuses to write such a recipe: below).
      const bytes = projectWithJson(projectJson({ recipe: JSON.stringify({ ...DEFAULT_RECIPE, ...patch }) }), false);
      expect(() => parseProject(bytes, 'big.faultline'), JSON.stringify(patch)).toThrow(message);
      const doc = { ...sampleProject(), recipe: { ...DEFAULT_RECIPE, ...patch } };
      expect(() => compileProject(doc, {}, 'big.faultline'), JSON.stringify(patch)).toThrow(
        new RegExp(message.source.replace('^big\\.faultline: .*', '^big\\.faultline: cannot be saved: .*')),
      );
    }
  });

  it('refuses to save non-finite heights', () => {
    const doc = sampleProject();
    doc.field.heights[4] = NaN;
    expect(() => compileProject(doc, {}, 'bad.faultline')).toThrow(/^bad\.faultline: cannot be saved: height 4 is NaN/);
  });
});
