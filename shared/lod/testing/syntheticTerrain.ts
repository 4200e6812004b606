import { createHeightfield, type Heightfield } from '../../terrain/heightfield';

/**
 * Hills at several scales plus fine roughness, for LOD tests and benchmarks at any size: smooth
 * enough that coarse levels have small errors far away, rough enough that near chunks need detail.
 * Every term is separable in x and z so that an 8193² map takes well under a second.
 */
export function syntheticTerrain(side: number, cellSize = 1, roughness = 0.05): Heightfield {
  const field = createHeightfield(side, side, cellSize);
  const h = field.heights;
  const large = new Float64Array(side);
  const mid = new Float64Array(side);
  const waveSin = new Float64Array(side);
  const waveCos = new Float64Array(side);
  for (let i = 0; i < side; i++) {
    const x = i * cellSize;
    large[i] = 120 * Math.sin(x * 0.0017);
    mid[i] = 15 * Math.sin(x * 0.013);
    waveSin[i] = 2 * Math.sin(x * 0.11);
    waveCos[i] = 2 * Math.cos(x * 0.11);
  }
  for (let j = 0; j < side; j++) {
    const z = j * cellSize;
    const row = j * side;
    const zLarge = Math.sin(z * 0.0021);
    const zMid = Math.cos(z * 0.017);
    // sin(a + b) = sin a cos b + cos a sin b.
    const zCos = Math.cos(z * 0.07);
    const zSin = Math.sin(z * 0.07);
    for (let i = 0; i < side; i++) {
      // Integer hash: cheap deterministic noise in [−0.5, 0.5).
      let n = Math.imul(i, 374761393) ^ Math.imul(j, 668265263);
      n = Math.imul(n ^ (n >>> 13), 1274126177);
      const noise = ((n ^ (n >>> 16)) >>> 0) / 4294967296 - 0.5;
      h[row + i] = large[i] * zLarge + mid[i] * zMid + waveSin[i] * zCos + waveCos[i] * zSin + roughness * noise;
    }
  }
  return field;
}
