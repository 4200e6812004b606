import { BufferAttribute, BufferGeometry } from 'three';
import type { Heightfield, HeightRange } from '../../shared/terrain/heightfield';
import { heightRange } from '../../shared/terrain/heightfield';
import { buildTerrainMesh } from '../../shared/terrain/mesh';
import { writeShadingNormals } from '../../shared/terrain/shadingNormals';
import type { DirtyRegion } from '../../app/document/region';
import {
  colourRange,
  DEFAULT_NATURAL_LINES,
  erosionCoverOf,
  sameNaturalLines,
  writeHeightRows,
  writeVertexColours,
  type ColourMode,
  type ErosionCover,
  type NaturalLines,
} from '../../app/view/terrainColours';
import type { ErosionCoverBytes } from '../../shared/erosion/cover';
import { coverFits } from '../../app/document/packedCover';

/**
 * Owns the terrain BufferGeometry (exactly the triangles of buildTerrainMesh) and keeps it in step
 * with the document: an edit rewrites only the touched rows and uploads only those ranges.
 * Lives outside React; the component only hands it document changes.
 */
export class TerrainGeometry {
  geometry = new BufferGeometry();
  private dims = '';
  private range: HeightRange = { min: 0, max: 0 };
  private mode: ColourMode = 'height';
  private lines: NaturalLines = DEFAULT_NATURAL_LINES;
  private masks: ErosionCoverBytes | null = null;
  private cover: ErosionCover | null = null;
  private coverChanged = false;

  /**
   * The document's erosion results, for the natural colours' sediment and wet ground (the next sync
   * or recolour reads them; new results recolour the whole map). The LOD surface draws the same
   * cover from the same bytes (LodTerrainMeshes.setErosion), so both surfaces show one image.
   */
  setErosion(masks: ErosionCoverBytes | null, width: number, depth: number): void {
    // Sized without reading the arrays: that would make packed results full at each edit (app/document/packedCover.ts).
    const usable = masks && coverFits(masks, width * depth) ? masks : null;
    if (usable === this.masks) return;
    this.masks = usable;
    this.cover = usable ? erosionCoverOf(usable) : null;
    this.coverChanged = true;
  }

  /** Applies a document change; returns true when the geometry object was replaced. */
  sync(field: Heightfield, region: DirtyRegion, mode: ColourMode, lines: NaturalLines = this.lines): boolean {
    const dims = `${field.width}x${field.depth}@${field.cellSize}`;
    if (dims !== this.dims) {
      this.lines = lines;
      this.rebuild(field, mode);
      this.dims = dims;
      return true;
    }
    const positions = this.attribute('position');
    const normals = this.attribute('normal');
    const colours = this.attribute('color');
    const range = heightRange(field.heights);
    const rangeChanged = range.min !== this.range.min || range.max !== this.range.max;
    this.range = range;
    const modeChanged = mode !== this.mode || (mode === 'natural' && (!sameNaturalLines(lines, this.lines) || this.coverChanged));
    if (this.coverChanged) this.setCoverAttributes(this.geometry, field.width * field.depth);
    this.coverChanged = false;
    this.mode = mode;
    this.lines = lines;

    // Normals (and slope colours) of a row depend on two rows each side (shadingNormals.ts): refresh those too.
    const rows = region.kind === 'all' ? { j0: 0, j1: field.depth } : { j0: region.j0, j1: region.j1 };
    const shaded = { j0: Math.max(0, rows.j0 - 2), j1: Math.min(field.depth, rows.j1 + 2) };
    writeHeightRows(field, positions.array as Float32Array, rows.j0, rows.j1);
    writeShadingNormals(field, normals.array as Float32Array, shaded.j0, shaded.j1);
    // Natural colours are read in metres: a new height range recolours only height colours.
    const recolourAll = modeChanged || (rangeChanged && mode === 'height');
    const colourRows = recolourAll ? { j0: 0, j1: field.depth } : shaded;
    writeVertexColours(
      field,
      normals.array as Float32Array,
      colours.array as Float32Array,
      mode,
      colourRange(mode, range, lines),
      colourRows.j0,
      colourRows.j1,
      this.cover,
      lines,
    );

    const stride = field.width * 3;
    markRows(positions, rows.j0 * stride, rows.j1 * stride);
    markRows(normals, shaded.j0 * stride, shaded.j1 * stride);
    markRows(colours, colourRows.j0 * stride, colourRows.j1 * stride);
    this.geometry.computeBoundingBox();
    this.geometry.computeBoundingSphere();
    return false;
  }

