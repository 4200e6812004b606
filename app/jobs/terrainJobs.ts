import { createHeightfield } from '../../shared/terrain/heightfield';
import type { FaultRecipe } from '../../shared/fault/recipe';
import type { Editor } from '../editor';
import type { DocumentEdit } from '../history';
import { diffTileEdit } from '../tileEdit';
import { createFieldReplaceEdit, withGenerationHistory, withGenerationSettings } from './generationEdits';
import { createJobStore, type JobStore } from './jobStore';
import type { FaultJobRequest, FaultJobTransport, JobHandle } from './protocol';

export interface GenerateSettings {
  width: number;
  depth: number;
  cellSize: number;
  recipe: FaultRecipe;
}

export type JobResult = 'done' | 'cancelled' | 'failed' | 'busy';

/**
 * Runs fault formation off the UI thread and turns each finished job into exactly one history
 * entry. The document is only read when a job starts and only written when it ends, so a cancelled
 * or failed job leaves it as it was.
 */
export class TerrainJobs {
  readonly store: JobStore;
  private current: JobHandle | null = null;

  constructor(
    private readonly editor: Editor,
    private readonly transport: FaultJobTransport,
    store?: JobStore,
  ) {
    this.store = store ?? createJobStore();
  }

  get isRunning(): boolean {
    return this.current !== null;
  }

  /** Fresh terrain from flat ground: iterations 0…recipe.iterations, at the requested size. */
  generate(settings: GenerateSettings): Promise<JobResult> {
    const { width, depth, cellSize, recipe } = settings;
    const request: FaultJobRequest = { width, depth, cellSize, heights: new Float32Array(width * depth), recipe, start: 0, end: recipe.iterations };
    return this.run(request, `Generate ${recipe.iterations} iterations`, (heights) => {
      const doc = this.editor.document;
      const generation = { recipe };
      const sameShape = doc.field.width === width && doc.field.depth === depth && doc.field.cellSize === cellSize;
      const heightsEdit = sameShape
        ? diffTileEdit(`Generate ${recipe.iterations} iterations`, width, depth, doc.field.heights, heights)
        : createFieldReplaceEdit(`Generate ${recipe.iterations} iterations`, doc.field, createHeightfield(width, depth, cellSize, heights));
      return withGenerationHistory(withGenerationSettings(heightsEdit, doc.generation, generation), doc.history, []);
    });
  }

  /** Continues the document's recipe by `count` iterations on top of the current heights. */
  runMore(count: number): Promise<JobResult> {
    const doc = this.editor.document;
    if (this.current) return Promise.resolve('busy');
    if (!doc.generation) return Promise.resolve('failed');
    const recipe = doc.generation.recipe;
    const { width, depth, cellSize } = doc.field;
    const end = recipe.iterations + count;
    const request: FaultJobRequest = { width, depth, cellSize, heights: doc.field.heights.slice(), recipe, start: recipe.iterations, end };
    return this.run(request, `Run ${count} more`, (heights) => {
      const current = this.editor.document;
      const edit = diffTileEdit(`Run ${count} more`, width, depth, current.field.heights, heights);
      const step = { kind: 'run', start: recipe.iterations, end };
      return withGenerationHistory(withGenerationSettings(edit, current.generation, { recipe: { ...recipe, iterations: end } }), current.history, [...current.history, step]);
    });
  }

  cancel(): void {
    this.current?.cancel();
  }

  private async run(request: FaultJobRequest, label: string, toEdit: (heights: Float32Array) => DocumentEdit): Promise<JobResult> {
    if (this.current) return 'busy';
    const documentAtStart = this.editor.document;
    const versionAtStart = this.editor.store.getState().version;
    const total = request.end - request.start;
    this.store.setState({ running: true, label, done: 0, total, startedAt: performance.now(), lastMessage: null });
    const handle = this.transport.start(request, (done, jobTotal) => this.store.setState({ done, total: jobTotal }));
    this.current = handle;
    const outcome = await handle.outcome;
    this.current = null;
    if (outcome.status === 'done') {
      // A job computed from heights that changed meanwhile (or another document) must not overwrite them.
      if (this.editor.document !== documentAtStart || this.editor.store.getState().version !== versionAtStart) {
        this.store.setState({ running: false, lastOutcome: 'failed', lastMessage: `${label}: the terrain changed while the job ran; run it again` });
        return 'failed';
      }
      this.editor.apply(toEdit(outcome.heights));
      this.store.setState({ running: false, lastOutcome: 'done', lastMessage: null });
      return 'done';
    }
    const message = outcome.status === 'failed' ? `${label} failed: ${outcome.message}` : null;
    this.store.setState({ running: false, lastOutcome: outcome.status, lastMessage: message });
    return outcome.status;
  }
}
