/**
 * The map and mask rules both export-memory scripts measure (bench/engineExportMemory.ts, the CLI's
 * path; bench/windowExportMemory.ts, the window's), so their figures compare.
 */
import { createHeightfield, type Heightfield } from '../shared/terrain/heightfield';
import type { MaskLayer } from '../shared/export/masks';

/** A SIDE² map of smooth hills with a fine ripple (every mask rule finds some ground). */
export function exportMemoryMap(side: number): Heightfield {
  const field = createHeightfield(side, side, 1);
  for (let j = 0; j < side; j++) {
    for (let i = 0; i < side; i++)
      field.heights[j * side + i] = 200 * Math.sin(i / 400) * Math.cos(j / 530) + 20 * Math.sin(i / 37 + j / 53) + ((i * 7 + j * 3) % 5) * 0.1;
  }
  return field;
}

/** `count` mask layers: a base, then height, slope and curvature bands in turn. */
export function exportMemoryLayers(count: number): MaskLayer[] {
  const sources = ['height', 'slope', 'curvature'] as const;
  return Array.from({ length: count }, (_, l) => ({
    name: `layer${l}`,
    rules:
      l === 0
        ? []
        : [
            {
              source: sources[l % 3],
              min: sources[l % 3] === 'height' ? -200 + (l * 400) / count : sources[l % 3] === 'slope' ? 5 + l : -0.01 * l,
              softness: sources[l % 3] === 'curvature' ? 0.01 : 5,
            },
          ],
  }));
}
