import { Box3, Group, Mesh, Sphere, Vector3, type Intersection, type Object3D, type Raycaster, type WebGLRenderer } from 'three';
import type { Heightfield } from '../../../shared/terrain/heightfield';
import { rayCastTerrain } from '../../../shared/terrain/rayCast';
import { DEFAULT_MAX_PIXEL_ERROR, type LodCamera, type LodOptions } from '../../../shared/lod/selectLod';
import { TERRAIN_TRIANGLE_BUDGET } from '../../../shared/lod/sceneBudget';
import type { DirtyRegion } from '../../../app/document/region';
import { colourRange, DEFAULT_NATURAL_LINES, erosionCoverOf, type ColourMode, type ErosionCover, type NaturalLines } from '../../../app/view/terrainColours';
import type { ErosionCoverBytes } from '../../../shared/erosion/cover';
import { LodTerrainModel, type ChunkRange } from '../../../app/lod/lodTerrainModel';
import { GRID_ATTRIBUTE, blockBoundingSphere, buildBlockGeometry, releaseArraysOnUpload, type BlockRange } from './lodBlockGeometry';
import { GpuHeights } from './gpuHeights';
import { GpuCover } from './gpuCover';
import { GpuWet } from './gpuWet';
import type { WaterSurface } from '../../../shared/hydrology/waterSurface';
import { createLodTerrainMaterial, type LodTerrainMaterial } from './lodTerrainMaterial';
import type { TerrainShaderUniforms } from '../look/terrainShader';
import { coverFits, packedCoverEntries, type PackedCoverEntries } from '../../../app/document/packedCover';

/** Results held packed are sent from their non-zero vertices (no full arrays made); others from their bytes. */
function coverOf(masks: ErosionCoverBytes): ErosionCover | PackedCoverEntries {
  return packedCoverEntries(masks) ?? erosionCoverOf(masks);
}

/** Chunks per block side: a block is one mesh (one draw call). 8 × 64 cells = 512 cells. */
export const BLOCK_CHUNKS = 8;

/**
 * Triangles the first frame after the GL context is restored may draw (the view waking from rest,
 * ViewAtRest.tsx). Under software GL a block's draw shades its vertices in the call itself, so the
 * wake's first frame costs about its triangles (BENCHMARKS.md, "Session 22: the wake"); the frame
 * right after it draws the full selection again. The levels of that first frame relax the pixel
 * error bound only as far as this budget needs (selectLod), uniformly over the view.
 */
export const WAKE_TRIANGLE_BUDGET = 200_000;

interface Block {
  range: BlockRange;
  mesh: Mesh;
  sphere: Sphere;
  /** Levels of its chunks and their neighbours when last built; '' forces a rebuild. */
  key: string;
}

/**
 * The LOD terrain as a three.js group of block meshes. Lives outside React: the component hands
 * it document changes, the camera and, before each frame, the renderer.
 *
 * Heights live on the GPU (GpuHeights): an edit queues the upload of its rectangle and the shader
 * derives positions, normals and colours from the texture, so a height edit rebuilds no geometry.
 * A block's geometry (grid coordinates only) is rebuilt only when the levels of its chunks, or of
 * the neighbours they stitch to, change.
 * Picking never uses these meshes: the group's raycast walks the exact heightfield instead.
 */
export class LodTerrainMeshes {
  readonly group = new Group();
  private model: LodTerrainModel;
  private heights: GpuHeights;
  private cover: GpuCover;
  private masks: ErosionCoverBytes | null = null;
  private wet: GpuWet;
  /** The water whose wet margin is drawn (null: none). */
  private water: WaterSurface | null = null;
  private mode: ColourMode = 'height';
  private lines: NaturalLines = DEFAULT_NATURAL_LINES;
  private readonly lodMaterial: LodTerrainMaterial;
  private blocks: Block[] = [];
  triangles = 0;
  /** Blocks rebuilt by the last `update`, for tests and benchmarks. */
  lastRebuilt = 0;
  /** The pixel error bound of the last selection (larger than asked when a budget forced it). */
  pixelError = 0;
  /** The context was restored and no selection has been made since: the next one keeps to WAKE_TRIANGLE_BUDGET. */
  private waking = false;
  /**
   * The last selection kept to the wake's budget: the caller selects again (`update`) for the next
   * frame, which draws the full selection.
   */
  coarse = false;

