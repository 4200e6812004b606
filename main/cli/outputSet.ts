/**
 * A command's several outputs (generate's and erode's --out targets, --emit-lines, --masks, an engine
 * export's files) are checked before any work and written all or nothing, through CliIo's
 * checkTargets / writeFiles (main/services/fileSet.ts in the real process).
 */
import type { CliIo } from './io';
import { message } from './errors';

export interface OutputFile {
  path: string;
  bytes: Uint8Array;
}

/** False (after one line on stderr) when a target cannot be written. */
export async function checkOutputs(io: CliIo, command: string, paths: readonly string[]): Promise<boolean> {
  try {
    await io.checkTargets?.(paths);
    return true;
  } catch (error) {
    io.stderr(`faultline ${command}: ${message(error)}\n`);
    return false;
  }
}

/** Progress lines on stderr for sets of many files: about one per 10 %. */
function progressPrinter(io: CliIo, command: string, total: number): ((written: number, total: number) => void) | undefined {
  if (total < 20) return undefined;
  let next = Math.ceil(total / 10);
  return (written) => {
    if (written < next && written < total) return;
    io.stderr(`faultline ${command}: written ${written} of ${total} files\n`);
    next = written + Math.ceil(total / 10);
  };
}

/**
 * Writes every file or none; on failure prints one line naming the target and returns false. A
 * message already naming the target is printed as it is, else "cannot write TARGET: reason".
 */
export async function writeOutputs(io: CliIo, command: string, files: readonly OutputFile[]): Promise<boolean> {
  try {
    if (io.writeFiles) await io.writeFiles(files, progressPrinter(io, command, files.length));
    else for (const file of files) await writeOne(io, file);
    return true;
  } catch (error) {
    io.stderr(`faultline ${command}: ${message(error)}\n`);
    return false;
  }
}

/** writeOutputs for files made one after another (each written before the next is made, when the io can). */
export async function writeOutputStream(io: CliIo, command: string, paths: readonly string[], files: Iterable<OutputFile>): Promise<boolean> {
  if (!io.writeFileStream) {
    let collected: OutputFile[];
    try {
      // In the announced order, as one set.
      const made = new Map([...files].map((file) => [file.path, file]));
      collected = paths.map((path) => {
        const file = made.get(path);
        if (!file) throw new Error(`${path} was not made`);
        return file;
      });
    } catch (error) {
      io.stderr(`faultline ${command}: ${message(error)}\n`);
      return false;
    }
    return writeOutputs(io, command, collected);
  }
  try {
    await io.writeFileStream(paths, files, progressPrinter(io, command, paths.length));
    return true;
  } catch (error) {
    io.stderr(`faultline ${command}: ${message(error)}\n`);
    return false;
  }
}

async function writeOne(io: CliIo, file: OutputFile): Promise<void> {
  try {
    await io.writeFile(file.path, file.bytes);
  } catch (error) {
    throw new Error(`cannot write ${file.path}: ${message(error)}`);
  }
}
