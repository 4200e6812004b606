/**
 * A stack as JSON plus binary blobs (how a project stores it): each layer is
 * `{ id, kind, name, enabled, opacity, mask?, params, data? }`; painted weights, sculpt tiles,
 * stamp images and heights are float32 arrays kept apart, referred to as `{ "blob": n }`, and
 * `blobs` lists each blob's length in floats. Reading checks every value and names the layer.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../json';
import { isLayerKind } from './registry';
import { MAX_LAYERS, SCULPT_TILE, type Layer, type LayerMask, type LayerSize, type LayerStack } from './types';
import { layerLabel, stackProblem } from './validate';

export interface StackJson {
  json: JsonObject;
  blobs: Float32Array[];
}

/** The params of a layer as JSON (for `faultline layers --json` and the project). */
export function paramsJson(layer: Layer): JsonObject {
  return JSON.parse(JSON.stringify(layer.params)) as JsonObject;
}

export function stackToJson(stack: LayerStack): StackJson {
  const blobs: Float32Array[] = [];
  const blob = (values: Float32Array): JsonObject => {
    blobs.push(values);
    return { blob: blobs.length - 1 };
  };
  const layers = stack.map((layer): JsonObject => {
    const out: JsonObject = { id: layer.id, kind: layer.kind, name: layer.name, enabled: layer.enabled, opacity: layer.opacity };
    if (layer.mask) out.mask = layer.mask.kind === 'painted' ? { kind: 'painted', ...blob(layer.mask.weights) } : { ...layer.mask };
    out.params = paramsJson(layer);
    if (layer.kind === 'sculpt') out.data = { tiles: layer.tiles.map((tile) => ({ i: tile.i, j: tile.j, ...blob(tile.deltas) })) };
    if (layer.kind === 'stamp') out.data = { image: { width: layer.image.width, depth: layer.image.depth, ...blob(layer.image.values) } };
    if (layer.kind === 'heights') out.data = blob(layer.heights);
    return out;
  });
  return { json: { layers, blobs: blobs.map((b) => b.length) }, blobs };
}

export type StackReadResult = { ok: true; stack: Layer[] } | { ok: false; problem: string };

const LAYER_FIELDS = ['id', 'kind', 'name', 'enabled', 'opacity', 'mask', 'params', 'data'];

/**
 * A stack from its JSON and blobs (`blobs[n]` has the length `json.blobs[n]` says: the codec splits
 * them). Every problem names the layer.
 */
export function stackFromJson(json: unknown, blobs: readonly Float32Array[], size: LayerSize): StackReadResult {
  return readStack(
    json,
    blobs.map((blob) => blob.length),
    blobs,
    size,
  );
}

/**
 * The first problem of a stack's JSON given only its blobs' lengths (`json.blobs`), or null: every
 * blob must be exactly what its layer needs, so the data's size is known before any of it is read
 * (a project's `LBIN` is checked against it before it is inflated). Values are not checked.
 */
export function stackShapeProblem(json: unknown, lengths: readonly number[], size: LayerSize): string | null {
  const read = readStack(json, lengths, null, size);
  return read.ok ? null : read.problem;
}

const NO_DATA = new Float32Array(0);

function readStack(json: unknown, lengths: readonly number[], blobs: readonly Float32Array[] | null, size: LayerSize): StackReadResult {
  const fail = (problem: string): StackReadResult => ({ ok: false, problem });
  if (!isJsonObject(json) || !Array.isArray(json.layers)) return fail('the layer stack must be an object with a "layers" list');
  if (json.layers.length > MAX_LAYERS) return fail(`the stack has ${json.layers.length.toLocaleString('en-US')} layers; a stack holds at most ${MAX_LAYERS}`);
  const used = new Set<number>();
  const stack: Layer[] = [];
  for (const [index, value] of json.layers.entries()) {
    if (!isJsonObject(value)) return fail(`layer ${index + 1} is not an object`);
    const label = layerLabel(value, index);
    const bad = (problem: string) => fail(`${label}: ${problem}`);
    if (!isLayerKind(value.kind)) return bad(`unknown layer kind ${JSON.stringify(value.kind)}`);
    for (const key of Object.keys(value)) if (!LAYER_FIELDS.includes(key)) return bad(`unexpected field "${key}"`);
    if (!isJsonObject(value.params)) return bad('params must be an object');
    const take = (ref: JsonValue | undefined, length: number, what: string): Float32Array | string => {
      const n = isJsonObject(ref) ? ref.blob : undefined;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n >= lengths.length) return `${what} refers to no stored data`;
      if (used.has(n)) return `${what} shares stored data with another`;
      used.add(n);
      if (lengths[n] !== length) return `${what} holds ${lengths[n]} values, it needs ${length}`;
      return blobs ? blobs[n] : NO_DATA;
    };
    const mapSize = size.width * size.depth;
    const layer = {
      id: value.id,
      kind: value.kind,
      name: value.name,
      enabled: value.enabled,
      opacity: value.opacity,
      params: value.params,
    } as unknown as Layer;
    if (value.mask !== undefined) {
      if (!isJsonObject(value.mask)) return bad('mask must be an object');
      if (value.mask.kind === 'painted') {
        const weights = take(value.mask, mapSize, 'painted mask');
        if (typeof weights === 'string') return bad(weights);
        layer.mask = { kind: 'painted', weights };
      } else layer.mask = { ...value.mask } as unknown as LayerMask;
    }
    const data = isJsonObject(value.data) ? value.data : null;
    if (layer.kind === 'sculpt' || layer.kind === 'stamp' || layer.kind === 'heights') {
      if (!data) return bad('its data is missing');
      if (layer.kind === 'heights') {
        const heights = take(data, mapSize, 'heights');
        if (typeof heights === 'string') return bad(heights);
        layer.heights = heights;
      } else if (layer.kind === 'stamp') {
        const image = data.image;
        if (!isJsonObject(image) || typeof image.width !== 'number' || typeof image.depth !== 'number' || !(image.width * image.depth <= 4097 * 4097))
          return bad('image is not a heightmap: it needs a width and depth');
        const values = take(image, image.width * image.depth, 'image');
        if (typeof values === 'string') return bad(`image is not a heightmap: ${values}`);
        layer.image = { width: image.width, depth: image.depth, values };
      } else {
        if (!Array.isArray(data.tiles)) return bad('its tiles are missing');
        const tiles = [];
        for (const [n, tile] of data.tiles.entries()) {
          if (!isJsonObject(tile)) return bad(`tile ${n + 1} is not an object`);
          const deltas = take(tile, SCULPT_TILE * SCULPT_TILE, `tile ${n + 1}`);
          if (typeof deltas === 'string') return bad(deltas);
          tiles.push({ i: tile.i as number, j: tile.j as number, deltas });
        }
        layer.tiles = tiles;
      }
    } else if (value.data !== undefined) return bad('unexpected field "data"');
    stack.push(layer);
  }
  if (used.size !== lengths.length) return fail(`the stack stores ${lengths.length - used.size} blocks of data no layer uses`);
  // Without the data (stackShapeProblem) only the shape is known: the values are checked once read.
  if (!blobs) return { ok: true, stack };
  const problem = stackProblem(stack, size);
  return problem ? fail(problem) : { ok: true, stack };
}
