/** Wavefront OBJ export of the terrain mesh: exactly buildTerrainMesh's triangles, metres, y up. */
import type { Heightfield } from '../terrain/heightfield';
import { buildTerrainMesh } from '../terrain/mesh';
import { failFor } from './errors';
import { assertFiniteHeights } from './heightmap';
import { SOFTWARE_NAME } from './png-heightmap';

/** JS strings and single buffers are bounded; beyond this a GLB is the right format anyway. */
const MAX_OBJ_BYTES = 1.5 * 1024 ** 3;

/** Shortest decimal that reads back as the same float32, so OBJ vertices equal the heights exactly. */
export function formatFloat32(value: number): string {
  const plain = String(value);
  if (plain.length <= 9) return plain;
  for (let digits = 6; digits < 9; digits++) {
    const text = Number(value.toPrecision(digits)).toString();
    if (Math.fround(Number(text)) === value) return text;
  }
  return Number(value.toPrecision(9)).toString();
}

class AsciiSink {
  private buffer = new Uint8Array(1 << 20);
  length = 0;

  constructor(private readonly fail: (p: string) => never) {}

  write(text: string): void {
    if (this.length + text.length > this.buffer.length) {
      const size = Math.max(this.length + text.length, this.buffer.length * 2);
      if (size > MAX_OBJ_BYTES) this.fail('is too large to write as OBJ; export it as GLB instead');
      const next = new Uint8Array(size);
      next.set(this.buffer.subarray(0, this.length));
      this.buffer = next;
    }
    for (let k = 0; k < text.length; k++) this.buffer[this.length++] = text.charCodeAt(k);
  }

  finish(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

export function compileObj(field: Heightfield, _options?: undefined, fileName = 'terrain.obj'): Uint8Array {
  assertFiniteHeights(field, fileName);
  const { positions, normals, indices } = buildTerrainMesh(field);
  const out = new AsciiSink(failFor(fileName));
  out.write(`# ${SOFTWARE_NAME} terrain ${field.width} x ${field.depth}, cell size ${field.cellSize} m, y up, metres\n`);
  out.write('o terrain\n');
  for (let p = 0; p < positions.length; p += 3) {
    out.write(`v ${formatFloat32(positions[p])} ${formatFloat32(positions[p + 1])} ${formatFloat32(positions[p + 2])}\n`);
  }
  for (let p = 0; p < normals.length; p += 3) {
    out.write(`vn ${formatFloat32(normals[p])} ${formatFloat32(normals[p + 1])} ${formatFloat32(normals[p + 2])}\n`);
  }
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] + 1;
    const b = indices[t + 1] + 1;
    const c = indices[t + 2] + 1;
    out.write(`f ${a}//${a} ${b}//${b} ${c}//${c}\n`);
  }
  return out.finish();
}
