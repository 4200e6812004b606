import { describe, expect, it } from 'vitest';
import { MeshLambertMaterial, ShaderLib } from 'three';
import { createTerrainShaderUniforms, followTerrainVariant, patchTerrainShader } from './terrainShader';

const draw = (material: MeshLambertMaterial) =>
  material.onBeforeRender(undefined as never, undefined as never, undefined as never, undefined as never, undefined as never, undefined as never);

function patched(uniforms: ReturnType<typeof createTerrainShaderUniforms>): string {
  const shader = { uniforms: {}, vertexShader: ShaderLib.lambert.vertexShader, fragmentShader: ShaderLib.lambert.fragmentShader };
  patchTerrainShader(shader, uniforms);
  return shader.fragmentShader;
}

describe('the terrain shader variants', () => {
  it('compiles in the colour mode, the roads and the detail as the uniforms have them', () => {
    const uniforms = createTerrainShaderUniforms();
    uniforms.terrainDetailStrength.value = 1;
    expect(patched(uniforms)).toMatch(/^#define TERRAIN_NATURAL 1\n#define TERRAIN_ROADS 0\n#define TERRAIN_DETAIL 1\n/);
    uniforms.terrainGroundOn.value = 0;
    uniforms.terrainRoadOn.value = 1;
    uniforms.terrainDetailStrength.value = 0;
    expect(patched(uniforms)).toMatch(/^#define TERRAIN_NATURAL 0\n#define TERRAIN_ROADS 1\n#define TERRAIN_DETAIL 0\n/);
  });

  it('a material follows a switch: a new program key and an update before the next draw, none while nothing changes', () => {
    const uniforms = createTerrainShaderUniforms();
    const material = new MeshLambertMaterial();
    followTerrainVariant(material, uniforms, 'terrain');
    const natural = material.customProgramCacheKey();
    const version = material.version;
    draw(material);
    expect(material.version).toBe(version);

    uniforms.terrainRoadOn.value = 1;
    const withRoads = material.customProgramCacheKey();
    expect(withRoads).not.toBe(natural);
    draw(material);
    expect(material.version).toBe(version + 1);
    draw(material);
    expect(material.version).toBe(version + 1);

    uniforms.terrainGroundOn.value = 0;
    expect(material.customProgramCacheKey()).not.toBe(withRoads);
    draw(material);
    expect(material.version).toBe(version + 2);
    uniforms.terrainGroundOn.value = 1;
    expect(material.customProgramCacheKey()).toBe(withRoads);
  });
});
