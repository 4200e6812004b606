/**
 * Hostile files (shared/codecs/testing/hostileCorpus.ts): how long a reader takes to refuse, or to
 * read within bounds, what used to stall or exhaust the app. Memory is the process's resident size
 * after the runs (each bench file runs in a process of its own).
 */
import type { Benchmark } from './harness';
import { CodecError } from '../shared/codecs/errors';
import { checkProjectJsonText, parseProject } from '../shared/codecs/project';
import { readHeightmapField } from '../shared/codecs/import-heightmap';
import { hostileCorpus, type HostileFile } from '../shared/codecs/testing/hostileCorpus';

const corpus = new Map(hostileCorpus().map((file) => [file.name, file]));
const file = (name: string): HostileFile => corpus.get(name)!;
const rssMb = () => ({ rss_mb: Math.round(process.memoryUsage().rss / 2 ** 20) });

/** Reads a file as the CLI and main do; a CodecError is the expected outcome of a refusal. */
async function read(name: string, bytes: Uint8Array): Promise<void> {
  try {
    if (name.endsWith('.faultline')) parseProject(bytes, name);
    else await readHeightmapField(bytes, name);
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
  }
}

function fileBench(name: string, what: string): Benchmark {
  return {
    name: `hostile: ${name} (${what})`,
    params: { file_bytes: file(name).bytes().length },
    samples: 5,
    warmup: 1,
    setup: () => file(name).bytes(),
    run: (bytes) => read(name, bytes as Uint8Array),
    measure: rssMb,
  };
}

export const benchmarks: Benchmark[] = [
  fileBench('deflate-bomb.tif', 'a 16 MiB DEFLATE strip in a 16 × 16 GeoTIFF, refused'),
  fileBench('zip-bomb.exr', 'a 16 MiB ZIP block in a 16 × 16 EXR, refused'),
  fileBench('lzw-bomb.tif', 'an LZW strip growing past its 16 × 16 samples, refused'),
  fileBench('props-bomb.faultline', '21 M empty props, refused'),
  fileBench('history-bomb.faultline', '5 M empty history steps, refused'),
  fileBench('deep-view.faultline', 'a million nested arrays, refused'),
  fileBench('padded.faultline', '48 MiB of white space, refused'),
  fileBench('ztxt-bomb.png', '600 zTXt chunks of 1 MiB each, read'),
  fileBench('text-flood.png', '100,000 tEXt chunks, read'),
  fileBench('chunk-flood.png', '2 M empty chunks, read'),
  {
    name: 'hostile: props-bomb JSON from the window (63 MB string), refused',
    samples: 5,
    warmup: 1,
    setup: () => file('props-bomb.faultline').json!(),
    run: (json) => {
      try {
        checkProjectJsonText(json as string, (problem) => {
          throw new CodecError('current.faultline', problem);
        });
      } catch (error) {
        if (!(error instanceof CodecError)) throw error;
      }
    },
    measure: rssMb,
  },
];