  constructor(
    private field: Heightfield,
    mode: ColourMode,
    shading?: TerrainShaderUniforms,
  ) {
    // Exact chunk errors are refined in slices after opening (refineErrors): no stall on a big map.
    this.model = new LodTerrainModel(field, { deferExactErrors: true });
    this.heights = new GpuHeights(field);
    this.cover = new GpuCover(this.heights.shape);
    this.wet = new GpuWet(this.heights.shape);
    this.lodMaterial = createLodTerrainMaterial(shading);
    this.mode = mode;
    this.lodMaterial.setColourMode(mode);
    this.useHeights();
    this.makeBlocks();
    const model = () => this.model;
    const current = () => this.field;
    const group = this.group;
    this.group.raycast = (raycaster: Raycaster, intersects: Intersection<Object3D>[]) => {
      const hit = rayCastTerrain(current(), { origin: raycaster.ray.origin, direction: raycaster.ray.direction }, model().heightBounds());
      if (hit && hit.distance >= raycaster.near && hit.distance <= raycaster.far) {
        intersects.push({ distance: hit.distance, point: new Vector3(hit.x, hit.y, hit.z), object: group });
      }
    };
  }

  get material() {
    return this.lodMaterial.material;
  }

  /** The GPU side of the heights, for tests and the memory report. */
  get gpuHeights(): GpuHeights {
    return this.heights;
  }

  /** A document change: refreshes chunk errors, queues the height upload and re-bounds the touched blocks. */
  syncDocument(field: Heightfield, region: DirtyRegion): void {
    const sameSize = field.width === this.field.width && field.depth === this.field.depth && field.cellSize === this.field.cellSize;
    this.field = field;
    const change = sameSize ? region : { kind: 'all' as const };
    const changed = this.model.applyChange(field, change);
    if (!this.heights.fits(field)) {
      this.heights.dispose();
      this.heights = new GpuHeights(field);
      // Erosion results belong to a map of one size: the caller hands the new map's (setErosion).
      this.cover.dispose();
      this.cover = new GpuCover(this.heights.shape);
      this.masks = null;
      this.lodMaterial.setCover(null);
      // The water too: the caller hands the new map's (setWater).
      this.wet.dispose();
      this.wet = new GpuWet(this.heights.shape);
      this.water = null;
      this.lodMaterial.setWet(null);
    } else {
      this.heights.markDirty(field, change);
    }
    this.useHeights();
    if (!sameSize) this.makeBlocks();
    else this.rebound(changed);
  }

  setColourMode(mode: ColourMode, lines: NaturalLines = this.lines): void {
    this.mode = mode;
    this.lines = lines;
    this.lodMaterial.setColourMode(mode);
    this.applyColourRange();
  }

  /**
   * The document's erosion results, drawn as the natural colours' cover (as TerrainGeometry.setErosion
   * on the exact mesh); results of another map size, or null, draw none. New results upload whole.
   */
  setErosion(masks: ErosionCoverBytes | null): void {
    const texels = this.field.width * this.field.depth;
    // Sized without reading the arrays: that would make packed results full at each edit (app/document/packedCover.ts).
    const usable = masks && coverFits(masks, texels) ? masks : null;
    if (usable === this.masks) return;
    this.masks = usable;
    this.cover.set(usable ? coverOf(usable) : null);
    this.lodMaterial.setCover(this.cover.texture);
  }

  /**
   * The water the ground's wet margin follows (app/water/wetGround.ts, as TerrainGeometry.setWet on the exact
   * mesh), changed in `region` of the current map (the heights under it too); null draws none. Another water
   * object, or the first, is found over the whole map.
   */
  setWater(water: WaterSurface | null, region: DirtyRegion): void {
    const field = this.field;
    const usable = water && water.surface.length === field.width * field.depth ? water : null;
    const change = usable !== this.water ? ({ kind: 'all' } as const) : region;
    if (!usable && !this.water) return;
    this.water = usable;
    this.wet.set(field, usable, change);
    this.lodMaterial.setWet(this.wet.texture);
  }

  /**
   * Finds more of a whole-map change of the wet margin (GpuWet.advance: slices until `budgetMs` has passed); true
   * while some remains. The owner runs it between frames.
   */
  advanceWet(budgetMs?: number): boolean {
    return this.wet.advance(budgetMs);
  }

  /** Whether the wet margin has a whole-map change still to find. */
  get wetSweeping(): boolean {
    return this.wet.sweeping;
  }

  /** The GPU side of the wet margin, for tests and the memory report. */
  get gpuWet(): GpuWet {
    return this.wet;
  }

  /** The GPU side of the erosion cover, for tests and the memory report. */
  get gpuCover(): GpuCover {
    return this.cover;
  }

