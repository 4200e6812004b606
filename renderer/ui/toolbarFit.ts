/** How the toolbar shows its command buttons at a given width. */
export interface ToolbarFit {
  /** Index of the chosen form (0 is the widest: every label; the last is icons only). */
  form: number;
  /** How many buttons show in the bar; the rest are in the overflow menu. */
  shown: number;
}

/**
 * The widest layout that fits `available` pixels: the first of `forms` (each the widths of every
 * button in that form, separators included, widest form first) whose buttons all fit; else as many
 * buttons of the narrowest form as fit beside the overflow button.
 */
export function fitToolbar(forms: ReadonlyArray<readonly number[]>, available: number, overflowButton: number): ToolbarFit {
  const sum = (widths: readonly number[]) => widths.reduce((total, w) => total + w, 0);
  for (let form = 0; form < forms.length; form++) if (sum(forms[form]) <= available) return { form, shown: forms[form].length };
  const narrowest = forms[forms.length - 1];
  let shown = 0;
  let used = overflowButton;
  while (shown < narrowest.length && used + narrowest[shown] <= available) used += narrowest[shown++];
  return { form: forms.length - 1, shown };
}
