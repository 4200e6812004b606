/**
 * The 2D panel's preview of one mask layer's weights while the export dialog's engine tab shows masks:
 * computed in the codec worker after edits have paused; an answer overtaken by a newer request, or
 * arriving after the dialog closed, is dropped.
 */
import { parseMaskSet, type MaskSet, type MaskSource } from '../../shared/export/masks';
import { usesWaterSources } from '../../shared/export/waterMaskData';
import type { ExportFlowDeps } from './exportFlowDeps';

const PREVIEW_DELAY_MS = 150;

export class MaskPreview {
  private previewToken = 0;
  private previewTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly deps: Pick<ExportFlowDeps, 'editor' | 'store' | 'codecs' | 'erosionMasks' | 'fail'>,
    private readonly maskSources: () => MaskSource[],
  ) {}

  /** Shows one layer's weights on the 2D panel (null: none). */
  show(layer: number | null): void {
    this.deps.store.setState({ maskPreviewLayer: layer });
    if (layer === null) this.clear();
    else this.refresh(0);
  }

  /** Stops showing a layer; an answer still on its way is dropped. */
  clear(): void {
    this.previewToken++;
    if (this.previewTimer) clearTimeout(this.previewTimer);
    this.previewTimer = null;
    this.deps.store.setState({ maskPreviewLayer: null, maskPreview: null });
  }

  /** Recomputes the previewed layer after edits have paused. */
  refresh(delay = PREVIEW_DELAY_MS): void {
    const { maskPreviewLayer } = this.deps.store.getState();
    if (maskPreviewLayer === null) return;
    if (this.previewTimer) clearTimeout(this.previewTimer);
    this.previewTimer = setTimeout(() => {
      this.previewTimer = null;
      void this.compute();
    }, delay);
  }

  private async compute(): Promise<void> {
    const { store } = this.deps;
    const { maskPreviewLayer: layer, engineOptions, exportOptions } = store.getState();
    const token = ++this.previewToken;
    if (layer === null || exportOptions.target === 'file') {
      store.setState({ maskPreview: null });
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
    const outcome = await this.deps
      .codecs()
      .maskPreview({ field, masks, data: this.deps.erosionMasks() ?? {}, layer, ...(usesWaterSources(masks) && { stack: this.deps.editor.document.stack }) });
    if (token !== this.previewToken || !store.getState().exportOpen) return;
    if (!outcome.ok) return this.deps.fail(outcome.message);
    store.setState({ maskPreview: { layer, name: masks.layers[layer].name, width: field.width, depth: field.depth, weights: outcome.value } });
  }
}
