/**
 * The export dialog's state: what it opens on, its options and engine options, and what it shows
 * from them — the map's height range, the mask sources, an engine export's plan (the numbers come
 * from `planEngineExport`, the same function that writes them into NAME.<engine>.json) and a tiled
 * export's file names. Mask edits go through `MaskRulesEditor`, the weights preview through
 * `MaskPreview`, the export itself through `ExportRunner`.
 */
import { engineFor, type EngineId } from '../../shared/export/engines';
import { splitFileName } from '../../shared/export/fileExport';
import { availableSources, defaultMaskSet, fitMaskSet, MaskSetError, parseMaskSet, type MaskSource } from '../../shared/export/masks';
import { DEFAULT_NATURAL_LINES } from '../../shared/ground/naturalColours';
import { EngineExportError, planEngineExport, type EngineExportOptions, type EnginePlan } from '../../shared/export/engineExport';
import { tileLayout, tileName, tileSpecProblem } from '../../shared/export/tiles';
import { waterSourcesOf } from '../../shared/export/waterMaskData';
import { stackHasWater, topWaterLayer } from '../../shared/layers/stackWater';
import { heightRange, type HeightRange } from '../../shared/terrain/heightfield';
import { exportFormatInfo, type ExportFormat } from './codecOps';
import type { EngineDialogOptions, ExchangeStore, ExportOptions, ExportTarget } from './exchangeState';
import type { ExportFlowDeps } from './exportFlowDeps';
import { MaskPreview } from './maskPreview';

/** Formats a tiled export can cut: the heightmap formats and normal maps (the registry says which). */
export function isTileable(format: ExportFormat): boolean {
  return exportFormatInfo(format).tileable;
}

export function validateExportOptions(options: ExportOptions): string | null {
  if (options.rangeMode === 'fixed' && !(Number.isFinite(options.min) && Number.isFinite(options.max) && options.min <= options.max)) {
    return 'The fixed range needs two numbers with minimum ≤ maximum';
  }
  return null;
}

/** The plan (sizes, numbers, files) of an engine export, or the problem with its options. */
export type PlanOutcome = { plan: EnginePlan; problem: null } | { plan: null; problem: string };

export class ExportDialog {
  private rangeCache: { version: number; range: HeightRange } | null = null;
  private planCache: { key: unknown[]; outcome: PlanOutcome } | null = null;
  /** The 2D panel's preview of one mask layer's weights. */
  readonly preview: MaskPreview;

  constructor(private readonly deps: ExportFlowDeps) {
    this.preview = new MaskPreview(deps, () => this.maskSources());
  }

  private get store(): ExchangeStore {
    return this.deps.store;
  }

  /** The map's height range, computed once per document version. */
  mapRange(): HeightRange {
    const version = this.deps.editor.store.getState().version;
    if (this.rangeCache?.version !== version) this.rangeCache = { version, range: heightRange(this.deps.editor.document.field.heights) };
    return this.rangeCache.range;
  }

  /** Sources the mask rules may use for this document. */
  /** The default mask set: the 3D view's ground layers for its climate, tree and snow lines (what the designer sees). */
  private startingMaskSet(min: number, max: number) {
    const data = this.deps.erosionMasks();
    const lines = this.deps.naturalLines?.();
    return defaultMaskSet(min, max, data?.deposition !== undefined, this.deps.snowLine?.(), {
      climate: lines?.climate,
      treeLine: lines?.treeLine,
      road: data?.road !== undefined,
      strata: data?.hardness !== undefined ? lines?.strata : null,
    });
  }

  maskSources(): MaskSource[] {
    return [...availableSources(this.deps.erosionMasks()), ...waterSourcesOf(this.deps.editor.document.stack)];
  }

  /** Opens the dialog on a heightmap (16-bit PNG unless chosen before) or mesh format. */
  begin(kind: 'heightmap' | 'mesh'): void {
    const { exportOptions, engineOptions } = this.store.getState();
    const isMesh = exportFormatInfo(exportOptions.format).kind === 'mesh';
    const format = kind === 'mesh' ? (isMesh ? exportOptions.format : 'glb') : isMesh ? 'png16' : exportOptions.format;
    const patch: Partial<ExportOptions> = { format, ...(kind === 'mesh' && { target: 'file' as const }) };
    const range = this.mapRange();
    if (exportOptions.rangeMode === 'auto') Object.assign(patch, { min: range.min, max: range.max });
    // Until the user edits them, the starting masks follow the map's heights.
    const engine = engineOptions.maskSetEdited ? engineOptions : { ...engineOptions, maskSet: this.startingMaskSet(range.min, range.max) };
    this.store.setState({
      exportOpen: true,
      exportOptions: { ...exportOptions, ...patch },
      engineOptions: engine,
      error: null,
      notice: null,
      exportStatus: null,
    });
  }

