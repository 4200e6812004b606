import { DataTexture, FloatType, MeshLambertMaterial, NearestFilter, RGBAFormat, type DataArrayTexture, type IUniform } from 'three';
import { HYPSOMETRIC_RAMP, NATURAL_TABLE, RAMP_SIZE, SLOPE_BINS, SLOPE_RAMP, linearRamp } from '../../../app/view/colourRamp';
import type { ColourMode } from '../../../app/view/terrainColours';
import { HEIGHT_TEXTURE_ROW_LENGTH } from './heightUploads';
import { followTerrainVariant, patchTerrainShader, type TerrainShaderUniforms } from '../look/terrainShader';
import { COVER_GLSL } from '../look/coverShader';
import { CREASE_FROM, CREASE_TO } from '../../../shared/terrain/shadingNormals';
import { DRIVABILITY_TINT, DRIVABILITY_TINT_OPACITY, linearRgb } from '../../../app/palette/overlayPalette';

/** Linear RGB and opacity of the tint on ground too steep to climb (the palette's, as the full-map overlay). */
export const STEEP_TINT = [...linearRgb(DRIVABILITY_TINT), DRIVABILITY_TINT_OPACITY] as const;

/**
 * The LOD terrain's material: Lambert shading like the full-resolution mesh, but every vertex takes
 * its height, shading normal and colour from the GPU height texture. Block geometries carry only
 * each vertex's grid coordinates (i, j) and the step of the level drawn there.
 *
 * The vertex sits at exactly the exact mesh's position: x and z come from the same float32
 * expressions as on the CPU, y is the stored float32 height. Normals are central differences over
 * the drawn step averaged 1-2-1 (shared/terrain/shadingNormals.ts; at level 0 the exact mesh's), colours the same 256-entry ramps and, on
 * natural colours, the erosion cover from an RG8 texture in the heights' layout (coverShader.ts); the ground's wet
 * margin along the water from an R8 one (gpuWet.ts), as the full mesh's `terrainWet` attribute.
 */
export interface LodTerrainMaterial {
  material: MeshLambertMaterial;
  setHeights(texture: DataArrayTexture, width: number, depth: number, layerRows: number, cellSize: number): void;
  setColourMode(mode: ColourMode): void;
  setHeightRange(min: number, max: number): void;
  /** Tints vertices touching a (full-resolution) triangle steeper than maxSlopeDeg; null turns it off. */
  setSteepTint(maxSlopeDeg: number | null): void;
  /** The erosion cover (gpuCover.ts: RG8 in the height texture's layout) drawn on natural colours; null draws none. */
  setCover(texture: DataArrayTexture | null): void;
  /** The wet margin along the water (gpuWet.ts: R8 in the height texture's layout); null draws none. */
  setWet(texture: DataArrayTexture | null): void;
  dispose(): void;
}

const ROW_SHIFT = Math.log2(HEIGHT_TEXTURE_ROW_LENGTH);

/**
 * The ramps as one 256-wide linear-float texture: row 0 hypsometric, row 1 slope, then the natural
 * table's SLOPE_BINS rows (row 2 + slope bin, column height index), as app/view/terrainColours.ts reads them.
 */
function rampTexture(): DataTexture {
  const natural = linearRamp(NATURAL_TABLE);
  const rows = [
    linearRamp(HYPSOMETRIC_RAMP),
    linearRamp(SLOPE_RAMP),
    ...Array.from({ length: SLOPE_BINS }, (_, s) => natural.subarray(s * RAMP_SIZE * 3, (s + 1) * RAMP_SIZE * 3)),
  ];
  const data = new Float32Array(RAMP_SIZE * rows.length * 4);
  rows.forEach((ramp, row) => {
    for (let k = 0; k < RAMP_SIZE; k++) {
      const o = (row * RAMP_SIZE + k) * 4;
      data[o] = ramp[k * 3];
      data[o + 1] = ramp[k * 3 + 1];
      data[o + 2] = ramp[k * 3 + 2];
      data[o + 3] = 1;
    }
  });
  const texture = new DataTexture(data, RAMP_SIZE, rows.length, RGBAFormat, FloatType);
  texture.minFilter = NearestFilter;
  texture.magFilter = NearestFilter;
  texture.needsUpdate = true;
  return texture;
}

