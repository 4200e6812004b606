/**
 * Every command's terrain loader: reads any file Faultline reads (a heightmap or a project) into a
 * heightfield, with what the file says about itself.
 */
import { failFor } from '../../shared/codecs/errors';
import type { GeoReference } from '../../shared/codecs/heightmap';
import { readHeightmapField } from '../../shared/codecs/import-heightmap';
import type { JsonObject } from '../../shared/json';
import { parseProject, type LayerStatus, type ProjectDocument } from '../../shared/codecs/project';
import type { Layer } from '../../shared/layers/types';
import { extensionOf, HEIGHTMAP_READ_EXTENSIONS, isReadableHeightmap } from '../../shared/codecs/registry';
import type { FaultRecipe } from '../../shared/fault/recipe';
import { createHeightfield, type Heightfield } from '../../shared/terrain/heightfield';
import type { InputOptions } from './exchangeArgs';

export type InputKind = 'png' | 'r16' | 'r32' | 'tiff' | 'exr' | 'faultline';

export interface LoadedInput {
  kind: InputKind;
  field: Heightfield;
  /** Bits per stored sample (32 for float heights). */
  bitDepth: number;
  /** PNG text entries; the recipe and prop count of a project. */
  metadata: Record<string, unknown>;
  recipe: FaultRecipe | null;
  /** A project's generation history (its steps after the recipe); empty for other files. */
  history: JsonObject[];
  props: JsonObject[];
  /** A project's layer stack as read (v1 migrated; see LayerStatus), absent for other files. */
  layers?: Layer[];
  layerStatus?: LayerStatus;
  /** A project input as read (view and all), for commands that write it back (scatter). */
  project?: ProjectDocument;
  /** A GeoTIFF input's projected CRS and origin (a GeoTIFF export writes them back). */
  geo?: GeoReference;
}

/** The registry's heightmap readers, and projects. */
export const INPUT_EXTENSIONS = [...HEIGHTMAP_READ_EXTENSIONS, 'faultline'];

export async function loadInput(bytes: Uint8Array, fileName: string, read: InputOptions): Promise<LoadedInput> {
  if (extensionOf(fileName) === 'faultline') {
    const project = parseProject(bytes, fileName, { layers: read.stack !== false });
    const source = project.field;
    // --cell-size rescales a project as it does any other input.
    const field = read.cellSize === undefined ? source : createHeightfield(source.width, source.depth, read.cellSize, source.heights);
    return {
      kind: 'faultline',
      field,
      bitDepth: 32,
      metadata: { recipe: project.recipe, history: project.history.length, props: project.props.length },
      recipe: project.recipe,
      history: project.history,
      props: project.props,
      // A rescaled project's layers would sit elsewhere: it keeps its heights only.
      ...(read.cellSize === undefined ? { layers: project.layers, layerStatus: project.layerStatus, project } : {}),
    };
  }
  if (!isReadableHeightmap(fileName)) {
    failFor(fileName)(`is not a file Faultline reads (${INPUT_EXTENSIONS.map((e) => `.${e}`).join(', ')})`);
  }
  const { decoded, field } = await readHeightmapField(bytes, fileName, {
    width: read.width,
    depth: read.depth,
    byteOrder: read.byteOrder,
    flip: read.flip,
    channel: read.channel,
    resample: read.resample,
    min: read.range?.min,
    max: read.range?.max,
    cellSize: read.cellSize,
    // Values given on the command line win over the file's metadata.
    preferFileMetadata: false,
  });
  const { text, textOmitted } = decoded.metadata;
  // Text chunks past PNG_TEXT_LIMITS are only counted: say so rather than show a partial list as all.
  const metadata: Record<string, unknown> = textOmitted ? { ...text, '(text chunks not shown)': textOmitted } : { ...text };
  return {
    kind: decoded.format,
    field,
    bitDepth: decoded.bitDepth,
    metadata,
    recipe: null,
    history: [],
    props: [],
    ...(decoded.geo ? { geo: decoded.geo } : {}),
  };
}
