import { UsageError } from './options';
import type { CliIo } from './io';

export type ParsedCommand<T> = { ok: true; options: T } | { ok: false; exitCode: number };

/**
 * Every command answers `--help` and bad arguments the same way: help on stdout (exit 0), or one
 * line naming the problem on stderr (exit 2). Otherwise the parsed options.
 */
export function parseCommand<T>(
  command: string,
  args: readonly string[],
  io: CliIo,
  help: () => string,
  parse: (args: readonly string[]) => T,
): ParsedCommand<T> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(help());
    return { ok: false, exitCode: 0 };
  }
  try {
    return { ok: true, options: parse(args) };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`faultline ${command}: ${error.message} (see faultline ${command} --help)\n`);
    return { ok: false, exitCode: 2 };
  }
}