  setWireframe(on: boolean): void {
    if (this.lodMaterial.material.wireframe === on) return;
    this.lodMaterial.material.wireframe = on;
    this.lodMaterial.material.needsUpdate = true;
    // Wireframe lines are made from the index array, which a drawn block lets go: rebuild every block
    // at the next update (with its arrays kept while wireframe is on, released again once it is off).
    for (const block of this.blocks) block.key = '';
  }

  /** Tints ground steeper than `maxSlopeDeg` (the drivability overlay); null turns it off. */
  setSteepTint(maxSlopeDeg: number | null): void {
    this.lodMaterial.setSteepTint(maxSlopeDeg);
  }

  /** Chunks whose exact errors are still to be computed after a whole-map change (their bounds are conservative). */
  get pendingChunks(): number {
    return this.model.pendingChunks;
  }

  /**
   * Computes exact errors of pending chunks for about `budgetMs`; returns whether any changed (then
   * levels must be selected again: call update).
   */
  refineErrors(budgetMs: number): boolean {
    return this.model.pendingChunks > 0 && this.model.refineErrors(budgetMs);
  }

  /** Which whole-map change the pending errors belong to, and the heights they are computed from. */
  get pendingErrorsOf(): { generation: number; field: Heightfield } {
    return { generation: this.model.wholeMapGeneration, field: this.field };
  }

  /** Exact errors computed off the main thread for whole-map change `generation` (see LodTerrainModel.installErrors). */
  installErrors(generation: number, errors: Float32Array): boolean {
    return this.model.installErrors(generation, errors);
  }

  /** Computes all pending exact errors now (tests and benchmarks). */
  finishErrors(): void {
    while (this.refineErrors(Infinity));
  }

  /** Chooses levels for the camera and rebuilds the blocks whose levels changed; returns whether anything changed. */
  update(camera: LodCamera, options?: LodOptions): boolean {
    const pending = this.model.pendingChunks > 0;
    // Until the exact errors are known after a whole-map change, keep the levels already drawn (the
    // grid geometry suits any heights) or, on a new map, draw every chunk at its coarsest level:
    // the conservative bounds would ask for the full triangle budget, only to drop it moments later.
    if (pending && this.blocks.every((block) => block.key !== '')) {
      this.lastRebuilt = 0;
      // Held levels (a wake's coarse ones too) are selected in full once the errors are exact.
      this.coarse = false;
      return false;
    }
    const wake = this.waking;
    this.waking = false;
    // The terrain's share of the scene's budget, unless asked otherwise (the props draw the rest).
    let asked: LodOptions = { triangleBudget: TERRAIN_TRIANGLE_BUDGET, ...options };
    if (pending) asked = { ...asked, maxPixelError: Infinity };
    if (wake) asked = { ...asked, triangleBudget: Math.min(asked.triangleBudget ?? TERRAIN_TRIANGLE_BUDGET, WAKE_TRIANGLE_BUDGET) };
    const selection = this.model.select(camera, asked);
    this.triangles = selection.triangles;
    this.pixelError = selection.pixelError;
    // Coarser than the full selection only when the budget had to relax the bound.
    this.coarse = wake && selection.triangles > 0 && selection.pixelError > (asked.maxPixelError ?? DEFAULT_MAX_PIXEL_ERROR);
    let rebuilt = 0;
    for (const block of this.blocks) {
      const key = this.blockKey(block.range, selection.levels);
      if (key === block.key) continue;
      block.mesh.geometry.dispose();
      block.mesh.geometry = buildBlockGeometry(this.field, this.model.layout, selection.levels, block.range);
      if (!this.lodMaterial.material.wireframe) releaseArraysOnUpload(block.mesh.geometry);
      block.mesh.geometry.boundingSphere = block.sphere;
      block.mesh.geometry.boundingBox = new Box3();
      block.sphere.getBoundingBox(block.mesh.geometry.boundingBox);
      block.key = key;
      rebuilt++;
    }
    this.lastRebuilt = rebuilt;
    return rebuilt > 0;
  }

  /**
   * The GL context was lost and is back (the 3D view rests, ViewAtRest.tsx): the heights and the cover
   * are sent again whole from the document, and every block is built again at the next `update` (a
   * drawn block keeps no arrays, see releaseArraysOnUpload). three.js allocates the textures again.
   * That first selection keeps to WAKE_TRIANGLE_BUDGET (`coarse` says when it had to): the frame that
   * ends the wake costs a fraction of a full one, and the next frame refines the blocks in view.
   */
  contextRestored(): void {
    this.heights.markDirty(this.field, { kind: 'all' });
    if (this.masks) this.cover.set(coverOf(this.masks));
    if (this.water) this.wet.set(this.field, this.water, { kind: 'all' });
    for (const block of this.blocks) block.key = '';
    this.waking = true;
  }

