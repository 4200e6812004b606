/**
 * Native zlib (node:zlib level 1, what main and the CLI write with) against the hand-written portable
 * compressor (shared/codecs/fast-deflate.ts, what the window's codec worker uses) and fflate level 1,
 * in the same run: the whole 16-bit and 8-bit PNG encode, and the deflate alone on the filtered rows.
 */
import type { Benchmark } from './harness';
import type { Heightfield } from '../shared/terrain/heightfield';
import { compilePngHeightmap } from '../shared/codecs/png-heightmap';
import { portableDeflate, type Deflate } from '../shared/codecs/zlib';
import { nativeDeflate } from '../main/services/nativeDeflate';
import { compilePngHeightmapStreamed } from '../main/services/pngStreamEncode';
import { zlibSync } from 'fflate';
import { terrain } from './codecs.bench';

const SIZE = Number(process.env.FAULTLINE_CODEC_BENCH_SIZE ?? 4097);

const COMPRESSORS: Record<string, Deflate> = {
  native: nativeDeflate,
  portable: portableDeflate,
  fflate1: (data) => zlibSync(data, { level: 1 }),
};

function encode(bits: 8 | 16, compressor: string): Benchmark {
  const deflate = COMPRESSORS[compressor];
  return {
    name: `png${bits}-encode-${compressor}`,
    size: SIZE,
    samples: 5,
    warmup: 1,
    params: { deflate: compressor },
    baseline: bits === 16 && compressor !== 'portable' ? 'png16-encode-portable' : undefined,
    setup: terrain,
    run: (field) => {
      compilePngHeightmap(field as Heightfield, { bits, deflate });
    },
    measure: () => ({ bytes: compilePngHeightmap(terrain(), { bits, deflate }).length }),
  };
}

/** The 16-bit Up-filtered rows of the bench terrain (33.5 MB at 4097²), as the PNG encoder hands them to deflate. */
function filteredRows(): Uint8Array {
  let rows: Uint8Array | undefined;
  compilePngHeightmap(terrain(), {
    deflate: (data) => {
      rows = data.slice();
      return nativeDeflate(data);
    },
  });
  return rows!;
}

let rows: Uint8Array | undefined;

function deflateOnly(compressor: string): Benchmark {
  const deflate = COMPRESSORS[compressor];
  return {
    name: `png16-deflate-${compressor}`,
    size: SIZE,
    samples: 5,
    warmup: 1,
    params: { deflate: compressor },
    setup: () => (rows ??= filteredRows()),
    run: (data) => {
      deflate(data as Uint8Array);
    },
    measure: () => ({ input_bytes: (rows ??= filteredRows()).length, bytes: deflate(rows).length }),
  };
}

/** main/services/pngStreamEncode.ts: the same file as png16-encode-native, filtering overlapped with deflate. */
const streamed: Benchmark = {
  name: 'png16-encode-stream',
  size: SIZE,
  samples: 5,
  warmup: 1,
  baseline: 'png16-encode-native',
  setup: terrain,
  run: async (field) => {
    await compilePngHeightmapStreamed(field as Heightfield, undefined);
  },
};

export const benchmarks: Benchmark[] = [
  encode(16, 'portable'),
  encode(16, 'native'),
  streamed,
  encode(16, 'fflate1'),
  encode(8, 'portable'),
  encode(8, 'native'),
  deflateOnly('portable'),
  deflateOnly('native'),
  deflateOnly('fflate1'),
];
