import {
  type IUniform,
  type Texture,
  type Vector4,
  BufferAttribute,
  BufferGeometry,
  Color,
  DynamicDrawUsage,
  Euler,
  Group,
  InstancedMesh,
  Matrix4,
  MeshLambertMaterial,
  Points,
  PointsMaterial,
  Quaternion,
  Vector3,
} from 'three';
import type { SnappedPropLayer } from '../../shared/props/prop';
import type { PropType } from '../../shared/props/library';
import { propMesh, propVariation } from '../../shared/props/propMeshes';
import { buildPropGeometry, primitiveHeight } from './propGeometry';

/** On-screen size of a prop's far marker, pixels: a prop stays visible however small its mesh gets. */
const MARKER_PX = 3;
/** Multiplies the prop's own colours: bright and warm enough to spot among a forest. */
const SELECTED = new Color(2.4, 1.9, 0.35);

const matrix = new Matrix4();
const position = new Vector3();
const rotation = new Quaternion();
const euler = new Euler(0, 0, 0, 'YXZ');
const scale = new Vector3();
const tint = new Color();

/**
 * The terrain's lighting (renderer/viewport/look/terrainLighting.ts): sun shadow (r) and sky
 * occlusion (g) on a grid over the map, and the world x, z → uv transform. Props share these uniforms,
 * so the shading of a prop follows the ground it stands on.
 */
export interface PropLightingUniforms {
  terrainLighting: IUniform<Texture | null>;
  terrainLightingTransform: IUniform<Vector4>;
  terrainShadowStrength: IUniform<number>;
  terrainOcclusionStrength: IUniform<number>;
}

/**
 * What the Lambert shading of props takes from the terrain's lighting: one read per pixel, at the
 * instance's base (the pivot's world x, z), dimming the sun by the terrain's shadow there and the sky
 * by its occlusion (less: a crown stands above the ground it is read at). 0 until the texture exists.
 */
const PROP_LIGHTING_VERTEX = /* glsl */ `
#include <project_vertex>
#ifdef USE_INSTANCING
  vPropBase = (modelMatrix * instanceMatrix * vec4(0.0, 0.0, 0.0, 1.0)).xz;
#else
  vPropBase = (modelMatrix * vec4(0.0, 0.0, 0.0, 1.0)).xz;
#endif
`;
const PROP_LIGHTING_FRAGMENT = /* glsl */ `
{
  vec2 propUv = vec2(vPropBase.x * terrainLightingTransform.x + terrainLightingTransform.y,
    vPropBase.y * terrainLightingTransform.z + terrainLightingTransform.w);
  vec2 propLight = texture2D(terrainLighting, propUv).rg;
  reflectedLight.directDiffuse *= mix(1.0, propLight.r, terrainShadowStrength * propTerrainLit);
  reflectedLight.indirectDiffuse *= mix(1.0, propLight.g, 0.6 * terrainOcclusionStrength * propTerrainLit);
}
#include <aomap_fragment>
`;

/** Where a type's far marker sits (height of its bounding-box centre, metres at scale 1) and its colour. */
interface Marker {
  centreY: number;
  colour: Color;
}

/**
 * One InstancedMesh per prop type, written in place from the snapped layer's columns, plus one point
 * per prop at a fixed pixel size (inside the mesh, so hidden by it up close), so that props can be
 * seen from any distance. Each instance is stretched and tinted by its prop's seed (`propVariation`:
 * the stretch keeps y = 0, so the base stays where snapping put it). Lives outside React: a re-snap
 * rewrites only what it changed.
 */
export class PropInstances {
  readonly group = new Group();
  private readonly geometries = new Map<string, BufferGeometry>();
  private readonly material = new MeshLambertMaterial({ vertexColors: true });
  /** 1 once the terrain's lighting texture is there (see `shareTerrainLighting`). */
  private readonly terrainLit: IUniform<number> = { value: 0 };
  private lighting: PropLightingUniforms | null = null;
  /** Mesh of each type slot in the layer's columns, and each prop's instance index in it. */
  private meshes: InstancedMesh[] = [];
  private instanceOf = new Int32Array(0);
  private highlighted = new Set<number>();
  /** Per prop: its stretch along x, y, z and its tint r, g, b (from its seed). */
  private stretch = new Float32Array(0);
  private tints = new Float32Array(0);
  private readonly markers = new Map<string, Marker>();
  private readonly markerMaterial = new PointsMaterial({ size: MARKER_PX, sizeAttenuation: false, vertexColors: true });
  private readonly far = new Points(new BufferGeometry(), this.markerMaterial);

