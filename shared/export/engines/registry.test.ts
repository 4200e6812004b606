import { describe, expect, it } from 'vitest';
import { createHeightfield } from '../../terrain/heightfield';
import { ENGINE_LABELS, ENGINE_IDS, engineFor } from '../engines';
import { buildEngineExport, planEngineExport } from '../engineExport';

// One object per engine: the lists derive from the registry, and every entry plans and builds through
// the same planner (file names follow its heightmap codec and JSON suffix).
describe('engine registry', () => {
  it('lists every engine once, each under its own id, with its label', () => {
    expect(ENGINE_IDS).toEqual(['unreal', 'unity', 'godot-terrain3d', 'godot-hterrain']);
    for (const engineId of ENGINE_IDS) {
      expect(engineFor(engineId).id).toBe(engineId);
      expect(ENGINE_LABELS[engineId]).toBe(engineFor(engineId).label);
    }
    expect(new Set(ENGINE_IDS.map((p) => engineFor(p).infoSuffix)).size).toBe(ENGINE_IDS.length);
  });

  it('each entry plans the files its own rules name, and builds exactly the planned files', () => {
    const field = createHeightfield(129, 129, 1);
    for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.sin(k / 50) * 10;
    for (const engineId of ENGINE_IDS) {
      const engine = engineFor(engineId);
      const options = { engineId, name: 'm' };
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
    for (const engineId of ENGINE_IDS) {
      const engine = engineFor(engineId);
      if (!engine.form.tiling)
        expect(() => planEngineExport(field, { min: 0, max: 1 }, { engineId, name: 'm', tiles: { size: 65, overlap: 1 } })).toThrow(/tiles are not available/);
      if (engine.form.choosesSize) expect(engine.sizeProblem(1000)).toMatch(/1000 is not/);
    }
  });
});
