import { describe, expect, it } from 'vitest';
import { getPropType } from '../../shared/props/library';
import { propMesh } from '../../shared/props/propMeshes';
import { buildPropGeometry, PROP_LEAF_ATTRIBUTE } from './propGeometry';

describe('prop geometry', () => {
  it("marks the leaves' vertices for the props' shader, and nothing on a trunk, a stone or a house", () => {
    for (const id of ['broadleaf', 'conifer', 'bush', 'rock', 'house', 'fence-post']) {
      const type = getPropType(id);
      const geometry = buildPropGeometry(type);
      const leaf = geometry.getAttribute(PROP_LEAF_ATTRIBUTE);
      expect(leaf.count, id).toBe(geometry.getAttribute('position').count);
      const mesh = propMesh(type);
      const leaves = mesh ? mesh.partNames.indexOf('leaves') : -1;
      for (let v = 0; v < leaf.count; v++) {
        const isLeaf = mesh !== null && mesh.parts[Math.floor(v / 3)] === leaves;
        expect(leaf.getX(v), `${id} vertex ${v}`).toBe(isLeaf ? 1 : 0);
      }
      // The trees have trunks too: both kinds of vertex are there.
      if (id === 'broadleaf' || id === 'conifer') expect(new Set(Array.from({ length: leaf.count }, (_, v) => leaf.getX(v)))).toEqual(new Set([0, 1]));
      if (id === 'bush') expect(leaf.getX(0)).toBe(1);
    }
  });
});
