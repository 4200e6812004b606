import { Color, DynamicDrawUsage, Euler, Group, InstancedMesh, Matrix4, MeshLambertMaterial, Quaternion, Vector3, type BufferGeometry } from 'three';
import type { SnappedPropLayer } from '../../shared/props/prop';
import type { PropType } from '../../shared/props/library';
import { buildPropGeometry } from './propGeometry';

const NORMAL = new Color(1, 1, 1);
/** Multiplies the prop's own colours: bright and warm enough to spot among a forest. */
const SELECTED = new Color(2.4, 1.9, 0.35);

const matrix = new Matrix4();
const position = new Vector3();
const rotation = new Quaternion();
const euler = new Euler(0, 0, 0, 'YXZ');
const scale = new Vector3();

/**
 * One InstancedMesh per prop type, written in place from the snapped layer's columns. Lives outside
 * React: a re-snap rewrites only the matrices of the props it changed.
 */
export class PropInstances {
  readonly group = new Group();
  private readonly geometries = new Map<string, BufferGeometry>();
  private readonly material = new MeshLambertMaterial({ vertexColors: true });
  /** Mesh of each type slot in the layer's columns, and each prop's instance index in it. */
  private meshes: InstancedMesh[] = [];
  private instanceOf = new Int32Array(0);
  private highlighted = new Set<number>();

  constructor() {
    this.group.name = 'props';
  }

  private geometryFor(type: PropType): BufferGeometry {
    let geometry = this.geometries.get(type.id);
    if (!geometry) {
      geometry = buildPropGeometry(type);
      this.geometries.set(type.id, geometry);
    }
    return geometry;
  }

  /** Rebuilds every mesh for a new prop list (counts or order changed). */
  rebuild(layer: SnappedPropLayer, selected: ReadonlySet<number>): void {
    for (const mesh of this.meshes) {
      this.group.remove(mesh);
      mesh.dispose();
    }
    const { props } = layer;
    const counts = new Int32Array(props.types.length);
    this.instanceOf = new Int32Array(props.count);
    for (let k = 0; k < props.count; k++) this.instanceOf[k] = counts[props.typeIndex[k]]++;
    this.meshes = props.types.map((type, t) => {
      const mesh = new InstancedMesh(this.geometryFor(type), this.material, Math.max(1, counts[t]));
      mesh.count = counts[t];
      mesh.name = `props:${type.id}`;
      mesh.instanceMatrix.setUsage(DynamicDrawUsage);
      // Culling would need a bounding sphere over every instance; picking uses the terrain instead.
      mesh.frustumCulled = false;
      mesh.raycast = () => undefined;
      this.group.add(mesh);
      return mesh;
    });
    for (let k = 0; k < props.count; k++) this.write(layer, k);
    this.highlighted = new Set();
    for (const mesh of this.meshes) {
      if (mesh.count > 0) mesh.setColorAt(0, NORMAL);
      if (mesh.instanceColor) mesh.instanceColor.array.fill(1);
    }
    this.highlight(layer, selected);
    for (const mesh of this.meshes) {
      mesh.instanceMatrix.needsUpdate = true;
      if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    }
  }

  /** Rewrites the matrices of the given props only. */
  update(layer: SnappedPropLayer, indices: ArrayLike<number>): void {
    const touched = new Set<InstancedMesh>();
    for (let n = 0; n < indices.length; n++) {
      const k = indices[n];
      this.write(layer, k);
      touched.add(this.meshes[layer.props.typeIndex[k]]);
    }
    for (const mesh of touched) mesh.instanceMatrix.needsUpdate = true;
  }

  /** Tints the selected props (indices into the layer) and restores the previously tinted ones. */
  highlight(layer: SnappedPropLayer, selected: ReadonlySet<number>): void {
    const touched = new Set<InstancedMesh>();
    const paint = (k: number, colour: Color) => {
      if (k >= layer.props.count) return;
      const mesh = this.meshes[layer.props.typeIndex[k]];
      mesh.setColorAt(this.instanceOf[k], colour);
      touched.add(mesh);
    };
    for (const k of this.highlighted) if (!selected.has(k)) paint(k, NORMAL);
    for (const k of selected) if (!this.highlighted.has(k)) paint(k, SELECTED);
    this.highlighted = new Set(selected);
    for (const mesh of touched) if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  }

  private write(layer: SnappedPropLayer, k: number): void {
    const { props, placements } = layer;
    position.set(props.x[k], placements.y[k], props.z[k]);
    euler.set(placements.pitch[k], props.yaw[k], placements.roll[k], 'YXZ');
    rotation.setFromEuler(euler);
    const s = props.scale[k];
    scale.set(s, s, s);
    matrix.compose(position, rotation, scale);
    this.meshes[props.typeIndex[k]].setMatrixAt(this.instanceOf[k], matrix);
  }

  dispose(): void {
    for (const mesh of this.meshes) mesh.dispose();
    for (const geometry of this.geometries.values()) geometry.dispose();
    this.material.dispose();
  }
}