  constructor() {
    this.group.name = 'props';
    this.far.name = 'props:far';
    this.far.frustumCulled = false;
    this.far.raycast = () => undefined;
    this.group.add(this.far);
  }

  /**
   * Shades props with the terrain's sun shadow and sky occlusion (the uniforms are shared, so they
   * follow every relight). Call once, before the first frame.
   */
  shareTerrainLighting(lighting: PropLightingUniforms): void {
    this.lighting = lighting;
    const terrainLit = this.terrainLit;
    this.material.customProgramCacheKey = () => 'props-terrain-lit';
    this.material.onBeforeCompile = (shader) => {
      Object.assign(shader.uniforms, lighting, { propTerrainLit: terrainLit });
      shader.vertexShader = `varying vec2 vPropBase;\n${shader.vertexShader.replace('#include <project_vertex>', PROP_LIGHTING_VERTEX)}`;
      shader.fragmentShader =
        'uniform sampler2D terrainLighting;\nuniform vec4 terrainLightingTransform;\nuniform float terrainShadowStrength;\n' +
        'uniform float terrainOcclusionStrength;\nuniform float propTerrainLit;\nvarying vec2 vPropBase;\n' +
        shader.fragmentShader.replace('#include <aomap_fragment>', PROP_LIGHTING_FRAGMENT);
    };
    this.material.needsUpdate = true;
  }

  private markerFor(type: PropType): Marker {
    let marker = this.markers.get(type.id);
    if (!marker) {
      const geometry = this.geometryFor(type);
      geometry.computeBoundingBox();
      const box = geometry.boundingBox!;
      // The colour that reads from afar: the procedural mesh's, else the tallest primitive's (a house's walls).
      const tallest = [...type.shape].sort((a, b) => primitiveHeight(b) - primitiveHeight(a))[0];
      const colour = propMesh(type)?.farColour ?? tallest?.colour ?? '#888888';
      marker = { centreY: (box.min.y + box.max.y) / 2, colour: new Color(colour) };
      this.markers.set(type.id, marker);
    }
    return marker;
  }

