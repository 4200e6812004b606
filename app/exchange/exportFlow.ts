/**
 * The export dialog's flows, as the window uses them (`Exchange.exports`): one object over the
 * dialog's parts, each with one job —
 * - `ExportDialog` (exportDialog.ts): the dialog's options and what it shows from them (range, plan,
 *   tile names);
 * - `MaskRulesEditor` (maskRulesEditor.ts): the engine tab's mask layers and rules;
 * - `MaskPreview` (maskPreview.ts): one mask layer's weights on the 2D panel;
 * - `ExportRunner` (exportRunner.ts): the export itself, its progress and its cancel.
 */
import type { EngineId } from '../../shared/export/engines';
import type { MaskRule, MaskSource } from '../../shared/export/masks';
import type { EngineExportOptions } from '../../shared/export/engineExport';
import type { HeightRange } from '../../shared/terrain/heightfield';
import type { EngineDialogOptions, ExportOptions, ExportTarget } from './exchangeState';
import { ExportDialog, type PlanOutcome } from './exportDialog';
import type { ExportFlowDeps } from './exportFlowDeps';
import { ExportRunner } from './exportRunner';
import { MaskRulesEditor } from './maskRulesEditor';

export { isTileable, validateExportOptions, type PlanOutcome } from './exportDialog';
export type { ExportFlowDeps } from './exportFlowDeps';
export { EXPORT_CANCELLED } from './exportRunner';

export class ExportFlow {
  readonly dialog: ExportDialog;
  readonly masks: MaskRulesEditor;
  readonly runner: ExportRunner;

  constructor(deps: ExportFlowDeps) {
    this.dialog = new ExportDialog(deps);
    this.masks = new MaskRulesEditor(deps.store, this.dialog);
    this.runner = new ExportRunner(deps, this.dialog);
  }

  /** The map's height range, computed once per document version. */
  mapRange(): HeightRange {
    return this.dialog.mapRange();
  }

  /** Sources the mask rules may use for this document. */
  maskSources(): MaskSource[] {
    return this.dialog.maskSources();
  }

  /** Opens the dialog on a heightmap (16-bit PNG unless chosen before) or mesh format. */
  begin(kind: 'heightmap' | 'mesh'): void {
    this.dialog.begin(kind);
  }

  setOptions(patch: Partial<ExportOptions>): void {
    this.dialog.setOptions(patch);
  }

  setTarget(target: ExportTarget): void {
    this.dialog.setTarget(target);
  }

  setEngineOptions(patch: Partial<EngineDialogOptions>): void {
    this.dialog.setEngineOptions(patch);
  }

  /** Closes the dialog (the dialog's Cancel and Escape while nothing runs; `cancelRunning` while an export does). */
  cancel(): void {
    this.dialog.close();
  }

  /** Whether an export is running. */
  get isRunning(): boolean {
    return this.runner.isRunning;
  }

  /** Stops the running export, the window's side and main's (`ExportRunner.cancelRunning`). */
  cancelRunning(): void {
    this.runner.cancelRunning();
  }

  /** The engine options as `planEngineExport` takes them. */
  engineExportOptions(engineId: EngineId): EngineExportOptions {
    return this.dialog.engineExportOptions(engineId);
  }

  /** Sizes, numbers and file names for the chosen engine, recomputed only when something changed. */
  plan(engineId: EngineId): PlanOutcome {
    return this.dialog.plan(engineId);
  }

  addMaskLayer(): void {
    this.masks.addMaskLayer();
  }

  removeMaskLayer(index: number): void {
    this.masks.removeMaskLayer(index);
  }

  renameMaskLayer(index: number, name: string): void {
    this.masks.renameMaskLayer(index, name);
  }

  addMaskRule(index: number): void {
    this.masks.addMaskRule(index);
  }

  setMaskRule(index: number, rule: number, patch: Partial<MaskRule>): void {
    this.masks.setMaskRule(index, rule, patch);
  }

  removeMaskRule(index: number, rule: number): void {
    this.masks.removeMaskRule(index, rule);
  }

  /** Shows one layer's weights on the 2D panel (null: none). */
  previewMask(layer: number | null): void {
    this.dialog.preview.show(layer);
  }

  /** Runs the export the dialog describes; true when everything was written. */
  confirm(): Promise<boolean> {
    return this.runner.confirm();
  }

  /** Tile names of a plain tiled export, or the problem with the tile size. */
  tileNames(options: ExportOptions): { names: string[]; problem: string | null } {
    return this.dialog.tileNames(options);
  }

  /** Whether the document has water to export (the water files need it). */
  hasWater(): boolean {
    return this.dialog.hasWater();
  }
}
