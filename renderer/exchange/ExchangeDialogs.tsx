import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { EXPORT_FORMATS, exportFormatInfo, type ExportFormat } from '../../app/exchange/codecOps';
import type { Exchange } from '../../app/exchange/exchange';
import { describeSummary, hasChannels, type ExportOptions, type ExportTarget } from '../../app/exchange/exchangeState';
import { isTileable } from '../../app/exchange/exportFlow';
import type { PngChannel } from '../../shared/codecs/png/decode';
import { formatOf } from '../../shared/codecs/formats';
import { ENGINE_IDS, ENGINE_LABELS } from '../../shared/export/engines';
import { NumberField } from '../ui/NumberField';
import { useSession } from '../session';
import { Modal } from '../ui/Modal';
import { EngineExportSection } from './EngineExport';
import './exchange.css';

/**
 * Heightmap import/export dialogs and the error dialog of both (drops are routed by the session).
 * Mounted once in the app; the flows themselves live in app/exchange.
 */
export function ExchangeDialogs() {
  const session = useSession();
  const exchange = session.exchange;
  return (
    <>
      <ImportDialog exchange={exchange} />
      <ExportDialog exchange={exchange} />
      <ErrorDialog exchange={exchange} />
    </>
  );
}

const CHANNEL_LABELS: Record<PngChannel, string> = { luminance: 'Luminance', r: 'Red', g: 'Green', b: 'Blue', a: 'Alpha' };

