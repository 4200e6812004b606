import { cpuTimed, type Benchmark } from './harness';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { evaluateWater } from '../shared/hydrology/water';
import { DEFAULT_WATER_PARAMS } from '../shared/hydrology/waterParams';
import type { WaterSurface } from '../shared/hydrology/waterSurface';
import { packedWater, packWaterNow, waterBytesHeld, waterFullBytes } from '../app/document/packedWater';

/**
 * The document's water held packed at rest (app/document/packedWater.ts) at 4097², on the LOD
 * benches' synthetic hills with the default water layer (many lakes):
 * - `packed-water read after rest`: the first read of packed water (its full arrays made again) and
 *   the packing when they go (what a reader after a pause, then the release, cost the UI thread).
 *   CPU time. `unpack_ms` and `pack_ms` are one of each, timed apart; `held_mb` / `full_mb`
 *   what the water holds packed and full.
 * The baseline copies the full arrays once (a pass over the same bytes).
 */
interface State {
  water: WaterSurface;
  packed: WaterSurface;
}

const SIZE = 4097;
const SAMPLES = 5;
let cached: State | null = null;

function state(): State {
  if (cached) return cached;
  const field = syntheticTerrain(SIZE, 1);
  const heights = new Float32Array(field.heights.length);
  const result = evaluateWater(field, field.heights, heights, DEFAULT_WATER_PARAMS);
  if (!result) throw new Error('water was cancelled');
  const water: WaterSurface = { surface: result.surface, kind: result.kind };
  // A long wait: the bench packs by hand, never the timer.
  const packed = packedWater({ surface: water.surface.slice(), kind: water.kind.slice() }, 3_600_000);
  packWaterNow(packed);
  cached = { water, packed };
  return cached;
}

/** A read after rest, then the release. */
function cycle(s: State): void {
  if (s.packed.kind.length !== s.water.kind.length) throw new Error('packed water lost its size');
  if (!packWaterNow(s.packed)) throw new Error('the water did not pack');
}

const BASELINE = 'packed-water baseline: a copy of the full arrays';
const timed = cpuTimed(SAMPLES, (s) => cycle(s as State));

export const benchmarks: Benchmark[] = [
  {
    name: BASELINE,
    size: SIZE,
    samples: SAMPLES,
    warmup: 1,
    setup: state,
    run: (s) => {
      const { water } = s as State;
      return water.surface.slice().length + water.kind.slice().length;
    },
  },
  {
    name: 'packed-water read after rest',
    size: SIZE,
    baseline: BASELINE,
    samples: SAMPLES,
    warmup: 1,
    setup: state,
    run: timed.run,
    measure: () => {
      const s = state();
      const held = waterBytesHeld(s.packed);
      let start = performance.now();
      void s.packed.surface;
      const unpack = performance.now() - start;
      start = performance.now();
      packWaterNow(s.packed);
      const pack = performance.now() - start;
      let wet = 0;
      for (let v = 0; v < s.water.kind.length; v++) if (s.water.surface[v] === s.water.surface[v] || s.water.kind[v] !== 0) wet++;
      return {
        ...timed.measure(),
        unpack_ms: Math.round(unpack),
        pack_ms: Math.round(pack),
        held_mb: Math.round((held / 1024 / 1024) * 10) / 10,
        full_mb: Math.round((waterFullBytes(s.packed) / 1024 / 1024) * 10) / 10,
        wet_share: Math.round((wet / s.water.kind.length) * 1000) / 1000,
      };
    },
  },
];
