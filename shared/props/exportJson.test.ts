import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { findPropType, PROP_TYPES } from './library';
import { exportPropsJson, parsePropsJson, propsFromExportRecords, PropsJsonError } from './exportJson';
import { snapProp, type Prop } from './prop';
import { bumpyField } from './testing/fixtures';
import { referenceHeight } from './testing/referenceSurface';

describe('props JSON', () => {
  const field = bumpyField(33, 21, 1.25, 5, 12);
  const random = createRandom(6);
  const props: Prop[] = Array.from({ length: 40 }, (_, k) => ({
    id: `p${k}`,
    type: PROP_TYPES[k % PROP_TYPES.length].id,
    x: (random.next() * 2 - 1) * 20,
    z: (random.next() * 2 - 1) * 12.5,
    yaw: random.next() * 2 * Math.PI,
    scale: 0.5 + random.next(),
    offsetY: k % 4 === 0 ? -0.3 : 0,
  }));

  it('writes the documented fields with y = surface height + offset and the snapped angles', () => {
    const records = JSON.parse(exportPropsJson(field, props)) as Array<Record<string, unknown>>;
    expect(records).toHaveLength(props.length);
    records.forEach((record, k) => {
      expect(Object.keys(record).sort()).toEqual(['pitch', 'roll', 'scale', 'type', 'x', 'y', 'yaw', 'z']);
      const prop = props[k];
      expect(record.y as number).toBeCloseTo(referenceHeight(field, prop.x, prop.z) + (prop.offsetY ?? 0), 4);
      const placed = snapProp(field, prop);
      expect([record.type, record.x, record.z, record.yaw, record.scale, record.pitch, record.roll]).toEqual([
        prop.type,
        prop.x,
        prop.z,
        prop.yaw,
        prop.scale,
        placed.pitch,
        placed.roll,
      ]);
    });
  });

  it('round-trips through parse and import to the same props', () => {
    const parsed = parsePropsJson(exportPropsJson(field, props), { isKnownType: (id) => findPropType(id) !== undefined });
    const back = propsFromExportRecords(field, parsed, (k) => `p${k}`);
    back.forEach((prop, k) => {
      const { offsetY, ...rest } = props[k];
      const { offsetY: backOffset, ...backRest } = prop;
      expect(backRest).toEqual(rest);
      expect(Math.abs((backOffset ?? 0) - (offsetY ?? 0))).toBeLessThan(1e-9);
    });
    expect(parsePropsJson(exportPropsJson(field, []))).toEqual([]);
  });

  it('rejects bad files with errors naming the record and the problem', () => {
    const good = { type: 'rock', x: 1, y: 2, z: 3, yaw: 0, pitch: 0, roll: 0, scale: 1 };
    const cases: Array<[string, RegExp]> = [
      ['[{', /props\.json: not valid JSON/],
      ['{"type":"rock"}', /expected a JSON array of props, got an object/],
      [JSON.stringify([good, 7]), /prop 1: expected an object, got 7/],
      [JSON.stringify([{ ...good, type: '' }]), /prop 0: "type" must be a non-empty string/],
      [JSON.stringify([{ ...good, type: 'ufo' }]), /prop 0: unknown prop type "ufo"/],
      [JSON.stringify([good, { ...good, yaw: 'north' }]), /prop 1: "yaw" must be a finite number, got "north"/],
      [JSON.stringify([{ ...good, z: undefined }]), /prop 0: "z" must be a finite number, got nothing/],
      [JSON.stringify([{ ...good, scale: 0 }]), /prop 0: "scale" must be > 0/],
      ['[{"type":"rock","x":1e999,"y":0,"z":0,"yaw":0,"pitch":0,"roll":0,"scale":1}]', /prop 0: "x" must be a finite number/],
    ];
    for (const [text, message] of cases) {
      const parse = (): unknown => parsePropsJson(text, { source: 'props.json', isKnownType: (id) => findPropType(id) !== undefined });
      expect(parse).toThrow(PropsJsonError);
      expect(parse).toThrow(message);
    }
  });
});