  /** The far markers' positions and colours for every prop. */
  private rebuildMarkers(layer: SnappedPropLayer): void {
    const { props } = layer;
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array(props.count * 3), 3).setUsage(DynamicDrawUsage));
    const colours = new Float32Array(props.count * 3);
    for (let k = 0; k < props.count; k++) this.markerFor(props.types[props.typeIndex[k]]).colour.toArray(colours, k * 3);
    geometry.setAttribute('color', new BufferAttribute(colours, 3));
    this.far.geometry.dispose();
    this.far.geometry = geometry;
    for (let k = 0; k < props.count; k++) this.writeMarker(layer, k);
  }

  private writeMarker(layer: SnappedPropLayer, k: number): void {
    const { props, placements } = layer;
    const marker = this.markerFor(props.types[props.typeIndex[k]]);
    const positions = this.far.geometry.getAttribute('position') as BufferAttribute;
    positions.setXYZ(k, props.x[k], placements.y[k] + marker.centreY * props.scale[k], props.z[k]);
  }

  private geometryFor(type: PropType): BufferGeometry {
    let geometry = this.geometries.get(type.id);
    if (!geometry) {
      geometry = buildPropGeometry(type);
      this.geometries.set(type.id, geometry);
    }
    return geometry;
  }

  /**
   * Rebuilds every mesh for a new prop list (counts or order changed). `seeds` (one per prop, e.g.
   * `propSeed` of its id) choose each instance's variation; without them the prop's index does.
   */
  rebuild(layer: SnappedPropLayer, selected: ReadonlySet<number>, seeds?: ArrayLike<number>): void {
    for (const mesh of this.meshes) {
      this.group.remove(mesh);
      mesh.dispose();
    }
    const { props } = layer;
    const counts = new Int32Array(props.types.length);
    this.instanceOf = new Int32Array(props.count);
    for (let k = 0; k < props.count; k++) this.instanceOf[k] = counts[props.typeIndex[k]]++;
    this.stretch = new Float32Array(3 * props.count);
    this.tints = new Float32Array(3 * props.count);
    for (let k = 0; k < props.count; k++) {
      const variation = propVariation(seeds?.[k] ?? k, props.types[props.typeIndex[k]].id);
      this.stretch.set(variation.stretch, 3 * k);
      this.tints.set(variation.tint, 3 * k);
    }
    this.meshes = props.types.map((type, t) => {
      const mesh = new InstancedMesh(this.geometryFor(type), this.material, Math.max(1, counts[t]));
      mesh.count = counts[t];
      mesh.name = `props:${type.id}`;
      mesh.instanceMatrix.setUsage(DynamicDrawUsage);
      // Culling would need a bounding sphere over every instance; picking uses the terrain instead.
      mesh.frustumCulled = false;
      mesh.raycast = () => undefined;
      mesh.onBeforeRender = () => {
        this.terrainLit.value = this.lighting?.terrainLighting.value ? 1 : 0;
      };
      this.group.add(mesh);
      return mesh;
    });
    for (let k = 0; k < props.count; k++) this.write(layer, k);
    this.rebuildMarkers(layer);
    this.highlighted = new Set();
    for (let k = 0; k < props.count; k++) this.paint(layer, k, this.tintOf(k));
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
      this.writeMarker(layer, k);
      touched.add(this.meshes[layer.props.typeIndex[k]]);
    }
    for (const mesh of touched) mesh.instanceMatrix.needsUpdate = true;
    if (indices.length > 0) this.far.geometry.getAttribute('position').needsUpdate = true;
  }

  /** Tints the selected props (indices into the layer) and restores the previously tinted ones. */
  highlight(layer: SnappedPropLayer, selected: ReadonlySet<number>): void {
    const touched = new Set<InstancedMesh>();
    const paint = (k: number, colour: Color) => {
      const mesh = this.paint(layer, k, colour);
      if (mesh) touched.add(mesh);
    };
    for (const k of this.highlighted) if (!selected.has(k)) paint(k, this.tintOf(k));
    for (const k of selected) if (!this.highlighted.has(k)) paint(k, SELECTED);
    this.highlighted = new Set(selected);
    for (const mesh of touched) if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  }

  /** Prop k's own tint (its variation), in the shared scratch colour. */
  private tintOf(k: number): Color {
    return tint.setRGB(this.tints[3 * k] ?? 1, this.tints[3 * k + 1] ?? 1, this.tints[3 * k + 2] ?? 1);
  }

  private paint(layer: SnappedPropLayer, k: number, colour: Color): InstancedMesh | undefined {
    if (k >= layer.props.count) return undefined;
    const mesh = this.meshes[layer.props.typeIndex[k]];
    mesh.setColorAt(this.instanceOf[k], colour);
    return mesh;
  }

  private write(layer: SnappedPropLayer, k: number): void {
    const { props, placements } = layer;
    position.set(props.x[k], placements.y[k], props.z[k]);
    euler.set(placements.pitch[k], props.yaw[k], placements.roll[k], 'YXZ');
    rotation.setFromEuler(euler);
    const s = props.scale[k];
    scale.set(s * (this.stretch[3 * k] || 1), s * (this.stretch[3 * k + 1] || 1), s * (this.stretch[3 * k + 2] || 1));
    matrix.compose(position, rotation, scale);
    this.meshes[props.typeIndex[k]].setMatrixAt(this.instanceOf[k], matrix);
  }

  dispose(): void {
    for (const mesh of this.meshes) mesh.dispose();
    for (const geometry of this.geometries.values()) geometry.dispose();
    this.material.dispose();
    this.far.geometry.dispose();
    this.markerMaterial.dispose();
  }
}
