/** Test support only: small stacks with a layer of every kind. */
import { hydraulicStep, thermalStep } from '../../recipe/steps';
import { DEFAULT_FLUVIAL } from '../../erosion/fluvialParams';
import type { Strata } from '../../terrain/strata';
import { SCULPT_TILE, type Layer, type LayerSize, type SculptLayer, type StampImage } from '../types';

export const SIZE: LayerSize = { width: 97, depth: 71, cellSize: 2 };

const base = (id: string, name = id) => ({ id, name, enabled: true, opacity: 1 });

export function stampImage(side = 17): StampImage {
  const values = new Float32Array(side * side);
  for (let j = 0; j < side; j++) for (let i = 0; i < side; i++) values[j * side + i] = Math.max(0, 1 - Math.hypot(i - side / 2, j - side / 2) / (side / 2));
  return { width: side, depth: side, values };
}

/** A fluvial layer (default parameters) with `strata` as its rock beds. */
export const fluvialLayer = (strata: Strata | null, enabled = true): Layer => ({
  ...base('fluvial-1', 'Fluvial'),
  enabled,
  kind: 'fluvial',
  params: { ...DEFAULT_FLUVIAL, strata },
});

export function sculptLayer(id = 'sculpt'): SculptLayer {
  const deltas = new Float32Array(SCULPT_TILE * SCULPT_TILE);
  for (let k = 0; k < deltas.length; k++) deltas[k] = Math.sin(k * 0.05) * 2;
  return { ...base(id), kind: 'sculpt', params: {}, tiles: [{ i: 0, j: 1, deltas }] };
}

/** Every kind once, bottom to top, with a mask or opacity here and there. */
export function everyKindStack(size: LayerSize = SIZE): Layer[] {
  const heights = new Float32Array(size.width * size.depth);
  for (let k = 0; k < heights.length; k++) heights[k] = Math.cos(k * 0.013) * 3;
  const painted = new Float32Array(size.width * size.depth);
  for (let k = 0; k < painted.length; k++) painted[k] = (k % 13) / 12;
  const { kind: _h, ...hydraulic } = hydraulicStep({ droplets: 300, seed: 3 });
  const { kind: _t, ...thermal } = thermalStep({ iterations: 5 });
  return [
    {
      ...base('faults', 'Faults'),
      kind: 'faults',
      params: { seed: 5, iterations: 120, lineMethod: 'normal', decay: { disp0: 3, dispN: 0.5, n: 100 }, runs: [80] },
    },
    { ...base('import', 'Imported'), opacity: 0.5, kind: 'heights', params: {}, heights },
    {
      ...base('faults2', 'Manual faults'),
      kind: 'manualFaults',
      params: {
        faults: [
          { x1: -10, z1: -5, x2: 20, z2: 9, displacement: 1.5 },
          { x1: 0, z1: 30, x2: 1, z2: -30, displacement: -0.75 },
        ],
      },
    },
    { ...base('erosion'), kind: 'hydraulic', params: hydraulic },
    { ...base('talus'), kind: 'thermal', params: thermal, mask: { kind: 'slope', minDeg: 10, maxDeg: 60, softness: 5 } },
    { ...base('smooth'), kind: 'smooth', params: { k: 0.2 }, opacity: 0.7 },
    { ...base('norm'), kind: 'normalise', params: { min: -10, max: 30 } },
    sculptLayer(),
    { ...base('stamp'), kind: 'stamp', params: { x: 20, z: -10, rotationDeg: 30, size: 40, height: 12, blend: 'add', falloff: 0.3 }, image: stampImage() },
    {
      ...base('pad'),
      kind: 'flatten',
      params: {
        points: [
          [-30, -20],
          [-10, -20],
          [-10, 0],
          [-30, 0],
        ],
        height: 5,
        falloff: 8,
      },
      mask: { kind: 'height', min: -5, max: 20, softness: 3 },
    },
    {
      ...base('hills'),
      kind: 'stamp',
      params: { x: -40, z: 30, rotationDeg: -10, size: 30, height: 6, blend: 'max', falloff: 0 },
      image: stampImage(9),
      mask: { kind: 'painted', weights: painted },
    },
  ];
}
