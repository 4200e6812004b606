/**
 * Heightmap import and heightmap/mesh export: the flows behind File ▸ Import Heightmap…, Export
 * Heightmap…, Export Mesh… and heightmap drops. Main picks and reads or writes files; the bytes are
 * parsed and encoded by `ExchangeCodecs` (a worker in the window). A failure of any kind ends in a
 * message naming the file, and the document stays as it was.
 */
import { extensionOf, formatOf, HEIGHTMAP_READ_EXTENSIONS, isReadableHeightmap } from '../../shared/codecs/registry';
import { displayFileName } from '../../shared/codecs/errors';
import { MAX_EXPORT_BASE_NAME, toPlainFileName } from '../../shared/fileNames';
import type { GeoReference } from '../../shared/codecs/heightmap';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { HeightmapImportOptions } from '../../shared/codecs/import-heightmap';
import type { FaultlineApi } from '../../shared/ipc/api';
import { MAX_HEIGHTMAP_FILE_BYTES } from '../../shared/ipc/contract';
import type { Editor } from '../document/editor';
import type { ToolStore } from '../tools/toolStore';
import type { MaskSourceData } from '../../shared/export/masks';
import type { NaturalLines } from '../../shared/ground/naturalColours';
import type { ExchangeCodecs, HeightmapSummary } from './codecOps';
import { createExchangeStore, defaultImportOptions, type ExchangeStore, type ExportOptions, type ImportOptions } from './exchangeState';
import { ExportFlow } from './exportFlow';
import { createImportEdit } from './importEdit';

export { validateExportOptions } from './exportFlow';

/** Extensions this flow imports (the codec registry's readers); other drops (.faultline projects…) are left to their own handler. */
export const HEIGHTMAP_EXTENSIONS: readonly string[] = HEIGHTMAP_READ_EXTENSIONS;

export function isHeightmapFileName(fileName: string): boolean {
  return isReadableHeightmap(fileName);
}

/** A file dropped on the window, without DOM types: its name, size and a way to read it. */
export interface DroppedFile {
  name: string;
  size: number;
  bytes(): Promise<Uint8Array>;
}

export interface ExchangeDeps {
  editor: Editor;
  api: FaultlineApi;
  tools: ToolStore;
  codecs: ExchangeCodecs;
}

