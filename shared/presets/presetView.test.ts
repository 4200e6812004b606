import { describe, expect, it } from 'vitest';
import { presetView } from './presetView';

describe('presetView', () => {
  const target = { width: 65, depth: 65, cellSize: 8 };
  const heights = Float32Array.from({ length: 65 * 65 }, (_, k) => k % 97);

  it('paints a desert preset dry and puts the sea away', () => {
    const view = presetView('canyons', target, heights);
    expect(view.climate).toBe('desert');
    expect(view.water).toBe(false);
  });

  it('shows Islands in its sea at 0 m, in a temperate climate', () => {
    expect(presetView('islands', target, heights)).toMatchObject({ climate: 'temperate', water: true, seaLevel: 0 });
  });

  it('takes snow on Mountains from the land made: the snow line lies within its heights', () => {
    const { snowLine, treeLine } = presetView('mountains', target, heights);
    expect(snowLine).toBeGreaterThan(treeLine);
    expect(snowLine).toBeLessThanOrEqual(96);
    expect(snowLine).toBeGreaterThan(48);
  });
});