const VERTEX_HEADER = /* glsl */ `
in ivec3 terrainGrid;
uniform highp sampler2DArray terrainHeights;
uniform highp sampler2DArray terrainCover;
uniform bool terrainCoverOn;
uniform highp sampler2DArray terrainWet;
uniform bool terrainWetOn;
uniform sampler2D terrainRamps;
uniform int terrainWidth;
uniform int terrainDepth;
uniform int terrainLayerRows;
uniform float terrainCellSize;
uniform int terrainColourMode;
uniform float terrainMin;
uniform float terrainMax;
uniform float terrainSteepLimit;
varying vec3 vTerrainColour;
varying float vTerrainSteep;

float terrainHeight(int i, int j) {
  int k = j * terrainWidth + i;
  int row = k >> ${ROW_SHIFT};
  return texelFetch(terrainHeights, ivec3(k & ${HEIGHT_TEXTURE_ROW_LENGTH - 1}, row % terrainLayerRows, row / terrainLayerRows), 0).r;
}

// Central differences over ±step (one-sided at the border), as shared/terrain/shadingNormals.ts.
float terrainCentralX(int i, int j, int step) {
  int im = max(0, i - step);
  int ip = min(terrainWidth - 1, i + step);
  return (terrainHeight(ip, j) - terrainHeight(im, j)) / (float(ip - im) * terrainCellSize);
}
float terrainCentralZ(int i, int j, int step) {
  int jm = max(0, j - step);
  int jp = min(terrainDepth - 1, j + step);
  return (terrainHeight(i, jp) - terrainHeight(i, jm)) / (float(jp - jm) * terrainCellSize);
}

// shared/terrain/shadingNormals.ts creaseKept: the 1-2-1 mean, giving way to the median where the slope changes sharply.
float terrainCreaseKept(float a, float b, float d) {
  float mean = (a + 2.0 * b + d) / 4.0;
  float median = max(min(a, b), min(max(a, b), d));
  float w = clamp((abs(d - a) - ${CREASE_FROM.toFixed(6)}) / ${(CREASE_TO - CREASE_FROM).toFixed(6)}, 0.0, 1.0);
  return mean + w * (median - mean);
}

// Flow and deposition (bytes / 255) of vertex (i, j), addressed as its height.
vec2 terrainCoverAt(int i, int j) {
  int k = j * terrainWidth + i;
  int row = k >> ${ROW_SHIFT};
  return texelFetch(terrainCover, ivec3(k & ${HEIGHT_TEXTURE_ROW_LENGTH - 1}, row % terrainLayerRows, row / terrainLayerRows), 0).rg;
}
${COVER_GLSL}

// The wet margin (byte / 255) of vertex (i, j), addressed as its height: one read a vertex, none a pixel.
float terrainWetAt(int i, int j) {
  int k = j * terrainWidth + i;
  int row = k >> ${ROW_SHIFT};
  return texelFetch(terrainWet, ivec3(k & ${HEIGHT_TEXTURE_ROW_LENGTH - 1}, row % terrainLayerRows, row / terrainLayerRows), 0).r;
}

// A triangle is steep when its rises over one cell exceed tan(limit) · cellSize (squared), as app/drive/drivability.ts.
bool terrainSteep(float dx, float dz) {
  return dx * dx + dz * dz > terrainSteepLimit;
}

float terrainSteepAt(int i, int j, float h) {
  if (terrainSteepLimit < 0.0) return 0.0;
  bool w = i > 0, e = i < terrainWidth - 1, s = j > 0, n = j < terrainDepth - 1;
  float hw = w ? terrainHeight(i - 1, j) : 0.0;
  float he = e ? terrainHeight(i + 1, j) : 0.0;
  float hs = s ? terrainHeight(i, j - 1) : 0.0;
  float hn = n ? terrainHeight(i, j + 1) : 0.0;
  // The six triangles around the vertex (cells split along (x0, z1)–(x1, z0)).
  if (e && n && terrainSteep(he - h, hn - h)) return 1.0;
  if (w && s && terrainSteep(h - hs, h - hw)) return 1.0;
  if (w && n) {
    float hwn = terrainHeight(i - 1, j + 1);
    if (terrainSteep(h - hw, hwn - hw) || terrainSteep(hn - hwn, hn - h)) return 1.0;
  }
  if (e && s) {
    float hes = terrainHeight(i + 1, j - 1);
    if (terrainSteep(hes - hs, h - hs) || terrainSteep(he - h, he - hes)) return 1.0;
  }
  return 0.0;
}
`;

