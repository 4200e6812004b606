/**
 * The export dialog's flows: one file (heightmap, normal map, mesh) saved where main's dialog says,
 * or several files — tiles, or an engine preset's heightmap, masks, normal map and import values — to
 * a folder main's dialog picks (the window holds only a handle to it). Heightmaps, whole or in tiles,
 * are encoded by main from the heights; meshes, normal maps and engine presets in the codec worker; the numbers the dialog shows come from `planEngineExport`, the same function that writes
 * them into NAME.<engine>.json.
 */
import type { FaultlineApi } from '../../shared/ipc/api';
import { ENGINE_LABELS, engineFor, type EnginePreset } from '../../shared/export/engines';
import { splitFileName } from '../../shared/export/fileExport';
import { availableSources, defaultMaskSet, MaskSetError, parseMaskSet, type MaskLayer, type MaskRule, type MaskSet, type MaskSourceData } from '../../shared/export/masks';
import { EngineExportError, planEngineExport, type EngineExportOptions, type EnginePlan } from '../../shared/export/presets';
import { tileLayout, tileName, tileSpecProblem } from '../../shared/export/tiles';
import { heightRange, type HeightRange } from '../../shared/terrain/heightfield';
import type { Editor } from '../document/editor';
import { exportFormatInfo, type ExchangeCodecs, type ExportFormat, type FilesRequest } from './codecOps';
import { sendExportFile } from './sendExportFile';
import { describeEngineExport, describeFileExport, engineExportMemory, fileExportMemory, type FileExportShape } from '../../shared/export/exportMemory';
import type { EngineDialogOptions, ExchangeStore, ExportOptions, ExportTarget } from './exchangeState';
import { propGlbNodes } from './propNodes';
import type { CancelExportResult, HeightmapExportFormat } from '../../shared/ipc/exportContract';
import { isHeightmapVariant } from '../../shared/codecs/formats';
import { heightBytes } from '../project/mapping';
import { sendableHeights } from '../project/upload';

export interface ExportFlowDeps {
  editor: Editor;
  api: FaultlineApi;
  store: ExchangeStore;
  codecs: () => ExchangeCodecs;
  /** The document's erosion results (flow, deposition per vertex), when it has any. */
  erosionMasks: () => MaskSourceData | null;
  /** The 3D view's snow line (metres): the starting snow mask begins there. */
  snowLine?: () => number | undefined;
  baseName: () => string;
  fail: (message: string) => void;
}

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

/**
 * The export that is running: its signal stops the window's side (the codec worker, the pieces still
 * to send), and `job` is what main knows it by (a folder handle, or a single heightmap's job id), so
 * that a cancel stops main's side too. `cancelled` is main's answer to the cancel.
 */
interface RunningExport {
  controller: AbortController;
  job: string | null;
  cancelled: Promise<CancelExportResult> | null;
}

/** The status an export cancelled in time leaves in the dialog. */
export const EXPORT_CANCELLED = 'Export cancelled';

let jobCounter = 0;
/** A name for a single heightmap export main runs, unique in this window (file:cancelExport names it). */
function newJobId(): string {
  return `export-${Date.now().toString(36)}-${(jobCounter++).toString(36)}`;
}

/** The plan (sizes, numbers, files) of an engine export, or the problem with its options. */
export type PlanOutcome = { plan: EnginePlan; problem: null } | { plan: null; problem: string };

const PREVIEW_DELAY_MS = 150;

export class ExportFlow {
  private rangeCache: { version: number; range: HeightRange } | null = null;
  private planCache: { key: unknown[]; outcome: PlanOutcome } | null = null;
  private previewToken = 0;
  private previewTimer: ReturnType<typeof setTimeout> | null = null;
  private running: RunningExport | null = null;

