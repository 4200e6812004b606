import { cpuTimed, type Benchmark } from './harness';
import { syntheticTerrain } from '../shared/lod/testing/syntheticTerrain';
import { heightRange } from '../shared/terrain/heightfield';
import { writeShadingNormals } from '../shared/terrain/shadingNormals';
import { groundTexture, groundTextureLayers } from '../shared/ground/groundTextures';
import { writeVertexColours } from '../app/view/terrainColours';
import { naturalColourPixels } from '../shared/export/colourMap';
import { coverInChannels } from '../shared/erosion/channelCover';

/**
 * The ground materials' CPU side: generating the textures (what the view's worker does once per
 * window), and the natural vertex colours of a whole 1025² map (the ground layers weighed per vertex:
 * a Run's recolour of the full mesh, the colour map's per-vertex work) against the hypsometric ramp's.
 * The colour map's pass is timed with the ragged snow line (its place on the map given) and with the
 * straight one (no place): the lines 60 m and 100 m put 41 % of this map within the snow line's reach,
 * far more than a preset's (Mountains: its top 6 % above the line), so the ragged line's cost is an upper bound.
 */
const SIZE = 1025;
let state: {
  field: ReturnType<typeof syntheticTerrain>;
  normals: Float32Array;
  colours: Float32Array;
  cover: { flow: Uint8Array; deposition: Uint8Array };
} | null = null;
function colourState() {
  if (!state) {
    const field = syntheticTerrain(SIZE, 1);
    const normals = new Float32Array(SIZE * SIZE * 3);
    writeShadingNormals(field, normals);
    const cover = { flow: new Uint8Array(SIZE * SIZE), deposition: new Uint8Array(SIZE * SIZE) };
    for (let k = 0; k < SIZE * SIZE; k++) {
      cover.flow[k] = (k * 37) & 255;
      cover.deposition[k] = (k * 91) & 255;
    }
    state = { field, normals, colours: new Float32Array(SIZE * SIZE * 3), cover };
  }
  return state;
}

const LINES = { treeLine: 60, snowLine: 100, climate: 'temperate' as const };

export const benchmarks: Benchmark[] = [
  { name: 'ground-textures', params: { tiles: 7, texels: '256²' }, samples: 5, warmup: 1, run: () => groundTextureLayers() },
  // One tile each, CPU time, against the grass tile in the same run: what the sediment's and rock's tiles cost.
  ...(['grass', 'sand', 'rock'] as const).map((material): Benchmark => ({
    name: `ground-texture-${material}`,
    params: { texels: '256²' },
    samples: 5,
    warmup: 1,
    ...(material === 'grass' ? {} : { baseline: 'ground-texture-grass' }),
    ...cpuTimed(5, () => groundTexture(material)),
  })),
  {
    name: 'ground-hypsometric-colours',
    size: SIZE,
    samples: 5,
    setup: colourState,
    ...cpuTimed(5, (s) => {
      const { field, normals, colours } = s as ReturnType<typeof colourState>;
      writeVertexColours(field, normals, colours, 'height', heightRange(field.heights));
    }),
  },
  // The drawn cover's channel pass (the ground's concavity, the flow kept by it: app/document/surfaceCover.ts, maps up
  // to 1025² on the window's thread after each edit), against the hypsometric colours' one pass over the map.
  {
    name: 'ground-channel-cover',
    size: SIZE,
    samples: 5,
    baseline: 'ground-hypsometric-colours',
    setup: colourState,
    ...cpuTimed(5, (s) => {
      const { field, cover } = s as ReturnType<typeof colourState>;
      coverInChannels(cover, field.heights, field);
    }),
  },
  {
    name: 'ground-natural-colours',
    size: SIZE,
    samples: 5,
    baseline: 'ground-hypsometric-colours',
    setup: colourState,
    ...cpuTimed(5, (s) => {
      const { field, normals, colours, cover } = s as ReturnType<typeof colourState>;
      writeVertexColours(field, normals, colours, 'natural', heightRange(field.heights), 0, field.depth, cover, LINES);
    }),
  },
  ...([false, true] as const).map((ragged): Benchmark => ({
    name: `ground-colour-map ${ragged ? 'ragged' : 'straight'} snow line`,
    size: SIZE,
    samples: 5,
    baseline: ragged ? 'ground-colour-map straight snow line' : 'ground-hypsometric-colours',
    setup: colourState,
    ...cpuTimed(5, (s) => {
      const { field, normals, cover } = s as ReturnType<typeof colourState>;
      const place = ragged ? { width: SIZE, depth: SIZE, cellX: field.cellSize, cellZ: field.cellSize, row0: 0 } : null;
      naturalColourPixels(field.heights, normals, LINES, cover, place);
    }),
  })),
];
