import { describe, expect, it } from 'vitest';
import type { BufferAttribute, InstancedMesh, Points } from 'three';
import { createHeightfield } from '../../shared/terrain/heightfield';
import { createSnappedPropLayer, propColumnsFromProps, resnapInRegion } from '../../shared/props/prop';
import { PropInstances } from './propInstances';

describe('PropInstances far markers', () => {
  it('puts one fixed-size point per prop inside its mesh, and moves it with a re-snap', () => {
    const field = createHeightfield(17, 17, 1);
    for (let i = 0; i < field.heights.length; i++) field.heights[i] = (i % 17) * 0.5;
    const layer = createSnappedPropLayer(
      field,
      propColumnsFromProps([
        { id: 'a', type: 'conifer', x: -2, z: 1, yaw: 0, scale: 2 },
        { id: 'b', type: 'rock', x: 3, z: -4, yaw: 0.5, scale: 1 },
      ]),
    );
    const instances = new PropInstances();
    instances.rebuild(layer, new Set());
    const far = instances.group.getObjectByName('props:far') as Points;
    const positions = far.geometry.getAttribute('position') as BufferAttribute;
    expect(positions.count).toBe(2);
    expect(far.material).toMatchObject({ sizeAttenuation: false });
    // Above the ground, below the top of the (scaled) mesh, so the mesh hides it up close.
    const tree = instances.group.getObjectByName('props:conifer') as InstancedMesh;
    tree.geometry.computeBoundingBox();
    const top = tree.geometry.boundingBox!.max.y * 2;
    expect(positions.getX(0)).toBe(-2);
    expect(positions.getZ(0)).toBe(1);
    expect(positions.getY(0)).toBeGreaterThan(layer.placements.y[0]);
    expect(positions.getY(0)).toBeLessThan(layer.placements.y[0] + top);

    // The terrain rises: the marker follows the prop.
    const offset = positions.getY(1) - layer.placements.y[1];
    field.heights.fill(10);
    const { changed } = resnapInRegion(field, layer, { kind: 'all' });
    instances.update(layer, changed);
    expect(layer.placements.y[1]).toBe(10);
    expect(positions.getY(1)).toBeCloseTo(10 + offset, 5);
    instances.dispose();
  });
});
