import { Box2, BufferAttribute, BufferGeometry, DataTexture, FloatType, NearestFilter, RedFormat, Vector2, type Material, type WebGLRenderer } from 'three';
import type { Heightfield } from '../../../shared/terrain/heightfield';
import type { DirtyRegion } from '../../../app/document/region';

/** Samples per side of the sea's ground texture at most: a larger map is read every k-th vertex (k the least that fits). */
export const SEA_GROUND_MAX_SIDE = 2049;

/** How far the sea's wall reaches below the ground at the map's edge, in sample spacings. */
export const SEA_WALL_MARGIN = 0.5;

/** The ground under the sea as the sea's shaders read it: every `step`-th vertex of the map. */
export interface SeaGround {
  heights: Float32Array;
  width: number;
  depth: number;
  /** Metres between two samples. */
  spacing: number;
  /** Map vertices between two samples (1: `heights` is the map's own array). */
  step: number;
}

/** The sampling of the map: every `step`-th vertex, `width` × `depth` samples. */
function seaGroundShape(field: Heightfield): { step: number; width: number; depth: number } {
  const step = Math.max(1, Math.ceil((Math.max(field.width, field.depth) - 1) / (SEA_GROUND_MAX_SIDE - 1)));
  return { step, width: Math.floor((field.width - 1) / step) + 1, depth: Math.floor((field.depth - 1) / step) + 1 };
}

/** The map's heights, every step-th vertex so that no side exceeds SEA_GROUND_MAX_SIDE (the whole map when it fits). */
export function seaGround(field: Heightfield): SeaGround {
  const { step, width, depth } = seaGroundShape(field);
  if (step === 1) return { heights: field.heights, width, depth, spacing: field.cellSize, step };
  const heights = new Float32Array(width * depth);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) heights[j * width + i] = field.heights[j * step * field.width + i * step];
  return { heights, width, depth, spacing: field.cellSize * step, step };
}

/** Whether `ground` was read from `field` as it is now laid out (its own heights array, or the same sampling of one the same size). */
export function seaGroundOf(ground: SeaGround, field: Heightfield): boolean {
  if (ground.step === 1) return ground.heights === field.heights;
  const fresh = seaGroundShape(field);
  return fresh.step === ground.step && fresh.width === ground.width && fresh.depth === ground.depth && ground.spacing === field.cellSize * ground.step;
}

/** A rectangle of samples [i0, i1) × [j0, j1). */
export interface SampleRect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}

/** The samples of `ground` at the vertices a change of `region` reached (sample s is vertex s·step), or null when none. */
export function seaGroundRect(ground: SeaGround, region: DirtyRegion): SampleRect | null {
  if (region.kind === 'all') return { i0: 0, j0: 0, i1: ground.width, j1: ground.depth };
  const first = (vertex: number, samples: number) => Math.min(samples, Math.ceil(vertex / ground.step));
  const rect = {
    i0: first(region.i0, ground.width),
    j0: first(region.j0, ground.depth),
    i1: first(region.i1, ground.width),
    j1: first(region.j1, ground.depth),
  };
  return rect.i0 < rect.i1 && rect.j0 < rect.j1 ? rect : null;
}

/** Reads `rect`'s samples of `ground` from `field` again (nothing to do when the ground is the map's own heights). */
export function refreshSeaGround(ground: SeaGround, field: Heightfield, rect: SampleRect): void {
  if (ground.heights === field.heights) return;
  for (let j = rect.j0; j < rect.j1; j++)
    for (let i = rect.i0; i < rect.i1; i++) ground.heights[j * ground.width + i] = field.heights[j * ground.step * field.width + i * ground.step];
}

/** Sends `rect` of `ground` into its texture (texSubImage2D of that rectangle, read straight from the ground's array). */
export function uploadSeaGroundRect(renderer: WebGLRenderer, texture: DataTexture, ground: SeaGround, rect: SampleRect): void {
  const source = new DataTexture(ground.heights, ground.width, ground.depth, RedFormat, FloatType);
  source.unpackAlignment = 4;
  renderer.copyTextureToTexture(source, texture, new Box2(new Vector2(rect.i0, rect.j0), new Vector2(rect.i1, rect.j1)), new Vector2(rect.i0, rect.j0));
}

/** The ground's height under world (x, z) on the grid's triangles (shared/terrain/mesh.ts: each cell split from (x0, z1) to (x1, z0)). */
export function seaGroundAt(ground: SeaGround, x: number, z: number): number {
  const gx = Math.min(ground.width - 1, Math.max(0, x / ground.spacing + (ground.width - 1) / 2));
  const gz = Math.min(ground.depth - 1, Math.max(0, z / ground.spacing + (ground.depth - 1) / 2));
  const i = Math.min(ground.width - 2, Math.floor(gx));
  const j = Math.min(ground.depth - 2, Math.floor(gz));
  const fx = gx - i;
  const fz = gz - j;
  const h = (di: number, dj: number) => ground.heights[(j + dj) * ground.width + i + di];
  if (fx + fz <= 1) return h(0, 0) + fx * (h(1, 0) - h(0, 0)) + fz * (h(0, 1) - h(0, 0));
  return h(1, 1) + (1 - fx) * (h(0, 1) - h(1, 1)) + (1 - fz) * (h(1, 0) - h(1, 1));
}

