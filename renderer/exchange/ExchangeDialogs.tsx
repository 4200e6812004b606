import { useEffect } from 'react';
import { useStore } from 'zustand';
import { exchangeFor } from '../../app/exchange/bindExchange';
import { EXPORT_FORMATS, type ExportFormat } from '../../app/exchange/codecOps';
import { isHeightmapFileName, type Exchange } from '../../app/exchange/exchange';
import { describeSummary, hasChannels, type ExportOptions, type ExportTarget } from '../../app/exchange/exchangeState';
import { isTileable } from '../../app/exchange/exportFlow';
import type { PngChannel } from '../../shared/codecs/png/decode';
import { formatOf } from '../../shared/codecs/registry';
import { ENGINE_PRESETS, ENGINE_LABELS } from '../../shared/export/engines';
import { NumberField } from '../panels/NumberField';
import { useSession } from '../session';
import { createWorkerCodecs } from './workerCodecs';
import { EngineExportSection } from './EngineExport';
import { useEscapeKey } from './useEscapeKey';
import './exchange.css';

/**
 * Heightmap import/export dialogs, the error dialog of both, and heightmap drops onto the window.
 * Mounted once in the app; the flows themselves live in app/exchange.
 */
export function ExchangeDialogs() {
  const session = useSession();
  const exchange = exchangeFor(session);
  useEffect(() => exchange.setCodecs(createWorkerCodecs()), [exchange]);
  useHeightmapDrop(exchange);
  return (
    <>
      <ImportDialog exchange={exchange} />
      <ExportDialog exchange={exchange} />
      <ErrorDialog exchange={exchange} />
    </>
  );
}

