import { describe, expect, it } from 'vitest';
import { crossingVerdict } from './crossingVerdict';

describe('crossingVerdict', () => {
  it('a default ford too deep for the car: the car and its depth, the default and the suggestion as separate clauses', () => {
    const verdict = crossingVerdict({ kind: 'ford', span: null, maxDepth: 1.5, chosen: false, suggested: 'bridge' }, 'hatchback', 0.3);
    // Was "too deep to ford for the hatchback (0.3 m) (default) · bridge suggested": two brackets in a row.
    expect(verdict).toBe('too deep for the hatchback, which fords 0.3 m · ford by default · bridge suggested');
  });

  it('a chosen shallow ford says only that the car wades it', () => {
    expect(crossingVerdict({ kind: 'ford', span: null, maxDepth: 0.2, chosen: true, suggested: 'ford' }, 'pickup', 0.5)).toBe(
      'fordable by the pickup, which fords 0.5 m',
    );
  });

  it('a chosen bridge gives its deck, rounded to the metre', () => {
    expect(crossingVerdict({ kind: 'bridge', span: 17.6, maxDepth: 1.5, chosen: true, suggested: 'bridge' }, 'hatchback', 0.3)).toBe('bridge, 18 m deck');
  });
});
