import type { Heightfield } from '../../shared/terrain/heightfield';
import type { TerrainDocument } from './document';
import type { Layer } from '../../shared/layers/types';
import type { DocumentEdit } from './history';
import type { ErosionCoverBytes } from '../../shared/erosion/cover';
import type { WaterSurface } from '../../shared/hydrology/waterSurface';
import { ALL } from './region';
import { waterFullBytes } from './packedWater';

/** Swaps the whole heightfield (a generation at another size or cell size); keeps both maps. */
export function createFieldReplaceEdit(label: string, before: Heightfield, after: Heightfield): DocumentEdit {
  return {
    label,
    byteSize: before.heights.byteLength + after.heights.byteLength,
    apply: (doc: TerrainDocument) => {
      doc.field = after;
      return ALL;
    },
    revert: (doc: TerrainDocument) => {
      doc.field = before;
      return ALL;
    },
  };
}

/** Wraps a height edit so that it also sets the document's layer stack (undone with it). */
export function withStack(edit: DocumentEdit, before: readonly Layer[], after: readonly Layer[]): DocumentEdit {
  return {
    label: edit.label,
    byteSize: edit.byteSize,
    apply: (doc) => {
      const region = edit.apply(doc);
      doc.stack = [...after];
      return region;
    },
    revert: (doc) => {
      const region = edit.revert(doc);
      doc.stack = [...before];
      return region;
    },
  };
}

/** Wraps a height edit so that it also sets the document's erosion masks (undone with it). */
export function withErosionMasks(edit: DocumentEdit, before: ErosionCoverBytes | null, after: ErosionCoverBytes | null): DocumentEdit {
  if (before === after) return edit;
  const maskBytes = (masks: ErosionCoverBytes | null) => (masks ? masks.flow.byteLength + masks.deposition.byteLength : 0);
  return {
    label: edit.label,
    byteSize: edit.byteSize + maskBytes(before) + maskBytes(after),
    apply: (doc) => {
      const region = edit.apply(doc);
      doc.erosionMasks = after;
      return region;
    },
    revert: (doc) => {
      const region = edit.revert(doc);
      doc.erosionMasks = before;
      return region;
    },
  };
}

/** Wraps a height edit so that it also sets the document's water (undone with it). */
export function withWater(edit: DocumentEdit, before: WaterSurface | null, after: WaterSurface | null): DocumentEdit {
  if (before === after) return edit;
  const bytes = (water: WaterSurface | null) => (water ? waterFullBytes(water) : 0);
  return {
    label: edit.label,
    byteSize: edit.byteSize + bytes(before) + bytes(after),
    apply: (doc) => {
      const region = edit.apply(doc);
      doc.water = after;
      return region;
    },
    revert: (doc) => {
      const region = edit.revert(doc);
      doc.water = before;
      return region;
    },
  };
}