  constructor(private readonly deps: ExportFlowDeps) {}

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
  maskSources() {
    return availableSources(this.deps.erosionMasks());
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
    const engine = engineOptions.maskSetEdited ? engineOptions : { ...engineOptions, maskSet: defaultMaskSet(range.min, range.max, this.deps.erosionMasks()?.deposition !== undefined, this.deps.snowLine?.()) };
    this.store.setState({ exportOpen: true, exportOptions: { ...exportOptions, ...patch }, engineOptions: engine, error: null, notice: null, exportStatus: null });
  }

  setOptions(patch: Partial<ExportOptions>): void {
    this.store.setState((s) => ({ exportOptions: { ...s.exportOptions, ...patch } }));
    // Masks belong to the engine tabs: a plain file export shows none.
    if (patch.target === 'file') this.clearPreview();
    else if ('target' in patch) this.refreshPreview();
  }

  setTarget(target: ExportTarget): void {
    this.setOptions({ target });
  }

  setEngineOptions(patch: Partial<EngineDialogOptions>): void {
    this.store.setState((s) => ({ engineOptions: { ...s.engineOptions, ...patch, ...('maskSet' in patch && { maskSetEdited: true }) } }));
    if ('maskSet' in patch || 'masks' in patch) this.refreshPreview();
  }

  /** Closes the dialog (the dialog's Cancel and Escape while nothing runs; `cancelRunning` while an export does). */
  cancel(): void {
    this.clearPreview();
    this.store.setState({ exportOpen: false });
  }

  /** Whether an export is running. */
  get isRunning(): boolean {
    return this.running !== null;
  }

  /**
   * Stops the running export: the codec worker is ended and main is told (file:cancelExport), which
   * stops its encoder and removes what it staged; the folder keeps what it had. The export's own flow
   * then ends with "Export cancelled" (or "Exported…" when it had finished before the cancel).
   */
  cancelRunning(): void {
    const run = this.running;
    if (!run || run.controller.signal.aborted) return;
    run.controller.abort();
    this.store.setState({ exportProgress: 'Cancelling…' });
    if (run.job) run.cancelled = this.askMainToCancel(run.job);
  }

  private askMainToCancel(job: string): Promise<CancelExportResult> {
    return this.deps.api.cancelExport({ job }).catch((): CancelExportResult => ({ status: 'unknown' }));
  }

  /** Names the running export's job in main; a cancel asked before that is sent now. */
  private named(run: RunningExport, job: string): void {
    run.job = job;
    if (run.controller.signal.aborted && !run.cancelled) run.cancelled = this.askMainToCancel(job);
  }

  /** The end of a cancelled export: the dialog stays, saying so. */
  private endCancelled(): false {
    this.store.setState({ exportStatus: EXPORT_CANCELLED });
    return false;
  }

  /** The engine options as `planEngineExport` takes them. */
  engineExportOptions(preset: EnginePreset): EngineExportOptions {
    const e = this.store.getState().engineOptions;
    const { form, formTiles } = engineFor(preset);
    const sizes = form.choosesSize;
    return {
      preset,
      name: this.deps.baseName(),
      ...(sizes && e.size !== null && { size: e.size }),
      ...(sizes && { fit: e.fit }),
      heightFormat: e.heightFormat,
      exrCompression: e.exrCompression,
      normalMap: e.normalMap ? { space: e.normalSpace, green: e.normalGreen ?? form.normalGreen } : null,
      masks: e.masks ? e.maskSet : null,
      tiles: e.tiles && form.tiling ? formTiles(e.tileSize, e.tileOverlap) : null,
    };
  }

  /** Sizes, numbers and file names for the chosen engine, recomputed only when something changed. */
  plan(preset: EnginePreset): PlanOutcome {
    const { engineOptions } = this.store.getState();
    const field = this.deps.editor.document.field;
    const key = [preset, engineOptions, field, this.deps.editor.store.getState().version, this.deps.baseName(), this.deps.erosionMasks()];
    if (this.planCache && this.planCache.key.length === key.length && this.planCache.key.every((k, n) => k === key[n])) return this.planCache.outcome;
    let outcome: PlanOutcome;
    try {
      const options = this.engineExportOptions(preset);
      if (options.masks) parseMaskSet(options.masks, this.maskSources());
      outcome = { plan: planEngineExport(field, this.mapRange(), options), problem: null };
    } catch (error) {
      if (!(error instanceof EngineExportError || error instanceof MaskSetError || error instanceof RangeError)) throw error;
      outcome = { plan: null, problem: error instanceof MaskSetError ? `Masks: ${error.message}` : error.message };
    }
    this.planCache = { key, outcome };
    return outcome;
  }

