import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in the command line: reported with the command's usage hint, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface TokenizedArgs {
  /** Every value given for each option, in order (a flag's value is "true"). */
  values: Map<string, string[]>;
  /** Arguments that are not options (input files). */
  positional: string[];
}

export interface TokenizeRules {
  /** Options that may be given more than once. */
  repeatable?: readonly string[];
  /** Options that take no value. */
  flags?: readonly string[];
  /** More positional arguments than this are refused ("unexpected argument"). */
  maxPositionals?: number;
}

/**
 * Every `faultline` command's option reader, over `util.parseArgs`: splits `--name value` /
 * `--name=value` options and bare flags from positional arguments. Unknown options, missing values,
 * values given to flags and repeats of options not listed as repeatable are usage errors naming the
 * option, reported in the order they appear. Non-strict parsing keeps the commands' convention that a
 * value may start with a dash (`--disp0 -3`), and anything with a single dash is an argument.
 */
export function tokenizeOptions(args: readonly string[], known: readonly string[], rules: TokenizeRules = {}): TokenizedArgs {
  const { repeatable = [], flags = [], maxPositionals = Infinity } = rules;
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const name of known) options[name.slice(2)] = { type: flags.includes(name) ? 'boolean' : 'string' };
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true });
  const values = new Map<string, string[]>();
  const positional: string[] = [];
  const addPositional = (arg: string) => {
    if (positional.length >= maxPositionals) throw new UsageError(`unexpected argument "${arg}"`);
    positional.push(arg);
  };
  let lastShortIndex = -1;
  for (const token of tokens) {
    if (token.kind === 'option-terminator') throw new UsageError('unknown option --');
    if (token.kind === 'positional') {
      addPositional(token.value);
      continue;
    }
    if (!token.rawName.startsWith('--')) {
      // "-x" (or a group "-xy", one token per letter) is an argument, as the commands always took it.
      if (token.index !== lastShortIndex) addPositional(args[token.index]);
      lastShortIndex = token.index;
      continue;
    }
    const name = token.rawName;
    if (!known.includes(name)) throw new UsageError(`unknown option ${name}`);
    const list = values.get(name) ?? [];
    if (list.length > 0 && !repeatable.includes(name)) throw new UsageError(`${name} is given more than once`);
    if (flags.includes(name)) {
      if (token.inlineValue) throw new UsageError(`${name} takes no value`);
      list.push('true');
    } else {
      if (token.value === undefined) throw new UsageError(`${name} needs a value`);
      list.push(token.value);
    }
    values.set(name, list);
  }
  return { values, positional };
}
