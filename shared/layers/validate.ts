/**
 * Checks a stack before it is evaluated: every problem names the layer (its position, name and
 * kind), e.g. `layer 3 "Erosion" (hydraulic): droplets must be a whole number from 0 to 50000000`.
 */
import { isFiniteNumber } from './kind';
import { maskProblem } from './mask';
import { isLayerKind, kindOf } from './registry';
import { MAX_LAYERS, MAX_STACK_DATA_BYTES, stackDataBytes, type Layer, type LayerSize, type LayerStack } from './types';

export const MAX_LAYER_NAME = 200;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/**
 * What a name shown in a terminal or a list may not hold: control characters (C0, DEL, C1 — the
 * ESC of ANSI sequences among them), line and paragraph separators, and bidirectional overrides
 * and isolates (they reorder the text printed after them).
 */
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const UNPRINTABLE_ALL = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The one rule for the name of a layer or a road (the layer stack, a road spline file, the window's
 * rename): a text of 1 to MAX_LAYER_NAME characters, not only spaces, with nothing unprintable.
 * Refused rather than cleaned, so a name is kept as the user typed it or not at all.
 */
export function layerNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name.length > MAX_LAYER_NAME) return `name must be a text of at most ${MAX_LAYER_NAME} characters`;
  if (name.trim().length === 0) return 'name must not be empty';
  const bad = UNPRINTABLE.exec(name);
  if (bad)
    return (
      `name must not hold control characters (it has U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} at ` +
      `character ${bad.index + 1})`
    );
  return null;
}

/** A text from a file as a message may show it: each unprintable character as \u{…}. */
export function printableText(text: string): string {
  return text.replace(UNPRINTABLE_ALL, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** How a layer is named in messages (from a file, so unprintable characters are shown escaped). */
export function layerLabel(layer: { id?: unknown; name?: unknown; kind?: unknown }, index: number): string {
  const name =
    typeof layer.name === 'string' && layer.name.trim().length > 0
      ? ` "${printableText(layer.name.slice(0, 60))}"`
      : typeof layer.id === 'string'
        ? ` "${printableText(layer.id.slice(0, 64))}"`
        : '';
  const kind = typeof layer.kind === 'string' ? ` (${printableText(layer.kind.slice(0, 40))})` : '';
  return `layer ${index + 1}${name}${kind}`;
}

/** The first problem with one layer (not naming it), or null. */
export function layerProblem(layer: Layer, size: LayerSize): string | null {
  if (!isLayerKind(layer.kind)) return `unknown layer kind ${JSON.stringify(layer.kind)}`;
  if (typeof layer.id !== 'string' || !ID_PATTERN.test(layer.id)) return 'id must be 1 to 64 letters, digits, "-" or "_"';
  const nameProblem = layerNameProblem(layer.name);
  if (nameProblem) return nameProblem;
  if (typeof layer.enabled !== 'boolean') return 'enabled must be true or false';
  if (!isFiniteNumber(layer.opacity) || layer.opacity < 0 || layer.opacity > 1) return 'opacity must be from 0 to 1';
  if (layer.mask !== undefined) {
    const problem = typeof layer.mask === 'object' && layer.mask !== null ? maskProblem(layer.mask, size) : 'mask must be an object';
    if (problem) return problem;
  }
  if (typeof layer.params !== 'object' || layer.params === null) return 'params must be an object';
  return kindOf(layer).problem(layer, size);
}

/** The first problem with a stack, naming the layer, or null. */
export function stackProblem(stack: LayerStack, size: LayerSize): string | null {
  if (stack.length > MAX_LAYERS) return `has ${stack.length.toLocaleString('en-US')} layers; a stack holds at most ${MAX_LAYERS}`;
  const ids = new Set<string>();
  for (const [index, layer] of stack.entries()) {
    const problem = layerProblem(layer, size);
    if (problem) return `${layerLabel(layer, index)}: ${problem}`;
    if (ids.has(layer.id)) return `${layerLabel(layer, index)}: id "${layer.id}" is used by another layer`;
    ids.add(layer.id);
  }
  const bytes = stackDataBytes(stack);
  if (bytes > MAX_STACK_DATA_BYTES) return stackDataProblem(bytes);
  return null;
}

/** The stack's data passes the one limit (MAX_STACK_DATA_BYTES): the edit that would do it is refused. */
export function stackDataProblem(bytes: number): string {
  const mib = (n: number) => `${(n / 2 ** 20).toLocaleString('en-US', { maximumFractionDigits: 2 })} MiB`;
  return (
    `the layers would store ${mib(bytes)} of masks, sculpting, stamp images and heights layers, more than the ${mib(MAX_STACK_DATA_BYTES)} a ` +
    `stack may hold (remove or merge a layer first)`
  );
}

/** Throws a RangeError naming the layer when the stack is not valid. */
export function assertValidStack(stack: LayerStack, size: LayerSize): void {
  const problem = stackProblem(stack, size);
  if (problem) throw new RangeError(problem);
}
