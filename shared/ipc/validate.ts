/**
 * Tiny runtime validators for values that cross the IPC boundary. A validator returns the value
 * typed, or throws a ValidationError that says where and what is wrong.
 */
import { plainFileNameProblem, quotedFileName } from '../fileNames';

export class ValidationError extends Error {
  override name = 'ValidationError';
}

export type Validator<T> = (value: unknown, path?: string) => T;
export type Infer<V> = V extends Validator<infer T> ? T : never;

function fail(path: string, expected: string, value: unknown): never {
  throw new ValidationError(`${path || 'value'}: expected ${expected}, got ${kindOf(value)}`);
}

/** What a value is, for messages: a typed array or other class instance by its constructor's name. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value !== 'object') return typeof value;
  if (isPlainObject(value)) return 'object';
  const name: unknown = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && /^[A-Za-z0-9_$]{1,40}$/.test(name) ? name : 'object';
}

/**
 * A plain `{ … }` record (what structured clone and JSON.parse make), checked without enumerating
 * anything: typed arrays, buffers, arrays, Maps, Dates… are refused before a single key is listed
 * (Object.keys of a 64 MiB byte array makes 64 M strings).
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || ArrayBuffer.isView(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const hasOwn = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

/** A key as shown in a message: bounded, control characters escaped. */
function printableKey(key: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  const shown = key.slice(0, 80).replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return key.length > 80 ? `${shown}…` : shown;
}

export const v = {
  string(options: { maxLength?: number; pattern?: RegExp } = {}): Validator<string> {
    const maxLength = options.maxLength ?? 4096;
    return (value, path = '') => {
      if (typeof value !== 'string') fail(path, 'a string', value);
      if (value.length > maxLength) throw new ValidationError(`${path || 'value'}: longer than ${maxLength} characters`);
      if (options.pattern && !options.pattern.test(value)) {
        throw new ValidationError(`${path || 'value'}: does not match ${String(options.pattern)}`);
      }
      return value;
    };
  },
  number(options: { min?: number; max?: number; integer?: boolean } = {}): Validator<number> {
    return (value, path = '') => {
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'a finite number', value);
      if (options.integer && !Number.isInteger(value)) fail(path, 'an integer', value);
      if (options.min !== undefined && value < options.min) throw new ValidationError(`${path || 'value'}: below ${options.min}`);
      if (options.max !== undefined && value > options.max) throw new ValidationError(`${path || 'value'}: above ${options.max}`);
      return value;
    };
  },
  boolean(): Validator<boolean> {
    return (value, path = '') => (typeof value === 'boolean' ? value : fail(path, 'a boolean', value));
  },
  literal<const T extends string | number | boolean>(...options: T[]): Validator<T> {
    return (value, path = '') => {
      if (!options.includes(value as T)) fail(path, `one of ${options.map(String).join(', ')}`, value);
      return value as T;
    };
  },
  optional<T>(inner: Validator<T>): Validator<T | undefined> {
    return (value, path = '') => (value === undefined ? undefined : inner(value, path));
  },
  array<T>(item: Validator<T>, maxLength = 10_000): Validator<T[]> {
    return (value, path = '') => {
      if (!Array.isArray(value)) fail(path, 'an array', value);
      if (value.length > maxLength) throw new ValidationError(`${path || 'value'}: more than ${maxLength} items`);
      // Index by index, not map(): map skips holes, so `new Array(1)` would pass unchecked.
      const result: T[] = [];
      for (let index = 0; index < value.length; index++) result.push(item(value[index], `${path}[${index}]`));
      return result;
    };
  },
  /**
   * Accepts exactly the listed keys (no extras), each checked by its validator. Only plain objects:
   * anything else is refused before its keys are listed; a key is known only if the shape itself
   * has it (`constructor`, `toString`, `__proto__` are unexpected, not found on a prototype).
   */
  object<S extends Record<string, Validator<unknown>>>(shape: S): Validator<{ [K in keyof S]: Infer<S[K]> }> {
    const shapeKeys = Object.keys(shape);
    return (value, path = '') => {
      if (!isPlainObject(value)) fail(path, 'an object', value);
      // More keys than the shape has means an unexpected one: found (and reported) at once.
      const extra = Object.keys(value).find((key) => !hasOwn(shape, key));
      if (extra !== undefined) throw new ValidationError(`${path ? path + '.' : ''}${printableKey(extra)}: unexpected property`);
      const result: Record<string, unknown> = {};
      for (const key of shapeKeys) {
        const checked = shape[key](hasOwn(value, key) ? value[key] : undefined, path ? `${path}.${key}` : key);
        if (checked !== undefined) result[key] = checked;
      }
      return result as { [K in keyof S]: Infer<S[K]> };
    };
  },
  bytes(maxBytes: number): Validator<Uint8Array> {
    return (value, path = '') => {
      if (!(value instanceof Uint8Array)) fail(path, 'bytes (Uint8Array)', value);
      if (value.byteLength > maxBytes) throw new ValidationError(`${path || 'value'}: more than ${maxBytes} bytes`);
      return value;
    };
  },
  /** A plain file name (`shared/fileNames.ts`): never a path, '..', a drive letter or a Windows device name. */
  fileName(maxLength = 255): Validator<string> {
    const text = v.string({ maxLength });
    return (value, path = '') => {
      const name = text(value, path);
      const problem = plainFileNameProblem(name, maxLength);
      if (problem !== null) throw new ValidationError(`${path || 'value'}: ${quotedFileName(name)} ${problem}`);
      return name;
    };
  },
  none(): Validator<undefined> {
    return (value, path = '') => (value === undefined || value === null ? undefined : fail(path, 'nothing', value));
  },
};
