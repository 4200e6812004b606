import { useState } from 'react';
import { useStore } from 'zustand';
import type { EditorSession } from '../../app/editorSession';
import { faultsLayerOf } from '../../app/document/document';
import { generateFormEdits, STANDARD_SIZES, type GenerateForm } from '../../app/generate/generateFormStore';
import { resetTerrain } from '../../app/generate/terrainStepEdits';
import type { TerrainDesign } from '../../app/terrainDesign';
import { LINE_METHODS, profileOf, type FaultProfile, type LineMethod } from '../../shared/fault/recipe';
import { presetById, TERRAIN_PRESETS, type PresetId } from '../../shared/presets/terrainPresets';
import type { FinishingStep } from '../../shared/recipe/steps';
import { StepFields, STEP_KIND_LABELS } from './StepFields';
import { isOfferedStepKind, NEW_STEPS, OFFERED_STEP_KINDS } from './newSteps';
import { seedFromNumber } from '../../shared/random';
import { MAX_MAP_SIDE, MIN_MAP_SIDE } from '../../shared/terrain/heightfield';
import { DecayPlot } from './DecayPlot';
import { JobProgress } from './JobProgress';
import { PanelError } from './PanelError';
import { NumberField } from '../ui/NumberField';
import { ClampedHint } from '../ui/ClampedHint';

const LINE_METHOD_LABELS: Record<LineMethod, string> = { normal: 'Normal form', 'two-point': 'Two random points', cross: 'Cross product' };

/**
 * Preset, size and seed, then Run / Run more / Reset: what most designers change. The recipe and the
 * finishing steps are under Advanced, closed by default.
 */
export function GeneratePanel({ session, design }: { session: EditorSession; design: TerrainDesign }) {
  const { editor } = session;
  const form = useStore(design.form);
  const running = useStore(design.jobs.store, (s) => s.running);
  const jobMessage = useStore(design.jobs.store, (s) => s.lastMessage);
  const hasRecipe = useStore(editor.store, () => faultsLayerOf(editor.document) !== null);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<GenerateForm>) => design.form.setState(patch);
  const { setSize, setRecipe, setSeed, setDecay, setFinishing, choosePreset } = generateFormEdits(design.form);
  const setProfile = (profile: FaultProfile) => setRecipe({ profile });
  const profile = profileOf(form.recipe);
  const preset = form.width === form.depth && STANDARD_SIZES.includes(form.width) ? String(form.width) : 'custom';
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
      <h2>Generate</h2>
      <label className="field">
        <span>Preset</span>
        <select data-testid="gen-preset" value={form.presetId} onChange={(e) => e.target.value !== 'custom' && choosePreset(e.target.value as PresetId)}>
          {TERRAIN_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
          <option value="custom">Custom</option>
        </select>
      </label>
      <ClampedHint
        testId="gen-preset-description"
        text={form.presetId === 'custom' ? 'Your own recipe: pick a preset to start again from one.' : (presetById(form.presetId)?.description ?? '')}
      />
      <label className="field">
        <span>Size</span>
        <select
          data-testid="gen-size"
          value={preset}
          onChange={(e) => e.target.value !== 'custom' && setSize({ width: Number(e.target.value), depth: Number(e.target.value) })}
        >
          {STANDARD_SIZES.map((size) => (
            <option key={size} value={size}>
              {size} × {size} ({formatSpan(size, form.cellSize)})
            </option>
          ))}
          <option value="custom">Custom</option>
        </select>
      </label>
      <div className="field-row">
        <NumberField label="Seed" testId="gen-seed" integer min={0} max={0xffffffff} value={form.recipe.seed} onChange={setSeed} />
        <button type="button" data-testid="gen-new-seed" onClick={() => setSeed(seedFromNumber(Math.random()))}>
          New seed
        </button>
      </div>
      <div className="button-row">
        <button type="button" className="primary-run" data-testid="gen-run" disabled={running} onClick={() => void design.generate().then(report)}>
          Run
        </button>
        <NumberField
          label="Iterations"
          testId="gen-run-more-count"
          integer
          min={1}
          value={form.runMoreCount}
          onChange={(runMoreCount) => set({ runMoreCount })}
          title="How many more fault iterations “Run … more” adds to the terrain"
        />
        <button type="button" data-testid="gen-run-more" disabled={running || !hasRecipe} onClick={() => void design.runMore().then(report)}>
          Run {form.runMoreCount} more
        </button>
        <button type="button" data-testid="gen-reset" disabled={running} onClick={() => runFilter(() => resetTerrain(editor))}>
          Reset
        </button>
      </div>
      <JobProgress jobs={design.jobs} />
      <PanelError message={error ?? jobMessage} testId="gen-error" />
      <details data-testid="gen-advanced">
        <summary>Advanced: size, faults, decay, finishing steps</summary>
        <div className="details-body">
          <div className="field-row">
            <NumberField
              label="Width"
              testId="gen-width"
              integer
              min={MIN_MAP_SIDE}
              max={MAX_MAP_SIDE}
              value={form.width}
              onChange={(width) => setSize({ width })}
            />
            <NumberField
              label="Depth"
              testId="gen-depth"
              integer
              min={MIN_MAP_SIDE}
              max={MAX_MAP_SIDE}
              value={form.depth}
              onChange={(depth) => setSize({ depth })}
            />
          </div>
          <NumberField label="Cell size (m)" testId="gen-cell-size" min={0.001} value={form.cellSize} onChange={(cellSize) => setSize({ cellSize })} />
          <NumberField
            label="Iterations"
            testId="gen-iterations"
            integer
            min={0}
            value={form.recipe.iterations}
            onChange={(iterations) => setRecipe({ iterations })}
          />
          <div className="field-row">
            <NumberField
              label="disp0 (m)"
              testId="gen-disp0"
              value={form.recipe.decay.disp0}
              onChange={(disp0) => setDecay({ disp0 })}
              title="Displacement of the first iteration"
            />
            <NumberField
              label="dispN (m)"
              testId="gen-dispn"
              value={form.recipe.decay.dispN}
              onChange={(dispN) => setDecay({ dispN })}
              title="Displacement from iteration n on"
            />
            <NumberField
              label="n"
              testId="gen-n"
              integer
              min={0}
              value={form.recipe.decay.n}
              onChange={(n) => setDecay({ n })}
              title="Iterations over which the displacement decays"
            />
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
            <label className="field" title="Step: each fault is a cliff. Smooth: the displacement ramps over the width, so faults make slopes.">
              <span>Profile</span>
              <select
                data-testid="gen-profile"
                value={profile.kind}
                onChange={(e) =>
                  setProfile(e.target.value === 'smooth' ? { kind: 'smooth', width: profile.kind === 'smooth' ? profile.width : 40 } : { kind: 'step' })
                }
              >
                <option value="step">Step</option>
                <option value="smooth">Smooth</option>
              </select>
            </label>
            {profile.kind === 'smooth' && (
              <NumberField
                label="Width (m)"
                testId="gen-fault-width"
                min={0.001}
                value={profile.width}
                onChange={(width) => setProfile({ kind: 'smooth', width })}
                title="Transition width across each fault line"
              />
            )}
          </div>
          <FinishingList steps={form.finishing} onChange={setFinishing} />
        </div>
      </details>
    </section>
  );
}

