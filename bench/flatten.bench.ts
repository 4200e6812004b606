/**
 * Flatten pads (issue 38): the row-indexed evaluation (shared/layers/kinds/flatten.ts) against every
 * vertex × every edge (shared/layers/testing/flattenReference.ts), the same bytes; ratios are the
 * reference's time over the indexed one's, in this run.
 */
import type { Benchmark } from './harness';
import { flattenKind, mapDiagonal } from '../shared/layers/kinds/flatten';
import { referenceFlatten } from '../shared/layers/testing/flattenReference';
import { wholeRect, type FlattenLayer, type LayerSize } from '../shared/layers/types';

function ringPad(side: number, points: number, radius: number, falloff: number): { size: LayerSize; layer: FlattenLayer } {
  const size = { width: side, depth: side, cellSize: 1 };
  const ring = Array.from({ length: points }, (_, k): [number, number] => [
    Math.cos((k / points) * 2 * Math.PI) * radius,
    Math.sin((k / points) * 2 * Math.PI) * radius,
  ]);
  return { size, layer: { id: 'pad', name: 'Pad', enabled: true, opacity: 1, kind: 'flatten', params: { points: ring, height: 5, falloff } } };
}

function pair(label: string, side: number, points: number, radius: number, falloff: number): Benchmark[] {
  const { size, layer } = ringPad(side, points, radius, falloff);
  const input = new Float32Array(side * side).map((_, k) => Math.sin(k * 0.01) * 20);
  const out = new Float32Array(input.length);
  const reference = `flatten: ${label}, every vertex × every edge`;
  return [
    {
      name: reference,
      size: side,
      params: { points, falloff: Math.round(falloff) },
      samples: 3,
      warmup: 1,
      run: () => referenceFlatten(layer, input, out, size, wholeRect(size)),
    },
    {
      name: `flatten: ${label}, edges indexed by row`,
      size: side,
      params: { points, falloff: Math.round(falloff) },
      baseline: reference,
      samples: 5,
      warmup: 1,
      run: () => flattenKind.apply(layer, input, out, size, wholeRect(size), {}),
    },
  ];
}

export const benchmarks: Benchmark[] = [
  // The largest hostile pad validation lets through: 4,096 points, falloff the map's diagonal.
  ...pair('4,096-point pad, falloff = the diagonal (at the work cap)', 89, 4096, 20, mapDiagonal({ width: 89, depth: 89, cellSize: 1 })),
  // An ordinary outline: 1,024 points around a 260 m pad, 20 m falloff.
  ...pair('1,024-point pad, 20 m falloff', 513, 1024, 130, 20),
];
