import { compileProject } from '../../shared/codecs/project';
import { DEFAULT_WATER_PARAMS } from '../../shared/hydrology/waterParams';
import { evaluateStack } from '../../shared/layers/evaluate';
import { addSculptDeltas } from '../../shared/layers/kinds/sculpt';
import type { Layer, LayerSize, SculptLayer } from '../../shared/layers/types';
import { hydraulicStep, thermalStep } from '../../shared/recipe/steps';
import { createHeightfield } from '../../shared/terrain/heightfield';

/**
 * A project with a 10-layer stack, made with the shared code as the editor would save it: the
 * generator, hydraulic and thermal erosion, smoothing and automatic water (whole-map layers; the
 * water on top of them, the evaluator's anchor — it replaced session 11's manual faults), then
 * three sculpt layers with strokes, a stamp and a flatten pad (local layers at the top: the case
 * where the editor's evaluator once kept one map per layer). Light parameters, so that making it here
 * and the editor's check of it in its worker take seconds, not minutes, at 4097².
 */
export function tenLayerStack(size: LayerSize): Layer[] {
  const base = (id: string, name: string) => ({ id, name, enabled: true, opacity: 1 });
  const { kind: _h, ...hydraulic } = hydraulicStep({ droplets: 20_000, seed: 7 });
  const { kind: _t, ...thermal } = thermalStep({ iterations: 2 });
  const sculpts: SculptLayer[] = [0, 1, 2].map((n) => ({ ...base(`sculpt-${n + 1}`, `Sculpt ${n + 1}`), kind: 'sculpt', params: {}, tiles: [] }));
  // Strokes: 64 m dabs along lines, as a brush leaves them (a dome of 8 m per dab).
  const r = Math.round(64 / size.cellSize);
  for (const [n, sculpt] of sculpts.entries()) {
    for (let d = 0; d < 12; d++) {
      const ci = Math.round(size.width * (0.2 + 0.05 * d));
      const cj = Math.round(size.depth * (0.3 + 0.2 * n + 0.01 * d));
      const rect = { i0: Math.max(0, ci - r), j0: Math.max(0, cj - r), i1: Math.min(size.width, ci + r + 1), j1: Math.min(size.depth, cj + r + 1) };
      addSculptDeltas(sculpt, size, rect, (i, j) => Math.max(0, 1 - Math.hypot(i - ci, j - cj) / r) * (n === 1 ? -8 : 8));
    }
  }
  const side = 129;
  const values = new Float32Array(side * side);
  for (let j = 0; j < side; j++) for (let i = 0; i < side; i++) values[j * side + i] = Math.max(0, 1 - Math.hypot(i - side / 2, j - side / 2) / (side / 2));
  return [
    { ...base('faults', 'Faults'), kind: 'faults', params: { seed: 4242, iterations: 120, lineMethod: 'normal', decay: { disp0: 20, dispN: 2, n: 120 } } },
    { ...base('hydraulic', 'Hydraulic erosion'), kind: 'hydraulic', params: hydraulic },
    { ...base('thermal', 'Thermal erosion'), kind: 'thermal', params: thermal },
    { ...base('smooth', 'Smooth'), kind: 'smooth', params: { k: 0.3 } },
    { ...base('water-1', 'Water 1'), kind: 'water', params: { ...DEFAULT_WATER_PARAMS } },
    ...sculpts,
    {
      ...base('stamp', 'Stamp'),
      kind: 'stamp',
      params: { x: 500, z: -300, rotationDeg: 20, size: 500, height: 60, blend: 'add', falloff: 0.3 },
      image: { width: side, depth: side, values },
    },
    {
      ...base('pad', 'Pad'),
      kind: 'flatten',
      params: {
        points: [
          [-600, -600],
          [-300, -620],
          [-280, -350],
          [-590, -360],
        ],
        height: 20,
        falloff: 40,
      },
    },
  ];
}

/** The project file's bytes: the stack and its evaluated heights. */
export function tenLayerProject(width: number, cellSize: number): Uint8Array {
  const size = { width, depth: width, cellSize };
  const layers = tenLayerStack(size);
  const heights = evaluateStack(layers, size);
  if (!heights) throw new Error('the 10-layer stack was not evaluated');
  return compileProject(
    { field: createHeightfield(width, width, cellSize, heights), recipe: null, history: [], props: [], view: {}, layers },
    {},
    'ten-layers.faultline',
  );
}
