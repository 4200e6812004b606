import { useState } from 'react';
import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';
import { SIZE_PRESETS, type GenerateForm } from '../../app/jobs/generateForm';
import { normaliseTerrain, resetTerrain, smoothTerrain } from '../../app/jobs/filterEdits';
import type { TerrainDesign } from '../../app/tools/terrainDesign';
import { LINE_METHODS, type DecaySchedule, type FaultRecipe, type LineMethod } from '../../shared/fault/recipe';
import { seedFromNumber } from '../../shared/random';
import { MAX_MAP_SIDE, MIN_MAP_SIDE } from '../../shared/terrain/heightfield';
import { DecayPlot } from './DecayPlot';
import { JobProgress } from './JobProgress';
import { NumberField } from './NumberField';

const LINE_METHOD_LABELS: Record<LineMethod, string> = { normal: 'Normal form', 'two-point': 'Two random points', cross: 'Cross product' };

/** Fault-formation recipe, Run / Run more / Reset, and the smoothing and normalise filters. */
export function GeneratePanel({ session, design }: { session: EditorSession; design: TerrainDesign }) {
  const { editor } = session;
  const form = useStore(design.form);
  const running = useStore(design.jobs.store, (s) => s.running);
  const jobMessage = useStore(design.jobs.store, (s) => s.lastMessage);
  const hasRecipe = useStore(editor.store, () => editor.document.generation !== null);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<GenerateForm>) => design.form.setState(patch);
  const setRecipe = (patch: Partial<FaultRecipe>) => design.form.setState((s) => ({ recipe: { ...s.recipe, ...patch } }));
  const setDecay = (patch: Partial<DecaySchedule>) => design.form.setState((s) => ({ recipe: { ...s.recipe, decay: { ...s.recipe.decay, ...patch } } }));
  const preset = form.width === form.depth && SIZE_PRESETS.includes(form.width) ? String(form.width) : 'custom';
  const report = (message: string | null | boolean) => setError(typeof message === 'string' ? message : null);
  /** Filters throw RangeError on values they cannot use; show it instead of failing the click. */
  const runFilter = (filter: () => boolean) => {
    try {
      report(filter());
    } catch (caught) {
      report(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <section className="panel-section" aria-label="Generate" data-testid="generate-panel">
      <h2>Fault formation</h2>
      <label className="field">
        <span>Size</span>
        <select data-testid="gen-size" value={preset} onChange={(e) => e.target.value !== 'custom' && set({ width: Number(e.target.value), depth: Number(e.target.value) })}>
          {SIZE_PRESETS.map((size) => (
            <option key={size} value={size}>
              {size} × {size}
            </option>
          ))}
          <option value="custom">Custom</option>
        </select>
      </label>
      <div className="field-row">
        <NumberField label="Width" testId="gen-width" integer min={MIN_MAP_SIDE} max={MAX_MAP_SIDE} value={form.width} onChange={(width) => set({ width })} />
        <NumberField label="Depth" testId="gen-depth" integer min={MIN_MAP_SIDE} max={MAX_MAP_SIDE} value={form.depth} onChange={(depth) => set({ depth })} />
      </div>
      <NumberField label="Cell size (m)" testId="gen-cell-size" min={0.001} value={form.cellSize} onChange={(cellSize) => set({ cellSize })} />
      <NumberField label="Iterations" testId="gen-iterations" integer min={0} value={form.recipe.iterations} onChange={(iterations) => setRecipe({ iterations })} />
      <div className="field-row">
        <NumberField label="disp0 (m)" testId="gen-disp0" value={form.recipe.decay.disp0} onChange={(disp0) => setDecay({ disp0 })} title="Displacement of the first iteration" />
        <NumberField label="dispN (m)" testId="gen-dispn" value={form.recipe.decay.dispN} onChange={(dispN) => setDecay({ dispN })} title="Displacement from iteration n on" />
        <NumberField label="n" testId="gen-n" integer min={0} value={form.recipe.decay.n} onChange={(n) => setDecay({ n })} title="Iterations over which the displacement decays" />
      </div>
      <DecayPlot decay={form.recipe.decay} iterations={form.recipe.iterations} />
      <label className="field">
        <span>Lines</span>
        <select data-testid="gen-line-method" value={form.recipe.lineMethod} onChange={(e) => setRecipe({ lineMethod: e.target.value as LineMethod })}>
          {LINE_METHODS.map((method) => (
            <option key={method} value={method}>
              {LINE_METHOD_LABELS[method]}
            </option>
          ))}
        </select>
      </label>
      <div className="field-row">
        <NumberField label="Seed" testId="gen-seed" integer min={0} max={0xffffffff} value={form.recipe.seed} onChange={(seed) => setRecipe({ seed })} />
        <button type="button" data-testid="gen-new-seed" onClick={() => setRecipe({ seed: seedFromNumber(Math.random()) })}>
          New seed
        </button>
      </div>
      <div className="button-row">
        <button type="button" data-testid="gen-run" disabled={running} onClick={() => void design.generate().then(report)}>
          Run
        </button>
        <NumberField label="N" testId="gen-run-more-count" integer min={1} value={form.runMoreCount} onChange={(runMoreCount) => set({ runMoreCount })} />
        <button type="button" data-testid="gen-run-more" disabled={running || !hasRecipe} onClick={() => void design.runMore().then(report)}>
          Run {form.runMoreCount} more
        </button>
        <button type="button" data-testid="gen-reset" disabled={running} onClick={() => runFilter(() => resetTerrain(editor))}>
          Reset
        </button>
      </div>
      <JobProgress jobs={design.jobs} />
      <h3>Filters</h3>
      <div className="field-row">
        <NumberField label="Smoothing k" testId="gen-smooth-k" min={0} max={0.99} step={0.05} value={form.smoothStrength} onChange={(smoothStrength) => set({ smoothStrength })} />
        <button type="button" data-testid="gen-smooth" disabled={running} onClick={() => runFilter(() => smoothTerrain(editor, form.smoothStrength))}>
          Smooth
        </button>
      </div>
      <div className="field-row">
        <NumberField label="Min (m)" testId="gen-norm-min" value={form.normaliseMin} onChange={(normaliseMin) => set({ normaliseMin })} />
        <NumberField label="Max (m)" testId="gen-norm-max" value={form.normaliseMax} onChange={(normaliseMax) => set({ normaliseMax })} />
        <button
          type="button"
          data-testid="gen-normalise"
          disabled={running || !(form.normaliseMax > form.normaliseMin)}
          onClick={() => runFilter(() => normaliseTerrain(editor, form.normaliseMin, form.normaliseMax))}
        >
          Normalise
        </button>
      </div>
      {(error ?? jobMessage) && (
        <p className="panel-error" role="alert" data-testid="gen-error">
          {error ?? jobMessage}
        </p>
      )}
    </section>
  );
}
