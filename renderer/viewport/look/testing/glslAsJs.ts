/**
 * Shader text run as JavaScript, for tests that hold the GPU's sums to the CPU's: GLSL's built-ins
 * as the GLSL ES 3.00 specification defines them, a function's body cut from a shader's source, and
 * the few rewrites that make a scalar body JavaScript (declarations become lets, `1.0` becomes `1`).
 */

/** GLSL's smoothstep. */
export function glslSmoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

/** GLSL's step. */
export const glslStep = (edge: number, x: number): number => (x < edge ? 0 : 1);

/** GLSL's mix of two vectors (arrays) by `f`. */
export const glslMix = (a: number[], b: number[], f: number): number[] => a.map((v, c) => v + (b[c] - v) * f);

/** A GLSL function's body in `source`: from its signature's '{' to the '}' that closes it at a line's start. */
export function glslBody(source: string, signature: string): string {
  const from = source.slice(source.indexOf(signature));
  return from.slice(from.indexOf('{') + 1, from.indexOf('\n}'));
}

/** A GLSL body as JavaScript: declarations of `types` (float by default) become lets, and `1.0` becomes `1`. */
export function glslToJs(body: string, types: readonly string[] = ['float']): string {
  const declaration = new RegExp(`\\b(${types.join('|')})\\s+(?=\\w+\\s*=)`, 'g');
  return body.replace(declaration, 'let ').replace(/(\d)\.0\b/g, '$1');
}
