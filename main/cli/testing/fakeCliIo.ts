import { joinPieces } from '../driveCsv';
import type { CliIo } from '../io';

/** A CliIo that records what the CLI prints and writes, for tests. */
export interface FakeCliIo extends CliIo {
  out: string;
  err: string;
  /** Files written, by path. */
  files: Map<string, Uint8Array>;
  /** The largest piece a writeFileChunks call was given, bytes. */
  largestPiece: number;
}

export interface FakeCliIoOptions {
  /** Files the CLI may read (text is UTF-8 encoded); without it, io.readFile is absent (the CLI would use the disk). */
  inputs?: Record<string, Uint8Array | string>;
  /** A write to this path fails as a full disk would; '*' fails every write. */
  failWriteOn?: string;
}

export function fakeCliIo(options: FakeCliIoOptions = {}): FakeCliIo {
  const { inputs, failWriteOn } = options;
  const io: FakeCliIo = {
    out: '',
    err: '',
    files: new Map(),
    largestPiece: 0,
    stdout: (s) => void (io.out += s),
    stderr: (s) => void (io.err += s),
    writeFile: async (path, data) => {
      if (failWriteOn === '*' || path === failWriteOn) throw new Error('disk full');
      io.files.set(path, data.slice());
    },
    // As main/services/chunkedWrite.ts: nothing is left when a piece cannot be made or written.
    writeFileChunks: async (path, pieces) => {
      const kept: Uint8Array[] = [];
      for (const piece of pieces) {
        if (failWriteOn === '*' || path === failWriteOn) throw new Error('disk full');
        io.largestPiece = Math.max(io.largestPiece, piece.length);
        kept.push(piece.slice());
      }
      io.files.set(path, joinPieces(kept));
    },
    // All or nothing, like main/services/fileSet.ts: a failing target writes none of the set.
    writeFiles: async (files) => {
      const failing = files.find((f) => failWriteOn === '*' || f.path === failWriteOn);
      if (failing) throw new Error(`cannot write ${failing.path}: disk full`);
      for (const file of files) io.files.set(file.path, file.bytes.slice());
    },
  };
  if (inputs) {
    io.readFile = async (path, limit) => {
      const content = inputs[path];
      if (content === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      // As the real reader: refused by its size, before a byte is read, naming the file.
      if (limit && bytes.length > limit.maxBytes)
        throw new Error(`${path.split(/[\\/]/).pop()}: is ${bytes.length} bytes, larger than the ${limit.maxBytes} bytes ${limit.kind} may have`);
      return bytes;
    };
  }
  return io;
}