/** Heightmap files dropped on the window open the import dialog; other files are left to their handlers. */
function useHeightmapDrop(exchange: Exchange): void {
  useEffect(() => {
    const onDragOver = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      const file = [...(event.dataTransfer?.files ?? [])].find((f) => isHeightmapFileName(f.name));
      if (!file) return;
      event.preventDefault();
      void exchange.importDroppedFile({ name: file.name, size: file.size, bytes: async () => new Uint8Array(await file.arrayBuffer()) });
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [exchange]);
}

const CHANNEL_LABELS: Record<PngChannel, string> = { luminance: 'Luminance', r: 'Red', g: 'Green', b: 'Blue', a: 'Alpha' };

function ImportDialog({ exchange }: { exchange: Exchange }) {
  const dialog = useStore(exchange.store, (s) => s.importDialog);
  useEscapeKey(dialog !== null, () => exchange.cancelImport());
  if (!dialog) return null;
  const { summary, options } = dialog;
  // What the file's codec reads decides the fields: a size for RAW, a height range for integer samples.
  const format = formatOf(dialog.fileName);
  const isRaw = format?.decodeOptions.includes('size') ?? true;
  const isFloat = summary?.format === 'r32' || (format !== undefined && !format.decodeOptions.includes('range'));
  const set = (patch: Parameters<Exchange['setImportOptions']>[0]) => void exchange.setImportOptions(patch);
  const fromFile = summary && (summary.heightMin !== undefined || summary.cellSize !== undefined);
  return (
    <div className="modal-backdrop" onMouseDown={() => exchange.cancelImport()}>
      <form
        className="exchange-dialog"
        role="dialog"
        aria-label="Import Heightmap"
        data-testid="import-dialog"
        onMouseDown={(e) => e.stopPropagation()}
        onSubmit={(e) => {
          e.preventDefault();
          void exchange.confirmImport();
        }}
      >
        <h2>Import {dialog.fileName}</h2>
        <div className="exchange-summary" data-testid="import-summary">
          {summary ? describeSummary(summary) : 'Cannot read the file with these settings'}
          {fromFile ? ' · scale from the file' : ''}
        </div>
        {!isFloat && (
          <div className="exchange-row">
            <NumberField label="Lowest height (m)" testId="import-min" value={options.min} onChange={(min) => set({ min })} />
            <NumberField label="Highest height (m)" testId="import-max" value={options.max} onChange={(max) => set({ max })} />
          </div>
        )}
        <div className="exchange-row">
          <NumberField label="Cell size (m)" testId="import-cell" value={options.cellSize} min={0} onChange={(cellSize) => set({ cellSize })} />
          {hasChannels(summary) && (
            <label className="field">
              <span>Height from</span>
              <select data-testid="import-channel" value={options.channel} onChange={(e) => set({ channel: e.target.value as PngChannel })}>
                {(Object.keys(CHANNEL_LABELS) as PngChannel[]).map((c) => (
                  <option key={c} value={c}>
                    {CHANNEL_LABELS[c]}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        {isRaw && (
          <>
            <div className="exchange-row">
              <NumberField label="Width (0 = infer square)" testId="import-width" integer min={0} value={options.width ?? 0} onChange={(w) => set({ width: w > 0 ? w : null })} />
              <NumberField label="Depth (0 = same)" testId="import-depth" integer min={0} value={options.depth ?? 0} onChange={(d) => set({ depth: d > 0 ? d : null })} />
            </div>
            <div className="exchange-row">
              <label className="field">
                <span>Byte order</span>
                <select data-testid="import-byte-order" value={options.byteOrder} onChange={(e) => set({ byteOrder: e.target.value === 'be' ? 'be' : 'le' })}>
                  <option value="le">Little-endian</option>
                  <option value="be">Big-endian</option>
                </select>
              </label>
              <label>
                <input type="checkbox" data-testid="import-flip" checked={options.flip} onChange={(e) => set({ flip: e.target.checked })} /> Flip rows
              </label>
            </div>
          </>
        )}
        {dialog.problem && (
          <div className="exchange-problem" role="alert" data-testid="import-problem">
            {dialog.problem}
          </div>
        )}
        <div className="exchange-buttons">
          <button type="button" data-testid="import-cancel" onClick={() => exchange.cancelImport()}>
            Cancel
          </button>
          <button type="submit" data-testid="import-confirm" disabled={!summary || dialog.busy} autoFocus>
            {dialog.busy ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
    </div>
  );
}

const TARGET_LABELS: Record<ExportTarget, string> = { file: 'File', ...ENGINE_LABELS };
const TARGETS: readonly ExportTarget[] = ['file', ...ENGINE_PRESETS];

function ExportDialog({ exchange }: { exchange: Exchange }) {
  const open = useStore(exchange.store, (s) => s.exportOpen);
  const busy = useStore(exchange.store, (s) => s.exportBusy);
  const progress = useStore(exchange.store, (s) => s.exportProgress);
  const options = useStore(exchange.store, (s) => s.exportOptions);
  const previewing = useStore(exchange.store, (s) => s.maskPreviewLayer !== null);
  useEscapeKey(open && !busy, () => exchange.cancelExport());
  if (!open) return null;
  const isMesh = options.format === 'obj' || options.format === 'glb';
  const engine = options.target !== 'file' ? options.target : null;
  return (
    // While a mask is previewed the backdrop is clear, so the 2D map shows it beside the dialog.
    <div className={previewing ? 'modal-backdrop export-backdrop previewing' : 'modal-backdrop export-backdrop'} onMouseDown={() => !busy && exchange.cancelExport()}>
      <form
        className={engine ? 'exchange-dialog export-dialog wide' : 'exchange-dialog export-dialog'}
        role="dialog"
        aria-label="Export"
        data-testid="export-dialog"
        onMouseDown={(e) => e.stopPropagation()}
        onSubmit={(e) => {
          e.preventDefault();
          void exchange.confirmExport();
        }}
      >
        <h2>Export</h2>
        {!isMesh && (
          <div className="export-targets" role="tablist" aria-label="Export for">
            {TARGETS.map((target) => (
              <button
                key={target}
                type="button"
                role="tab"
                aria-selected={options.target === target}
                className={options.target === target ? 'export-target active' : 'export-target'}
                data-testid={`export-target-${target}`}
                onClick={() => exchange.exports.setTarget(target)}
              >
                {TARGET_LABELS[target]}
              </button>
            ))}
          </div>
        )}
        {engine ? <EngineExportSection exchange={exchange} preset={engine} /> : <FileExportSection exchange={exchange} options={options} />}
        <div className="exchange-buttons">
          {progress && (
            <span className="export-progress" data-testid="export-progress">
              {progress}
            </span>
          )}
          <button type="button" data-testid="export-cancel" disabled={busy} onClick={() => exchange.cancelExport()}>
            Cancel
          </button>
          <button type="submit" data-testid="export-confirm" disabled={busy} autoFocus>
            {busy ? 'Exporting…' : engine || (options.tiles && isTileable(options.format)) ? 'Export to folder…' : 'Export…'}
          </button>
        </div>
      </form>
    </div>
  );
}

/** One file in a chosen format (heightmap, normal map, mesh), optionally cut into tiles. */
function FileExportSection({ exchange, options }: { exchange: Exchange; options: ExportOptions }) {
  const set = (patch: Parameters<Exchange['setExportOptions']>[0]) => exchange.setExportOptions(patch);
  const quantised = options.format === 'png16' || options.format === 'png8' || options.format === 'r16';
  const raw = options.format === 'r16' || options.format === 'r32';
  const tiles = options.tiles && isTileable(options.format) ? exchange.exports.tileNames(options) : null;
  return (
    <>
      <label className="field">
        <span>Format</span>
        <select data-testid="export-format" value={options.format} onChange={(e) => set({ format: e.target.value as ExportFormat })}>
          {EXPORT_FORMATS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      {quantised && (
        <div className="exchange-row">
          <label className="field">
            <span>Height range</span>
            <select data-testid="export-range-mode" value={options.rangeMode} onChange={(e) => set({ rangeMode: e.target.value === 'fixed' ? 'fixed' : 'auto' })}>
              <option value="auto">Auto (map min..max)</option>
              <option value="fixed">Fixed</option>
            </select>
          </label>
          {options.rangeMode === 'fixed' && (
            <>
              <NumberField label="Min (m)" testId="export-min" value={options.min} onChange={(min) => set({ min })} />
              <NumberField label="Max (m)" testId="export-max" value={options.max} onChange={(max) => set({ max })} />
            </>
          )}
        </div>
      )}
      {raw && (
        <div className="exchange-row">
          {options.format === 'r16' && (
            <label className="field">
              <span>Byte order</span>
              <select data-testid="export-byte-order" value={options.byteOrder} onChange={(e) => set({ byteOrder: e.target.value === 'be' ? 'be' : 'le' })}>
                <option value="le">Little-endian</option>
                <option value="be">Big-endian</option>
              </select>
            </label>
          )}
          <label>
            <input type="checkbox" data-testid="export-flip" checked={options.flip} onChange={(e) => set({ flip: e.target.checked })} /> Flip rows
          </label>
        </div>
      )}
      {options.format === 'exr' && (
        <label className="field">
          <span>Compression</span>
          <select data-testid="export-exr-compression" value={options.exrCompression} onChange={(e) => set({ exrCompression: e.target.value === 'none' ? 'none' : 'zip' })}>
            <option value="zip">ZIP (lossless)</option>
            <option value="none">None</option>
          </select>
        </label>
      )}
      {options.format === 'normal' && (
        <div className="exchange-row">
          <label className="field">
            <span>Space</span>
            <select data-testid="export-normal-space" value={options.normalSpace} onChange={(e) => set({ normalSpace: e.target.value === 'world' ? 'world' : 'tangent' })}>
              <option value="tangent">Tangent</option>
              <option value="world">World (x, y up, z)</option>
            </select>
          </label>
          {options.normalSpace === 'tangent' && (
            <label className="field">
              <span>Green (Y)</span>
              <select data-testid="export-normal-green" value={options.normalGreen} onChange={(e) => set({ normalGreen: e.target.value === 'down' ? 'down' : 'up' })}>
                <option value="up">Up (OpenGL: Unity, Godot)</option>
                <option value="down">Down (DirectX: Unreal)</option>
              </select>
            </label>
          )}
        </div>
      )}
      {isTileable(options.format) && (
        <div className="exchange-row">
          <label>
            <input type="checkbox" data-testid="export-tiles" checked={options.tiles} onChange={(e) => set({ tiles: e.target.checked })} /> Tiles
          </label>
          {options.tiles && (
            <>
              <NumberField label="Tile size (vertices)" testId="export-tile-size" integer min={2} value={options.tileSize} onChange={(tileSize) => set({ tileSize })} />
              <NumberField label="Shared rows" testId="export-tile-overlap" integer min={0} value={options.tileOverlap} onChange={(tileOverlap) => set({ tileOverlap })} />
            </>
          )}
        </div>
      )}
      {tiles &&
        (tiles.problem ? (
          <div className="exchange-problem" role="alert" data-testid="export-tiles-problem">
            {tiles.problem}
          </div>
        ) : (
          <div className="engine-files" data-testid="export-tile-names">
            {tiles.names.length} tiles: {tiles.names.slice(0, 4).join(', ')}
            {tiles.names.length > 4 ? ', …' : ''}
          </div>
        ))}
    </>
  );
}

function ErrorDialog({ exchange }: { exchange: Exchange }) {
  const error = useStore(exchange.store, (s) => s.error);
  useEscapeKey(error !== null, () => exchange.dismissError());
  if (!error) return null;
  return (
    <div className="modal-backdrop">
      <div className="exchange-dialog" role="alertdialog" aria-label="File problem" data-testid="exchange-error">
        <h2>Could not complete</h2>
        <div className="exchange-problem" data-testid="exchange-error-message">
          {error}
        </div>
        <div className="exchange-buttons">
          <button type="button" data-testid="exchange-error-dismiss" autoFocus onClick={() => exchange.dismissError()}>
            OK
          </button>
        </div>
      </div>
    </div>
  );
}
