import { describe, expect, it } from 'vitest';
import { fuzzyFilter, fuzzyScore } from './fuzzy';

describe('fuzzy command filter', () => {
  it('requires the query characters in order', () => {
    expect(fuzzyScore('wfr', 'View: Toggle Wireframe')).not.toBeNull();
    expect(fuzzyScore('rfw', 'View: Toggle Wireframe')).toBeNull();
    expect(fuzzyScore('UNDO', 'Edit: Undo')).not.toBeNull();
  });

  it('matches everything for an empty query, keeping order', () => {
    expect(fuzzyFilter(['b', 'a', 'c'], '  ', (s) => s)).toEqual(['b', 'a', 'c']);
  });

  it('ranks consecutive and word-start matches first', () => {
    const items = ['Colour by Slope', 'Colour by Height', 'Load Default Terrain'];
    expect(fuzzyFilter(items, 'slope', (s) => s)[0]).toBe('Colour by Slope');
    expect(fuzzyFilter(items, 'def', (s) => s)).toEqual(['Load Default Terrain']);
    expect(fuzzyScore('height', 'Colour by Height')!).toBeGreaterThan(fuzzyScore('height', 'h e i g h t')!);
  });
});
