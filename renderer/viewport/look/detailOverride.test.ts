import { describe, expect, it } from 'vitest';
import { detailOffFrom } from './detailOverride';

describe('detailOffFrom', () => {
  it('turns the ground detail off only for detail=off', () => {
    expect(detailOffFrom('?detail=off')).toBe(true);
    expect(detailOffFrom('?lod=exact&detail=off')).toBe(true);
    expect(detailOffFrom('?detail=on')).toBe(false);
    expect(detailOffFrom('')).toBe(false);
  });
});
