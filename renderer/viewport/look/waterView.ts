import { BufferAttribute, BufferGeometry, Group, Mesh, Sphere, Vector3, type ShaderMaterial } from 'three';
import type { HydrologyGrid } from '../../../shared/hydrology/grid';
import type { WaterSurface } from '../../../shared/hydrology/waterSurface';
import { buildWaterBlock, waterBlockCounts, WATER_BLOCK_CELLS, type WaterBlock } from '../../../app/water/waterMesh';
import type { DirtyRegion } from '../../../app/document/region';
import { createWaterMaterial } from './waterMaterial';

/**
 * The 3D view's rivers and lakes: one mesh per block that holds water (app/water/waterMesh.ts), its
 * own material (waterMaterial.ts), kept apart from the terrain's. Built when the water or the
 * heights under it change (only the blocks an edit touched; a whole map's in slices between frames),
 * never per frame: a frame costs three's culling of the blocks' bounding spheres and their draw calls.
 */
export class WaterView {
  readonly group = new Group();
  readonly material: ShaderMaterial = createWaterMaterial();
  private readonly blocks = new Map<number, Mesh>();
  private columns = 0;
  private readonly pending = new Set<number>();
  private source: { grid: HydrologyGrid; water: WaterSurface; heights: Float32Array; featureOf: Int32Array | null } | null = null;

  constructor() {
    this.group.name = 'rivers-and-lakes';
    this.group.renderOrder = 5;
  }

  /**
   * Marks the blocks `region` touches for rebuilding (every block for 'all' or another map; none
   * when `water` is null, which clears the view at once). `buildPending` builds them.
   */
  update(grid: HydrologyGrid, water: WaterSurface | null, heights: Float32Array, featureOf: Int32Array | null, region: DirtyRegion): void {
    const { columns, rows } = waterBlockCounts(grid);
    if (!water || region.kind === 'all' || columns !== this.columns) {
      this.clear();
      this.pending.clear();
      this.columns = columns;
    }
    this.source = water ? { grid, water, heights, featureOf } : null;
    if (!water) return;
    this.material.uniforms.streakSpacing.value = Math.max(4, grid.cellSize * 3);
    // A vertex belongs to the blocks on both sides of a block edge, and a shore corner reads its neighbours.
    const [bi0, bi1, bj0, bj1] =
      region.kind === 'all'
        ? [0, columns - 1, 0, rows - 1]
        : [
            Math.max(0, Math.floor((region.i0 - 2) / WATER_BLOCK_CELLS)),
            Math.min(columns - 1, Math.floor((region.i1 + 1) / WATER_BLOCK_CELLS)),
            Math.max(0, Math.floor((region.j0 - 2) / WATER_BLOCK_CELLS)),
            Math.min(rows - 1, Math.floor((region.j1 + 1) / WATER_BLOCK_CELLS)),
          ];
    for (let bj = bj0; bj <= bj1; bj++) for (let bi = bi0; bi <= bi1; bi++) this.pending.add(bj * columns + bi);
  }

  /**
   * Builds pending blocks until `budgetMs` has passed (at least one), so a whole map's water comes
   * in over a few frames instead of holding one; returns how many are still pending.
   */
  buildPending(budgetMs = Infinity): number {
    const source = this.source;
    if (!source) {
      this.pending.clear();
      return 0;
    }
    const start = performance.now();
    for (const key of this.pending) {
      this.pending.delete(key);
      this.remove(key);
      const block = buildWaterBlock(source.grid, source.water, source.heights, source.featureOf, key % this.columns, Math.floor(key / this.columns));
      if (block) this.add(key, block);
      if (performance.now() - start >= budgetMs) break;
    }
    return this.pending.size;
  }

  /** Feature ids for the selection tint: 0 shows none. */
  setSelected(featureId: number | null): void {
    this.material.uniforms.selectedFeature.value = featureId ?? 0;
  }

  get blockCount(): number {
    return this.blocks.size;
  }

  /** Triangles over all blocks. */
  get triangles(): number {
    let total = 0;
    for (const mesh of this.blocks.values()) total += (mesh.geometry.index?.count ?? 0) / 3;
    return total;
  }

  meshes(): IterableIterator<Mesh> {
    return this.blocks.values();
  }

  dispose(): void {
    this.clear();
    this.material.dispose();
  }

  private add(key: number, block: WaterBlock): void {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', uploadedOnce(new BufferAttribute(block.positions, 3)));
    geometry.setAttribute('waterDepth', uploadedOnce(new BufferAttribute(block.depth, 1)));
    geometry.setAttribute('flow', uploadedOnce(new BufferAttribute(block.flow, 3)));
    geometry.setAttribute('feature', uploadedOnce(new BufferAttribute(block.feature, 1)));
    geometry.setIndex(uploadedOnce(new BufferAttribute(block.indices, 1)));
    const b = block.bounds;
    const centre = new Vector3((b[0] + b[3]) / 2, (b[1] + b[4]) / 2, (b[2] + b[5]) / 2);
    geometry.boundingSphere = new Sphere(centre, Math.hypot(b[3] - b[0], b[4] - b[1], b[5] - b[2]) / 2);
    const mesh = new Mesh(geometry, this.material);
    mesh.matrixAutoUpdate = false;
    mesh.renderOrder = 5;
    mesh.raycast = () => undefined;
    this.blocks.set(key, mesh);
    this.group.add(mesh);
  }

  private remove(key: number): void {
    const mesh = this.blocks.get(key);
    if (!mesh) return;
    this.group.remove(mesh);
    mesh.geometry.dispose();
    this.blocks.delete(key);
  }

  private clear(): void {
    for (const key of [...this.blocks.keys()]) this.remove(key);
  }
}

/**
 * Lets the attribute's array go once the GL buffer holds it (kept: an empty array of the same type
 * and the count). A block is never updated in place — an edit builds it anew — and nothing reads its
 * arrays back (bounds are precomputed, raycasting is off), so at 4097² the view does not keep a
 * second copy of the water's meshes (≈ 100 MB on a map a seventh under water) beside the GPU's.
 */
export function uploadedOnce(attribute: BufferAttribute): BufferAttribute {
  return attribute.onUpload(() => {
    const array = attribute.array;
    attribute.array = new (array.constructor as new (length: number) => typeof array)(0);
  });
}
