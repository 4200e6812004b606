import type { Heightfield } from '../terrain/heightfield';
import { getPropType, type PropType } from './library';
import { snapProp, type Prop } from './prop';
import { SAMPLE_HEIGHT, sampleSurface } from './surfaceSample';

/**
 * The documented props JSON: an array of
 *   { "type", "x", "y", "z", "yaw", "pitch", "roll", "scale" }
 * in metres and radians, same world convention as the heightfield (shared/terrain/heightfield.ts).
 * y is the base height including the prop's vertical offset; yaw/pitch/roll follow
 * shared/props/orientation.ts (R = Ry(yaw)·Rx(pitch)·Rz(roll), three.js Euler order 'YXZ').
 */
export interface ExportedProp {
  type: string;
  x: number;
  y: number;
  z: number;
  yaw: number;
  pitch: number;
  roll: number;
  scale: number;
}

export function propsToExportRecords(field: Heightfield, props: readonly Prop[], lookup: (id: string) => PropType = getPropType): ExportedProp[] {
  return props.map((prop) => {
    const placed = snapProp(field, prop, lookup(prop.type));
    return { type: prop.type, x: prop.x, y: placed.y, z: prop.z, yaw: prop.yaw, pitch: placed.pitch, roll: placed.roll, scale: prop.scale };
  });
}

/** One record per line: readable, diff-friendly, and still one JSON array. */
export function exportPropsJson(field: Heightfield, props: readonly Prop[], lookup?: (id: string) => PropType): string {
  const records = propsToExportRecords(field, props, lookup);
  if (records.length === 0) return '[]\n';
  return `[\n${records.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]\n`;
}

export class PropsJsonError extends Error {
  override name = 'PropsJsonError';
}

const NUMBER_FIELDS = ['x', 'y', 'z', 'yaw', 'pitch', 'roll', 'scale'] as const;

export interface ParseOptions {
  /** Name of the file, used in error messages. */
  source?: string;
  /** Accept only these type ids (default: any non-empty string). */
  isKnownType?: (id: string) => boolean;
}

/** Parses and validates props JSON; throws a PropsJsonError naming the record and field at fault. */
export function parsePropsJson(text: string, options: ParseOptions = {}): ExportedProp[] {
  const where = options.source ? `${options.source}: ` : '';
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new PropsJsonError(`${where}not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!Array.isArray(data)) throw new PropsJsonError(`${where}expected a JSON array of props, got ${describe(data)}`);
  return data.map((item: unknown, index) => {
    const at = `${where}prop ${index}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new PropsJsonError(`${at}: expected an object, got ${describe(item)}`);
    }
    const record = item as Record<string, unknown>;
    const type = record.type;
    if (typeof type !== 'string' || type.length === 0) throw new PropsJsonError(`${at}: "type" must be a non-empty string, got ${describe(type)}`);
    if (options.isKnownType && !options.isKnownType(type)) throw new PropsJsonError(`${at}: unknown prop type "${type}"`);
    const numbers = {} as Record<(typeof NUMBER_FIELDS)[number], number>;
    for (const field of NUMBER_FIELDS) {
      const value = record[field];
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new PropsJsonError(`${at}: "${field}" must be a finite number, got ${describe(value)}`);
      }
      numbers[field] = value;
    }
    if (!(numbers.scale > 0)) throw new PropsJsonError(`${at}: "scale" must be > 0, got ${numbers.scale}`);
    return { type, ...numbers };
  });
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** Offsets this small are rounding noise from the export, not a designer's intent. */
const OFFSET_EPSILON = 1e-4;

/**
 * Document props from imported records: pitch and roll are dropped (snapping re-derives them from the
 * terrain) and y becomes the offset above the surface at (x, z).
 */
export function propsFromExportRecords(field: Heightfield, records: readonly ExportedProp[], makeId: (k: number) => string): Prop[] {
  const sample = new Float64Array(5);
  return records.map((r, k) => {
    sampleSurface(field, r.x, r.z, sample);
    const offset = r.y - sample[SAMPLE_HEIGHT];
    return { id: makeId(k), type: r.type, x: r.x, z: r.z, yaw: r.yaw, scale: r.scale, offsetY: Math.abs(offset) <= OFFSET_EPSILON ? 0 : offset };
  });
}
