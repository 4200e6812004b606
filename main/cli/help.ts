import { DEFAULT_RECIPE, LINE_METHODS } from '../../shared/fault/recipe';
import { MAX_MAP_SIDE, MIN_MAP_SIDE } from '../../shared/terrain/heightfield';
import { DEFAULT_CELL_SIZE, MAX_ITERATIONS } from './args';
import { outputFormats } from './outputs';

export function mainHelp(): string {
  return `faultline — terrain by fault-line formation, headless

Usage:
  faultline generate --size N --out FILE [options]   generate a terrain and write it
  faultline generate --help                          every option of generate
  faultline --help                                   this text

Exit codes: 0 success, 1 a file could not be written, 2 bad arguments.
`;
}

export function generateHelp(): string {
  const d = DEFAULT_RECIPE;
  const formats = outputFormats()
    .map((f) => `    ${f.extension.padEnd(10)} ${f.description}`)
    .join('\n');
  return `Usage: faultline generate --size N [options] --out FILE [--out FILE …] [--emit-lines FILE]

Fault-line formation (lighthouse3d): heights start at 0; each iteration picks a line and raises every
vertex with a·x + b·z − c > 0 by that iteration's displacement, lowering all others by it. The same
options give the same bytes on every run and machine.

Terrain:
  --size N               vertices along x, ${MIN_MAP_SIDE}..${MAX_MAP_SIDE} (required; 2ⁿ+1 such as 257, 1025 suits engines)
  --depth M              vertices along z, ${MIN_MAP_SIDE}..${MAX_MAP_SIDE} (default: same as --size)
  --cell-size m          metres between neighbouring vertices, > 0 (default: ${DEFAULT_CELL_SIZE})

Fault formation (defaults are the editor's default recipe):
  --iterations K         number of fault lines, 0..${MAX_ITERATIONS} (default: ${d.iterations})
  --seed S               PRNG seed, whole number 0..4294967295 (default: ${d.seed})
  --disp0 x              displacement of the first iteration, metres (default: ${d.decay.disp0})
  --dispn y              displacement from iteration n on, metres (default: ${d.decay.dispN})
  --decay-iterations n   iterations over which the displacement falls linearly from disp0 to dispn;
                         0 means constant dispn (default: ${d.decay.n})
  --lines METHOD         how lines are chosen: ${LINE_METHODS.join(' | ')} (default: ${d.lineMethod})
                           normal     a = sin v, b = cos v, c uniform in [−d/2, d/2], d the diagonal
                           two-point  the line through two random terrain points
                           cross      two random points, side by the cross-product sign (Game
                                      Programming Gems)
  --smooth k             after formation, apply the FIR erosion filter with strength k in [0, 1)
                         (default: no smoothing)

Output:
  --out FILE             write the heights; the type follows the extension (repeat for several files):
${formats}
                         Each file is written atomically (temporary file, then rename).
  --emit-lines FILE      write the fault lines as JSON:
                           { "width", "depth", "cellSize", "lines": [ { "a", "b", "c", "displacement" } ] }
                         in world metres with the origin at the terrain centre; vertex (i, j) is at
                         x = (i − (width−1)/2)·cellSize, z = (j − (depth−1)/2)·cellSize, and it rises
                         by displacement when a·x + b·z − c > 0, sinks by it otherwise (for --lines
                         cross, the equivalent a, b, c).

Options take their value as "--name value" or "--name=value".
  --help                 this text
`;
}
