/**
 * Measures JSON before it is parsed: nesting depth, how many values it would make, and how many
 * items the arrays under chosen top-level keys hold. One pass over the characters, in pieces as
 * they arrive (e.g. while a compressed entry inflates), nothing allocated per value, stopping at
 * the first limit crossed: a small hostile file (21 M empty props, a million nested brackets) is
 * refused after reading a little of it, instead of being inflated whole and materialised by
 * JSON.parse (or overflowing the stack of a recursive JSON.stringify later).
 *
 * The text may come as a string or as UTF-8 bytes: every character that matters here is ASCII, and
 * in UTF-8 no byte of a multi-byte character is below 0x80. The grammar is not checked (JSON.parse
 * does that afterwards); for any text JSON.parse accepts, the figures are exact.
 */

export interface JsonShapeLimits {
  /** Deepest nesting of arrays and objects; the top-level container is depth 1. */
  maxDepth: number;
  /** Most values (objects, arrays, strings, numbers, literals; object keys not counted). */
  maxValues: number;
  /** Most items of the array that is the value of this top-level key, e.g. `{ props: 250_000 }`. */
  maxItems?: Readonly<Record<string, number>>;
}

export interface JsonShape {
  /** Deepest nesting seen. */
  depth: number;
  values: number;
  /** Items of the arrays under the keys of `maxItems` (summed if a key appears twice). */
  items: Record<string, number>;
  /** Characters (string) or bytes measured. */
  length: number;
}

/** A refusal says which limit was crossed (`key`: the tracked key whose array was too long). */
export type JsonShapeOutcome = { ok: true; shape: JsonShape } | { ok: false; limit: 'depth' | 'values' | 'items'; key?: string; problem: string };

