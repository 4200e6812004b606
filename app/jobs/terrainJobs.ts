import { createHeightfield } from '../../shared/terrain/heightfield';
import type { ErosionCoverBytes } from '../../shared/erosion/cover';
import { packedCover } from '../document/packedCover';
import { withPackedWater } from './packedOutcome';
import { stepLabel, type TerrainStep } from '../../shared/recipe/steps';
import { stackProblem } from '../../shared/layers/validate';
import { kindOf } from '../../shared/layers/registry';
import { heightsStack } from '../../shared/layers/migrate';
import type { Layer, LayerSize } from '../../shared/layers/types';
import type { Editor } from '../document/editor';
import type { DocumentEdit } from '../document/history';
import { diffTileEdit } from '../document/tileEdit';
import { createFieldReplaceEdit, withErosionMasks, withStack, withWater } from '../document/generationEdits';
import { stackMakesWater } from '../../shared/layers/evaluate';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import { firstChangedLayer, LocalEvaluator } from './localEvaluator';
import { continuedStack, generatedStack, stackWithStep } from './stackOps';
import { createJobStore, type JobStore } from './jobStore';
import { LocalEdit, type CommitOptions, type LocalEditHost } from './localEdit';
import type { ApplyStackOptions, GenerateSettings, JobResult } from './jobTypes';
import type { StackBase, TerrainJobOutcome, TerrainJobRequest, TerrainJobTransport, JobHandle } from './protocol';

export type { ApplyStackOptions, GenerateSettings, JobResult } from './jobTypes';

/**
 * Runs terrain jobs (fault formation, filters, erosion) off the UI thread and turns each finished job
 * into exactly one history entry. The document is only read when a job starts and only written when
 * it ends, so a cancelled or failed job leaves it as it was.
 */
