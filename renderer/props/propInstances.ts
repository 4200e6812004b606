import {
  type IUniform,
  type Texture,
  type Vector4,
  BufferAttribute,
  BufferGeometry,
  Color,
  DynamicDrawUsage,
  Euler,
  Frustum,
  Group,
  InstancedMesh,
  Matrix4,
  MeshDepthMaterial,
  MeshLambertMaterial,
  type PerspectiveCamera,
  ShaderMaterial,
  Points,
  PointsMaterial,
  Quaternion,
  Vector3,
} from 'three';
import type { SnappedPropLayer } from '../../shared/props/prop';
import type { PropType } from '../../shared/props/library';
import { PROP_LOBE_TRIM, PROP_MESH_LEVELS, propMesh, propMeshVariants, propVariation } from '../../shared/props/propMeshes';
import { PROP_NO_MESH, selectPropLods, type PropLodResult } from '../../shared/props/propLod';
import type { FrustumPlane } from '../../shared/lod/frustum';
import { buildPropGeometry, primitiveHeight } from './propGeometry';
import type { Heightfield } from '../../shared/terrain/heightfield';
import { SAMPLE_DX, SAMPLE_DZ, SAMPLE_HEIGHT, sampleSurface } from '../../shared/props/surfaceSample';

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
const frustum = new Frustum();
const viewProjection = new Matrix4();

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

/** The lobe's centre in view space, its radius scaled as the instance is (the mean of its axes' stretch): the view and the shadow pass alike. */
const PROP_LOBE_VARYING = /* glsl */ `
#ifdef USE_INSTANCING
  mat4 propLobeMatrix = modelViewMatrix * instanceMatrix;
#else
  mat4 propLobeMatrix = modelViewMatrix;
#endif
  float propLobeScale = (length(propLobeMatrix[0].xyz) + length(propLobeMatrix[1].xyz) + length(propLobeMatrix[2].xyz)) / 3.0;
  vPropLobe = vec4((propLobeMatrix * vec4(propLobe.xyz, 1.0)).xyz, propLobe.w * propLobeScale);
`;
/**
 * What the Lambert shading of props takes from the terrain's lighting: one read per pixel, at the
 * instance's base (the pivot's world x, z), dimming the sun by the terrain's shadow there and the sky
 * by its occlusion (less: a crown stands above the ground it is read at). 0 until the texture exists.
 */
const PROP_LIGHTING_VERTEX = /* glsl */ `
#include <project_vertex>
vPropLeaf = propLeaf;
vPropLocal = position;
{
${PROP_LOBE_VARYING}
}
#ifdef USE_INSTANCING
  vPropBase = (modelMatrix * instanceMatrix * vec4(0.0, 0.0, 0.0, 1.0)).xz;
#else
  vPropBase = (modelMatrix * vec4(0.0, 0.0, 0.0, 1.0)).xz;
#endif
`;
/**
 * The lobe trim (PROP_LOBE_TRIM, shared/props/propMeshes.ts) in the props' shadow pass: the sun's depth
 * map sees each lobe's disc, not its polyhedron (a far crown's tetrahedra reach three times the disc's
 * radius). A hard cut (the depth map has no coverage); one distance a pixel, as in the view.
 */
const PROP_DEPTH_VERTEX = /* glsl */ `
#include <project_vertex>
{
${PROP_LOBE_VARYING}
  vPropView = mvPosition.xyz;
}
`;
const PROP_DEPTH_FRAGMENT = /* glsl */ `
#include <clipping_planes_fragment>
{
  vec3 lobeRay = normalize(vPropView);
  float lobeMiss = isOrthographic ? length(vPropLobe.xy - vPropView.xy) : length(vPropLobe.xyz - dot(vPropLobe.xyz, lobeRay) * lobeRay);
  if (vPropLobe.w > 0.0 && lobeMiss > ${PROP_LOBE_TRIM.toFixed(3)} * vPropLobe.w) discard;
}
`;

