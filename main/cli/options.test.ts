import { describe, expect, it } from 'vitest';
import { parseGenerateArgs } from './args';
import { parseDriveArgs } from './drive';
import { parseErodeArgs } from './erode';
import { parseExportArgs, parseInfoArgs } from './exchangeArgs';
import { tokenizeOptions, UsageError } from './options';
import { parseScatterArgs } from './scatter';

describe('tokenizeOptions', () => {
  const known = ['--out', '--seed', '--flip'];
  const rules = { repeatable: ['--out'], flags: ['--flip'] };

  it('reads values in both spellings, repeats, flags, and values that start with a dash', () => {
    const { values, positional } = tokenizeOptions(['in.png', '--out', 'a.png', '--out=b.r32', '--seed', '-3', '--flip', '-x'], known, rules);
    expect(values.get('--out')).toEqual(['a.png', 'b.r32']);
    expect(values.get('--seed')).toEqual(['-3']);
    expect(values.get('--flip')).toEqual(['true']);
    expect(positional).toEqual(['in.png', '-x']);
  });

  it.each([
    ['unknown option', ['--colour', 'red'], 'unknown option --colour'],
    ['unknown option with a value', ['--colour=red'], 'unknown option --colour'],
    ['missing value', ['--seed'], '--seed needs a value'],
    ['repeat', ['--seed', '1', '--seed=2'], '--seed is given more than once'],
    ['value given to a flag', ['--flip=yes'], '--flip takes no value'],
    ['option terminator', ['--', 'a'], 'unknown option --'],
    ['too many arguments', ['a', 'b'], 'unexpected argument "b"'],
  ])('%s is a usage error naming it', (_, args, text) => {
    const run = () => tokenizeOptions(args, known, { ...rules, maxPositionals: 1 });
    expect(run).toThrow(UsageError);
    expect(run).toThrow(text);
  });

  it('reports the first mistake in the order given', () => {
    expect(() => tokenizeOptions(['--bogus', '--seed'], known, rules)).toThrow('unknown option --bogus');
    expect(() => tokenizeOptions(['--seed', '1', 'x', '--bogus'], known, { maxPositionals: 0 })).toThrow('unexpected argument "x"');
  });
});

describe('every command reads its options the same way', () => {
  it.each([
    ['generate', () => parseGenerateArgs(['--size', '9', '--wobble', '1', '--out', 'a.r32']), 'unknown option --wobble'],
    ['generate', () => parseGenerateArgs(['--size', '9', '--out', 'a.r32', '--seed']), '--seed needs a value'],
    ['export', () => parseExportArgs(['in.png', '--out', 'o.r16', '--wobble']), 'unknown option --wobble'],
    ['export', () => parseExportArgs(['in.png', '--out']), '--out needs a value'],
    ['info', () => parseInfoArgs(['in.png', '--in-flip=1']), '--in-flip takes no value'],
    ['erode', () => parseErodeArgs(['in.png', '--thermal', '5', '--out', 'o.png', '--wobble', '2']), 'unknown option --wobble'],
    ['erode', () => parseErodeArgs(['in.png', '--out', 'o.png', '--thermal']), '--thermal needs a value'],
    ['erode', () => parseErodeArgs(['in.png', '--seed', '1', '--seed', '2']), '--seed is given more than once'],
    ['scatter', () => parseScatterArgs(['t.png', '--type', 'rock', '--wobble', '1']), 'unknown option --wobble'],
    ['scatter', () => parseScatterArgs(['t.png', '--count']), '--count needs a value'],
    ['drive', () => parseDriveArgs(['t.png', '--route', 'r.json', '--wobble', '1']), 'unknown option --wobble'],
    ['drive', () => parseDriveArgs(['t.png', '--route']), '--route needs a value'],
  ])('%s: %s', (_, run, text) => {
    expect(run).toThrow(UsageError);
    expect(run).toThrow(text);
  });

  it('erode still takes repeated --out and its erosion values', () => {
    const options = parseErodeArgs(['in.png', '--thermal=5', '--out', 'a.png', '--out', 'b.r32', '--seed', '4']);
    expect(options.outputs).toEqual(['a.png', 'b.r32']);
    expect(options.input).toBe('in.png');
    expect(options.steps.map((s) => s.kind)).toEqual(['thermal']);
  });
});