const VERTEX_BEGIN = /* glsl */ `
int terrainI = terrainGrid.x;
int terrainJ = terrainGrid.y;
int terrainStep = terrainGrid.z;
float terrainH = terrainHeight(terrainI, terrainJ);
int terrainIm = max(0, terrainI - terrainStep);
int terrainIp = min(terrainWidth - 1, terrainI + terrainStep);
int terrainJm = max(0, terrainJ - terrainStep);
int terrainJp = min(terrainDepth - 1, terrainJ + terrainStep);
// Central differences averaged 1-2-1 along their axis, the median across creases (shared/terrain/shadingNormals.ts
// creaseKept): no lattice from talus steps, rims not rounded into shoulders.
float terrainDhdx = terrainCreaseKept(terrainCentralX(terrainIm, terrainJ, terrainStep), terrainCentralX(terrainI, terrainJ, terrainStep),
  terrainCentralX(terrainIp, terrainJ, terrainStep));
float terrainDhdz = terrainCreaseKept(terrainCentralZ(terrainI, terrainJm, terrainStep), terrainCentralZ(terrainI, terrainJ, terrainStep),
  terrainCentralZ(terrainI, terrainJp, terrainStep));
float terrainInv = inversesqrt(terrainDhdx * terrainDhdx + 1.0 + terrainDhdz * terrainDhdz);
vec3 objectNormal = vec3(-terrainDhdx * terrainInv, terrainInv, -terrainDhdz * terrainInv);
float terrainSlopeT = acos(min(1.0, terrainInv)) / 1.5707963267948966;
float terrainHeightT = terrainMax > terrainMin ? (terrainH - terrainMin) / (terrainMax - terrainMin) : 0.5;
float terrainT = terrainColourMode == 1 ? terrainSlopeT : terrainHeightT;
int terrainRampIndex = terrainT > 0.0 ? min(${RAMP_SIZE - 1}, int(floor(terrainT * ${RAMP_SIZE - 1}.0 + 0.5))) : 0;
int terrainRampRow = terrainColourMode;
if (terrainColourMode == 2) {
  terrainRampRow = 2 + (terrainSlopeT > 0.0 ? min(${SLOPE_BINS - 1}, int(floor(terrainSlopeT * ${SLOPE_BINS - 1}.0 + 0.5))) : 0);
}
vTerrainColour = texelFetch(terrainRamps, ivec2(terrainRampIndex, terrainRampRow), 0).rgb;
if (terrainColourMode == 2) {
  // Between the natural table's entries, as app/view/terrainColours.ts writeNaturalColour.
  float terrainS = clamp(terrainSlopeT, 0.0, 1.0) * ${SLOPE_BINS - 1}.0;
  int terrainS0 = min(int(floor(terrainS)), ${SLOPE_BINS - 2});
  float terrainFs = terrainS - float(terrainS0);
  float terrainHt = clamp(terrainHeightT, 0.0, 1.0) * ${RAMP_SIZE - 1}.0;
  int terrainH0 = min(int(floor(terrainHt)), ${RAMP_SIZE - 2});
  float terrainFh = terrainHt - float(terrainH0);
  vec3 terrainLow = mix(texelFetch(terrainRamps, ivec2(terrainH0, 2 + terrainS0), 0).rgb,
    texelFetch(terrainRamps, ivec2(terrainH0 + 1, 2 + terrainS0), 0).rgb, terrainFh);
  vec3 terrainHigh = mix(texelFetch(terrainRamps, ivec2(terrainH0, 3 + terrainS0), 0).rgb,
    texelFetch(terrainRamps, ivec2(terrainH0 + 1, 3 + terrainS0), 0).rgb, terrainFh);
  vTerrainColour = mix(terrainLow, terrainHigh, terrainFs);
}
vTerrainCover = terrainCoverOn ? terrainCoverAt(terrainI, terrainJ) : vec2(0.0);
if (terrainColourMode == 2 && terrainCoverOn) {
  vec2 terrainCoverValues = vTerrainCover;
  vTerrainColour = terrainCovered(vTerrainColour, degrees(acos(min(1.0, terrainInv))), terrainCoverValues.r, terrainCoverValues.g);
}
vTerrainSteep = terrainSteepAt(terrainI, terrainJ, terrainH);
#ifdef USE_TANGENT
vec3 objectTangent = vec3(1.0, 0.0, 0.0);
#endif
`;