/** The ground as a float texture read texel for texel (seaGroundAt's rule in GLSL below). */
export function seaGroundTexture(ground: SeaGround): DataTexture {
  const texture = new DataTexture(ground.heights, ground.width, ground.depth, RedFormat, FloatType);
  texture.minFilter = NearestFilter;
  texture.magFilter = NearestFilter;
  texture.generateMipmaps = false;
  texture.unpackAlignment = 4;
  texture.needsUpdate = true;
  return texture;
}

/**
 * The sea plane drawn only where the ground under it is below the sea level: elsewhere it lies under
 * the land, and at the map's edges (no cut sides to hide it) it showed as a slab's edge beside the land.
 * The wall (seaWallGeometry) is clipped the same way: none of it where the ground along the edge is above the sea.
 */
export interface SeaGroundUniforms {
  seaGround: { value: DataTexture | null };
  seaSpacing: { value: number };
  seaLevel: { value: number };
}

export function clipSeaToGround(material: Material, uniforms: SeaGroundUniforms, key: string): void {
  material.onBeforeCompile = (shader) => {
    Object.assign(shader.uniforms, uniforms);
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', '#include <common>\nvarying vec3 vSeaWorld;')
      .replace('#include <worldpos_vertex>', '#include <worldpos_vertex>\nvSeaWorld = (modelMatrix * vec4(transformed, 1.0)).xyz;');
    shader.fragmentShader = shader.fragmentShader
      .replace(
        '#include <common>',
        `#include <common>
varying vec3 vSeaWorld;
uniform highp sampler2D seaGround;
uniform float seaSpacing;
uniform float seaLevel;
float seaGroundAt(vec2 xz) {
  ivec2 size = textureSize(seaGround, 0);
  vec2 g = clamp(xz / seaSpacing + vec2(size - 1) * 0.5, vec2(0.0), vec2(size - 1));
  ivec2 c = min(ivec2(floor(g)), size - 2);
  vec2 f = g - vec2(c);
  float h00 = texelFetch(seaGround, c, 0).r;
  float h10 = texelFetch(seaGround, c + ivec2(1, 0), 0).r;
  float h01 = texelFetch(seaGround, c + ivec2(0, 1), 0).r;
  float h11 = texelFetch(seaGround, c + ivec2(1, 1), 0).r;
  return f.x + f.y <= 1.0 ? h00 + f.x * (h10 - h00) + f.y * (h01 - h00) : h11 + (1.0 - f.x) * (h01 - h11) + (1.0 - f.y) * (h10 - h11);
}`,
      )
      .replace('void main() {', 'void main() {\n  if (seaGroundAt(vSeaWorld.xz) >= seaLevel) discard;');
  };
  material.customProgramCacheKey = () => key;
}

/**
 * The sea's cut sides at the map's four edges: a wall from the sea level down to the ground along the
 * edge and half a sample spacing further (two vertices per edge sample, top and bottom). The margin,
 * hidden inside by the ground, closes the seam of pixels between the ground's edge and the wall (the
 * terrain's own shader places its edge a rounding apart); where the ground is above the sea the wall's
 * shader drops it (clipSeaToGround).
 */
export function seaWallGeometry(ground: SeaGround, seaLevel: number): BufferGeometry {
  const halfX = ((ground.width - 1) / 2) * ground.spacing;
  const halfZ = ((ground.depth - 1) / 2) * ground.spacing;
  const edges: Array<{ count: number; at: (k: number) => [number, number, number] }> = [
    { count: ground.width, at: (k) => [k, 0, -halfZ] },
    { count: ground.width, at: (k) => [k, ground.depth - 1, halfZ] },
    { count: ground.depth, at: (k) => [0, k, -halfX] },
    { count: ground.depth, at: (k) => [ground.width - 1, k, halfX] },
  ];
  const vertices = 2 * (2 * ground.width + 2 * ground.depth);
  const positions = new Float32Array(vertices * 3);
  const indices: number[] = [];
  let v = 0;
  edges.forEach(({ count, at }, e) => {
    for (let k = 0; k < count; k++) {
      const [i, j] = at(k);
      const x = e < 2 ? (i - (ground.width - 1) / 2) * ground.spacing : at(k)[2];
      const z = e < 2 ? at(k)[2] : (j - (ground.depth - 1) / 2) * ground.spacing;
      const bottom = Math.min(seaLevel, ground.heights[j * ground.width + i]) - SEA_WALL_MARGIN * ground.spacing;
      positions.set([x, seaLevel, z, x, bottom, z], v * 3);
      if (k > 0) indices.push(v - 2, v - 1, v, v, v - 1, v + 1);
      v += 2;
    }
  });
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setIndex(indices);
  return geometry;
}