/** "512 m" or "2.0 km" across a square map of `size` vertices. */
function formatSpan(size: number, cellSize: number): string {
  const metres = (size - 1) * cellSize;
  return metres >= 1000 ? `${(metres / 1000).toFixed(1)} km` : `${Math.round(metres)} m`;
}

/** The steps Run applies after the faults, each editable and removable, and a menu to add one. */
function FinishingList({ steps, onChange }: { steps: FinishingStep[]; onChange(steps: FinishingStep[]): void }) {
  const replace = (index: number, step: FinishingStep) => onChange(steps.map((s, k) => (k === index ? step : s)));
  return (
    <div className="finishing" data-testid="gen-finishing">
      <h3>Then</h3>
      {steps.length === 0 && <p className="hint">No finishing steps: Run makes the faults only.</p>}
      <ol>
        {steps.map((step, index) => (
          <li key={index} data-testid={`gen-finishing-${index}`}>
            <div className="finishing-head">
              <span>{STEP_KIND_LABELS[step.kind]}</span>
              <button
                type="button"
                aria-label={`Remove ${STEP_KIND_LABELS[step.kind]}`}
                data-testid={`gen-finishing-${index}-remove`}
                onClick={() => onChange(steps.filter((_, k) => k !== index))}
              >
                ✕
              </button>
            </div>
            <StepFields step={step} testId={`gen-finishing-${index}`} onChange={(next) => replace(index, next)} />
          </li>
        ))}
      </ol>
      <label className="field">
        <span>Add step</span>
        <select
          data-testid="gen-finishing-add"
          value=""
          onChange={(e) => {
            const kind = e.target.value;
            if (isOfferedStepKind(kind)) onChange([...steps, NEW_STEPS[kind]()]);
          }}
        >
          <option value="">…</option>
          {OFFERED_STEP_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {STEP_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
