/**
 * Runs the export the dialog describes: one file (heightmap, normal map, mesh) saved where main's
 * dialog says, or several files — tiles, or an engine export's heightmap, masks, normal map and import
 * values — to a folder main's dialog picks (the window holds only a handle to it). Heightmaps, whole or
 * in tiles, are encoded by main from the heights; meshes, normal maps and engine exports in the codec
 * worker. One export runs at a time, and a cancel stops both the window's side and main's.
 */
import { ENGINE_LABELS, type EngineId } from '../../shared/export/engines';
import { tileLayout } from '../../shared/export/tiles';
import { exportFormatInfo, type FilesRequest } from './codecOps';
import { sendExportFile } from './sendExportFile';
import { describeEngineExport, describeFileExport, engineExportMemory, fileExportMemory, type FileExportShape } from '../../shared/export/exportMemory';
import type { ExportOptions } from './exchangeState';
import { propGlb } from './propNodes';
import type { CancelExportResult, HeightmapExportFormat } from '../../shared/ipc/exportContract';
import { isHeightmapVariant } from '../../shared/codecs/formats';
import { heightBytes } from '../project/mapping';
import { sendableHeights } from '../project/upload';
import { isTileable, validateExportOptions, type ExportDialog } from './exportDialog';
import { usesWaterSources } from '../../shared/export/waterMaskData';
import type { ExportFlowDeps } from './exportFlowDeps';

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

export class ExportRunner {
  private running: RunningExport | null = null;

  constructor(
    private readonly deps: ExportFlowDeps,
    private readonly dialog: ExportDialog,
  ) {}

  private get store() {
    return this.deps.store;
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
      ...(options.format === 'glb' ? propGlb(field, props) : { nodes: [] }),
      fileName,
      exrCompression: options.exrCompression,
      normal: { space: options.normalSpace, green: options.normalGreen },
      ...(exportFormatInfo(options.format).water && { stack: this.deps.editor.document.stack }),
    };
  }

  /**
   * A heightmap file: main encodes it from the heights (node:zlib), which go in upload pieces when
   * large, shows its save dialog and writes it.
   */
  private async exportHeightmapInMain(options: ExportOptions, format: HeightmapExportFormat, fileName: string, run: RunningExport): Promise<boolean> {
    const { field } = this.deps.editor.document;
    // A heightfield, not a project: its size, cell size and heights.
    const heightfield = {
      width: field.width,
      depth: field.depth,
      cellSize: field.cellSize,
      ...(await sendableHeights(this.deps.api, heightBytes(field.heights))),
    };
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
      ...(format === 'tiff' && this.deps.geoReference?.() ? { geo: this.deps.geoReference() } : {}),
      heightfield,
    });
    // Main stopped the encode for the cancel (a file it had begun to write completes: "saved").
    if (result.status === 'cancelled' && run.controller.signal.aborted) return this.endCancelled();
    if (result.status === 'error') {
      this.deps.fail(result.message);
      return false;
    }
    this.dialog.close();
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
    const fileName = this.dialog.fileName(options);
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
      const title =
        info.kind === 'mesh' ? 'Export Mesh' : info.kind === 'normal' ? 'Export Normal Map' : info.kind === 'water' ? 'Export Water' : 'Export Heightmap';
      const result = await this.deps.api.saveBytesAs({
        title,
        defaultName: fileName,
        filters: [{ name: info.label, extensions: [info.extension] }],
        bytes: outcome.value,
      });
      this.dialog.close();
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

  private async exportTiles(options: ExportOptions, run: RunningExport): Promise<boolean> {
    const { names, problem } = this.dialog.tileNames(options);
    if (problem) {
      this.deps.fail(problem);
      return false;
    }
    const fileName = this.dialog.fileName(options);
    const tiles = { size: options.tileSize, overlap: options.tileOverlap };
    const format = options.format;
    const { field } = this.deps.editor.document;
    const largest = tileLayout(field.width, field.depth, tiles).reduce(
      (a, t) => (t.width * t.depth > a.width * a.depth ? { width: t.width, depth: t.depth } : a),
      { width: 0, depth: 0 },
    );
    const memory = this.fileMemory(options, largest);
    if (isHeightmapVariant(format)) {
      // Heightmap tiles are encoded in main, like every heightmap file: the map goes as a heightfield.
      return this.exportToFolder(
        run,
        'Export Tiles',
        names,
        async (handle) => {
          const heightfield = {
            width: field.width,
            depth: field.depth,
            cellSize: field.cellSize,
            ...(await sendableHeights(this.deps.api, heightBytes(field.heights))),
          };
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
        },
        memory,
      );
    }
    return this.exportToFolder(
      run,
      'Export Tiles',
      names,
      this.writeStreamed(run, names, { kind: 'normalTiles', encode: this.encodeRequest(options, fileName), tiles }),
      memory,
    );
  }

  private async exportEngine(engineId: EngineId, run: RunningExport): Promise<boolean> {
    const outcome = this.dialog.plan(engineId);
    if (!outcome.plan) {
      this.deps.fail(outcome.problem);
      return false;
    }
    const { plan } = outcome;
    const field = this.deps.editor.document.field;
    const options = this.dialog.engineExportOptions(engineId);
    const names = plan.files.map((f) => f.name);
    // Main refuses, before its folder dialog, an export the machine cannot hold (shared/export/exportMemory.ts).
    const memory = { bytes: engineExportMemory(plan, field), what: describeEngineExport(plan, options.masks?.layers.length ?? 0) };
    return this.exportToFolder(
      run,
      `Export for ${ENGINE_LABELS[engineId]}`,
      names,
      this.writeStreamed(run, names, {
        kind: 'engine',
        field,
        options,
        data: this.deps.erosionMasks() ?? {},
        fileName: plan.files[0].name,
        ...((options.water || usesWaterSources(options.masks)) && { stack: this.deps.editor.document.stack }),
      }),
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
  private async exportToFolder(
    run: RunningExport,
    title: string,
    names: string[],
    write: (handle: string) => Promise<number | null>,
    memory?: { bytes: number; what: string },
  ): Promise<boolean> {
    const { api, fail } = this.deps;
    this.store.setState({ exportBusy: true, exportProgress: 'Choosing a folder…', exportStep: null });
    let handle: string | null = null;
    const done = (written: number, directoryName: string): true => {
      this.dialog.close();
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