  /** Sends queued height uploads; call before each frame is drawn. */
  prepareFrame(renderer: WebGLRenderer): void {
    this.heights.flush(renderer);
    this.cover.flush(renderer);
    this.wet.flush(renderer);
  }

  /**
   * Bytes of the block geometries' attributes and indices plus the chunk tables held on the CPU: a
   * block's arrays until it is first drawn (the GPU keeps them from then on, see releaseArraysOnUpload).
   */
  memoryBytes(): number {
    let bytes = 0;
    for (const block of this.blocks) {
      const geometry = block.mesh.geometry;
      for (const name of ['position', GRID_ATTRIBUTE]) bytes += geometry.getAttribute(name)?.array.byteLength ?? 0;
      bytes += geometry.getIndex()?.array.byteLength ?? 0;
    }
    return bytes + this.model.errors.errors.byteLength + this.model.errors.minHeight.byteLength * 2;
  }

  /** Bytes of the height texture on the GPU (no CPU copy is kept); the erosion cover's are `gpuCover.bytes`. */
  gpuTextureBytes(): number {
    const { rowLength, layerRows, layers } = this.heights.shape;
    return rowLength * layerRows * layers * 4;
  }

  meshes(): Mesh[] {
    return this.blocks.map((block) => block.mesh);
  }

  dispose(): void {
    for (const block of this.blocks) block.mesh.geometry.dispose();
    this.group.clear();
  }

  /** Releases the GPU texture and material too (the object is not used again). */
  destroy(): void {
    this.dispose();
    this.heights.dispose();
    this.cover.dispose();
    this.wet.dispose();
    this.lodMaterial.dispose();
  }

  private useHeights(): void {
    const { width, depth, cellSize } = this.field;
    this.lodMaterial.setHeights(this.heights.texture, width, depth, this.heights.shape.layerRows, cellSize);
    this.applyColourRange();
  }

  /** Height colours follow the map's range, natural ones the lines in metres: a uniform, so nothing is recoloured on the CPU. */
  private applyColourRange(): void {
    const range = colourRange(this.mode, this.model.heightBounds(), this.lines);
    this.lodMaterial.setHeightRange(range.min, range.max);
  }

  private rebound(changed: ChunkRange): void {
    for (const block of this.blocks) {
      const { cx0, cz0, cx1, cz1 } = block.range;
      if (cx0 > changed.cx1 || cx1 <= changed.cx0 || cz0 > changed.cz1 || cz1 <= changed.cz0) continue;
      this.boundBlock(block);
    }
  }

  private boundBlock(block: Block): void {
    const { minHeight, maxHeight } = this.model.errors;
    blockBoundingSphere(this.field, this.model.layout, block.range, minHeight, maxHeight, block.sphere);
    const box = block.mesh.geometry.boundingBox;
    if (box) block.sphere.getBoundingBox(box);
  }

  private makeBlocks(): void {
    this.dispose();
    this.blocks = [];
    const { chunksX, chunksZ } = this.model.layout;
    for (let cz0 = 0; cz0 < chunksZ; cz0 += BLOCK_CHUNKS) {
      for (let cx0 = 0; cx0 < chunksX; cx0 += BLOCK_CHUNKS) {
        const mesh = new Mesh(undefined, this.lodMaterial.material);
        // Props' shadows fall on it (the sun's shadow map; the terrain casts none into it).
        mesh.receiveShadow = true;
        // The exact surface answers rays (see the group's raycast); these meshes are only drawn.
        mesh.raycast = () => {};
        this.group.add(mesh);
        const block: Block = {
          range: { cx0, cz0, cx1: Math.min(chunksX, cx0 + BLOCK_CHUNKS), cz1: Math.min(chunksZ, cz0 + BLOCK_CHUNKS) },
          mesh,
          sphere: new Sphere(),
          key: '',
        };
        this.boundBlock(block);
        this.blocks.push(block);
      }
    }
  }

  /** Levels of the block's chunks and of the ring around it (they decide the stitching). */
  private blockKey(range: BlockRange, levels: Uint8Array): string {
    const { chunksX, chunksZ } = this.model.layout;
    let key = '';
    for (let cz = range.cz0 - 1; cz <= range.cz1; cz++) {
      for (let cx = range.cx0 - 1; cx <= range.cx1; cx++) {
        if (cx < 0 || cz < 0 || cx >= chunksX || cz >= chunksZ) continue;
        key += String.fromCharCode(48 + levels[cz * chunksX + cx]);
      }
    }
    return key;
  }
}