  /** Recolours everything for a colour mode or natural-lines change (heights unchanged). */
  recolour(field: Heightfield, mode: ColourMode, lines: NaturalLines = this.lines): void {
    this.mode = mode;
    this.lines = lines;
    const colours = this.attribute('color');
    if (this.coverChanged) this.setCoverAttributes(this.geometry, field.width * field.depth);
    this.coverChanged = false;
    writeVertexColours(
      field,
      this.attribute('normal').array as Float32Array,
      colours.array as Float32Array,
      mode,
      colourRange(mode, this.range, lines),
      0,
      field.depth,
      this.cover,
      lines,
    );
    colours.clearUpdateRanges();
    colours.needsUpdate = true;
  }

  dispose(): void {
    this.geometry.dispose();
  }

  private rebuild(field: Heightfield, mode: ColourMode): void {
    this.geometry.dispose();
    const mesh = buildTerrainMesh(field);
    writeShadingNormals(field, mesh.normals);
    this.range = heightRange(field.heights);
    this.mode = mode;
    const colours = new Float32Array(mesh.positions.length);
    this.coverChanged = false;
    writeVertexColours(field, mesh.normals, colours, mode, colourRange(mode, this.range, this.lines), 0, field.depth, this.cover, this.lines);
    const geometry = new BufferGeometry();
    this.setCoverAttributes(geometry, field.width * field.depth);
    geometry.setAttribute('position', new BufferAttribute(mesh.positions, 3));
    geometry.setAttribute('normal', new BufferAttribute(mesh.normals, 3));
    geometry.setAttribute('color', new BufferAttribute(colours, 3));
    geometry.setIndex(new BufferAttribute(mesh.indices, 1));
    geometry.computeBoundingBox();
    geometry.computeBoundingSphere();
    this.geometry = geometry;
  }

  /**
   * Flow and deposition per vertex for the ground materials' shader (groundShader.ts reads them as the
   * LOD surface reads its cover texture): the cover bytes themselves, normalised; zeros without results.
   */
  private setCoverAttributes(geometry: BufferGeometry, count: number): void {
    const zeros = () => new Uint8Array(count);
    geometry.setAttribute('terrainFlow', new BufferAttribute(this.cover?.flow ?? zeros(), 1, true));
    geometry.setAttribute('terrainDeposition', new BufferAttribute(this.cover?.deposition ?? zeros(), 1, true));
    this.setWetAttribute(geometry, count);
  }

  private wet: Uint8Array | null = null;

  /**
   * The wet ground beside the water (app/water/wetGround.ts), a byte per vertex; null for none. Takes effect at once
   * on the current geometry (only the shader reads it: no colours are written again).
   */
  setWet(wet: Uint8Array | null, count: number): void {
    if (wet === this.wet) return;
    this.wet = wet;
    if (this.geometry.getAttribute('terrainWet')) this.setWetAttribute(this.geometry, count);
  }

  private setWetAttribute(geometry: BufferGeometry, count: number): void {
    geometry.setAttribute('terrainWet', new BufferAttribute(this.wet && this.wet.length === count ? this.wet : new Uint8Array(count), 1, true));
  }

  private attribute(name: 'position' | 'normal' | 'color'): BufferAttribute {
    return this.geometry.getAttribute(name) as BufferAttribute;
  }
}

function markRows(attribute: BufferAttribute, start: number, end: number): void {
  if (end <= start) return;
  // Ranges accumulate until the next upload (three.js clears them then); a whole-buffer change
  // uploads everything.
  if (start === 0 && end >= attribute.array.length) attribute.clearUpdateRanges();
  else attribute.addUpdateRange(start, end - start);
  attribute.needsUpdate = true;
}