/** The ground's wet margin at the vertex, for the terrain shading's ground (which declares the varying and darkens by it). */
const WET_BEGIN = /* glsl */ `
vTerrainWet = terrainWetOn ? terrainWetAt(terrainI, terrainJ) : 0.0;
`;

/** `shading`: the viewport's shared terrain shading uniforms (shadows, occlusion, water, grid), as on the full mesh. */
export function createLodTerrainMaterial(shading?: TerrainShaderUniforms): LodTerrainMaterial {
  const ramps = rampTexture();
  const uniforms: Record<string, IUniform> = {
    terrainHeights: { value: null },
    terrainCover: { value: null },
    terrainCoverOn: { value: false },
    terrainWet: { value: null },
    terrainWetOn: { value: false },
    terrainRamps: { value: ramps },
    terrainWidth: { value: 2 },
    terrainDepth: { value: 2 },
    terrainLayerRows: { value: 1 },
    terrainCellSize: { value: 1 },
    terrainColourMode: { value: 0 },
    terrainMin: { value: 0 },
    terrainMax: { value: 0 },
    terrainSteepLimit: { value: -1 },
    terrainSteepTint: { value: STEEP_TINT.slice(0, 3) },
    terrainSteepOpacity: { value: STEEP_TINT[3] },
  };
  let steepSlopeDeg: number | null = null;
  const updateSteepLimit = () => {
    if (steepSlopeDeg === null || steepSlopeDeg >= 90) {
      uniforms.terrainSteepLimit.value = -1;
      return;
    }
    const limit = Math.tan((Math.max(0, steepSlopeDeg) * Math.PI) / 180) * uniforms.terrainCellSize.value;
    uniforms.terrainSteepLimit.value = limit * limit;
  };
  const material = new MeshLambertMaterial();
  material.onBeforeCompile = (shader) => {
    Object.assign(shader.uniforms, uniforms);
    // The ground materials' cover varying is declared by the terrain shading patch; without it, here.
    shader.vertexShader =
      (shading ? '' : 'varying vec2 vTerrainCover;\n') +
      VERTEX_HEADER +
      shader.vertexShader
        .replace('#include <beginnormal_vertex>', shading ? VERTEX_BEGIN + WET_BEGIN : VERTEX_BEGIN)
        .replace('#include <begin_vertex>', 'vec3 transformed = vec3(position.x, terrainH, position.z);');
    shader.fragmentShader =
      'varying vec3 vTerrainColour;\nvarying float vTerrainSteep;\nuniform vec3 terrainSteepTint;\nuniform float terrainSteepOpacity;\n' +
      shader.fragmentShader
        .replace('#include <color_fragment>', 'diffuseColor.rgb *= vTerrainColour;')
        // Blended over the lit colour like the transparent overlay on full-resolution maps.
        .replace(
          '#include <opaque_fragment>',
          '#include <opaque_fragment>\ngl_FragColor.rgb = mix(gl_FragColor.rgb, terrainSteepTint, vTerrainSteep * terrainSteepOpacity);',
        );
    if (shading) patchTerrainShader(shader, shading, 'own');
  };
  if (shading) followTerrainVariant(material, shading, 'faultline-lod-terrain');
  else material.customProgramCacheKey = () => 'faultline-lod-terrain';
  return {
    material,
    setHeights(texture, width, depth, layerRows, cellSize) {
      uniforms.terrainHeights.value = texture;
      uniforms.terrainWidth.value = width;
      uniforms.terrainDepth.value = depth;
      uniforms.terrainLayerRows.value = layerRows;
      uniforms.terrainCellSize.value = cellSize;
      updateSteepLimit();
    },
    setColourMode(mode) {
      uniforms.terrainColourMode.value = mode === 'slope' ? 1 : mode === 'natural' ? 2 : 0;
    },
    setHeightRange(min, max) {
      uniforms.terrainMin.value = min;
      uniforms.terrainMax.value = max;
    },
    setSteepTint(maxSlopeDeg) {
      steepSlopeDeg = maxSlopeDeg;
      updateSteepLimit();
    },
    setCover(texture) {
      uniforms.terrainCover.value = texture;
      uniforms.terrainCoverOn.value = texture !== null;
    },
    setWet(texture) {
      uniforms.terrainWet.value = texture;
      uniforms.terrainWetOn.value = texture !== null;
    },
    dispose() {
      ramps.dispose();
      material.dispose();
    },
  };
}
