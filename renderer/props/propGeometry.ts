import { BoxGeometry, BufferAttribute, BufferGeometry, Color, ConeGeometry, CylinderGeometry, IcosahedronGeometry } from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { Primitive, PropType } from '../../shared/props/library';
import { propMesh, type PropMesh } from '../../shared/props/propMeshes';

/** One primitive as a non-indexed geometry in prop-local metres, with per-vertex colour. */
function primitiveGeometry(primitive: Primitive): BufferGeometry {
  let geometry: BufferGeometry;
  switch (primitive.kind) {
    case 'cone':
      geometry = new ConeGeometry(primitive.radius, primitive.height, primitive.segments);
      break;
    case 'cylinder':
      geometry = new CylinderGeometry(primitive.radiusTop, primitive.radiusBottom, primitive.height, primitive.segments);
      break;
    case 'box':
      geometry = new BoxGeometry(primitive.width, primitive.height, primitive.depth);
      if (primitive.yaw) geometry.rotateY(primitive.yaw);
      break;
    case 'icosahedron': {
      geometry = new IcosahedronGeometry(1, 0);
      // Scale so that the bounding box's half-extents are exactly the radii (the library's contract).
      geometry.computeBoundingBox();
      const box = geometry.boundingBox!;
      const [rx, ry, rz] = primitive.radii;
      geometry.translate(-(box.min.x + box.max.x) / 2, -(box.min.y + box.max.y) / 2, -(box.min.z + box.max.z) / 2);
      geometry.scale((2 * rx) / (box.max.x - box.min.x), (2 * ry) / (box.max.y - box.min.y), (2 * rz) / (box.max.z - box.min.z));
      break;
    }
  }
  geometry.translate(primitive.center[0], primitive.center[1], primitive.center[2]);
  const flat = geometry.index ? geometry.toNonIndexed() : geometry;
  if (flat !== geometry) geometry.dispose();
  flat.deleteAttribute('uv');
  flat.computeVertexNormals();
  const colour = new Color(primitive.colour);
  const count = flat.getAttribute('position').count;
  const colours = new Float32Array(count * 3);
  for (let v = 0; v < count; v++) colour.toArray(colours, v * 3);
  flat.setAttribute('color', new BufferAttribute(colours, 3));
  return flat;
}

/** How tall a primitive stands, metres (what decides which part of a prop reads from afar). */
export function primitiveHeight(primitive: Primitive): number {
  switch (primitive.kind) {
    case 'cone':
    case 'cylinder':
    case 'box':
      return primitive.height;
    case 'icosahedron':
      return 2 * primitive.radii[1];
  }
}

/** Per-vertex attribute: 1 on a mesh's leaves (its 'leaves' part), 0 elsewhere; the props' shader breaks leaves' facets by it. */
export const PROP_LEAF_ATTRIBUTE = 'propLeaf';

/**
 * Per-vertex attribute (vec4): the centre and radius of the leaf lobe a vertex belongs to (prop-local
 * metres), radius 0 elsewhere; the props' shader trims each lobe's outline to a circle by it.
 */
export const PROP_LOBE_ATTRIBUTE = 'propLobe';

/** 1 for each vertex of a triangle in the mesh's 'leaves' part, else 0. */
export function leafFlags(mesh: PropMesh): Float32Array {
  const leaves = mesh.partNames.indexOf('leaves');
  const flags = new Float32Array(mesh.triangles * 3);
  for (let t = 0; t < mesh.triangles; t++) if (mesh.parts[t] === leaves) flags.fill(1, 3 * t, 3 * t + 3);
  return flags;
}

/**
 * The whole prop type as one geometry (pivot at the base), ready for one InstancedMesh: the kind's
 * procedural mesh at a level of detail and in a variant (shared/props/propMeshes.ts) where it has
 * one, else its library primitives.
 */
export function buildPropGeometry(type: PropType, level = 0, variant = 0): BufferGeometry {
  const mesh = propMesh(type, level, variant);
  if (mesh) {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(mesh.positions, 3));
    geometry.setAttribute('normal', new BufferAttribute(mesh.normals, 3));
    geometry.setAttribute('color', new BufferAttribute(mesh.colours, 3));
    geometry.setAttribute(PROP_LEAF_ATTRIBUTE, new BufferAttribute(leafFlags(mesh), 1));
    geometry.setAttribute(PROP_LOBE_ATTRIBUTE, new BufferAttribute(mesh.lobes ?? new Float32Array(4 * (mesh.positions.length / 3)), 4));
    return geometry;
  }
  const parts = type.shape.map(primitiveGeometry);
  const merged = mergeGeometries(parts, false);
  parts.forEach((part) => part.dispose());
  if (!merged) throw new Error(`could not build the geometry of prop type "${type.id}"`);
  // Set on every prop geometry (0 here), never left to the attribute's unset value, which another material may have changed.
  merged.setAttribute(PROP_LEAF_ATTRIBUTE, new BufferAttribute(new Float32Array(merged.getAttribute('position').count), 1));
  merged.setAttribute(PROP_LOBE_ATTRIBUTE, new BufferAttribute(new Float32Array(4 * merged.getAttribute('position').count), 4));
  return merged;
}
