/**
 * Tiny runtime validators for values that cross the IPC boundary. A validator returns the value
 * typed, or throws a ValidationError that says where and what is wrong.
 */
export class ValidationError extends Error {
  override name = 'ValidationError';
}

export type Validator<T> = (value: unknown, path?: string) => T;
export type Infer<V> = V extends Validator<infer T> ? T : never;

function fail(path: string, expected: string, value: unknown): never {
  const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  throw new ValidationError(`${path || 'value'}: expected ${expected}, got ${got}`);
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
      return value.map((entry, index) => item(entry, `${path}[${index}]`));
    };
  },
  /** Accepts exactly the listed keys (no extras), each checked by its validator. */
  object<S extends Record<string, Validator<unknown>>>(shape: S): Validator<{ [K in keyof S]: Infer<S[K]> }> {
    return (value, path = '') => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object', value);
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (!(key in shape)) throw new ValidationError(`${path ? path + '.' : ''}${key}: unexpected property`);
      }
      const result: Record<string, unknown> = {};
      for (const key of Object.keys(shape)) {
        const checked = shape[key](record[key], path ? `${path}.${key}` : key);
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
  none(): Validator<undefined> {
    return (value, path = '') => (value === undefined || value === null ? undefined : fail(path, 'nothing', value));
  },
};
