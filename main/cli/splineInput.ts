/**
 * A spline file given to a command (`road --spline road.json`, `river --spline river.json`): read
 * within its size limit and parsed by the kind's parser, and its points, each `[x, z]` or
 * `{ "x", "z", …their own numbers }`. A file that cannot be read: exit 1; a bad file: exit 2 (a
 * SplineError); one line naming the file either way.
 */
import { displayFileName } from '../../shared/codecs/errors';
import { EXIT_FAILURE, EXIT_USAGE } from './exitCodes';
import { message } from './errors';
import type { CliIo } from './io';
import { SplineError } from './splineFile';

/** Largest spline file read (4096 points with widths and banks fit many times over). */
export const MAX_SPLINE_BYTES = 1024 * 1024;

/** The parsed spline file, or the exit code once its one line is said. `kind`: "a road spline file". */
export async function readSplineFile<T>(
  io: CliIo,
  command: string,
  path: string,
  kind: string,
  parse: (bytes: Uint8Array, fileName: string) => T,
): Promise<{ ok: true; spline: T } | { ok: false; exitCode: number }> {
  try {
    const readFile = io.readFile ?? (await import('./readInputFile')).readInputFile;
    let bytes: Uint8Array;
    try {
      bytes = await readFile(path, { maxBytes: MAX_SPLINE_BYTES, kind });
    } catch (error) {
      const text = message(error);
      const name = displayFileName(path);
      io.stderr(`faultline ${command}: ${text.startsWith(`${name}:`) ? text : `${name}: ${text}`}\n`);
      return { ok: false, exitCode: EXIT_FAILURE };
    }
    return { ok: true, spline: parse(bytes, path) };
  } catch (error) {
    if (!(error instanceof SplineError)) throw error;
    io.stderr(`faultline ${command}: ${error.message}\n`);
    return { ok: false, exitCode: EXIT_USAGE };
  }
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The points of a spline file: `[x, z]` or `{ x, z }` with any of `own` (numbers: a road's width and
 * bank, a river's width and depth); anything else fails naming the point (1-based).
 */
export function splinePoints<P extends { x: number; z: number }>(points: readonly unknown[], own: readonly string[], fail: (problem: string) => never): P[] {
  return points.map((point: unknown, k): P => {
    if (Array.isArray(point) && point.length === 2 && point.every(finite)) return { x: point[0], z: point[1] } as P;
    if (typeof point === 'object' && point !== null && !Array.isArray(point)) {
      const p = point as Record<string, unknown>;
      for (const key of Object.keys(p)) if (!['x', 'z', ...own].includes(key)) fail(`point ${k + 1} has an unexpected field "${key}"`);
      if (finite(p.x) && finite(p.z) && own.every((key) => p[key] === undefined || finite(p[key]))) {
        const out: Record<string, number> = { x: p.x, z: p.z };
        for (const key of own) if (p[key] !== undefined) out[key] = p[key] as number;
        return out as P;
      }
    }
    return fail(`point ${k + 1} is not [x, z] in metres`);
  });
}
