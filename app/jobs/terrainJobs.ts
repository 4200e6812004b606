import { createHeightfield } from '../../shared/terrain/heightfield';
import type { FaultRecipe } from '../../shared/fault/recipe';
import type { ErosionMasks } from '../../shared/erosion/hydraulic';
import { stepLabel, type FinishingStep, type TerrainStep } from '../../shared/recipe/steps';
import type { Editor } from '../document/editor';
import type { DocumentEdit } from '../document/history';
import { diffTileEdit } from '../document/tileEdit';
import { createFieldReplaceEdit, withErosionMasks, withGenerationHistory, withGenerationSettings } from '../document/generationEdits';
import { createJobStore, type JobStore } from './jobStore';
import type { TerrainJobRequest, TerrainJobTransport, JobHandle } from './protocol';

export interface GenerateSettings {
  width: number;
  depth: number;
  cellSize: number;
  recipe: FaultRecipe;
  /** Filters and erosion run after the faults, in the same job and the same undo entry (a preset's). */
  finishing?: readonly FinishingStep[];
}

export type JobResult = 'done' | 'cancelled' | 'failed' | 'busy';

/**
 * Runs terrain jobs (fault formation, filters, erosion) off the UI thread and turns each finished job
 * into exactly one history entry. The document is only read when a job starts and only written when
 * it ends, so a cancelled or failed job leaves it as it was.
 */
export class TerrainJobs {
  readonly store: JobStore;
  private current: JobHandle | null = null;

  constructor(
    private readonly editor: Editor,
    private readonly transport: TerrainJobTransport,
    store?: JobStore,
  ) {
    this.store = store ?? createJobStore();
  }

  get isRunning(): boolean {
    return this.current !== null;
  }

  /**
   * Fresh terrain from flat ground: iterations 0…recipe.iterations at the requested size, then the
   * finishing steps, which start the generation history.
   */
  generate(settings: GenerateSettings): Promise<JobResult> {
    const { width, depth, cellSize, recipe } = settings;
    const finishing = [...(settings.finishing ?? [])];
    const steps: TerrainStep[] = [{ kind: 'run', start: 0, end: recipe.iterations }, ...finishing];
    const request: TerrainJobRequest = { width, depth, cellSize, heights: new Float32Array(width * depth), recipe, steps };
    const label = finishing.length > 0 ? `Generate ${recipe.iterations} iterations + ${finishing.length} step${finishing.length > 1 ? 's' : ''}` : `Generate ${recipe.iterations} iterations`;
    return this.run(request, label, (heights, masks) => {
      const doc = this.editor.document;
      const generation = { recipe };
      const sameShape = doc.field.width === width && doc.field.depth === depth && doc.field.cellSize === cellSize;
      const heightsEdit = sameShape ? diffTileEdit(label, width, depth, doc.field.heights, heights) : createFieldReplaceEdit(label, doc.field, createHeightfield(width, depth, cellSize, heights));
      const recorded = withGenerationHistory(withGenerationSettings(heightsEdit, doc.generation, generation), doc.history, finishing.map((step) => ({ ...step })));
      return withErosionMasks(recorded, doc.erosionMasks, masks);
    });
  }

  /** Continues the document's recipe by `count` iterations on top of the current heights. */
  runMore(count: number): Promise<JobResult> {
    const doc = this.editor.document;
    if (this.current) return Promise.resolve('busy');
    if (!doc.generation) return Promise.resolve('failed');
    const recipe = doc.generation.recipe;
    const end = recipe.iterations + count;
    return this.applySteps([{ kind: 'run', start: recipe.iterations, end }], { ...recipe, iterations: end });
  }

  /**
   * Applies one step (a filter or an erosion) to the current heights in a job: one undo entry, one
   * more step of the generation history.
   */
  runStep(step: TerrainStep): Promise<JobResult> {
    return this.applySteps([step], null);
  }

  cancel(): void {
    this.current?.cancel();
  }

  /** Runs steps on a copy of the current heights; `nextRecipe` replaces the document's recipe (continued runs). */
  private applySteps(steps: TerrainStep[], nextRecipe: FaultRecipe | null): Promise<JobResult> {
    if (this.current) return Promise.resolve('busy');
    const doc = this.editor.document;
    const { width, depth, cellSize } = doc.field;
    const recipe = doc.generation?.recipe ?? null;
    const request: TerrainJobRequest = { width, depth, cellSize, heights: doc.field.heights.slice(), recipe, steps };
    const label = steps.map(stepLabel).join(' + ');
    return this.run(request, label, (heights, masks) => {
      const current = this.editor.document;
      let edit: DocumentEdit = diffTileEdit(label, width, depth, current.field.heights, heights);
      if (nextRecipe) edit = withGenerationSettings(edit, current.generation, { recipe: nextRecipe });
      edit = withGenerationHistory(edit, current.history, [...current.history, ...steps.map((step) => ({ ...step }))]);
      return masks ? withErosionMasks(edit, current.erosionMasks, masks) : edit;
    });
  }

  private async run(request: TerrainJobRequest, label: string, toEdit: (heights: Float32Array, masks: ErosionMasks | null) => DocumentEdit): Promise<JobResult> {
    if (this.current) return 'busy';
    const documentAtStart = this.editor.document;
    const versionAtStart = this.editor.store.getState().version;
    this.store.setState({ running: true, label, done: 0, total: 1, startedAt: performance.now(), lastMessage: null });
    let handle: JobHandle;
    try {
      handle = this.transport.start(request, (done, jobTotal) => this.store.setState({ done, total: jobTotal }));
    } catch (error) {
      this.store.setState({ running: false, lastOutcome: 'failed', lastMessage: `${label} failed: ${error instanceof Error ? error.message : String(error)}` });
      return 'failed';
    }
    this.current = handle;
    const outcome = await handle.outcome;
    this.current = null;
    if (outcome.status === 'done') {
      // A job computed from heights that changed meanwhile (or another document) must not overwrite them.
      if (this.editor.document !== documentAtStart || this.editor.store.getState().version !== versionAtStart) {
        this.store.setState({ running: false, lastOutcome: 'failed', lastMessage: `${label}: the terrain changed while the job ran; run it again` });
        return 'failed';
      }
      this.editor.apply(toEdit(outcome.heights, outcome.masks));
      this.store.setState({ running: false, lastOutcome: 'done', lastMessage: null });
      return 'done';
    }
    const message = outcome.status === 'failed' ? `${label} failed: ${outcome.message}` : null;
    this.store.setState({ running: false, lastOutcome: outcome.status, lastMessage: message });
    return outcome.status;
  }
}