  // Mask editing: every change replaces the set (the store keeps plain data).
  private editMasks(edit: (layers: MaskLayer[]) => MaskLayer[]): void {
    const { maskSet } = this.store.getState().engineOptions;
    this.setEngineOptions({ maskSet: { layers: edit(maskSet.layers.map((l) => ({ ...l, rules: l.rules.map((r) => ({ ...r })) }))) } });
  }

  addMaskLayer(): void {
    this.editMasks((layers) => {
      let n = layers.length + 1;
      while (layers.some((l) => l.name === `layer${n}`)) n++;
      return [...layers, { name: `layer${n}`, rules: [{ source: 'slope', min: 30, softness: 5 }] }];
    });
  }

  removeMaskLayer(index: number): void {
    const previewed = this.store.getState().maskPreviewLayer;
    if (previewed !== null && previewed >= index) this.store.setState({ maskPreviewLayer: previewed === index ? null : previewed - 1 });
    this.editMasks((layers) => (layers.length > 1 ? layers.filter((_, k) => k !== index) : layers));
  }

  renameMaskLayer(index: number, name: string): void {
    this.editMasks((layers) => layers.map((l, k) => (k === index ? { ...l, name } : l)));
  }

  addMaskRule(index: number): void {
    this.editMasks((layers) => layers.map((l, k) => (k === index && l.rules.length < 8 ? { ...l, rules: [...l.rules, { source: 'height', min: Math.round(this.mapRange().max * 0.8) }] } : l)));
  }

  setMaskRule(index: number, rule: number, patch: Partial<MaskRule>): void {
    this.editMasks((layers) =>
      layers.map((l, k) => {
        if (k !== index) return l;
        const rules = l.rules.map((r, n) => {
          if (n !== rule) return r;
          const next: MaskRule = { ...r, ...patch };
          // An emptied bound is no bound.
          for (const key of ['min', 'max', 'softness'] as const) if (key in patch && patch[key] === undefined) delete next[key];
          return next;
        });
        return { ...l, rules };
      }),
    );
  }

  removeMaskRule(index: number, rule: number): void {
    this.editMasks((layers) => layers.map((l, k) => (k === index ? { ...l, rules: l.rules.filter((_, n) => n !== rule) } : l)));
  }

  /** Shows one layer's weights on the 2D panel (null: none). */
  previewMask(layer: number | null): void {
    this.store.setState({ maskPreviewLayer: layer });
    if (layer === null) this.clearPreview();
    else this.refreshPreview(0);
  }

  private clearPreview(): void {
    this.previewToken++;
    if (this.previewTimer) clearTimeout(this.previewTimer);
    this.previewTimer = null;
    this.store.setState({ maskPreviewLayer: null, maskPreview: null });
  }

  /** Recomputes the previewed layer after edits have paused. */
  private refreshPreview(delay = PREVIEW_DELAY_MS): void {
    const { maskPreviewLayer } = this.store.getState();
    if (maskPreviewLayer === null) return;
    if (this.previewTimer) clearTimeout(this.previewTimer);
    this.previewTimer = setTimeout(() => {
      this.previewTimer = null;
      void this.computePreview();
    }, delay);
  }

