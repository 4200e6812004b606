import { describe, expect, it } from 'vitest';
import { lodOverrideFrom } from './lodOverride';

describe('lodOverrideFrom', () => {
  it('reads the lod switch from the page address', () => {
    expect(lodOverrideFrom('')).toEqual({ always: false });
    expect(lodOverrideFrom('?lod=always')).toEqual({ always: true });
    expect(lodOverrideFrom('?x=1&lod=exact')).toEqual({ always: true, options: { maxPixelError: 0, triangleBudget: 1_600_000 } });
    expect(lodOverrideFrom('?lod=nonsense')).toEqual({ always: false });
  });
});
