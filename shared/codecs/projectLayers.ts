/**
 * The layer stack's two entries in a v2 `.faultline` project (docs/file-format.md): `LAYR`, the
 * stack as JSON (shared/layers/json.ts), and `LBIN`, its float32 blobs one after another
 * (little-endian). A bad stack never costs the file its heights: the reader reports the problem,
 * naming the layer, and the project opens as one heights layer.
 */
import { stackFromJson, stackShapeProblem, stackToJson, type StackReadResult } from '../layers/json';
import { MAX_LAYERS, MAX_STACK_DATA_BYTES, type LayerSize, type LayerStack } from '../layers/types';
import { stackDataProblem } from '../layers/validate';
import { decodeUtf8, describeBytes, encodeUtf8, float32FromLittleEndianBytes, HOST_IS_LITTLE_ENDIAN } from './bytes';
import { isJsonObject, type JsonObject } from '../json';
import { createJsonMeter } from './jsonShape';

export const ENTRY_LAYERS = 'LAYR';
export const ENTRY_LAYER_DATA = 'LBIN';

/** Most blobs (masks, tiles, images, heights) a stack stores. */
export const MAX_LAYER_BLOBS = 200_000;
/** Most JSON a stack needs: its layers' params (a flatten polygon of 4096 points is the largest). */
export const MAX_LAYERS_JSON_BYTES = 32 * 1024 * 1024;

/** The most bytes of blobs a stack stores, on any map: the one limit (shared/layers/types.ts). */
export const MAX_LAYER_DATA_BYTES = MAX_STACK_DATA_BYTES;

/**
 * The stack's two entries. With `inPlace`, `data` may be the blobs' own memory (layerDataInPlace):
 * for a caller that hands the stack on and keeps nothing of it (main's open).
 */
export function compileLayerEntries(stack: LayerStack, options: { inPlace?: boolean } = {}): { json: Uint8Array; data: Uint8Array } {
  const { json, blobs } = stackToJson(stack);
  let total = 0;
  for (const blob of blobs) total += blob.length;
  // Never throws for a stack beyond the limits (the window builds its save payload here): the writer
  // (compileProject) checks them, with stackProblem and layerJsonProblem.
  const jsonBytes = encodeUtf8(JSON.stringify(json));
  const inPlace = options.inPlace ? layerDataInPlace(blobs) : null;
  if (inPlace) return { json: jsonBytes, data: inPlace };
  const data = new Uint8Array(total * 4);
  let at = 0;
  if (HOST_IS_LITTLE_ENDIAN) {
    // The float32 bytes as they are: one block copy a blob.
    const floats = new Float32Array(data.buffer);
    for (const blob of blobs) {
      floats.set(blob, at);
      at += blob.length;
    }
  } else {
    const view = new DataView(data.buffer);
    for (const blob of blobs) for (let k = 0; k < blob.length; k++, at += 4) view.setFloat32(at, blob[k], true);
  }
  return { json: jsonBytes, data };
}

/**
 * The `LBIN` bytes of a stack as they already lie in memory, without a copy: when its blobs, in the
 * order stackToJson lists them, are consecutive views spanning one buffer (a stack just read from a
 * file is), on a little-endian host. Null otherwise (compileLayerEntries then copies them).
 */
export function layerDataInPlace(blobs: readonly Float32Array[]): Uint8Array | null {
  if (!HOST_IS_LITTLE_ENDIAN || blobs.length === 0) return null;
  const { buffer } = blobs[0];
  let at = 0;
  for (const blob of blobs) {
    if (blob.buffer !== buffer || blob.byteOffset !== at) return null;
    at += blob.byteLength;
  }
  return at === buffer.byteLength ? new Uint8Array(buffer, 0, at) : null;
}

/** The first limit `LAYR` JSON passes (size, nesting, values, layers, blobs), measured without parsing it; null within them all. */
export function layerJsonProblem(jsonBytes: Uint8Array): string | null {
  if (jsonBytes.length > MAX_LAYERS_JSON_BYTES)
    return `the layer stack is ${describeBytes(jsonBytes.length)}, more than the ${describeBytes(MAX_LAYERS_JSON_BYTES)} allowed`;
  const meter = createJsonMeter({ maxDepth: 16, maxValues: 4 * MAX_LAYER_BLOBS + 4_000_000, maxItems: { layers: MAX_LAYERS, blobs: MAX_LAYER_BLOBS } });
  const outcome = meter.push(jsonBytes) ?? meter.finish();
  if (outcome.ok) return null;
  if (outcome.limit === 'items' && outcome.key === 'layers') return `the stack has more than ${MAX_LAYERS} layers, the most a stack holds`;
  if (outcome.limit === 'items') return `the stack stores more than ${MAX_LAYER_BLOBS.toLocaleString('en-US')} blocks of data`;
  return `the layer stack ${outcome.problem}`;
}

/** A stack's JSON, read and checked against its blobs' lengths before any of its data is read. */
export type LayerJsonRead = { ok: true; json: JsonObject; lengths: number[]; dataBytes: number } | { ok: false; problem: string };

/**
 * Reads the `LAYR` entry: measured before it is parsed, then its `blobs` checked against what its
 * layers need (shared/layers/json.ts stackShapeProblem) and against the one limit, so the reader
 * knows exactly how many bytes of `LBIN` the stack needs — and refuses any other length — before it
 * inflates any of it.
 */
export function readLayerJson(jsonBytes: Uint8Array, size: LayerSize): LayerJsonRead {
  const fail = (problem: string): LayerJsonRead => ({ ok: false, problem });
  const measured = layerJsonProblem(jsonBytes);
  if (measured) return fail(measured);
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
  const lengths = json.blobs as number[];
  const shape = stackShapeProblem(json, lengths, size);
  if (shape) return fail(shape);
  if (total * 4 > MAX_LAYER_DATA_BYTES) return fail(stackDataProblem(total * 4));
  return { ok: true, json, lengths, dataBytes: total * 4 };
}

/** The stack from its read JSON and its data as float32 values (owned: the blobs are views of them). */
export function stackFromLayerData(read: Extract<LayerJsonRead, { ok: true }>, all: Float32Array, size: LayerSize): StackReadResult {
  if (all.length * 4 !== read.dataBytes)
    return { ok: false, problem: `the layer data holds ${describeBytes(all.length * 4)}, its stack needs ${describeBytes(read.dataBytes)}` };
  const blobs: Float32Array[] = [];
  let at = 0;
  for (const length of read.lengths) {
    blobs.push(all.subarray(at, at + length));
    at += length;
  }
  return stackFromJson(read.json, blobs, size);
}

/** The stack from its entries' bytes (inflated), or the problem; measured before it is parsed. */
export function readLayerEntries(jsonBytes: Uint8Array, dataBytes: Uint8Array, size: LayerSize): StackReadResult {
  const read = readLayerJson(jsonBytes, size);
  if (!read.ok) return read;
  if (dataBytes.length !== read.dataBytes)
    return { ok: false, problem: `the layer data holds ${describeBytes(dataBytes.length)}, its stack needs ${describeBytes(read.dataBytes)}` };
  // A view when the bytes are aligned (they are the caller's, e.g. a save request's), else a copy.
  return stackFromLayerData(read, float32FromLittleEndianBytes(dataBytes), size);
}
