/**
 * The engine tab's mask rules: layers (at least one) and their rules (at most 8 each). Every change
 * replaces the set (the store keeps plain data) through the dialog's engine options, which marks the
 * set edited and refreshes the preview.
 */
import type { MaskLayer, MaskRule } from '../../shared/export/masks';
import type { ExportDialog } from './exportDialog';
import type { ExchangeStore } from './exchangeState';

export class MaskRulesEditor {
  constructor(
    private readonly store: ExchangeStore,
    private readonly dialog: ExportDialog,
  ) {}

  private editMasks(edit: (layers: MaskLayer[]) => MaskLayer[]): void {
    const { maskSet } = this.store.getState().engineOptions;
    this.dialog.setEngineOptions({ maskSet: { layers: edit(maskSet.layers.map((l) => ({ ...l, rules: l.rules.map((r) => ({ ...r })) }))) } });
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
    this.editMasks((layers) =>
      layers.map((l, k) =>
        k === index && l.rules.length < 8 ? { ...l, rules: [...l.rules, { source: 'height', min: Math.round(this.dialog.mapRange().max * 0.8) }] } : l,
      ),
    );
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
}
