import { UsageError } from './args';

export interface TokenizedArgs {
  /** Every value given for each option, in order. */
  values: Map<string, string[]>;
  /** Arguments that are not options (input files). */
  positional: string[];
}

/**
 * Splits `--name value` / `--name=value` options from positional arguments. Unknown options, missing
 * values and repeats of options not listed as repeatable are usage errors.
 */
export function tokenizeOptions(args: readonly string[], known: readonly string[], repeatable: readonly string[] = []): TokenizedArgs {
  const values = new Map<string, string[]>();
  const positional: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const arg = args[k];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq >= 0 ? arg.slice(0, eq) : arg;
    if (!known.includes(name)) throw new UsageError(`unknown option ${name}`);
    const list = values.get(name) ?? [];
    if (list.length > 0 && !repeatable.includes(name)) throw new UsageError(`${name} is given more than once`);
    if (eq < 0 && k + 1 >= args.length) throw new UsageError(`${name} needs a value`);
    list.push(eq >= 0 ? arg.slice(eq + 1) : args[++k]);
    values.set(name, list);
  }
  return { values, positional };
}
