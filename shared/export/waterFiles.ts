/**
 * The water's files, from a stack's water (shared/layers/stackWater.ts): what `faultline water`
 * and the export dialog write, made by the same functions.
 * - depth: metres of water (automatic and drawn rivers) over the stack's heights, 0 where dry (.r32
 *   or .exr, the heightmap codecs);
 * - area: the MFD contributing area, m², of the ground the automatic water was found on (.r32);
 * - flow: the flow map PNG (shared/hydrology/flowMap.ts);
 * - mesh: the lakes' and rivers' surfaces (GLB, the mesh codec's writer);
 * - centrelines: every river's centreline, the automatic network's and any drawn ones (JSON).
 */
import { encodeUtf8 } from '../codecs/bytes';
import { failFor } from '../codecs/errors';
import { compileMeshesGlb } from '../codecs/glb';
import { encodeColourPng } from '../codecs/png/encodeColour';
import type { CodecRegistry } from '../codecs/registry';
import type { Deflate } from '../codecs/zlib';
import { flowMapRgb } from '../hydrology/flowMap';
import { automaticRiverCentrelines, drawnRiverCentreline, riverCentrelinesJson } from './riverCentrelines';
import type { StackWater } from '../layers/stackWater';
import { waterSurfaceMeshes } from '../hydrology/waterMesh';
import { hydraulicHalfWidth } from '../hydrology/riverStrip';
import type { LayerSize } from '../layers/types';
import { createHeightfield } from '../terrain/heightfield';
import { drawnLinesOf, drawnRiversMask, withDrawnStrips } from '../layers/drawnRiverLines';

export const WATER_FILE_KINDS = ['depth', 'area', 'flow', 'mesh', 'centrelines'] as const;
export type WaterFileKind = (typeof WATER_FILE_KINDS)[number];

/** The extensions each file may have (the first is the default). */
export const WATER_FILE_EXTENSIONS: Record<WaterFileKind, readonly string[]> = {
  depth: ['r32', 'exr'],
  area: ['r32'],
  flow: ['png'],
  mesh: ['glb'],
  centrelines: ['json'],
};

/**
 * The water files as export entries (the export dialog's list, the memory check). `memory`: bytes per
 * map vertex at the encode's peak — the stack below the water evaluated (two maps, 8 B), the water
 * (≈ 45 B: BENCHMARKS.md "Session 13: water exports"), the file's own intermediates (the flow map's
 * directions, receivers and speeds ≈ 27 B) — and of the file (the mesh's when the whole map is wet).
 */
export const WATER_EXPORTS = [
  { id: 'water-depth', label: 'Water depth, m (float32 .r32)', extension: 'r32', file: 'depth', suffix: '_water_depth', memory: { encode: 64, file: 4 } },
  { id: 'water-depth-exr', label: 'Water depth, m (OpenEXR .exr)', extension: 'exr', file: 'depth', suffix: '_water_depth', memory: { encode: 64, file: 4 } },
  {
    id: 'water-area',
    label: 'Contributing area, m² (float32 .r32)',
    extension: 'r32',
    file: 'area',
    suffix: '_contributing_area',
    memory: { encode: 64, file: 4 },
  },
  { id: 'water-flow', label: 'Flow map (8-bit RGB PNG)', extension: 'png', file: 'flow', suffix: '_flow', memory: { encode: 96, file: 3 } },
  { id: 'water-mesh', label: 'Water surface mesh (.glb)', extension: 'glb', file: 'mesh', suffix: '_water', memory: { encode: 120, file: 48 } },
  { id: 'river-centrelines', label: 'River centrelines (.json)', extension: 'json', file: 'centrelines', suffix: '_rivers', memory: { encode: 72, file: 1 } },
] as const satisfies readonly { id: string; label: string; extension: string; file: WaterFileKind; suffix: string; memory: { encode: number; file: number } }[];
export type WaterExportId = (typeof WATER_EXPORTS)[number]['id'];

/** The water files an engine export writes with `water` (EngineExportOptions), in this order. */
export const ENGINE_WATER_FILES: readonly { file: WaterFileKind; suffix: string; extension: string }[] = [
  { file: 'depth', suffix: '_water_depth', extension: 'exr' },
  { file: 'flow', suffix: '_flow', extension: 'png' },
  { file: 'mesh', suffix: '_water', extension: 'glb' },
  { file: 'centrelines', suffix: '_rivers', extension: 'json' },
];

export interface WaterFileRequest {
  kind: WaterFileKind;
  fileName: string;
  size: LayerSize;
  found: StackWater;
  codecs: CodecRegistry;
  deflate: Deflate;
}

const extensionOf = (fileName: string) => /\.([^./\\]+)$/.exec(fileName)?.[1].toLowerCase() ?? '';

/** One water file's bytes; a problem (a wrong extension, no water to mesh) throws naming the file. */
export function encodeWaterFile(request: WaterFileRequest): Uint8Array {
  const { kind, fileName, size, found, codecs, deflate } = request;
  const fail = failFor(fileName);
  const extension = extensionOf(fileName);
  if (!WATER_FILE_EXTENSIONS[kind].includes(extension)) fail(`must be a ${WATER_FILE_EXTENSIONS[kind].map((e) => `.${e}`).join(' or ')} file`);
  const field = (values: Float32Array) => createHeightfield(size.width, size.depth, size.cellSize, values);
  // The contributing area and the flow map are the automatic water's hydrology: a drawn river has none.
  const automatic = () => found.automatic ?? fail('the contributing area and the flow map need an automatic water layer (drawn rivers have none)');
  switch (kind) {
    case 'depth':
      return codecs.get(extension === 'exr' ? 'exr' : 'r32').encode(field(found.depth), { fileName });
    case 'area':
      return codecs.get('r32').encode(field(Float32Array.from(automatic().water.area)), { fileName });
    case 'flow': {
      const { below, water } = automatic();
      return encodeColourPng({ width: size.width, height: size.depth, channels: 3, data: flowMapRgb(size, below, water.filled, water.area) }, deflate);
    }
    case 'mesh': {
      // The rivers as the 3D view draws them: strips along their lines when the water layer carves along them.
      const params = found.automatic?.layer.params;
      const riverWidth = params?.channelsAlongLines ? hydraulicHalfWidth(params) : null;
      // Drawn rivers as the 3D view draws them too: strips along their splines (drawnRiverLines.ts).
      const drawn = found.automatic && !params?.channelsAlongLines ? null : drawnLinesOf(found, size.cellSize);
      const excluded = drawn && riverWidth ? drawnRiversMask(size, drawn) : null;
      const meshes = waterSurfaceMeshes(
        size,
        { surface: found.surface.surface, depth: found.depth, kind: found.surface.kind },
        riverWidth,
        riverWidth !== null || drawn !== null,
        excluded,
      );
      if (drawn) withDrawnStrips(meshes, createHeightfield(size.width, size.depth, size.cellSize, found.heights), found.surface.surface, drawn);
      if (meshes.length === 0) fail('the terrain has no lake or river to mesh');
      return compileMeshesGlb(meshes, {}, fileName);
    }
    case 'centrelines': {
      const network = found.automatic ? automaticRiverCentrelines(size, found.automatic.water, found.automatic.layer.params) : [];
      // The drawn rivers after the network, bottom layer first.
      const rivers = [...network, ...found.drawn.map(drawnRiverCentreline)];
      return encodeUtf8(`${JSON.stringify(riverCentrelinesJson(rivers), null, 2)}\n`);
    }
  }
}
