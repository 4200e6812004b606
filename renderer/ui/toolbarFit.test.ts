import { describe, expect, it } from 'vitest';
import { fitToolbar } from './toolbarFit';

describe('fitToolbar', () => {
  const labels = [80, 60, 100, 90];
  const someLabels = [80, 30, 30, 30];
  const icons = [30, 30, 30, 30];
  const forms = [labels, someLabels, icons];
  it('keeps every label while everything fits with them', () => {
    expect(fitToolbar(forms, 330, 30)).toEqual({ form: 0, shown: 4 });
  });
  it('drops labels, the less important first, before hiding any command', () => {
    expect(fitToolbar(forms, 329, 30)).toEqual({ form: 1, shown: 4 });
    expect(fitToolbar(forms, 169, 30)).toEqual({ form: 2, shown: 4 });
    expect(fitToolbar(forms, 120, 30)).toEqual({ form: 2, shown: 4 });
  });
  it('moves what does not fit as icons into the overflow menu, leaving room for its button', () => {
    expect(fitToolbar(forms, 119, 30)).toEqual({ form: 2, shown: 2 });
    expect(fitToolbar(forms, 45, 30)).toEqual({ form: 2, shown: 0 });
  });
});