  private async computePreview(): Promise<void> {
    const { maskPreviewLayer: layer, engineOptions, exportOptions } = this.store.getState();
    const token = ++this.previewToken;
    if (layer === null || exportOptions.target === 'file') {
      this.store.setState({ maskPreview: null });
      return;
    }
    let masks: MaskSet;
    try {
      masks = parseMaskSet(engineOptions.maskSet, this.maskSources());
    } catch {
      // The dialog shows the problem; the last good preview stays.
      return;
    }
    if (layer >= masks.layers.length) return;
    const field = this.deps.editor.document.field;
    const outcome = await this.deps.codecs().maskPreview({ field, masks, data: this.deps.erosionMasks() ?? {}, layer });
    if (token !== this.previewToken || !this.store.getState().exportOpen) return;
    if (!outcome.ok) return this.deps.fail(outcome.message);
    this.store.setState({ maskPreview: { layer, name: masks.layers[layer].name, width: field.width, depth: field.depth, weights: outcome.value } });
  }

  /** Runs the export the dialog describes; true when everything was written. */
  async confirm(): Promise<boolean> {
    const { exportOptions: options, exportBusy } = this.store.getState();
    if (exportBusy || this.running) return false;
    const run: RunningExport = { controller: new AbortController(), job: null, cancelled: null };
    this.running = run;
    this.store.setState({ exportStatus: null });
    try {
      if (options.target !== 'file') return await this.exportEngine(options.target, run);
      const invalid = validateExportOptions(options);
      if (invalid) {
        this.deps.fail(invalid);
        return false;
      }
      if (options.tiles && isTileable(options.format)) return await this.exportTiles(options, run);
      return await this.exportFile(options, run);
    } finally {
      this.running = null;
    }
  }

  private encodeRequest(options: ExportOptions, fileName: string) {
    const { field, props } = this.deps.editor.document;
    return {
      format: options.format,
      field,
      range: options.rangeMode === 'auto' ? ('auto' as const) : { min: options.min, max: options.max },
      byteOrder: options.byteOrder,
      flip: options.flip,
      nodes: options.format === 'glb' ? propGlbNodes(field, props) : [],
      fileName,
      exrCompression: options.exrCompression,
      normal: { space: options.normalSpace, green: options.normalGreen },
    };
  }

  private fileName(options: ExportOptions): string {
    const info = exportFormatInfo(options.format);
    return `${this.deps.baseName()}${info.kind === 'normal' ? '_normal' : ''}.${info.extension}`;
  }

  /**
   * A heightmap file: main encodes it from the heights (node:zlib), which go in upload pieces when
   * large, shows its save dialog and writes it.
   */
  private async exportHeightmapInMain(options: ExportOptions, format: HeightmapExportFormat, fileName: string, run: RunningExport): Promise<boolean> {
    const { field } = this.deps.editor.document;
    // A heightfield, not a project: its size, cell size and heights.
    const heightfield = { width: field.width, depth: field.depth, cellSize: field.cellSize, ...(await sendableHeights(this.deps.api, heightBytes(field.heights))) };
    if (run.controller.signal.aborted) return this.endCancelled();
    const job = newJobId();
    this.named(run, job);
    const result = await this.deps.api.exportHeightmap({
      job,
      title: 'Export Heightmap',
      defaultName: fileName,
      format,
      ...(options.rangeMode === 'fixed' ? { range: { min: options.min, max: options.max } } : {}),
      byteOrder: options.byteOrder,
      flip: options.flip,
      exrCompression: options.exrCompression,
      heightfield,
    });
    // Main stopped the encode for the cancel (a file it had begun to write completes: "saved").
    if (result.status === 'cancelled' && run.controller.signal.aborted) return this.endCancelled();
    if (result.status === 'error') {
      this.deps.fail(result.message);
      return false;
    }
    this.cancel();
    if (result.status === 'saved') this.store.setState({ notice: `Exported ${result.fileName}` });
    return result.status === 'saved';
  }

  /** The memory a plain file export needs and what it is called (shared/export/exportMemory.ts). */
  private fileMemory(options: ExportOptions, tile: FileExportShape['tile'] = null): { bytes: number; what: string } {
    const { width, depth } = this.deps.editor.document.field;
    const shape: FileExportShape = { format: options.format, map: { width, depth }, tile, inWindow: true };
    return { bytes: fileExportMemory(shape), what: describeFileExport(shape) };
  }