  setOptions(patch: Partial<ExportOptions>): void {
    this.store.setState((s) => ({ exportOptions: { ...s.exportOptions, ...patch } }));
    // Masks belong to the engine tabs: a plain file export shows none.
    if (patch.target === 'file') this.preview.clear();
    else if ('target' in patch) this.preview.refresh();
  }

  setTarget(target: ExportTarget): void {
    // Until the user edits it, the starting set is the one this engine holds (HTerrain: 4 layers).
    if (target !== 'file' && !this.store.getState().engineOptions.maskSetEdited) {
      const range = this.mapRange();
      this.store.setState((s) => ({
        engineOptions: { ...s.engineOptions, maskSet: fitMaskSet(this.startingMaskSet(range.min, range.max), engineFor(target).maxMaskLayers) },
      }));
    }
    this.setOptions({ target });
  }

  setEngineOptions(patch: Partial<EngineDialogOptions>): void {
    this.store.setState((s) => ({ engineOptions: { ...s.engineOptions, ...patch, ...('maskSet' in patch && { maskSetEdited: true }) } }));
    if ('maskSet' in patch || 'masks' in patch) this.preview.refresh();
  }

  /** Closes the dialog (the dialog's Cancel and Escape while nothing runs; after an export has ended). */
  close(): void {
    this.preview.clear();
    this.store.setState({ exportOpen: false });
  }

  /** The engine options as `planEngineExport` takes them. */
  engineExportOptions(engineId: EngineId): EngineExportOptions {
    const e = this.store.getState().engineOptions;
    const { form, formTiles } = engineFor(engineId);
    const sizes = form.choosesSize;
    return {
      engineId,
      name: this.deps.baseName(),
      ...(sizes && e.size !== null && { size: e.size }),
      ...(sizes && { fit: e.fit }),
      heightFormat: e.heightFormat,
      exrCompression: e.exrCompression,
      normalMap: e.normalMap ? { space: e.normalSpace, green: e.normalGreen ?? form.normalGreen } : null,
      masks: e.masks ? e.maskSet : null,
      colourMap: e.colourMap ? (this.deps.naturalLines?.() ?? DEFAULT_NATURAL_LINES) : null,
      tiles: e.tiles && form.tiling ? formTiles(e.tileSize, e.tileOverlap) : null,
      ...(e.water && this.hasAutomaticWater() && { water: true }),
    };
  }

  /** Sizes, numbers and file names for the chosen engine, recomputed only when something changed. */
  plan(engineId: EngineId): PlanOutcome {
    const { engineOptions } = this.store.getState();
    const field = this.deps.editor.document.field;
    const key = [
      engineId,
      engineOptions,
      field,
      this.deps.editor.store.getState().version,
      this.deps.baseName(),
      this.deps.erosionMasks(),
      this.deps.editor.document.stack,
    ];
    if (this.planCache && this.planCache.key.length === key.length && this.planCache.key.every((k, n) => k === key[n])) return this.planCache.outcome;
    let outcome: PlanOutcome;
    try {
      const options = this.engineExportOptions(engineId);
      if (options.masks) parseMaskSet(options.masks, this.maskSources());
      outcome = { plan: planEngineExport(field, this.mapRange(), options), problem: null };
    } catch (error) {
      if (!(error instanceof EngineExportError || error instanceof MaskSetError || error instanceof RangeError)) throw error;
      outcome = { plan: null, problem: error instanceof MaskSetError ? `Masks: ${error.message}` : error.message };
    }
    this.planCache = { key, outcome };
    return outcome;
  }

  /** The name a plain file export suggests: the document's, `_normal` for a normal map (a water file's suffix), the format's extension. */
  fileName(options: ExportOptions): string {
    const info = exportFormatInfo(options.format);
    return `${this.deps.baseName()}${info.kind === 'normal' ? '_normal' : (info.water?.suffix ?? '')}.${info.extension}`;
  }

  /** Whether the document has automatic water (the engine set's flow map needs its hydrology). */
  hasAutomaticWater(): boolean {
    return topWaterLayer(this.deps.editor.document.stack) >= 0;
  }

  /** Whether the document has water to export (an enabled water or river layer). */
  hasWater(): boolean {
    return stackHasWater(this.deps.editor.document.stack);
  }

  /** Tile names of a plain tiled export, or the problem with the tile size. */
  tileNames(options: ExportOptions): { names: string[]; problem: string | null } {
    const field = this.deps.editor.document.field;
    const spec = { size: options.tileSize, overlap: options.tileOverlap };
    const problem = tileSpecProblem(spec, field.width, field.depth);
    if (problem) return { names: [], problem };
    const { base, extension } = splitFileName(this.fileName(options));
    return { names: tileLayout(field.width, field.depth, spec).map((t) => `${tileName(base, t)}.${extension}`), problem: null };
  }
}
