import { Group, Mesh, Vector3, type Intersection, type Material, type Object3D, type Raycaster } from 'three';
import type { Heightfield, HeightRange } from '../../shared/terrain/heightfield';
import { rayCastTerrain } from '../../shared/terrain/rayCast';
import type { LodCamera, LodOptions } from '../../shared/lod/selectLod';
import type { DirtyRegion } from '../../app/region';
import type { ColorMode } from '../../app/terrainColors';
import { LodTerrainModel } from '../../app/lod/lodTerrainModel';
import { buildBlockGeometry, type BlockRange } from './lodBlockGeometry';

/** Chunks per block side: a block is one mesh (one draw call). 8 × 64 cells = 512 cells. */
export const BLOCK_CHUNKS = 8;

interface Block {
  range: BlockRange;
  mesh: Mesh;
  /** Levels of its chunks and their neighbours when last built; '' forces a rebuild. */
  key: string;
}

/**
 * The LOD terrain as a three.js group of block meshes. Lives outside React: the component hands
 * it document changes and the camera. A block is rebuilt only when its heights changed or the
 * levels of its chunks (or of the neighbours they stitch to) changed.
 * Picking never uses these meshes: the group's raycast walks the exact heightfield instead.
 */
export class LodTerrainMeshes {
  readonly group = new Group();
  private model: LodTerrainModel;
  private blocks: Block[] = [];
  private range: HeightRange;
  private mode: ColorMode;
  triangles = 0;
  /** Blocks rebuilt by the last `update`, for tests and benchmarks. */
  lastRebuilt = 0;

  constructor(
    private field: Heightfield,
    private readonly material: Material,
    mode: ColorMode,
  ) {
    this.model = new LodTerrainModel(field);
    this.range = this.model.heightBounds();
    this.mode = mode;
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

  /** A document change: refreshes chunk errors and marks the touched blocks for rebuilding. */
  syncDocument(field: Heightfield, region: DirtyRegion): void {
    const sameSize = field.width === this.field.width && field.depth === this.field.depth && field.cellSize === this.field.cellSize;
    this.field = field;
    const changed = this.model.applyChange(field, sameSize ? region : { kind: 'all' });
    if (!sameSize) {
      this.makeBlocks();
    }
    const range = this.model.heightBounds();
    const rangeChanged = range.min !== this.range.min || range.max !== this.range.max;
    this.range = range;
    for (const block of this.blocks) {
      const { cx0, cz0, cx1, cz1 } = block.range;
      const touched = cx0 <= changed.cx1 && cx1 > changed.cx0 && cz0 <= changed.cz1 && cz1 > changed.cz0;
      // Height colours follow the map's range, so a new range recolours everything.
      if (touched || (rangeChanged && this.mode === 'height')) block.key = '';
    }
  }

  setColorMode(mode: ColorMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    for (const block of this.blocks) block.key = '';
  }

  /** Chooses levels for the camera and rebuilds the blocks that need it; returns whether anything changed. */
  update(camera: LodCamera, options?: LodOptions): boolean {
    const selection = this.model.select(camera, options);
    this.triangles = selection.triangles;
    let rebuilt = 0;
    for (const block of this.blocks) {
      const key = this.blockKey(block.range, selection.levels);
      if (key === block.key) continue;
      block.mesh.geometry.dispose();
      block.mesh.geometry = buildBlockGeometry(this.field, this.model.layout, selection.levels, block.range, this.mode, this.range);
      block.key = key;
      rebuilt++;
    }
    this.lastRebuilt = rebuilt;
    return rebuilt > 0;
  }

  /** Bytes held by the block geometries' attributes and indices (CPU copies; the GPU holds the same). */
  memoryBytes(): number {
    let bytes = 0;
    for (const block of this.blocks) {
      const geometry = block.mesh.geometry;
      for (const name of ['position', 'normal', 'color']) bytes += geometry.getAttribute(name)?.array.byteLength ?? 0;
      bytes += geometry.getIndex()?.array.byteLength ?? 0;
    }
    return bytes + this.model.errors.errors.byteLength + this.model.errors.minHeight.byteLength * 2;
  }

  meshes(): Mesh[] {
    return this.blocks.map((block) => block.mesh);
  }

  dispose(): void {
    for (const block of this.blocks) block.mesh.geometry.dispose();
    this.group.clear();
  }

  private makeBlocks(): void {
    this.dispose();
    this.blocks = [];
    const { chunksX, chunksZ } = this.model.layout;
    for (let cz0 = 0; cz0 < chunksZ; cz0 += BLOCK_CHUNKS) {
      for (let cx0 = 0; cx0 < chunksX; cx0 += BLOCK_CHUNKS) {
        const mesh = new Mesh(undefined, this.material);
        // The exact surface answers rays (see the group's raycast); these meshes are only drawn.
        mesh.raycast = () => {};
        this.group.add(mesh);
        this.blocks.push({ range: { cx0, cz0, cx1: Math.min(chunksX, cx0 + BLOCK_CHUNKS), cz1: Math.min(chunksZ, cz0 + BLOCK_CHUNKS) }, mesh, key: '' });
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
