import { BufferAttribute, BufferGeometry, DataTexture, FloatType, NearestFilter, RedFormat, type Material } from 'three';
import type { Heightfield } from '../../../shared/terrain/heightfield';

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
}

/** The map's heights, every step-th vertex so that no side exceeds SEA_GROUND_MAX_SIDE (the whole map when it fits). */
export function seaGround(field: Heightfield): SeaGround {
  const step = Math.max(1, Math.ceil((Math.max(field.width, field.depth) - 1) / (SEA_GROUND_MAX_SIDE - 1)));
  if (step === 1) return { heights: field.heights, width: field.width, depth: field.depth, spacing: field.cellSize };
  const width = Math.floor((field.width - 1) / step) + 1;
  const depth = Math.floor((field.depth - 1) / step) + 1;
  const heights = new Float32Array(width * depth);
  for (let j = 0; j < depth; j++) for (let i = 0; i < width; i++) heights[j * width + i] = field.heights[j * step * field.width + i * step];
  return { heights, width, depth, spacing: field.cellSize * step };
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
