/**
 * `faultline drivability IN --car PRESET --out mask.png [--summary F.json]`: where a physics car can go
 * (shared/vehicle/physics/drivability.ts), one 8-bit grey pixel per vertex: 0 impassable (steeper than
 * the car can climb, or a side slope that tips it or makes it slide), 255 flat, linear in tan θ between.
 */
import { encodeGrayPng } from '../../shared/codecs/png/encode';
import { STOCK_CARS, STOCK_CAR_IDS, isStockCarId, type StockCarId } from '../../shared/vehicle/physics/cars';
import { carSlopeLimits, drivabilityBytes, drivabilitySummary } from '../../shared/vehicle/physics/drivability';
import { staticStabilityFactor } from '../../shared/vehicle/physics/stability';
import { parseCommand } from './commandArgs';
import { readAndLoad } from './exchangeCommands';
import type { CliIo } from './io';
import { UsageError, tokenizeOptions } from './options';
import { checkOutputs, writeOutputs, type OutputFile } from './outputSet';

const OPTIONS = ['--car', '--out', '--summary'] as const;

export interface DrivabilityArgs {
  input: string;
  car: StockCarId;
  out: string;
  summary?: string;
}

export function parseDrivabilityArgs(args: readonly string[]): DrivabilityArgs {
  const tokens = tokenizeOptions(args, OPTIONS);
  const get = (option: (typeof OPTIONS)[number]): string | undefined => tokens.values.get(option)?.[0];
  if (tokens.positional.length === 0) throw new UsageError('give the terrain file IN');
  if (tokens.positional.length > 1) throw new UsageError(`unexpected argument "${tokens.positional[1]}"`);
  const car = get('--car') ?? 'hatchback';
  if (!isStockCarId(car)) throw new UsageError(`--car must be ${STOCK_CAR_IDS.join(', ')}, got "${car}"`);
  const out = get('--out');
  if (!out) throw new UsageError('--out mask.png is required');
  if (!/\.png$/i.test(out)) throw new UsageError(`--out ${out}: must be a .png file`);
  const summary = get('--summary');
  if (summary !== undefined && !/\.json$/i.test(summary)) throw new UsageError(`--summary ${summary}: must be a .json file`);
  if (summary !== undefined && summary === out) throw new UsageError('--summary and --out name the same file');
  return { input: tokens.positional[0], car, out, ...(summary !== undefined ? { summary } : {}) };
}

export function drivabilityHelp(): string {
  return `Usage: faultline drivability IN [--car hatchback|4x4|truck] --out mask.png [--summary F.json]

Where a physics car can go on a terrain (any file Faultline reads), from the car's physics on a road
surface: the steepest slope it climbs (its driven wheels' grip, with the load the slope moves off or
onto them, and its engine force), the side slope that tips it over (atan of its static stability
factor) and the one on which its tyres slide (atan μ).

  --car PRESET     the physics car (default: hatchback)
  --out FILE.png   8-bit grey, one pixel per vertex (row 0 at the map's -z edge): 0 impassable (the
                   steepest drawn triangle at the vertex is steeper than the lowest of the limits),
                   255 flat, 255 × (1 − tan θ / tan limit) between
  --summary F.json the car's limits in degrees and the shares of the map that are impassable (0),
                   hard (1–127) and easy (128–255)

Both files are written together, all or nothing. Exit codes: 0 written; 1 a file could not be read
or written; 2 bad arguments.
`;
}

export async function runDrivability(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommand('drivability', args, io, drivabilityHelp, parseDrivabilityArgs);
  if (!parsed.ok) return parsed.exitCode;
  const options = parsed.options;
  const targets = [options.out, ...(options.summary ? [options.summary] : [])];
  if (!(await checkOutputs(io, 'drivability', targets))) return 1;
  const loaded = await readAndLoad(io, 'drivability', options.input, {});
  if (!loaded) return 1;
  const { field } = loaded;
  const spec = STOCK_CARS[options.car];
  const bytes = drivabilityBytes(field, spec);
  const files: OutputFile[] = [{ path: options.out, bytes: encodeGrayPng({ width: field.width, height: field.depth, bitDepth: 8, samples: bytes }) }];
  const limits = carSlopeLimits(spec);
  const shares = drivabilitySummary(bytes);
  const round = (v: number, d = 2): number => Math.round(v * 10 ** d) / 10 ** d;
  if (options.summary) {
    const summary = {
      car: options.car,
      staticStabilityFactor: round(staticStabilityFactor(spec), 3),
      limitsDeg: {
        climb: round(limits.climbDeg),
        traction: round(limits.tractionDeg),
        engine: round(limits.engineDeg),
        tip: round(limits.tipDeg),
        slide: round(limits.slideDeg),
        impassableAbove: round(limits.limitDeg),
      },
      vertices: bytes.length,
      impassable: round(shares.impassable, 4),
      hard: round(shares.hard, 4),
      easy: round(shares.easy, 4),
    };
    files.push({ path: options.summary, bytes: new TextEncoder().encode(`${JSON.stringify(summary, null, 2)}\n`) });
  }
  if (!(await writeOutputs(io, 'drivability', files))) return 1;
  const pct = (v: number): string => `${(v * 100).toFixed(1)} %`;
  io.stdout(
    `wrote ${options.out} (${field.width} × ${field.depth}, ${options.car}: impassable above ${limits.limitDeg.toFixed(1)}°; ${pct(shares.impassable)} impassable, ${pct(shares.hard)} hard, ${pct(shares.easy)} easy)\n`,
  );
  if (options.summary) io.stdout(`wrote ${options.summary}\n`);
  return 0;
}