/**
 * Leaves read as leaves, not facets: the mesh's own metres (so the pattern stays on the tree) cut into
 * cells of a third of a metre, each holding one round clump of leaves (a hashed centre and size); on leaves
 * (propLeaf 1) a clump is lit a little and the gaps between clumps shaded. Faded where a cell is under
 * about three pixels (it would shimmer). One hash, no loop, no texture; the same work for every prop
 * pixel (a software renderer runs it masked anyway).
 */
const PROP_LEAF_FRAGMENT = /* glsl */ `
#include <normal_fragment_maps>
{
  vec3 leafP = vPropLocal * 3.0;
  vec3 leafCell = floor(leafP);
  float leafHash = fract(sin(dot(leafCell, vec3(12.9898, 78.233, 37.719))) * 43758.5453);
  // A clump of radius 0.22–0.4 cell anywhere it stays inside its cell: no grid of equal dots.
  float leafRadius = 0.22 + 0.18 * fract(leafHash * 31.7);
  vec3 leafCentre = leafCell + 0.5 + (1.0 - 2.0 * leafRadius) * (fract(leafHash * vec3(7.13, 13.7, 19.31)) - 0.5);
  float leafIn = 1.0 - smoothstep(leafRadius - 0.12, leafRadius, length(leafP - leafCentre));
  // Only a dapple: cutting the gaps out where a facet turns from the eye left torn slivers and shards on
  // grazing facets that read as a rendering fault, not as leaves.
  float leafNear = vPropLeaf * (1.0 - smoothstep(0.22, 0.45, length(fwidth(leafP))));
  diffuseColor.rgb *= 1.0 + leafNear * (0.14 * leafIn - 0.1 + 0.12 * leafHash);
  // A leaf lobe (an icosahedron) shows a round outline, not its polygon's: a pixel whose view ray passes
  // further than PROP_LOBE_TRIM of the lobe's radius from its centre is not drawn (the lobe's corners, at
  // its silhouette only: its front stays whole). Soft over a pixel through the alpha's sample coverage.
  vec3 lobeP = -vViewPosition;
  vec3 lobeRay = normalize(lobeP);
  float lobeMiss = isOrthographic ? length(vPropLobe.xy - lobeP.xy) : length(vPropLobe.xyz - dot(vPropLobe.xyz, lobeRay) * lobeRay);
  float lobeEdge = ${PROP_LOBE_TRIM.toFixed(3)} * vPropLobe.w - lobeMiss;
  float lobeIn = clamp(lobeEdge / max(fwidth(lobeEdge), 1e-5) + 0.5, 0.0, 1.0);
  diffuseColor.a *= vPropLobe.w > 0.0 ? lobeIn : 1.0;
  if (diffuseColor.a < 0.02) discard;
}
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
 * Contact shade: a dark disc on the ground under each prop drawn with a mesh at its full or low level
 * (the occlusion of the sky by the prop where it meets the ground; the sun's shadow map gives the
 * directional shadow). A square of two triangles in the ground's tangent plane at the prop's base,
 * its radius CONTACT_RADIUS × the prop's footprint, darkest in the middle and gone at its rim.
 */
export const CONTACT_RADIUS = 1.3;
/** Most darkening at a disc's middle (its alpha over black). */
export const CONTACT_STRENGTH = 0.55;
/** Triangles of a contact disc: counted with its prop's level in the props' budget. */
export const CONTACT_TRIANGLES = 2;
/** Lift above the ground, metres (with a polygon offset): never hidden in the surface it lies on. */
const CONTACT_LIFT = 0.03;

const CONTACT_VERTEX = /* glsl */ `
varying vec2 vContact;
void main() {
  vContact = position.xz;
  vec4 local = vec4(position, 1.0);
#ifdef USE_INSTANCING
  local = instanceMatrix * local;
#endif
  gl_Position = projectionMatrix * modelViewMatrix * local;
}
`;
const CONTACT_FRAGMENT = /* glsl */ `
uniform float contactStrength;
varying vec2 vContact;
void main() {
  float r = length(vContact);
  float fade = clamp(1.0 - r, 0.0, 1.0);
  // A broad soft shade with a darker core where the prop meets the ground.
  float a = contactStrength * (0.75 * fade * fade + 0.25 * pow(fade, 6.0));
  gl_FragColor = vec4(0.0, 0.0, 0.0, a);
}
`;

/** The unit disc's square (±1 in x and z, y = 0), as two triangles facing up. */
function contactGeometry(): BufferGeometry {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(Float32Array.from([-1, 0, -1, -1, 0, 1, 1, 0, 1, -1, 0, -1, 1, 0, 1, 1, 0, -1]), 3));
  return geometry;
}

const surface = new Float64Array(5);
const up = new Vector3(0, 1, 0);
const groundNormal = new Vector3();

/** What the props' levels were chosen for: the camera's view and projection, and the drawing height. */
function viewKey(camera: PerspectiveCamera, viewportHeight: number): string {
  return `${camera.matrixWorld.elements.join(',')}|${camera.projectionMatrix.elements.join(',')}|${viewportHeight}`;
}

/**
 * Per prop type and variant of its mesh (`propVariation` picks each prop's, e.g. one of three broadleaf
 * crowns), one InstancedMesh per level of detail (full, low, far solid: propMeshes.ts), filled
 * before each frame from every prop's matrix and colour by the levels `selectPropLods` chooses for
 * the camera (shared/props/propLod.ts: by screen height, within the props' triangle budget), plus one
 * point per prop at a fixed pixel size (inside the mesh, so hidden by it up close), so that props can
 * be seen from any distance. Each instance is stretched and tinted by its prop's seed
 * (`propVariation`: the stretch keeps y = 0, so the base stays where snapping put it). The meshes
 * cast the sun's shadow map onto the terrain and each other (SceneLook's PropShadows). Lives outside
 * React: a re-snap rewrites only what it changed.
 */
export class PropInstances {
  readonly group = new Group();
  private readonly geometries = new Map<string, BufferGeometry>();
  /** Alpha to coverage: a leaf lobe's trimmed outline (PROP_LEAF_FRAGMENT) is smoothed by the view's multisampling. */
  private readonly material = new MeshLambertMaterial({ vertexColors: true, alphaToCoverage: true });
  /** 1 once the terrain's lighting texture is there (see `shareTerrainLighting`). */
  private readonly terrainLit: IUniform<number> = { value: 0 };
  private lighting: PropLightingUniforms | null = null;
  /**
   * Props' shadows: three's depth material with the lobes' trim (PROP_DEPTH_FRAGMENT), so that a crown's
   * shadow has its drawn outline.
   */
  private readonly depthMaterial = new MeshDepthMaterial();
  /** The meshes of each slot (a type of the layer's columns in one of its variants), one per level. */
  private meshes: InstancedMesh[][] = [];
  /** The first slot of each type of the layer's columns (its variants follow it). */
  private slotBase: number[] = [];
  /** Per prop: its slot (its type's first slot plus its variant). */
  private slots = new Uint16Array(0);
  private highlighted = new Set<number>();
  /** Per prop: its stretch along x, y, z and its tint r, g, b (from its seed). */
  private stretch = new Float32Array(0);
  private tints = new Float32Array(0);
  /** Per prop: its world matrix, colour (tint or selected), size (larger of height and width, metres) and chosen level. */
  private matrices = new Float32Array(0);
  private colours = new Float32Array(0);
  private heights = new Float32Array(0);
  private levels = new Uint8Array(0);
  private layer: SnappedPropLayer | null = null;
  /** Triangles of each slot's mesh at each level. */
  private triangles: number[][] = [];
  /** The instances must be refilled (a prop moved or was repainted, or the list changed). */
  private dirty = true;
  private lastView = '';
  private shadowReach = 0;
  /** The last selection: triangles drawn and props per level (read by tests and the viewport's data attribute). */
  lastLod: PropLodResult = { triangles: 0, raised: 1, perLevel: [] };
  private readonly markers = new Map<string, Marker>();
  private readonly markerMaterial = new PointsMaterial({ size: MARKER_PX, sizeAttenuation: false, vertexColors: true });
  private readonly far = new Points(new BufferGeometry(), this.markerMaterial);
  /** The ground the props stand on (its tangent plane lays each contact disc); null: the disc is level at the prop's base. */
  private groundOf: (() => Heightfield) | null = null;
  private readonly contactMaterial = new ShaderMaterial({
    vertexShader: CONTACT_VERTEX,
    fragmentShader: CONTACT_FRAGMENT,
    uniforms: { contactStrength: { value: CONTACT_STRENGTH } },
    transparent: true,
    depthWrite: false,
    polygonOffset: true,
    polygonOffsetFactor: -1,
    polygonOffsetUnits: -2,
  });
  private contact: InstancedMesh | null = null;
  /** Per prop: its contact disc's world matrix. */
  private contactMatrices = new Float32Array(0);

  constructor() {
    this.group.name = 'props';
    this.far.name = 'props:far';
    this.far.frustumCulled = false;
    this.far.raycast = () => undefined;
    this.group.add(this.far);
    this.depthMaterial.onBeforeCompile = (shader) => {
      shader.vertexShader =
        'attribute vec4 propLobe;\nvarying vec4 vPropLobe;\nvarying vec3 vPropView;\n' +
        shader.vertexShader.replace('#include <project_vertex>', PROP_DEPTH_VERTEX);
      shader.fragmentShader =
        'varying vec4 vPropLobe;\nvarying vec3 vPropView;\n' + shader.fragmentShader.replace('#include <clipping_planes_fragment>', PROP_DEPTH_FRAGMENT);
    };
    this.depthMaterial.customProgramCacheKey = () => 'props-lobe-depth';
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
      shader.vertexShader =
        'attribute float propLeaf;\nattribute vec4 propLobe;\n' +
        'varying float vPropLeaf;\nvarying vec3 vPropLocal;\nvarying vec2 vPropBase;\nvarying vec4 vPropLobe;\n' +
        shader.vertexShader.replace('#include <project_vertex>', PROP_LIGHTING_VERTEX);
      shader.fragmentShader =
        'uniform sampler2D terrainLighting;\nuniform vec4 terrainLightingTransform;\nuniform float terrainShadowStrength;\n' +
        'uniform float terrainOcclusionStrength;\nuniform float propTerrainLit;\nvarying vec2 vPropBase;\n' +
        'varying float vPropLeaf;\nvarying vec3 vPropLocal;\nvarying vec4 vPropLobe;\n' +
        shader.fragmentShader.replace('#include <normal_fragment_maps>', PROP_LEAF_FRAGMENT).replace('#include <aomap_fragment>', PROP_LIGHTING_FRAGMENT);
    };
    this.material.needsUpdate = true;
  }

  /** The ground under the props: each contact disc lies in its tangent plane (call before `rebuild`). */
  setGround(ground: () => Heightfield): void {
    this.groundOf = ground;
  }

  /** How far a prop's shadow reaches beyond it, in prop heights (1 / tan of the sun's elevation): props just outside the view still cast into it. */
  setShadowReach(reach: number): void {
    if (reach === this.shadowReach) return;
    this.shadowReach = reach;
    this.dirty = true;
  }

  private markerFor(type: PropType): Marker {
    let marker = this.markers.get(type.id);
    if (!marker) {
      const geometry = this.geometryFor(type, 0);
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

  /** A type's geometry at a level in a variant: its procedural mesh's, or (a kind drawn from primitives) the same at every level. */
  private geometryFor(type: PropType, level: number, variant = 0): BufferGeometry {
    const key = propMesh(type, level) ? `${type.id}:${level}:${variant}` : type.id;
    let geometry = this.geometries.get(key);
    if (!geometry) {
      geometry = buildPropGeometry(type, propMesh(type, level) ? level : 0, variant);
      this.geometries.set(key, geometry);
    }
    return geometry;
  }

  /**
   * Rebuilds every mesh for a new prop list (counts or order changed). `seeds` (one per prop, e.g.
   * `propSeed` of its id) choose each instance's variation; without them the prop's index does.
   */
  rebuild(layer: SnappedPropLayer, selected: ReadonlySet<number>, seeds?: ArrayLike<number>): void {
    for (const mesh of this.meshes.flat()) {
      this.group.remove(mesh);
      mesh.dispose();
    }
    if (this.contact) {
      this.group.remove(this.contact);
      this.contact.geometry.dispose();
      this.contact.dispose();
    }
    this.layer = layer;
    const { props } = layer;
    // One slot per type and variant (a type drawn from primitives, or with one mesh: one slot).
    const variantsOf = props.types.map((type) => Math.max(1, propMeshVariants(type.id)));
    this.slotBase = [];
    let slotCount = 0;
    for (const n of variantsOf) {
      this.slotBase.push(slotCount);
      slotCount += n;
    }
    const slotType = new Int32Array(slotCount);
    const slotVariant = new Int32Array(slotCount);
    variantsOf.forEach((n, t) => {
      for (let v = 0; v < n; v++) {
        slotType[this.slotBase[t] + v] = t;
        slotVariant[this.slotBase[t] + v] = v;
      }
    });
    this.slots = new Uint16Array(props.count);
    this.stretch = new Float32Array(3 * props.count);
    this.tints = new Float32Array(3 * props.count);
    this.matrices = new Float32Array(16 * props.count);
    this.colours = new Float32Array(3 * props.count);
    this.heights = new Float32Array(props.count);
    this.levels = new Uint8Array(props.count);
    this.contactMatrices = new Float32Array(16 * props.count);
    const contact = new InstancedMesh(contactGeometry(), this.contactMaterial, Math.max(1, props.count));
    contact.count = 0;
    contact.name = 'props:contact';
    contact.instanceMatrix.setUsage(DynamicDrawUsage);
    contact.frustumCulled = false;
    contact.raycast = () => undefined;
    this.contact = contact;
    this.group.add(contact);
    const counts = new Int32Array(slotCount);
    for (let k = 0; k < props.count; k++) {
      const t = props.typeIndex[k];
      const variation = propVariation(seeds?.[k] ?? k, props.types[t].id);
      this.stretch.set(variation.stretch, 3 * k);
      this.tints.set(variation.tint, 3 * k);
      this.slots[k] = this.slotBase[t] + Math.min(variation.variant, variantsOf[t] - 1);
      counts[this.slots[k]]++;
    }
    this.triangles = Array.from(slotType, (t, slot) =>
      Array.from({ length: PROP_MESH_LEVELS }, (_, level) => {
        const geometry = this.geometryFor(props.types[t], level, slotVariant[slot]);
        // The full and low levels draw the prop's contact disc too.
        return (geometry.getIndex()?.count ?? geometry.getAttribute('position').count) / 3 + (level <= 1 ? CONTACT_TRIANGLES : 0);
      }),
    );
    this.meshes = Array.from(slotType, (t, slot) =>
      Array.from({ length: PROP_MESH_LEVELS }, (_, level) => {
        const type = props.types[t];
        const variant = slotVariant[slot];
        const mesh = new InstancedMesh(this.geometryFor(type, level, variant), this.material, Math.max(1, counts[slot]));
        mesh.count = 0;
        // The first variant keeps the kind's name (`props:broadleaf:0`), the others carry theirs (`props:broadleaf#2:0`).
        mesh.name = `props:${type.id}${variant > 0 ? `#${variant}` : ''}:${level}`;
        mesh.userData = { type: type.id, variant, level };
        mesh.customDepthMaterial = this.depthMaterial;
        mesh.instanceMatrix.setUsage(DynamicDrawUsage);
        mesh.setColorAt(0, tint.setRGB(1, 1, 1));
        mesh.instanceColor!.setUsage(DynamicDrawUsage);
        // Culling would need a bounding sphere over every instance (the levels leave out props outside the view); picking uses the terrain instead.
        mesh.frustumCulled = false;
        mesh.castShadow = true;
        mesh.receiveShadow = true;
        mesh.raycast = () => undefined;
        mesh.onBeforeRender = () => {
          this.terrainLit.value = this.lighting?.terrainLighting.value ? 1 : 0;
        };
        this.group.add(mesh);
        return mesh;
      }),
    );
    for (let k = 0; k < props.count; k++) this.write(layer, k);
    this.rebuildMarkers(layer);
    this.highlighted = new Set();
    for (let k = 0; k < props.count; k++) this.paint(layer, k, this.tintOf(k));
    this.highlight(layer, selected);
    this.dirty = true;
  }

  /** Rewrites the matrices of the given props only. */
  update(layer: SnappedPropLayer, indices: ArrayLike<number>): void {
    for (let n = 0; n < indices.length; n++) {
      const k = indices[n];
      this.write(layer, k);
      this.writeMarker(layer, k);
    }
    if (indices.length > 0) this.far.geometry.getAttribute('position').needsUpdate = true;
  }

  /** Tints the selected props (indices into the layer) and restores the previously tinted ones. */
  highlight(layer: SnappedPropLayer, selected: ReadonlySet<number>): void {
    for (const k of this.highlighted) if (!selected.has(k)) this.paint(layer, k, this.tintOf(k));
    for (const k of selected) if (!this.highlighted.has(k)) this.paint(layer, k, SELECTED);
    this.highlighted = new Set(selected);
  }

  /**
   * Chooses every prop's level for this camera and fills the instanced meshes: call before each
   * frame (a still camera with nothing changed costs a comparison). `viewportHeight` in drawing
   * buffer pixels.
   */
  prepare(camera: PerspectiveCamera, viewportHeight: number): void {
    const layer = this.layer;
    if (!layer) return;
    camera.updateMatrixWorld();
    const key = viewKey(camera, viewportHeight);
    if (!this.dirty && key === this.lastView) return;
    this.lastView = key;
    this.dirty = false;
    const { props, placements } = layer;
    frustum.setFromProjectionMatrix(viewProjection.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse));
    const planes: FrustumPlane[] = frustum.planes.map((p) => ({ nx: p.normal.x, ny: p.normal.y, nz: p.normal.z, d: p.constant }));
    this.lastLod = selectPropLods(
      { count: props.count, x: props.x, y: placements.y, z: props.z, height: this.heights, kind: this.slots, triangles: this.triangles },
      { position: camera.position, fovYDegrees: camera.fov, viewportHeight, frustum: planes },
      this.levels,
      { reach: this.shadowReach },
    );
    const filled = this.meshes.map((levels) => levels.map(() => 0));
    let discs = 0;
    const discMatrices = this.contact?.instanceMatrix.array;
    for (let k = 0; k < props.count; k++) {
      const level = this.levels[k];
      if (level >= PROP_NO_MESH) continue;
      if (level <= 1 && discMatrices) {
        for (let e = 0; e < 16; e++) discMatrices[16 * discs + e] = this.contactMatrices[16 * k + e];
        discs++;
      }
      const t = this.slots[k];
      const mesh = this.meshes[t][level];
      const i = filled[t][level]++;
      // Element by element: a subarray per prop would make two views per prop per frame.
      const matrices = mesh.instanceMatrix.array;
      for (let e = 0; e < 16; e++) matrices[16 * i + e] = this.matrices[16 * k + e];
      const colours = mesh.instanceColor!.array;
      for (let e = 0; e < 3; e++) colours[3 * i + e] = this.colours[3 * k + e];
    }
    this.meshes.forEach((levels, t) =>
      levels.forEach((mesh, level) => {
        mesh.count = filled[t][level];
        mesh.visible = mesh.count > 0;
        mesh.instanceMatrix.clearUpdateRanges();
        mesh.instanceMatrix.addUpdateRange(0, 16 * mesh.count);
        mesh.instanceMatrix.needsUpdate = true;
        mesh.instanceColor!.clearUpdateRanges();
        mesh.instanceColor!.addUpdateRange(0, 3 * mesh.count);
        mesh.instanceColor!.needsUpdate = true;
      }),
    );
    if (this.contact) {
      this.contact.count = discs;
      this.contact.visible = discs > 0;
      this.contact.instanceMatrix.clearUpdateRanges();
      this.contact.instanceMatrix.addUpdateRange(0, 16 * discs);
      this.contact.instanceMatrix.needsUpdate = true;
    }
  }

  /** The instanced meshes (every type and level; `count` instances of each drawn). */
  instancedMeshes(): readonly InstancedMesh[] {
    return this.contact ? [...this.meshes.flat(), this.contact] : this.meshes.flat();
  }

  /** Prop k's own tint (its variation), in the shared scratch colour. */
  private tintOf(k: number): Color {
    return tint.setRGB(this.tints[3 * k] ?? 1, this.tints[3 * k + 1] ?? 1, this.tints[3 * k + 2] ?? 1);
  }

  private paint(layer: SnappedPropLayer, k: number, colour: Color): void {
    if (k >= layer.props.count) return;
    colour.toArray(this.colours, 3 * k);
    this.dirty = true;
  }

  private write(layer: SnappedPropLayer, k: number): void {
    const { props, placements } = layer;
    position.set(props.x[k], placements.y[k], props.z[k]);
    euler.set(placements.pitch[k], props.yaw[k], placements.roll[k], 'YXZ');
    rotation.setFromEuler(euler);
    const s = props.scale[k];
    const stretchY = this.stretch[3 * k + 1] || 1;
    scale.set(s * (this.stretch[3 * k] || 1), s * stretchY, s * (this.stretch[3 * k + 2] || 1));
    matrix.compose(position, rotation, scale);
    matrix.toArray(this.matrices, 16 * k);
    const t = props.typeIndex[k];
    const geometry = this.geometryFor(props.types[t], 0, this.slots.length > k ? this.slots[k] - (this.slotBase[t] ?? 0) : 0);
    if (!geometry.boundingBox) geometry.computeBoundingBox();
    const box = geometry.boundingBox!;
    const across = Math.max(this.stretch[3 * k] || 1, this.stretch[3 * k + 2] || 1);
    // Its size on screen's terms: the larger of its height and its width (a bush is wider than tall).
    this.heights[k] = s * Math.max(stretchY * box.max.y, across * (box.max.x - box.min.x), across * (box.max.z - box.min.z), 0.1);
    this.writeContact(layer, k, s * across);
    this.dirty = true;
  }

  /** Prop k's contact disc: in the ground's tangent plane at its base (the exact surface's triangle), lifted a little. */
  private writeContact(layer: SnappedPropLayer, k: number, size: number): void {
    if (this.contactMatrices.length < 16 * (k + 1)) return;
    const { props, placements } = layer;
    const type = props.types[props.typeIndex[k]];
    const field = this.groundOf?.();
    let y = placements.y[k];
    groundNormal.set(0, 1, 0);
    if (field) {
      sampleSurface(field, props.x[k], props.z[k], surface);
      y = surface[SAMPLE_HEIGHT];
      groundNormal.set(-surface[SAMPLE_DX], 1, -surface[SAMPLE_DZ]).normalize();
    }
    rotation.setFromUnitVectors(up, groundNormal);
    position.set(props.x[k], y, props.z[k]).addScaledVector(groundNormal, CONTACT_LIFT);
    const r = CONTACT_RADIUS * type.footprintRadius * size;
    scale.set(r, 1, r);
    matrix.compose(position, rotation, scale);
    matrix.toArray(this.contactMatrices, 16 * k);
  }

  dispose(): void {
    for (const mesh of this.meshes.flat()) mesh.dispose();
    this.contact?.geometry.dispose();
    this.contact?.dispose();
    this.contactMaterial.dispose();
    for (const geometry of this.geometries.values()) geometry.dispose();
    this.material.dispose();
    this.depthMaterial.dispose();
    this.far.geometry.dispose();
    this.markerMaterial.dispose();
  }
}