export class TerrainJobs {
  readonly store: JobStore;
  /** Keeps the results local layer edits are evaluated from (used through LocalEdit: only app/jobs reaches it). */
  readonly evaluator: LocalEvaluator;
  private readonly host: LocalEditHost;
  private current: JobHandle | null = null;
  private droppedNote: string | null = null;
  /** False while an opened project's saved heights differ from its stack's (checkOpened). */
  private heightsMatchStack = true;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly editor: Editor,
    private readonly transport: TerrainJobTransport,
    store?: JobStore,
  ) {
    this.store = store ?? createJobStore();
    this.evaluator = new LocalEvaluator();
    this.host = {
      evaluator: this.evaluator,
      applyPreview: (next, label, edit, options) => this.applyStack(next, label, { ...options, preview: edit }),
      committedHere: () => {
        this.heightsMatchStack = true;
        this.store.setState({ lastOutcome: 'done', lastMessage: null });
      },
    };
    // Results kept for one document mean nothing for another.
    let shown = editor.document;
    this.unsubscribe = editor.store.subscribe(() => {
      if (editor.document === shown) return;
      shown = editor.document;
      this.evaluator.reset();
    });
  }

  get isRunning(): boolean {
    return this.current !== null;
  }

  /**
   * Run: the form's recipe into the faults layer and its finishing steps into the layers above it
   * (every other layer kept), at the requested size, evaluated in a worker.
   */
  generate(settings: GenerateSettings): Promise<JobResult> {
    const { width, depth, cellSize, recipe } = settings;
    const finishing = [...(settings.finishing ?? [])];
    const doc = this.editor.document;
    const sameSize = doc.field.width === width && doc.field.depth === depth && doc.field.cellSize === cellSize;
    const { stack, dropped } = generatedStack(doc.stack, recipe, finishing, sameSize);
    const label =
      finishing.length > 0
        ? `Generate ${recipe.iterations} iterations + ${finishing.length} step${finishing.length > 1 ? 's' : ''}`
        : `Generate ${recipe.iterations} iterations`;
    this.droppedNote =
      dropped.length > 0
        ? `${dropped.length} layer${dropped.length > 1 ? 's' : ''} holding per-vertex data of the ${doc.field.width} × ${doc.field.depth} ` +
          `map ${dropped.length > 1 ? 'were' : 'was'} left out (${dropped.map((layer) => layer.name).join(', ')}); Undo ` +
          `brings ${dropped.length > 1 ? 'them' : 'it'} back`
        : null;
    return this.applyStack(stack, label, { size: { width, depth, cellSize } });
  }

  /** Continues the faults layer by `count` iterations. */
  runMore(count: number): Promise<JobResult> {
    if (this.current) return Promise.resolve('busy');
    const stack = this.editor.document.stack;
    const next = continuedStack(stack, count);
    const faults = stack.find((layer) => layer.kind === 'faults');
    if (!next || faults?.kind !== 'faults') return Promise.resolve('failed');
    const start = faults.params.iterations;
    return this.applyStack(next, stepLabel({ kind: 'run', start, end: start + count }));
  }

  /** An erosion or filter as a new layer at the top of the stack: one undo entry. */
  runStep(step: TerrainStep): Promise<JobResult> {
    const next = stackWithStep(this.editor.document.stack, step);
    if (!next) return Promise.resolve('failed');
    return this.applyStack(next, stepLabel(step));
  }

  /**
   * Makes `next` the document's stack and its heights the document's, as one undo entry: here when
   * only local layers from the first changed one up need evaluating (LocalEvaluator), else in a worker
   * (with progress and cancel; the views keep the last result meanwhile, and a cancelled or failed
   * evaluation leaves the document as it was). `size` is another map size for a new generation.
   */
  applyStack(next: Layer[], label: string, given: ApplyStackOptions = {}): Promise<JobResult> {
    const options = withPreview(given, this.editor.document.stack);
    if (this.current) {
      options.beforeApply?.(false);
      return Promise.resolve('busy');
    }
    const doc = this.editor.document;
    const size = options.size ?? { width: doc.field.width, depth: doc.field.depth, cellSize: doc.field.cellSize };
    const problem = stackProblem(next, size);
    if (problem) {
      this.store.setState({ lastOutcome: 'failed', lastMessage: `${label}: ${problem}` });
      options.beforeApply?.(false);
      return Promise.resolve('failed');
    }
    const sameSize = doc.field.width === size.width && doc.field.depth === size.depth && doc.field.cellSize === size.cellSize;
    const commit: CommitOptions = options.wrap ? { wrap: options.wrap } : {};
    // A gesture evaluated here: its heights are the result, and its tiles' befores the undo record.
    if (sameSize && options.preview?.shows(next)) return Promise.resolve(options.preview.commitShown(label, commit));
    const from = options.change?.index ?? firstChangedLayer(doc.stack, next);
    if (sameSize && this.prepareLocal(next, from)) {
      // The gesture's preview goes back first: the document's heights are then its stack's again,
      // and the engine writes the change straight into them (its composite is the same array),
      // keeping for undo what each rectangle held before.
      options.beforeApply?.(true);
      const current = this.editor.document;
      this.adoptDocumentHeights(options.beforeApply !== undefined || !this.editor.previewing);
      const edit = new LocalEdit(this.editor, this.host, current.stack, from, true, size, options.change?.from);
      edit.update(next, options.change?.rect ?? null);
      return Promise.resolve(edit.commitShown(label, commit));
    }
    // The layers below the first changed one need not run again when their result is at hand.
    const inputHere = sameSize ? this.inputOf(next, from, size) : null;
    // The water below the first changed layer is not sent: when layers both below and from it make
    // water (or made it), the job starts from the bottom so that its water is the whole stack's.
    const waterBelow = stackMakesWater(next.slice(0, from));
    const input = inputHere && !(waterBelow && (stackMakesWater(next.slice(from)) || stackMakesWater(doc.stack.slice(from)))) ? inputHere : null;
    const start = input ? from : 0;
    // The input goes to the worker (transferred); a copy primes the engine when no whole-map layer runs.
    const keptInput = input && !next.slice(start).some((layer) => layer.enabled && !kindOf(layer).local) ? input.slice() : null;
    const request: TerrainJobRequest = { ...size, heights: input ?? new Float32Array(0), stack: next.slice(start) };
    return this.run(
      request,
      label,
      (heights, masks, base, water) => {
        options.beforeApply?.(true);
        const current = this.editor.document;
        const same = current.field.width === size.width && current.field.depth === size.depth && current.field.cellSize === size.cellSize;
        // The engine keeps its base: never the array the edit takes as its own.
        // Likewise the water: the job's when it ran a water-making layer, else what the layers below it made.
        const nextWater = water ?? (start > 0 && waterBelow ? current.water : null);
        // The water the layers up to the engine's base made: below the job's layers when it made none.
        const baseWater = start > 0 && waterBelow ? nextWater : (base?.water ?? null);
        if (base)
          this.evaluator.prime(next, size, { index: base.index + start, output: base.output === heights ? heights.slice() : base.output, water: baseWater });
        else if (start === 0) this.evaluator.prime(next, size, null);
        else {
          let below = start - 1;
          while (below >= 0 && !next[below].enabled) below--;
          if (below >= 0 && keptInput) this.evaluator.prime(next, size, { index: below, output: keptInput, water: waterBelow ? nextWater : null });
          else this.evaluator.reset();
        }
        const heightsEdit = same
          ? diffTileEdit(label, size.width, size.depth, current.field.heights, heights)
          : createFieldReplaceEdit(label, current.field, createHeightfield(size.width, size.depth, size.cellSize, heights));
        this.heightsMatchStack = true;
        // Layers that were not re-run keep the masks they made (unless hydraulic layers ran again); new ones are held packed.
        const nextMasks = masks ? packedCover(masks) : start > 0 ? current.erosionMasks : null;
        const edit = withWater(withErosionMasks(withStack(heightsEdit, current.stack, next), current.erosionMasks, nextMasks), current.water, nextWater);
        return options.wrap ? options.wrap(edit) : edit;
      },
      options.beforeApply && (() => options.beforeApply?.(false)),
    );
  }

  /**
   * Begins a local edit of layer `index` of `stack` (the document's, or one changed from it at that
   * layer): evaluated here when the engine can (`evaluate` false: never, the stack is evaluated in a
   * worker at commit), with its undo record. The one way a gesture changes the stack.
   */
  beginLocalEdit(stack: readonly Layer[], index: number, evaluate = true): LocalEdit {
    const { width, depth, cellSize } = this.editor.document.field;
    const local = evaluate && this.prepareLocal(stack, index);
    return new LocalEdit(this.editor, this.host, stack, index, local, { width, depth, cellSize });
  }

  /**
   * The heights layer `index` of `next` receives when known here without evaluating (read only), or
   * null: from the gesture's engine state when `preview` is local, else after prepareLocal.
   */
  localInput(next: readonly Layer[], index: number, preview?: LocalEdit): Float32Array | null {
    if (preview?.local) return preview.input(next);
    if (!this.prepareLocal(next, index)) return null;
    const { width, depth, cellSize } = this.editor.document.field;
    return this.evaluator.peekInput(next, { width, depth, cellSize }, index);
  }

  /**
   * Checks an opened document's stack against its saved heights in a worker (the views show the
   * saved heights meanwhile): 'same' primes the engine; a v1 migration ('replay') that does not
   * give them becomes one heights layer (nothing is lost); a saved stack that does not is kept and
   * reported. Resolves to a sentence for the user, or null.
   */
  async checkOpened(origin: 'saved' | 'replay' | 'heights'): Promise<string | null> {
    this.evaluator.reset();
    this.heightsMatchStack = true;
    if (this.current) return null;
    const doc = this.editor.document;
    const versionAtStart = this.editor.store.getState().version;
    const { width, depth, cellSize } = doc.field;
    const stack = doc.stack;
    const outcome = await this.evaluateDetached(stack, 'Checking the layer stack');
    if (outcome.status === 'failed') return `The layer stack could not be checked: ${outcome.message}`;
    // Another document, or an edit meanwhile (which evaluated the stack itself): nothing to check.
    if (outcome.status !== 'done' || this.editor.document !== doc || this.editor.store.getState().version !== versionAtStart) return null;
    let first = 0;
    const saved = doc.field.heights;
    while (first < saved.length && Object.is(saved[first], outcome.heights[first])) first++;
    if (first === saved.length) {
      const { base } = outcome;
      // The evaluated heights equal the saved ones: they are let go, and the document's become the
      // engine's composite now (its base then holds only the blocks the local layers above change).
      this.evaluator.prime(stack, { width, depth, cellSize }, base ? { index: base.index, output: base.output, water: base.water ?? null } : null);
      this.adoptDocumentHeights(!this.editor.previewing);
      if (!doc.erosionMasks && outcome.masks) this.editor.setErosionResults(packedCover(outcome.masks));
      if (!doc.water && outcome.water) this.editor.setWaterResults(outcome.water);
      return null;
    }
    if (origin === 'replay') {
      // Edits that were never recorded (brush strokes before layers): the saved heights are the terrain.
      doc.stack = heightsStack(saved.slice());
      return null;
    }
    this.heightsMatchStack = false;
    return (
      `The layers of this project do not give its saved heights (first difference at column ${first % width}, ` +
      `row ${Math.floor(first / width)}): the saved heights are shown, and the next layer change re-evaluates the stack.`
    );
  }

  /**
   * Whether `next`, changed from layer `from` up, can be evaluated on this thread: the engine keeps
   * what it needs, or every enabled layer from `from` up is local and what they receive is known
   * (the document's heights, for layers added on top), which then primes the engine. First the
   * engine is told the document's heights (its composite when they are the stack's: no gesture's
   * preview in them).
   */
  prepareLocal(next: readonly Layer[], from: number): boolean {
    this.adoptDocumentHeights(!this.editor.previewing);
    const { width, depth, cellSize } = this.editor.document.field;
    const size = { width, depth, cellSize };
    if (this.evaluator.prepareUpdate(next, size, from)) return true;
    if (next.slice(from).some((layer) => layer.enabled && !kindOf(layer).local)) return false;
    let below = from - 1;
    while (below >= 0 && !next[below].enabled) below--;
    if (below < 0) return false;
    const input = this.inputOf(next, from, size);
    if (!input) return false;
    // Layers added on top receive the document's heights and water; else the water there is not known.
    const water = from === this.editor.document.stack.length ? this.editor.document.water : undefined;
    this.evaluator.prime([...next], size, { index: below, output: input, water });
    return this.evaluator.prepareUpdate(next, size, from);
  }

  /**
   * Tells the engine the document's heights and stack. Every edit, undo and redo keeps the heights
   * equal to the stack's evaluation (an opened project's were checked), so they are the engine's
   * composite — unless a gesture's preview is in them (`clean` false) or the opened heights differ.
   */
  private adoptDocumentHeights(clean: boolean): void {
    const { field, stack } = this.editor.document;
    this.evaluator.adopt(stack, { width: field.width, depth: field.depth, cellSize: field.cellSize }, field.heights, clean && this.heightsMatchStack);
  }

  /** A copy of the heights layer `from` of `next` receives, when known without evaluating; null otherwise. */
  private inputOf(next: readonly Layer[], from: number, size: LayerSize): Float32Array | null {
    if (from === 0) return null;
    const doc = this.editor.document;
    // Layers added on top of the document's: they receive its heights.
    if (from === doc.stack.length && this.heightsMatchStack) return doc.field.heights.slice();
    return this.evaluator.keptInput(next, size, from);
  }

  /**
   * Evaluates `stack` in a worker without changing the document (a preview: what a layer adds),
   * with progress and cancel; null when cancelled, failed or another job runs.
   */
  async evaluateOnly(stack: Layer[], label: string): Promise<Float32Array | null> {
    const outcome = await this.evaluateDetached(stack, label);
    if (outcome.status === 'failed') this.store.setState({ lastMessage: `${label} failed: ${outcome.message}` });
    return outcome.status === 'done' ? outcome.heights : null;
  }

  /** Evaluates `stack` on the document's map in a worker, with progress and cancel, writing nothing ('cancelled' when another job runs). */
  private async evaluateDetached(stack: Layer[], label: string): Promise<TerrainJobOutcome> {
    if (this.current) return { status: 'cancelled' };
    const { width, depth, cellSize } = this.editor.document.field;
    this.store.setState({ running: true, label, done: 0, total: 1, startedAt: performance.now(), lastMessage: null });
    let outcome: TerrainJobOutcome;
    try {
      this.current = this.transport.start({ width, depth, cellSize, heights: new Float32Array(0), stack }, (done, total) =>
        this.store.setState({ done, total }),
      );
      outcome = withPackedWater(await this.current.outcome);
    } catch (error) {
      outcome = { status: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    this.current = null;
    this.store.setState({ running: false, lastOutcome: outcome.status });
    return outcome;
  }

  /** A note about the last generation for the user (layers left out), or null. */
  takeNote(): string | null {
    const note = this.droppedNote;
    this.droppedNote = null;
    return note;
  }

  cancel(): void {
    this.current?.cancel();
  }

  /** Cancels the running job and stops following the editor. */
  dispose(): void {
    this.cancel();
    this.unsubscribe();
    this.evaluator.reset();
  }

  private async run(
    request: TerrainJobRequest,
    label: string,
    toEdit: (heights: Float32Array, masks: ErosionCoverBytes | null, base: StackBase, water: WaterSurface | null) => DocumentEdit,
    onAbandon?: () => void,
  ): Promise<JobResult> {
    if (this.current) return 'busy';
    const documentAtStart = this.editor.document;
    const versionAtStart = this.editor.store.getState().version;
    this.store.setState({ running: true, label, done: 0, total: 1, startedAt: performance.now(), lastMessage: null });
    let handle: JobHandle;
    try {
      handle = this.transport.start(request, (done, jobTotal) => this.store.setState({ done, total: jobTotal }));
    } catch (error) {
      onAbandon?.();
      this.store.setState({ running: false, lastOutcome: 'failed', lastMessage: `${label} failed: ${error instanceof Error ? error.message : String(error)}` });
      return 'failed';
    }
    this.current = handle;
    const outcome = withPackedWater(await handle.outcome);
    this.current = null;
    if (outcome.status === 'done') {
      // A job computed from heights that changed meanwhile (or another document) must not overwrite them.
      if (this.editor.document !== documentAtStart || this.editor.store.getState().version !== versionAtStart) {
        onAbandon?.();
        this.store.setState({ running: false, lastOutcome: 'failed', lastMessage: `${label}: the terrain changed while the job ran; run it again` });
        return 'failed';
      }
      this.editor.apply(toEdit(outcome.heights, outcome.masks, outcome.base ?? null, outcome.water ?? null));
      this.store.setState({ running: false, lastOutcome: 'done', lastMessage: null });
      return 'done';
    }
    onAbandon?.();
    const message = outcome.status === 'failed' ? `${label} failed: ${outcome.message}` : null;
    this.store.setState({ running: false, lastOutcome: outcome.status, lastMessage: message });
    return outcome.status;
  }
}

/** The options with a gesture's preview put back before the edit records its before (and on a refusal). */
function withPreview(options: ApplyStackOptions, documentStack: readonly Layer[]): ApplyStackOptions {
  const preview = options.preview;
  if (!preview) return options;
  const given = options.beforeApply;
  return {
    ...options,
    // From the document's layer at that index (the engine's record of it), changed where the gesture went.
    change: options.change ?? { index: preview.index, rect: preview.rect, from: documentStack[preview.index] },
    beforeApply: (applying) => {
      given?.(applying);
      // Refused, or a local preview not recorded as it is (evaluated again): the views redraw what went
      // back. A worker's result that follows a stroke's dabs tells the views itself.
      preview.restore(!applying || preview.local);
    },
  };
}