function ImportDialog({ exchange }: { exchange: Exchange }) {
  const dialog = useStore(exchange.store, (s) => s.importDialog);
  if (!dialog) return null;
  const { summary, options } = dialog;
  // What the file's codec reads decides the fields: a size for RAW, a height range for integer samples.
  const format = formatOf(dialog.fileName);
  const isRaw = format?.decodeOptions.includes('size') ?? true;
  const resamples = format?.decodeOptions.includes('resample') ?? false;
  // A GeoTIFF asks for a range only for unsigned 16-bit samples (the file says 0..65535 m for them).
  const isFloat = summary?.format === 'r32' || summary?.heightRange !== undefined || (format !== undefined && !format.decodeOptions.includes('range'));
  const set = (patch: Parameters<Exchange['setImportOptions']>[0]) => void exchange.setImportOptions(patch);
  const fromFile = summary && (summary.heightMin !== undefined || summary.cellSize !== undefined);
  return (
    <Modal
      title={`Import ${dialog.fileName}`}
      testId="import-dialog"
      className="exchange-dialog"
      onCancel={() => exchange.cancelImport()}
      onBackdrop={() => exchange.cancelImport()}
    >
      <form
        className="modal-form"
        onSubmit={(e) => {
          e.preventDefault();
          void exchange.confirmImport();
        }}
      >
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
        {resamples && (
          <div className="exchange-row">
            <NumberField
              label="Resample to (vertices along the longer side, 0 = as is)"
              testId="import-resample"
              integer
              min={0}
              value={options.resample ?? 0}
              onChange={(n) => set({ resample: n > 0 ? n : null })}
            />
          </div>
        )}
        {isRaw && (
          <>
            <div className="exchange-row">
              <NumberField
                label="Width (0 = infer square)"
                testId="import-width"
                integer
                min={0}
                value={options.width ?? 0}
                onChange={(w) => set({ width: w > 0 ? w : null })}
              />
              <NumberField
                label="Depth (0 = same)"
                testId="import-depth"
                integer
                min={0}
                value={options.depth ?? 0}
                onChange={(d) => set({ depth: d > 0 ? d : null })}
              />
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
          <button type="submit" data-testid="import-confirm" disabled={!summary || dialog.busy} data-autofocus>
            {dialog.busy ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

const TARGET_LABELS: Record<ExportTarget, string> = { file: 'File', ...ENGINE_LABELS };
const TARGETS: readonly ExportTarget[] = ['file', ...ENGINE_IDS];

function ExportDialog({ exchange }: { exchange: Exchange }) {
  const open = useStore(exchange.store, (s) => s.exportOpen);
  const busy = useStore(exchange.store, (s) => s.exportBusy);
  const progress = useStore(exchange.store, (s) => s.exportProgress);
  const step = useStore(exchange.store, (s) => s.exportStep);
  const status = useStore(exchange.store, (s) => s.exportStatus);
  const options = useStore(exchange.store, (s) => s.exportOptions);
  const previewing = useStore(exchange.store, (s) => s.maskPreviewLayer !== null);
  if (!open) return null;
  const isMesh = exportFormatInfo(options.format).kind === 'mesh';
  const engine = options.target !== 'file' ? options.target : null;
  return (
    // While a mask is previewed the backdrop is clear, so the 2D map shows it beside the dialog.
    <Modal
      title="Export"
      testId="export-dialog"
      className={`exchange-dialog export-dialog${engine ? ' wide' : ''}${previewing ? ' previewing' : ''}`}
      // Escape stops a running export (the dialog stays, saying so), else closes the dialog.
      onCancel={() => exchange.cancelExport()}
      onBackdrop={() => !busy && exchange.cancelExport()}
    >
      <form
        className="modal-form"
        onSubmit={(e) => {
          e.preventDefault();
          void exchange.confirmExport();
        }}
      >
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
        {engine ? <EngineExportSection exchange={exchange} engineId={engine} /> : <FileExportSection exchange={exchange} options={options} />}
        {/* Kept in view at the dialog's foot however far its form scrolls. */}
        <div className="export-footer">
          {busy && <ExportProgress progress={progress} step={step} onCancel={() => exchange.cancelExport()} />}
          <div className="exchange-buttons">
            {!busy && status && (
              <span className="export-status" role="status" data-testid="export-status">
                {status}
              </span>
            )}
            {!busy && (
              <button type="button" data-testid="export-cancel" onClick={() => exchange.cancelExport()}>
                Cancel
              </button>
            )}
            <button type="submit" data-testid="export-confirm" disabled={busy} data-autofocus>
              {busy ? 'Exporting…' : engine || (options.tiles && isTileable(options.format)) ? 'Export to folder…' : 'Export…'}
            </button>
          </div>
        </div>
      </form>
    </Modal>
  );
}

/**
 * A running export's progress with its Cancel (the convention of a terrain job's bar, JobProgress):
 * files written of those planned when they are counted, a running bar otherwise. Cancel takes the
 * focus, so Escape or Enter stops the export.
 */
function ExportProgress({ progress, step, onCancel }: { progress: string | null; step: { done: number; total: number } | null; onCancel: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  const label = progress ?? 'Exporting…';
  return (
    <div className="job-progress export-running" data-testid="export-running" role="status">
      <span data-testid="export-progress">{label}</span>
      {step ? (
        <progress max={Math.max(1, step.total)} value={step.done} aria-label={`${label} ${step.done} of ${step.total} files written`} />
      ) : (
        <progress aria-label={label} />
      )}
      <button type="button" ref={cancel} data-testid="export-stop" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** One file in a chosen format (heightmap, normal map, mesh), optionally cut into tiles. */
function FileExportSection({ exchange, options }: { exchange: Exchange; options: ExportOptions }) {
  const set = (patch: Parameters<Exchange['setExportOptions']>[0]) => exchange.setExportOptions(patch);
  // What the form offers is what the format's codec reads (shared/codecs/formats.ts).
  const info = exportFormatInfo(options.format);
  const quantised = info.reads.includes('range');
  const raw = info.reads.includes('flip');
  const tiles = options.tiles && isTileable(options.format) ? exchange.exports.tileNames(options) : null;
  const hasWater = exchange.exports.hasWater();
  return (
    <>
      <label className="field">
        <span>Format</span>
        <select data-testid="export-format" value={options.format} onChange={(e) => set({ format: e.target.value as ExportFormat })}>
          {EXPORT_FORMATS.map((f) => (
            // The water's files need a water layer (Water ▸ automatic water, a river).
            <option key={f.id} value={f.id} disabled={f.kind === 'water' && !hasWater}>
              {f.kind === 'water' && !hasWater ? `${f.label} — needs water` : f.label}
            </option>
          ))}
        </select>
      </label>
      {quantised && (
        <div className="exchange-row">
          <label className="field">
            <span>Height range</span>
            <select
              data-testid="export-range-mode"
              value={options.rangeMode}
              onChange={(e) => set({ rangeMode: e.target.value === 'fixed' ? 'fixed' : 'auto' })}
            >
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
          {info.reads.includes('byteOrder') && (
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
      {info.reads.includes('exrCompression') && (
        <label className="field">
          <span>Compression</span>
          <select
            data-testid="export-exr-compression"
            value={options.exrCompression}
            onChange={(e) => set({ exrCompression: e.target.value === 'none' ? 'none' : 'zip' })}
          >
            <option value="zip">ZIP (lossless)</option>
            <option value="none">None</option>
          </select>
        </label>
      )}
      {info.kind === 'normal' && (
        <div className="exchange-row">
          <label className="field">
            <span>Space</span>
            <select
              data-testid="export-normal-space"
              value={options.normalSpace}
              onChange={(e) => set({ normalSpace: e.target.value === 'world' ? 'world' : 'tangent' })}
            >
              <option value="tangent">Tangent</option>
              <option value="world">World (x, y up, z)</option>
            </select>
          </label>
          {options.normalSpace === 'tangent' && (
            <label className="field">
              <span>Green (Y)</span>
              <select
                data-testid="export-normal-green"
                value={options.normalGreen}
                onChange={(e) => set({ normalGreen: e.target.value === 'down' ? 'down' : 'up' })}
              >
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
              <NumberField
                label="Tile size (vertices)"
                testId="export-tile-size"
                integer
                min={2}
                value={options.tileSize}
                onChange={(tileSize) => set({ tileSize })}
              />
              <NumberField
                label="Shared rows"
                testId="export-tile-overlap"
                integer
                min={0}
                value={options.tileOverlap}
                onChange={(tileOverlap) => set({ tileOverlap })}
              />
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
  if (!error) return null;
  return (
    <Modal title="Could not complete" testId="exchange-error" className="exchange-dialog" role="alertdialog" onCancel={() => exchange.dismissError()}>
      <div className="exchange-problem" data-testid="exchange-error-message">
        {error}
      </div>
      <div className="exchange-buttons">
        <button type="button" data-testid="exchange-error-dismiss" data-autofocus onClick={() => exchange.dismissError()}>
          OK
        </button>
      </div>
    </Modal>
  );
}
