/**
 * The layer stack's two entries in a v2 `.faultline` project (docs/file-format.md): `LAYR`, the
 * stack as JSON (shared/layers/json.ts), and `LBIN`, its float32 blobs one after another
 * (little-endian). A bad stack never costs the file its heights: the reader reports the problem,
 * naming the layer, and the project opens as one heights layer.
 */
import { stackFromJson, stackToJson, type StackReadResult } from '../layers/json';
import { MAX_LAYERS, type LayerSize, type LayerStack } from '../layers/types';
import { decodeUtf8, describeBytes, encodeUtf8, float32FromLittleEndianBytes } from './bytes';
import { isJsonObject } from './json';
import { createJsonMeter } from './jsonShape';

export const ENTRY_LAYERS = 'LAYR';
export const ENTRY_LAYER_DATA = 'LBIN';

/** Most blobs (masks, tiles, images, heights) a stack stores. */
export const MAX_LAYER_BLOBS = 200_000;
/** Most JSON a stack needs: its layers' params (a flatten polygon of 4096 points is the largest). */
const MAX_LAYERS_JSON_BYTES = 32 * 1024 * 1024;

/** The most bytes of blobs a stack on this map may store: 16 maps' worth (masks, sculpt tiles, heights). */
export function maxLayerDataBytes(size: LayerSize): number {
  return 16 * size.width * size.depth * 4 + 64 * 1024 * 1024;
}

export function compileLayerEntries(stack: LayerStack): { json: Uint8Array; data: Uint8Array } {
  const { json, blobs } = stackToJson(stack);
  let total = 0;
  for (const blob of blobs) total += blob.length;
  const data = new Uint8Array(total * 4);
  const view = new DataView(data.buffer);
  let at = 0;
  for (const blob of blobs) {
    for (let k = 0; k < blob.length; k++, at += 4) view.setFloat32(at, blob[k], true);
  }
  return { json: encodeUtf8(JSON.stringify(json)), data };
}

/** The stack from its entries' bytes (inflated), or the problem; measured before it is parsed. */
export function readLayerEntries(jsonBytes: Uint8Array, dataBytes: Uint8Array, size: LayerSize): StackReadResult {
  const fail = (problem: string): StackReadResult => ({ ok: false, problem });
  if (jsonBytes.length > MAX_LAYERS_JSON_BYTES) return fail(`the layer stack is ${describeBytes(jsonBytes.length)}, more than the ${describeBytes(MAX_LAYERS_JSON_BYTES)} allowed`);
  const meter = createJsonMeter({ maxDepth: 16, maxValues: 4 * MAX_LAYER_BLOBS + 4_000_000, maxItems: { layers: MAX_LAYERS, blobs: MAX_LAYER_BLOBS } });
  const outcome = meter.push(jsonBytes) ?? meter.finish();
  if (!outcome.ok) {
    if (outcome.limit === 'items' && outcome.key === 'layers') return fail(`the stack has more than ${MAX_LAYERS} layers, the most a stack holds`);
    if (outcome.limit === 'items') return fail(`the stack stores more than ${MAX_LAYER_BLOBS.toLocaleString('en-US')} blocks of data`);
    return fail(`the layer stack ${outcome.problem}`);
  }
  const text = decodeUtf8(jsonBytes);
  if (text === undefined) return fail('the layer stack is not valid UTF-8 text');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(`the layer stack is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isJsonObject(json) || !Array.isArray(json.blobs)) return fail('the layer stack lists no "blobs"');
  let total = 0;
  for (const length of json.blobs) {
    if (typeof length !== 'number' || !Number.isInteger(length) || length < 0) return fail('the layer stack\'s "blobs" must be whole numbers');
    total += length;
  }
  if (total * 4 !== dataBytes.length) return fail(`the layer data holds ${describeBytes(dataBytes.length)}, its stack needs ${describeBytes(total * 4)}`);
  const all = float32FromLittleEndianBytes(new Uint8Array(dataBytes));
  const blobs: Float32Array[] = [];
  let at = 0;
  for (const length of json.blobs as number[]) {
    blobs.push(all.subarray(at, at + length));
    at += length;
  }
  return stackFromJson(json, blobs, size);
}
