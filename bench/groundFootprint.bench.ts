import { cpuTimed, type Benchmark } from './harness';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { naturalPalette, writeNaturalGround } from '../shared/ground/naturalColours';

/**
 * The natural ground colour of every vertex of a 1025² map, read at the vertex (as the colour map
 * and the 3D vertex colours do) and averaged over the heights its cell spans (as the 2D map does:
 * shared/ground/footprintFilter.ts), in both climates: the footprint's cost per vertex.
 */
const SIZE = 1025;

interface State {
  heights: Float32Array;
  slopes: Float32Array;
  footprints: Float32Array;
  rgb: Float32Array;
}
let state: State | null = null;

function slopeState(): State {
  if (state) return state;
  const field = syntheticTerrain(SIZE, 1);
  const { heights, cellSize } = field;
  const slopes = new Float32Array(SIZE * SIZE);
  const footprints = new Float32Array(SIZE * SIZE);
  for (let j = 0; j < SIZE; j++) {
    for (let i = 0; i < SIZE; i++) {
      const k = j * SIZE + i;
      const im = i > 0 ? k - 1 : k;
      const ip = i < SIZE - 1 ? k + 1 : k;
      const jm = j > 0 ? k - SIZE : k;
      const jp = j < SIZE - 1 ? k + SIZE : k;
      const nx = (heights[ip] - heights[im]) / ((ip - im || 1) * cellSize);
      const nz = (heights[jp] - heights[jm]) / (((jp - jm) / SIZE || 1) * cellSize);
      const gradient = Math.sqrt(nx * nx + nz * nz);
      slopes[k] = (Math.atan(gradient) * 180) / Math.PI;
      footprints[k] = gradient * cellSize;
    }
  }
  state = { heights, slopes, footprints, rgb: new Float32Array(3) };
  return state;
}

function natural(name: string, climate: 'temperate' | 'desert', withFootprint: boolean, baseline?: string): Benchmark {
  const samples = 5;
  const cpu = cpuTimed(samples, (s) => {
    const { heights, slopes, footprints, rgb } = s as State;
    // Lines through the synthetic terrain's heights, so the snow and scree edges are crossed.
    const palette = naturalPalette({ treeLine: 20, snowLine: 40, climate }, { erosion: false, road: false });
    for (let k = 0; k < heights.length; k++) writeNaturalGround(palette, heights[k], slopes[k], 0, 0, rgb, 0, withFootprint ? footprints[k] : 0);
  });
  return {
    name,
    size: SIZE,
    baseline,
    params: { climate, footprint: withFootprint ? 'cell' : 'point' },
    samples,
    warmup: 1,
    setup: slopeState,
    run: cpu.run,
    measure: () => ({ vertices: SIZE * SIZE, ...cpu.measure() }),
  };
}

export const benchmarks: Benchmark[] = [
  natural('ground-footprint temperate point', 'temperate', false),
  natural('ground-footprint temperate cell', 'temperate', true, 'ground-footprint temperate point'),
  natural('ground-footprint desert point', 'desert', false),
  natural('ground-footprint desert cell', 'desert', true, 'ground-footprint desert point'),
];
