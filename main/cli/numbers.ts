/**
 * Every number a `faultline` command reads from its options: plain decimals only (no hex, no
 * "Infinity", no empty text, which `Number` would take), each refusal a usage error naming the option.
 */
import { UsageError } from './options';

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** True when `text` is a plain decimal number (`-3`, `.5`, `1e3`). */
export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

/** A finite number, within [min, max] when they are given. */
export function parseNumber(option: string, text: string, min = -Infinity, max = Infinity): number {
  const value = DECIMAL.test(text) ? Number(text) : NaN;
  if (!Number.isFinite(value)) throw new UsageError(`${option} needs a number, got "${text}"`);
  if (value < min || value > max) throw new UsageError(`${option} needs a number from ${min} to ${max}, got "${text}"`);
  return value;
}

/** A whole number from `min` to `max`. */
export function parseWhole(option: string, text: string, min: number, max: number): number {
  const value = parseNumber(option, text);
  if (!Number.isInteger(value) || value < min || value > max) throw new UsageError(`${option} must be a whole number from ${min} to ${max}, got "${text}"`);
  return value;
}

/** A number greater than 0. */
export function parsePositive(option: string, text: string): number {
  const value = DECIMAL.test(text) ? Number(text) : NaN;
  if (!(value > 0) || !Number.isFinite(value)) throw new UsageError(`${option} must be a positive number, got "${text}"`);
  return value;
}

/** "MIN:MAX" with MIN ≤ MAX (negative numbers allowed: "-20:35.5"); `form` names what else is accepted. */
export function parseRange(option: string, text: string, form = 'MIN:MAX'): { min: number; max: number } {
  const parts = text.split(':');
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '') throw new UsageError(`${option} must be ${form}, got "${text}"`);
  const min = parseNumber(option, parts[0]);
  const max = parseNumber(option, parts[1]);
  if (min > max) throw new UsageError(`${option} needs MIN ≤ MAX, got "${text}"`);
  return { min, max };
}