function sizeText(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MiB`;
}

/** The document's name without folders or extension, safe as a suggested file name. */
export function documentBaseName(fileName: string | null): string {
  const base = displayFileName(fileName ?? 'terrain').replace(/\.[^.]*$/, '');
  return toPlainFileName(base, 'terrain', MAX_EXPORT_BASE_NAME);
}

function rawOptions(options: ImportOptions): HeightmapImportOptions {
  const sized = options.width !== null || options.depth !== null ? { width: options.width ?? undefined, depth: options.depth ?? undefined } : {};
  return {
    ...sized,
    byteOrder: options.byteOrder,
    flip: options.flip,
    channel: options.channel,
    ...(options.resample !== null ? { resample: options.resample } : {}),
  };
}

/** Problems with the user's import values, or null. */
export function validateImportOptions(options: ImportOptions, summary: HeightmapSummary): string | null {
  if (!Number.isFinite(options.cellSize) || options.cellSize <= 0) return 'Cell size must be a positive number of metres';
  if (
    summary.format !== 'r32' &&
    summary.heightRange === undefined &&
    !(Number.isFinite(options.min) && Number.isFinite(options.max) && options.min <= options.max)
  ) {
    return 'The height range needs two numbers with minimum ≤ maximum';
  }
  return null;
}

export class Exchange {
  readonly store: ExchangeStore = createExchangeStore();
  private codecs: ExchangeCodecs;
  /** Drops answers of an inspection overtaken by a newer one. */
  private inspection = 0;
  private erosionMasks: () => MaskSourceData | null = () => null;
  /**
   * The last imported GeoTIFF's CRS and origin, with the heightfield the import made: it holds while that
   * object is the document's map (strokes change its heights in place; an undo of the import, a
   * whole-map result, New or Open put another there).
   */
  private imported: { geo: GeoReference; field: Heightfield } | null = null;
  private snowLine: (() => number) | undefined;
  private naturalLines: (() => NaturalLines) | undefined;
  /** The export dialog's flows (files, tiles, engine presets, mask previews). */
  readonly exports: ExportFlow;

  constructor(private readonly deps: ExchangeDeps) {
    this.codecs = deps.codecs;
    this.exports = new ExportFlow({
      editor: deps.editor,
      api: deps.api,
      store: this.store,
      codecs: () => this.codecs,
      erosionMasks: () => this.erosionMasks(),
      snowLine: () => this.snowLine?.(),
      naturalLines: () => this.naturalLines?.(),
      baseName: () => documentBaseName(deps.editor.store.getState().fileName),
      fail: (message) => this.fail(message),
      geoReference: () => (this.imported && this.imported.field === deps.editor.document.field ? this.imported.geo : undefined),
    });
  }

  /**
   * Where mask rules get erosion flow/deposition (per vertex, like the heights) from; without a
   * provider those sources are not offered.
   */
  setErosionMasksProvider(provider: () => MaskSourceData | null): void {
    this.erosionMasks = provider;
  }

  /** Where the view draws the snow line (metres): the starting snow mask follows it. */
  setSnowLineProvider(provider: () => number): void {
    this.snowLine = provider;
  }

  /** The view's tree and snow lines (metres): the engine export's colour map is painted against them. */
  setNaturalLinesProvider(provider: () => NaturalLines): void {
    this.naturalLines = provider;
  }

  private fail(message: string): void {
    this.store.setState({ error: message, notice: null });
  }

  dismissError(): void {
    this.store.setState({ error: null });
  }

  /** File ▸ Import Heightmap…: main shows its open dialog and reads the file. */
  async beginImport(): Promise<void> {
    let result;
    try {
      result = await this.deps.api.openHeightmap();
    } catch (error) {
      this.fail(`Could not open the heightmap: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (result.status === 'cancelled') return;
    if (result.status === 'refused') return this.fail(result.message);
    await this.openImportDialog(result.fileName, result.bytes);
  }

  /** A file dropped on the window: handled (true) when it is a heightmap, ignored otherwise. */
  async importDroppedFile(file: DroppedFile): Promise<boolean> {
    if (!isHeightmapFileName(file.name)) return false;
    const name = displayFileName(file.name);
    if (file.size > MAX_HEIGHTMAP_FILE_BYTES) {
      this.fail(`${name}: is ${sizeText(file.size)}, larger than the ${sizeText(MAX_HEIGHTMAP_FILE_BYTES)} a heightmap file may have`);
      return true;
    }
    let bytes: Uint8Array;
    try {
      bytes = await file.bytes();
    } catch (error) {
      this.fail(`${name}: could not be read (${error instanceof Error ? error.message : String(error)})`);
      return true;
    }
    await this.openImportDialog(name, bytes);
    return true;
  }

  /**
   * Inspects the bytes and opens the import dialog pre-filled from the file's metadata. A PNG that
   * cannot be read ends here with the error; a RAW file stays open so that its size can be given.
   */
  async openImportDialog(fileName: string, bytes: Uint8Array): Promise<void> {
    const token = ++this.inspection;
    const options = defaultImportOptions();
    const outcome = await this.codecs.inspect(bytes, fileName, rawOptions(options));
    if (token !== this.inspection) return;
    // A RAW file (its size may be what is wrong) or a GeoTIFF/EXR (it may need resampling) stays open on a problem; others say theirs.
    const reads = formatOf(fileName)?.decodeOptions ?? [];
    if (!outcome.ok && !reads.includes('size') && !reads.includes('resample')) return this.fail(outcome.message);
    const summary = outcome.ok ? outcome.value : null;
    if (summary) {
      options.min = summary.heightMin ?? options.min;
      options.max = summary.heightMax ?? options.max;
      options.cellSize = summary.cellSize ?? options.cellSize;
    }
    this.store.setState({
      importDialog: { fileName, bytes, summary, problem: outcome.ok ? null : outcome.message, options, busy: false },
      error: null,
      notice: null,
    });
  }

  /** Changes import values; options that change how the file reads (RAW size, byte order, flip) re-inspect it. */
  async setImportOptions(patch: Partial<ImportOptions>): Promise<void> {
    const dialog = this.store.getState().importDialog;
    if (!dialog) return;
    const options = { ...dialog.options, ...patch };
    this.store.setState({ importDialog: { ...dialog, options } });
    const rereads = (['width', 'depth', 'byteOrder', 'flip', 'resample'] as const).some((key) => key in patch && patch[key] !== dialog.options[key]);
    if (!rereads || extensionOf(dialog.fileName) === 'png') return;
    const token = ++this.inspection;
    const outcome = await this.codecs.inspect(dialog.bytes, dialog.fileName, rawOptions(options));
    const current = this.store.getState().importDialog;
    if (token !== this.inspection || !current) return;
    this.store.setState({ importDialog: { ...current, summary: outcome.ok ? outcome.value : null, problem: outcome.ok ? null : outcome.message } });
  }

  cancelImport(): void {
    this.inspection++;
    this.store.setState({ importDialog: null });
  }

  /** Decodes with the dialog's values and replaces the map as one undoable edit; false if it failed. */
  async confirmImport(): Promise<boolean> {
    const dialog = this.store.getState().importDialog;
    if (!dialog || dialog.busy || !dialog.summary) return false;
    const invalid = validateImportOptions(dialog.options, dialog.summary);
    if (invalid) {
      this.store.setState({ importDialog: { ...dialog, problem: invalid } });
      return false;
    }
    this.store.setState({ importDialog: { ...dialog, busy: true, problem: null } });
    const { min, max, cellSize } = dialog.options;
    const outcome = await this.codecs.decode(dialog.bytes, dialog.fileName, { ...rawOptions(dialog.options), min, max, cellSize, preferFileMetadata: false });
    this.store.setState({ importDialog: null });
    if (!outcome.ok) {
      this.fail(outcome.message);
      return false;
    }
    const { editor, tools } = this.deps;
    // A gesture in progress refers to the map being replaced.
    tools.getState().active?.cancel();
    const doc = editor.document;
    editor.apply(createImportEdit(dialog.fileName, doc.field, doc.stack, outcome.value, doc.erosionMasks, doc.water));
    this.imported = dialog.summary.geo ? { geo: dialog.summary.geo, field: outcome.value } : null;
    this.store.setState({ notice: `Imported ${dialog.fileName} (${outcome.value.width} × ${outcome.value.depth})` });
    return true;
  }

  /** Opens the export dialog on a heightmap (16-bit PNG unless chosen before) or mesh format. */
  beginExport(kind: 'heightmap' | 'mesh'): void {
    this.exports.begin(kind);
  }

  setExportOptions(patch: Partial<ExportOptions>): void {
    this.exports.setOptions(patch);
  }

  /** The export dialog's Cancel and Escape: stops the running export, else closes the dialog. */
  cancelExport(): void {
    if (this.exports.isRunning) this.exports.cancelRunning();
    else this.exports.cancel();
  }

  /** Encodes and writes what the dialog describes; true when written. */
  confirmExport(): Promise<boolean> {
    return this.exports.confirm();
  }
}
