import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../terrain/heightfield';
import { ENGINE_LABELS, ENGINE_PRESETS, engineFor } from '../engines';
import { buildEngineExport, planEngineExport } from '../presets';

// One object per engine: the lists derive from the registry, and every entry plans and builds through
// the same planner (file names follow its heightmap codec and JSON suffix).
describe('engine registry', () => {
  it('lists every engine once, each under its own id, with its label', () => {
    expect(ENGINE_PRESETS).toEqual(['unreal', 'unity', 'godot-terrain3d', 'godot-hterrain']);
    for (const preset of ENGINE_PRESETS) {
      expect(engineFor(preset).id).toBe(preset);
      expect(ENGINE_LABELS[preset]).toBe(engineFor(preset).label);
    }
    expect(new Set(ENGINE_PRESETS.map((p) => engineFor(p).infoSuffix)).size).toBe(ENGINE_PRESETS.length);
  });

  it('each entry plans the files its own rules name, and builds exactly the planned files', () => {
    const field = createHeightfield(129, 129, 1);
    for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.sin(k / 50) * 10;
    for (const preset of ENGINE_PRESETS) {
      const engine = engineFor(preset);
      const options = { preset, name: 'm' };
      const plan = planEngineExport(field, { min: -10, max: 10 }, options);
      const extension = engine.heightmap(options).extension;
      expect(plan.files.map((f) => f.name)).toEqual([`m.${extension}`, `m.${engine.infoSuffix}.json`]);
      if (engine.form.choosesSize) expect(engine.form.sizes).toContain(plan.width);
      else expect(plan.width).toBeGreaterThanOrEqual(field.width);
      const built = buildEngineExport(field, options);
      expect(built.files.map((f) => f.name)).toEqual(plan.files.map((f) => f.name));
      expect(built.files.every((f) => f.bytes.length > 0)).toBe(true);
    }
  });

  it('refuses tiles for an engine without tiling, and a size outside the engine’s list', () => {
    const field = createHeightfield(129, 129, 1);
    for (const preset of ENGINE_PRESETS) {
      const engine = engineFor(preset);
      if (!engine.form.tiling)
        expect(() => planEngineExport(field, { min: 0, max: 1 }, { preset, name: 'm', tiles: { size: 65, overlap: 1 } })).toThrow(/tiles are not available/);
      if (engine.form.choosesSize) expect(engine.sizeProblem(1000)).toMatch(/1000 is not/);
    }
  });
});