  /** One file, saved where main's save dialog says. */
  private async exportFile(options: ExportOptions, run: RunningExport): Promise<boolean> {
    const info = exportFormatInfo(options.format);
    const fileName = this.fileName(options);
    this.store.setState({ exportBusy: true, exportProgress: `Encoding ${fileName}…`, exportStep: null });
    try {
      // Main refuses, before anything is encoded or sent, an export the machine cannot hold.
      const fits = await this.deps.api.checkExportMemory(this.fileMemory(options));
      if (fits.status === 'refused') {
        this.deps.fail(fits.message);
        return false;
      }
      if (run.controller.signal.aborted) return this.endCancelled();
      if (isHeightmapVariant(options.format)) return await this.exportHeightmapInMain(options, options.format, fileName, run);
      const outcome = await this.deps.codecs().encode(this.encodeRequest(options, fileName), run.controller.signal);
      if (run.controller.signal.aborted) return this.endCancelled();
      if (!outcome.ok) {
        this.deps.fail(outcome.message);
        return false;
      }
      const title = info.kind === 'mesh' ? 'Export Mesh' : info.kind === 'normal' ? 'Export Normal Map' : 'Export Heightmap';
      const result = await this.deps.api.saveBytesAs({ title, defaultName: fileName, filters: [{ name: info.label, extensions: [info.extension] }], bytes: outcome.value });
      this.cancel();
      if (result.saved) this.store.setState({ notice: `Exported ${result.fileName ?? fileName}` });
      return result.saved;
    } catch (error) {
      if (run.controller.signal.aborted) return this.endCancelled();
      this.deps.fail(`Could not export ${fileName}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    } finally {
      this.store.setState({ exportBusy: false, exportProgress: null });
    }
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

  private async exportTiles(options: ExportOptions, run: RunningExport): Promise<boolean> {
    const { names, problem } = this.tileNames(options);
    if (problem) {
      this.deps.fail(problem);
      return false;
    }
    const fileName = this.fileName(options);
    const tiles = { size: options.tileSize, overlap: options.tileOverlap };
    const format = options.format;
    const { field } = this.deps.editor.document;
    const largest = tileLayout(field.width, field.depth, tiles).reduce((a, t) => (t.width * t.depth > a.width * a.depth ? { width: t.width, depth: t.depth } : a), { width: 0, depth: 0 });
    const memory = this.fileMemory(options, largest);
    if (isHeightmapVariant(format)) {
      // Heightmap tiles are encoded in main, like every heightmap file: the map goes as a heightfield.
      return this.exportToFolder(run, 'Export Tiles', names, async (handle) => {
        const heightfield = { width: field.width, depth: field.depth, cellSize: field.cellSize, ...(await sendableHeights(this.deps.api, heightBytes(field.heights))) };
        if (run.controller.signal.aborted) return null;
        const { written } = await this.deps.api.exportHeightmapTiles({
          handle,
          fileName,
          format,
          ...(options.rangeMode === 'fixed' ? { range: { min: options.min, max: options.max } } : {}),
          byteOrder: options.byteOrder,
          flip: options.flip,
          exrCompression: options.exrCompression,
          tiles,
          heightfield,
        });
        return written;
      }, memory);
    }
    return this.exportToFolder(run, 'Export Tiles', names, this.writeStreamed(run, names, { kind: 'normalTiles', encode: this.encodeRequest(options, fileName), tiles }), memory);
  }

  private async exportEngine(preset: EnginePreset, run: RunningExport): Promise<boolean> {
    const outcome = this.plan(preset);
    if (!outcome.plan) {
      this.deps.fail(outcome.problem);
      return false;
    }
    const { plan } = outcome;
    const field = this.deps.editor.document.field;
    const options = this.engineExportOptions(preset);
    const names = plan.files.map((f) => f.name);
    // Main refuses, before its folder dialog, an export the machine cannot hold (shared/export/exportMemory.ts).
    const memory = { bytes: engineExportMemory(plan, field), what: describeEngineExport(plan, options.masks?.layers.length ?? 0) };
    return this.exportToFolder(
      run,
      `Export for ${ENGINE_LABELS[preset]}`,
      names,
      this.writeStreamed(run, names, { kind: 'engine', field, options, data: this.deps.erosionMasks() ?? {}, fileName: plan.files[0].name }),
      memory,
    );
  }

  /**
   * Encodes the files in the codec worker and sends each to main's export session as soon as it is
   * encoded (in pieces), the next encoded only after it is written: one file in flight, never the
   * set. Null when the encode failed (said); a write failure throws (main has ended the session).
   */
  private writeStreamed(run: RunningExport, names: string[], request: FilesRequest): (handle: string) => Promise<number | null> {
    return async (handle) => {
      const sent = new Set<string>();
      const { signal } = run.controller;
      const outcome = await this.deps.codecs().streamFiles(
        request,
        async (file) => {
          if (!names.includes(file.name) || sent.has(file.name)) throw new Error(`the file made (${file.name}) is not one of the ones planned`);
          sent.add(file.name);
          this.store.setState({ exportProgress: `Writing ${sent.size} of ${names.length}…`, exportStep: { done: sent.size - 1, total: names.length } });
          await sendExportFile(this.deps.api, handle, file.name, file.bytes, undefined, signal);
          if (!signal.aborted) this.store.setState({ exportStep: { done: sent.size, total: names.length } });
        },
        signal,
      );
      if (signal.aborted) return null;
      if (!outcome.ok) {
        this.deps.fail(outcome.message);
        return null;
      }
      if (outcome.value !== names.length) {
        this.deps.fail(`Could not export: ${outcome.value} of the ${names.length} files planned were made; nothing was written`);
        return null;
      }
      return outcome.value;
    };
  }

  /**
   * Main picks the folder first (and asks before replacing any of `names`); `write` then makes and
   * writes the files through the handle (answering how many, or null after saying why not), and the
   * handle is always finished.
   */
  private async exportToFolder(run: RunningExport, title: string, names: string[], write: (handle: string) => Promise<number | null>, memory?: { bytes: number; what: string }): Promise<boolean> {
    const { api, fail } = this.deps;
    this.store.setState({ exportBusy: true, exportProgress: 'Choosing a folder…', exportStep: null });
    let handle: string | null = null;
    const done = (written: number, directoryName: string): true => {
      this.cancel();
      this.store.setState({ notice: `Exported ${written} file${written === 1 ? '' : 's'} to ${directoryName}` });
      return true;
    };
    let directoryName = '';
    /** A cancelled export: main's answer says whether its files were being put in place already. */
    const cancelled = async (): Promise<boolean> => ((await run.cancelled)?.status === 'finished' ? done(names.length, directoryName) : this.endCancelled());
    try {
      const chosen = await api.chooseExportDirectory({ title, fileNames: names, ...(memory && { memory }) });
      // Cancelled: the dialog stays open with its choices.
      if (chosen.status === 'cancelled') return false;
      if (chosen.status === 'refused') {
        fail(chosen.message);
        return false;
      }
      handle = chosen.handle;
      directoryName = chosen.directoryName;
      this.named(run, handle);
      this.store.setState({ exportProgress: `Encoding ${names.length} file${names.length === 1 ? '' : 's'}…`, exportStep: { done: 0, total: names.length } });
      const written = run.controller.signal.aborted ? null : await write(handle);
      if (run.controller.signal.aborted) return await cancelled();
      if (written === null) return false;
      return done(written, directoryName);
    } catch (error) {
      if (run.controller.signal.aborted) return await cancelled();
      fail(`Could not export: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    } finally {
      if (handle) await api.finishExport(handle).catch(() => undefined);
      this.store.setState({ exportBusy: false, exportProgress: null, exportStep: null });
    }
  }
}