export interface JsonMeter {
  /** Measures the next piece of the text; the refusal once a limit is crossed (then stop feeding), else null. */
  push(piece: string | Uint8Array): Extract<JsonShapeOutcome, { ok: false }> | null;
  /** The figures of everything pushed (or the refusal). */
  finish(): JsonShapeOutcome;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const OBJECT = 1;
const ARRAY = 2;
/** Longest top-level key read, in code units with escapes (a longer one cannot be a key of `maxItems`). */
const MAX_KEY_UNITS = 256 * 6;

/** Where the scan is between two characters. */
const BETWEEN = 0;
const IN_STRING = 1;
const IN_ESCAPE = 2;
/** In a number or literal (true, false, null). */
const IN_TOKEN = 3;

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function endsToken(c: number): boolean {
  return isWhitespace(c) || c === COMMA || c === CLOSE_ARRAY || c === CLOSE_OBJECT || c === COLON || c === QUOTE || c === OPEN_ARRAY || c === OPEN_OBJECT;
}

/** A key's code units (with escapes, as written) as JSON.parse reads the key; '' if not a plain string. */
function decodeKey(units: readonly number[]): string {
  const literal = `"${String.fromCharCode(...units)}"`;
  if (!units.includes(BACKSLASH)) return literal.slice(1, -1);
  try {
    const decoded: unknown = JSON.parse(literal);
    return typeof decoded === 'string' ? decoded : '';
  } catch {
    return '';
  }
}

export function createJsonMeter(limits: JsonShapeLimits): JsonMeter {
  const maxItems = limits.maxItems ?? {};
  const tracked = (key: string): boolean => Object.prototype.hasOwnProperty.call(maxItems, key);
  const items: Record<string, number> = {};
  const kinds = new Uint8Array(limits.maxDepth + 1);
  let mode = BETWEEN;
  let depth = 0;
  let deepest = 0;
  let values = 0;
  let length = 0;
  /** In an object, the next string is a key. */
  let expectKey = false;
  /** The string being read is a key of the top-level object: its units are kept. */
  let readingTopKey = false;
  const keyUnits: number[] = [];
  /** The last key read in the top-level object. */
  let topKey = '';
  /** The tracked array being counted (its key), open at depth 2, and its items so far. */
  let counting: string | null = null;
  let counted = 0;
  let refusal: Extract<JsonShapeOutcome, { ok: false }> | null = null;

  const refuse = (outcome: Extract<JsonShapeOutcome, { ok: false }>) => (refusal = outcome);
  const tooMany = () => refuse({ ok: false, limit: 'values', problem: `holds more than ${limits.maxValues} values` });
  const tooManyItems = (key: string) => refuse({ ok: false, limit: 'items', key, problem: `holds more than ${maxItems[key]} items in "${key}"` });

  /** A value starts at the current depth: count it, and an item of the array being counted. */
  const valueStarts = (): boolean => {
    values++;
    if (counting !== null && depth === 2 && counted === 0) counted = 1;
    if (values > limits.maxValues) tooMany();
    return refusal === null;
  };

  /** One code unit between strings and tokens; false once refused. */
  const structural = (c: number): boolean => {
    switch (c) {
      case QUOTE:
        mode = IN_STRING;
        if (expectKey && kinds[depth] === OBJECT) {
          expectKey = false;
          readingTopKey = depth === 1;
          keyUnits.length = 0;
          return true;
        }
        readingTopKey = false;
        return valueStarts();
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        if (!valueStarts()) return false;
        if (depth === limits.maxDepth) {
          refuse({ ok: false, limit: 'depth', problem: `nests deeper than ${limits.maxDepth} levels` });
          return false;
        }
        depth++;
        if (depth > deepest) deepest = depth;
        kinds[depth] = c === OPEN_OBJECT ? OBJECT : ARRAY;
        expectKey = c === OPEN_OBJECT;
        if (c === OPEN_ARRAY && depth === 2 && kinds[1] === OBJECT && tracked(topKey)) {
          counting = topKey;
          counted = 0;
        }
        return true;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        if (counting !== null && depth === 2) {
          const key = counting;
          items[key] = (items[key] ?? 0) + counted;
          counting = null;
          if (items[key] > maxItems[key]) {
            tooManyItems(key);
            return false;
          }
        }
        if (depth > 0) depth--;
        expectKey = false;
        return true;
      case COMMA:
        expectKey = kinds[depth] === OBJECT;
        if (counting !== null && depth === 2 && ++counted + (items[counting] ?? 0) > maxItems[counting]) {
          tooManyItems(counting);
          return false;
        }
        return true;
      case COLON:
        expectKey = false;
        return true;
      default:
        if (isWhitespace(c)) return true;
        // A number or a literal: one value, up to the next structural character.
        mode = IN_TOKEN;
        return valueStarts();
    }
  };

  const step = (c: number): boolean => {
    switch (mode) {
      case IN_STRING:
        if (c === QUOTE) {
          mode = BETWEEN;
          if (readingTopKey) topKey = keyUnits.length <= MAX_KEY_UNITS ? decodeKey(keyUnits) : '';
          readingTopKey = false;
        } else {
          if (c === BACKSLASH) mode = IN_ESCAPE;
          if (readingTopKey && keyUnits.length <= MAX_KEY_UNITS) keyUnits.push(c);
        }
        return true;
      case IN_ESCAPE:
        mode = IN_STRING;
        if (readingTopKey && keyUnits.length <= MAX_KEY_UNITS) keyUnits.push(c);
        return true;
      case IN_TOKEN:
        if (!endsToken(c)) return true;
        mode = BETWEEN;
        return structural(c);
      default:
        return structural(c);
    }
  };

  return {
    push(piece) {
      if (refusal) return refusal;
      // The common characters (white space between values, plain characters inside strings) are
      // handled inline; step() takes the rest.
      if (typeof piece === 'string') {
        for (let k = 0; k < piece.length; k++) {
          const c = piece.charCodeAt(k);
          if (mode === BETWEEN ? isWhitespace(c) : mode === IN_STRING && !readingTopKey && c !== QUOTE && c !== BACKSLASH) continue;
          if (!step(c)) break;
        }
      } else {
        for (let k = 0; k < piece.length; k++) {
          const c = piece[k];
          if (mode === BETWEEN ? isWhitespace(c) : mode === IN_STRING && !readingTopKey && c !== QUOTE && c !== BACKSLASH) continue;
          if (!step(c)) break;
        }
      }
      length += piece.length;
      return refusal;
    },
    finish() {
      if (refusal) return refusal;
      // An array left open (invalid JSON, refused by JSON.parse) still counts what it held.
      if (counting !== null) items[counting] = (items[counting] ?? 0) + counted;
      counting = null;
      return { ok: true, shape: { depth: deepest, values, items, length } };
    },
  };
}

/** Measures whole JSON text (a string or its UTF-8 bytes). */
export function measureJson(json: string | Uint8Array, limits: JsonShapeLimits): JsonShapeOutcome {
  const meter = createJsonMeter(limits);
  return meter.push(json) ?? meter.finish();
}
