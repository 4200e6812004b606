import { describe, expect, it } from 'vitest';
import { isDecimal, parseNumber, parsePositive, parseRange, parseWhole } from './numbers';
import { UsageError } from './options';

describe('CLI numbers', () => {
  it('reads plain decimals and refuses what Number() would also take', () => {
    expect(parseNumber('--x', '-3.5')).toBe(-3.5);
    expect(parseNumber('--x', '.5')).toBe(0.5);
    expect(parseNumber('--x', '1e3')).toBe(1000);
    for (const text of ['', ' ', '0x10', 'Infinity', '1e999', 'NaN', '3m']) {
      expect(() => parseNumber('--x', text)).toThrow(new UsageError(`--x needs a number, got "${text}"`));
    }
    expect(isDecimal('2.')).toBe(true);
    expect(isDecimal('0b1')).toBe(false);
  });

  it('names the bounds a number or a whole number must keep', () => {
    expect(() => parseNumber('--talus', '95', 0.01, 89.99)).toThrow('--talus needs a number from 0.01 to 89.99, got "95"');
    expect(parseWhole('--n', '7', 0, 7)).toBe(7);
    expect(() => parseWhole('--n', '8', 0, 7)).toThrow('--n must be a whole number from 0 to 7, got "8"');
    expect(() => parseWhole('--n', '1.5', 0, 7)).toThrow('--n must be a whole number from 0 to 7, got "1.5"');
    expect(() => parseWhole('--n', 'lots', 0, 7)).toThrow('--n needs a number, got "lots"');
  });

  it('reads positive numbers and MIN:MAX ranges', () => {
    expect(parsePositive('--speed', '2.5')).toBe(2.5);
    expect(() => parsePositive('--speed', '0')).toThrow('--speed must be a positive number, got "0"');
    expect(parseRange('--h', '-20:35.5')).toEqual({ min: -20, max: 35.5 });
    expect(() => parseRange('--h', '5:1')).toThrow('--h needs MIN ≤ MAX, got "5:1"');
    expect(() => parseRange('--h', '1:2:3')).toThrow('--h must be MIN:MAX, got "1:2:3"');
    expect(() => parseRange('--h', ':2', 'auto or MIN:MAX')).toThrow('--h must be auto or MIN:MAX, got ":2"');
  });
});
