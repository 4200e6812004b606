/** The part of reading a spline file (road.json, river.json) that every spline kind shares. */
import { displayFileName } from '../../shared/codecs/errors';
import { measureJson } from '../../shared/codecs/jsonShape';

export class SplineError extends Error {
  override name = 'SplineError';
}

/**
 * The file's top-level object, measured before it is parsed (at most `maxPoints` points), with only
 * `keys` in it and a `points` array; `fail` throws a SplineError naming the file.
 */
export function readSplineObject(
  bytes: Uint8Array,
  fileName: string,
  maxPoints: number,
  keys: readonly string[],
): { json: Record<string, unknown> & { points: unknown[] }; fail: (problem: string) => never } {
  const name = displayFileName(fileName);
  const fail = (problem: string): never => {
    throw new SplineError(`${name}: ${problem}`);
  };
  const shape = measureJson(bytes, { maxDepth: 4, maxValues: 6 * maxPoints + 16 });
  if (!shape.ok) fail(shape.limit === 'depth' ? 'must be { "points": [[x, z], …] }' : `has more than ${maxPoints} points`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    fail('is not valid JSON text');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fail('must be { "points": [[x, z], …] }');
  const json = parsed as Record<string, unknown>;
  for (const key of Object.keys(json)) if (!keys.includes(key)) fail(`unexpected field "${key}" (known: ${keys.join(', ')})`);
  if (!Array.isArray(json.points)) return fail('must have "points": [[x, z], …] in metres');
  return { json: json as Record<string, unknown> & { points: unknown[] }, fail };
}
