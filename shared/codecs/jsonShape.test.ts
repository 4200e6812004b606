import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { createJsonMeter, measureJson } from './jsonShape';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The figures measureJson must give, from the parsed value. */
function reference(value: Json, tracked: readonly string[]): { depth: number; values: number; items: Record<string, number> } {
  let values = 0;
  const depthOf = (v: Json): number => {
    values++;
    if (v === null || typeof v !== 'object') return 0;
    const children = Array.isArray(v) ? v : Object.values(v);
    return 1 + Math.max(0, ...children.map(depthOf));
  };
  const depth = depthOf(value);
  const items: Record<string, number> = {};
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const key of tracked) {
      const list = value[key];
      if (Array.isArray(list)) items[key] = list.length;
    }
  }
  return { depth, values, items };
}

function randomJson(next: () => number, depth: number): Json {
  const pick = Math.floor(next() * (depth > 4 ? 6 : 8));
  const strings = ['', 'a', 'with "quotes"', 'back\\slash\\', 'ends with \\', '{[,:]}', 'ünï ⛰', '\u0001\n\t'];
  switch (pick) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return Math.round((next() - 0.5) * 1e6) / 7;
    case 3:
      return -1e-7 * next();
    case 4:
    case 5:
      return strings[Math.floor(next() * strings.length)];
    case 6:
      return Array.from({ length: Math.floor(next() * 5) }, () => randomJson(next, depth + 1));
    default: {
      const out: { [key: string]: Json } = {};
      const count = Math.floor(next() * 5);
      for (let k = 0; k < count; k++) out[strings[Math.floor(next() * strings.length)] + k] = randomJson(next, depth + 1);
      return out;
    }
  }
}

/** JSON with random (valid) whitespace between tokens. */
function spaced(value: Json, next: () => number): string {
  const gap = () => [' ', '\n', '\t', '', '', '\r\n  '][Math.floor(next() * 6)];
  if (value === null || typeof value !== 'object') return `${gap()}${JSON.stringify(value)}${gap()}`;
  if (Array.isArray(value)) return `${gap()}[${value.map((v) => spaced(v, next)).join(',')}${gap()}]${gap()}`;
  return `{${gap()}${Object.entries(value)
    .map(([k, v]) => `${gap()}${JSON.stringify(k)}${gap()}:${spaced(v, next)}`)
    .join(',')}}`;
}

const UNBOUNDED = { maxDepth: 1000, maxValues: 1e9 };

describe('measureJson', () => {
  it('gives exactly the depth, value count and tracked array lengths of whatever JSON.parse accepts', () => {
    const random = createRandom(2024);
    const next = () => random.next();
    for (let trial = 0; trial < 400; trial++) {
      const top: { [key: string]: Json } = {
        props: Array.from({ length: Math.floor(next() * 20) }, () => randomJson(next, 2)),
        history: Array.from({ length: Math.floor(next() * 6) }, () => randomJson(next, 2)),
        view: randomJson(next, 1),
      };
      const value: Json = trial % 10 === 9 ? randomJson(next, 0) : top;
      const text = trial % 2 ? JSON.stringify(value) : spaced(value, next);
      expect(JSON.parse(text)).toEqual(value);
      const limits = { ...UNBOUNDED, maxItems: { props: 1e9, history: 1e9 } };
      const outcome = measureJson(text, limits);
      expect(outcome, text).toEqual({ ok: true, shape: { ...reference(value, ['props', 'history']), length: text.length } });
      // The same figures from the UTF-8 bytes, before any decoding.
      const bytes = new TextEncoder().encode(text);
      const fromBytes = measureJson(bytes, limits);
      expect(fromBytes).toEqual({ ok: true, shape: { ...(outcome.ok ? outcome.shape : {}), length: bytes.length } });
      // Fed in pieces of any size, as an inflating entry arrives: the same figures.
      const meter = createJsonMeter(limits);
      for (let at = 0; at < bytes.length;) {
        const size = 1 + Math.floor(next() * 7);
        expect(meter.push(bytes.subarray(at, at + size))).toBeNull();
        at += size;
      }
      expect(meter.finish()).toEqual(fromBytes);
    }
  });

  it('reads a top-level key with escapes as JSON.parse does, and sums a key given twice', () => {
    const text = '{"pr\\u006fps":[1,2,3],"props":[{}],"history":[]}';
    expect(measureJson(text, { ...UNBOUNDED, maxItems: { props: 10, history: 10 } })).toMatchObject({ ok: true, shape: { items: { props: 4, history: 0 } } });
    expect(measureJson(text, { ...UNBOUNDED, maxItems: { props: 3 } })).toEqual({
      ok: false,
      limit: 'items',
      key: 'props',
      problem: 'holds more than 3 items in "props"',
    });
  });

  it('stops at the first limit crossed: 250,001 props refused before the nesting that follows them is reached', () => {
    const text = `{"props":[${'{},'.repeat(250_000)}{}],"view":${'['.repeat(100)}${']'.repeat(100)}}`;
    expect(measureJson(text, { maxDepth: 32, maxValues: 1e9, maxItems: { props: 250_000 } })).toMatchObject({ ok: false, limit: 'items', key: 'props' });
    expect(measureJson(text, { maxDepth: 32, maxValues: 1e9, maxItems: { props: 250_001 } })).toMatchObject({ ok: false, limit: 'depth' });
  });

  it('refuses deep nesting and too many values at the first one past the limit', () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    expect(measureJson(deep, { maxDepth: 32, maxValues: 1e9 })).toEqual({ ok: false, limit: 'depth', problem: 'nests deeper than 32 levels' });
    expect(measureJson('[[[[]]]]', { maxDepth: 4, maxValues: 10 })).toMatchObject({ ok: true, shape: { depth: 4, values: 4 } });
    expect(measureJson('{"a":{"b":{"c":{"d":{}}}}}', { maxDepth: 4, maxValues: 10 })).toMatchObject({
      ok: false,
      limit: 'depth',
      problem: 'nests deeper than 4 levels',
    });
    expect(measureJson(`[${'0,'.repeat(1000)}0]`, { maxDepth: 4, maxValues: 1000 })).toEqual({
      ok: false,
      limit: 'values',
      problem: 'holds more than 1000 values',
    });
    expect(measureJson(`[${'"x",'.repeat(1000)}"x"]`, { maxDepth: 4, maxValues: 1000 })).toEqual({
      ok: false,
      limit: 'values',
      problem: 'holds more than 1000 values',
    });
  });

  it('is not fooled by brackets, quotes and backslashes inside strings', () => {
    const text = JSON.stringify({ props: ['[[[[', '\\', '"]]],{', '\\"'], view: { s: '\\\\"[' } });
    expect(measureJson(text, { maxDepth: 2, maxValues: 100, maxItems: { props: 4 } })).toEqual({
      ok: true,
      shape: { depth: 2, values: 8, items: { props: 4 }, length: text.length },
    });
  });

  it('survives text that is not JSON (JSON.parse refuses it afterwards)', () => {
    for (const text of ['', '"', '"\\', '{"props":[1,2', ']]]]}}}', '{"a"', ',,,,', 'tru', '{"props":[{"a":"b]}']) {
      expect(measureJson(text, { maxDepth: 8, maxValues: 100, maxItems: { props: 5 } }).ok, text).toBe(true);
    }
  });
});
