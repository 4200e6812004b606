// Process entry of the `faultline` CLI: real streams, atomic file writes, exit code.
import { mkdir } from 'node:fs/promises';
import { atomicWrite } from '../services/atomicWrite';
import { writeFileChunks } from '../services/chunkedWrite';
import { checkTargets, writeFileSet, writeFileStream } from '../services/fileSet';
import { removeStaleTemps } from '../services/staleTemps';
import { availableParallelism } from 'node:os';
import { applyStepThreaded } from '../services/erosionThreads';
import { runCli } from './cli';

/**
 * Writes through a temporary file beside the target that is renamed over it (a failure leaves no
 * output, and an existing file keeps its permissions), after removing temps an earlier, killed write
 * of the same file left behind.
 */
async function writeFileAtomic(path: string, data: Uint8Array): Promise<void> {
  // First: a file set a killed process left committing here is finished before, never over, this write.
  await removeStaleTemps(path).catch(() => 0);
  try {
    await atomicWrite(path, data);
  } catch (error) {
    // The command's message names the file already: give the reason only.
    throw error instanceof Error && error.cause instanceof Error ? error.cause : error;
  }
}

runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  writeFile: writeFileAtomic,
  writeFileChunks: async (path, pieces) => {
    await writeFileChunks(path, pieces);
    await removeStaleTemps(path).catch(() => 0);
  },
  makeDirectory: async (path) => void (await mkdir(path, { recursive: true })),
  stepRunner: { cores: availableParallelism(), run: applyStepThreaded },
  checkTargets: (paths) => checkTargets(paths),
  writeFiles: async (files, onProgress) => {
    await writeFileSet(files, { onProgress });
    for (const file of files) await removeStaleTemps(file.path).catch(() => 0);
  },
  writeFileStream: async (paths, files, onProgress) => {
    await writeFileStream(paths, files, { onProgress });
    for (const path of paths) await removeStaleTemps(path).catch(() => 0);
  },
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // One line, never a stack trace (FAULTLINE_DEBUG=1 shows it, for bug reports).
    const message = error instanceof Error ? error.message : String(error);
    const detail = process.env.FAULTLINE_DEBUG && error instanceof Error && error.stack ? `\n${error.stack}` : '';
    process.stderr.write(`faultline: ${message.split('\n')[0]}${detail}\n`);
    process.exitCode = 1;
  },
);
