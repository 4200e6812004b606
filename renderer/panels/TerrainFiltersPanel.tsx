import { useState } from 'react';
import { useStore } from 'zustand';
import type { GenerateForm } from '../../app/generate/generateFormStore';
import type { TerrainDesign } from '../../app/terrainDesign';
import type { TerrainStep } from '../../shared/recipe/steps';
import { StepFields } from './StepFields';
import { JobProgress } from './JobProgress';
import { PanelError } from './PanelError';
import { NumberField } from '../ui/NumberField';

/** Whole-map edits of the current terrain: thermal and hydraulic erosion, smoothing, normalising. */
export function TerrainFiltersPanel({ design }: { design: TerrainDesign }) {
  const form = useStore(design.form);
  const running = useStore(design.jobs.store, (s) => s.running);
  const jobMessage = useStore(design.jobs.store, (s) => s.lastMessage);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<GenerateForm>) => design.form.setState(patch);
  const runStep = (step: TerrainStep) => void design.runStep(step).then((message) => setError(typeof message === 'string' ? message : null));

  return (
    <section className="panel-section" aria-label="Erode and filter" data-testid="filters-panel">
      <h2>Whole map</h2>
      <p className="hint">Erode, smooth or normalise the current terrain: one undo entry each.</p>
      <StepFields step={form.erodeThermal} testId="erode-thermal" onChange={(erodeThermal) => set({ erodeThermal })} />
      <button type="button" data-testid="erode-thermal-run" disabled={running} onClick={() => runStep(form.erodeThermal)}>
        Thermal erosion
      </button>
      <StepFields step={form.erodeHydraulic} testId="erode-hydraulic" onChange={(erodeHydraulic) => set({ erodeHydraulic })} />
      <button type="button" data-testid="erode-hydraulic-run" disabled={running} onClick={() => runStep(form.erodeHydraulic)}>
        Hydraulic erosion
      </button>
      <div className="field-row">
        <NumberField
          label="Smoothing k"
          testId="gen-smooth-k"
          min={0}
          max={0.99}
          step={0.05}
          value={form.smoothStrength}
          onChange={(smoothStrength) => set({ smoothStrength })}
        />
        <button type="button" data-testid="gen-smooth" disabled={running} onClick={() => runStep({ kind: 'smooth', k: form.smoothStrength })}>
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
          onClick={() => runStep({ kind: 'normalise', min: form.normaliseMin, max: form.normaliseMax })}
        >
          Normalise
        </button>
      </div>
      <JobProgress jobs={design.jobs} />
      <PanelError message={error ?? jobMessage} testId="filters-error" />
    </section>
  );
}
