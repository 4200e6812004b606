import { describe, expect, it, vi } from 'vitest';
import type { BufferAttribute } from 'three';
import { createHeightfield, heightRange } from '../../shared/terrain/heightfield';
import { buildTerrainMesh } from '../../shared/terrain/mesh';
import { writeShadingNormals } from '../../shared/terrain/shadingNormals';
import { writeVertexColours } from '../../app/view/terrainColours';
import { TerrainGeometry } from './terrainGeometry';
import { coverBytesHeld, COVER_RELEASE_MS, packedCover } from '../../app/document/packedCover';

function wavyField() {
  const field = createHeightfield(21, 13, 1.5);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = Math.sin(k * 0.21) * 4;
  return field;
}

const arrayOf = (terrain: TerrainGeometry, name: string) => (terrain.geometry.getAttribute(name) as BufferAttribute).array as Float32Array;

describe('TerrainGeometry', () => {
  it('holds exactly the mesh builder triangles', () => {
    const field = wavyField();
    const terrain = new TerrainGeometry();
    expect(terrain.sync(field, { kind: 'all' }, 'height')).toBe(true);
    const mesh = buildTerrainMesh(field);
    expect(arrayOf(terrain, 'position')).toEqual(mesh.positions);
    expect(Array.from(terrain.geometry.getIndex()!.array)).toEqual(Array.from(mesh.indices));
  });

  it('after a rectangle edit the row update equals a full rebuild', () => {
    const field = wavyField();
    const terrain = new TerrainGeometry();
    terrain.sync(field, { kind: 'all' }, 'slope');
    // Edit rows 4..6, staying inside the height range so only nearby rows recolour.
    for (let j = 4; j < 7; j++) for (let i = 3; i < 9; i++) field.heights[j * 21 + i] *= 0.5;
    expect(terrain.sync(field, { kind: 'rect', i0: 3, j0: 4, i1: 9, j1: 7 }, 'slope')).toBe(false);
    // A full rebuild: the mesh with the views' shading normals.
    const mesh = buildTerrainMesh(field);
    writeShadingNormals(field, mesh.normals);
    const colours = new Float32Array(mesh.positions.length);
    writeVertexColours(field, mesh.normals, colours, 'slope', heightRange(field.heights));
    expect(arrayOf(terrain, 'position')).toEqual(mesh.positions);
    expect(arrayOf(terrain, 'normal')).toEqual(mesh.normals);
    expect(arrayOf(terrain, 'color')).toEqual(colours);
    const ranges = (terrain.geometry.getAttribute('position') as BufferAttribute).updateRanges;
    expect(ranges).toEqual([{ start: 4 * 21 * 3, count: 3 * 21 * 3 }]);
  });

  it('recolours everything when the height range changes', () => {
    const field = wavyField();
    const terrain = new TerrainGeometry();
    terrain.sync(field, { kind: 'all' }, 'height');
    field.heights[0] = 100;
    terrain.sync(field, { kind: 'rect', i0: 0, j0: 0, i1: 1, j1: 1 }, 'height');
    const mesh = buildTerrainMesh(field);
    const colours = new Float32Array(mesh.positions.length);
    writeVertexColours(field, mesh.normals, colours, 'height', heightRange(field.heights));
    expect(arrayOf(terrain, 'color')).toEqual(colours);
  });

  it('rebuilds when the map size changes', () => {
    const terrain = new TerrainGeometry();
    terrain.sync(wavyField(), { kind: 'all' }, 'height');
    const bigger = createHeightfield(30, 30, 1.5);
    expect(terrain.sync(bigger, { kind: 'all' }, 'height')).toBe(true);
    expect(arrayOf(terrain, 'position').length).toBe(30 * 30 * 3);
  });

  it('natural colours show new erosion results on the next sync, wherever the edit was', () => {
    const field = createHeightfield(21, 13, 1.5);
    const terrain = new TerrainGeometry();
    terrain.sync(field, { kind: 'all' }, 'natural');
    const before = arrayOf(terrain, 'color').slice();
    const masks = { flow: new Uint8Array(21 * 13), deposition: new Uint8Array(21 * 13) };
    masks.deposition[10 * 21 + 15] = 255;
    terrain.setErosion(masks, 21, 13);
    // A Run's change touches rows 0..2 only here; the deposit at row 10 still shows.
    terrain.sync(field, { kind: 'rect', i0: 0, j0: 0, i1: 21, j1: 2 }, 'natural');
    const after = arrayOf(terrain, 'color');
    const changed = [];
    for (let k = 0; k < 21 * 13; k++) if (after[k * 3] !== before[k * 3]) changed.push(k);
    expect(changed).toEqual([10 * 21 + 15]);
    // Masks of another size are not used.
    terrain.setErosion({ flow: new Uint8Array(4), deposition: new Uint8Array(4) }, 21, 13);
    terrain.sync(field, { kind: 'all' }, 'natural');
    expect(arrayOf(terrain, 'color')).toEqual(before);
  });

  it('an edit handing the same packed erosion results again does not make their full arrays (app/document/packedCover.ts)', () => {
    vi.useFakeTimers();
    try {
      const terrain = new TerrainGeometry();
      const masks = { flow: new Uint8Array(21 * 13), deposition: new Uint8Array(21 * 13) };
      masks.deposition[10 * 21 + 15] = 255;
      const packed = packedCover(masks);
      terrain.setErosion(packed, 21, 13);
      vi.advanceTimersByTime(3 * COVER_RELEASE_MS);
      // One non-zero vertex: 4 bytes of index and 1 of value.
      expect(coverBytesHeld(packed)).toBe(5);
      terrain.setErosion(packed, 21, 13);
      expect(coverBytesHeld(packed)).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });
});
