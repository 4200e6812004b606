/**
 * What a `faultline` command is given to talk to the world: streams, file reads and writes, worker
 * threads and a clock. index.ts supplies the real ones; tests pass fakes. Commands import it from
 * here (not from cli.ts, which imports every command).
 */
import type { StepRunner } from './erosionArgs';

/** The most bytes an input may have, and what it is, for the refusal ("a masks rules file"). */
export interface ReadLimit {
  maxBytes: number;
  kind: string;
}

export interface CliIo {
  stdout(s: string): void;
  stderr(s: string): void;
  /** Writes the whole file, atomically: on failure no file (and no partial file) is left. */
  writeFile(path: string, data: Uint8Array): Promise<void>;
  /**
   * Reads a whole input file (export, info); absent = the real file system, loaded on first use.
   * A file larger than `limit` (default: a heightmap's cap) is refused before it is read.
   */
  readFile?(path: string, limit?: ReadLimit): Promise<Uint8Array>;
  /** Creates a folder and its parents if missing (`export --preset … --out DIR`). */
  makeDirectory?(path: string): Promise<void>;
  /** Runs erosion on worker threads (index.ts); absent = every step on this thread (same bytes). */
  stepRunner?: StepRunner;
  /**
   * Checks before any work that every target can be written (folder exists and is writable, target
   * not a folder, not too many files); throws naming the first that cannot. Absent: no check.
   */
  checkTargets?(paths: readonly string[]): Promise<void>;
  /**
   * Writes several files all or nothing (main/services/fileSet.ts); the error names the target.
   * Absent: one writeFile after the other.
   */
  writeFiles?(files: readonly { path: string; bytes: Uint8Array }[], onProgress?: (written: number, total: number) => void): Promise<void>;
  /**
   * writeFiles for files made one after another: every target announced in `paths`, each file staged
   * as soon as `files` yields it (main/services/fileSet.ts writeFileStream), so they are never all
   * held. Absent: the files are collected and written with writeFiles.
   */
  writeFileStream?(
    paths: readonly string[],
    files: Iterable<{ path: string; bytes: Uint8Array }>,
    onProgress?: (written: number, total: number) => void,
  ): Promise<void>;
  /**
   * Writes one file made piece by piece, atomically (main/services/chunkedWrite.ts): each piece is
   * staged as `pieces` yields it, so a long drive's telemetry is never held whole. Absent: the pieces
   * are joined and written with writeFile.
   */
  writeFileChunks?(path: string, pieces: Iterable<Uint8Array>): Promise<void>;
  /** Bytes of memory the command may still use (engine exports are refused up front beyond it); absent = the OS's available memory. */
  availableMemory?(): number;
  /** Milliseconds for progress timing; absent = Date.now (tests pass a fake clock). */
  now?(): number;
}
