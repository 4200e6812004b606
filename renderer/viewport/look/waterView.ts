import {
  BufferAttribute,
  BufferGeometry,
  Group,
  Mesh,
  Sphere,
  Vector3,
  type Color,
  type DataTexture,
  type ShaderMaterial,
  type Vector2,
  type Vector4,
} from 'three';
import type { HydrologyGrid } from '../../../shared/hydrology/grid';
import type { WaterSurface } from '../../../shared/hydrology/waterSurface';
import type { FeatureIds } from '../../../shared/hydrology/waterFeatures';
import { buildWaterBlock, waterBlockCounts, WATER_BLOCK_CELLS, type EdgeSteps, type WaterBlock } from '../../../app/water/waterMesh';
import { analyseWaterBlock } from '../../../app/water/waterBlockDetail';
import { WATER_REACH } from '../../../app/water/waterCorners';
import { WaterLevels, WATER_SHEET_LAKES_BUDGET, WATER_TRIANGLE_BUDGET, type WaterLodOptions } from '../../../app/water/waterLevels';
import { CameraSnapshot } from '../../../app/lod/cameraSnapshot';
import type { LodCamera } from '../../../shared/lod/selectLod';
import type { DirtyRegion } from '../../../app/document/region';
import { createWaterMaterial, SHORE_SLOPE_RANGE, STRIP_LIFT, type WaterLightingUniforms } from './waterMaterial';
import {
  mirrorGround,
  mirrorGroundShape,
  mirrorMarchSteps,
  mirrorPaintInputs,
  mirrorPaintTexture,
  refreshMirrorPaint,
  shadeMirrorPaint,
  mirrorTexture,
  mirrorTop,
  mirrorTransform,
  refreshMirrorGround,
  type MirrorGround,
  type MirrorPaint,
  type MirrorRect,
} from './waterMirror';
import { writeMirrorColours, type MirrorColourRun, type MirrorColourRunner } from './mirrorColours';
import { DEFAULT_NATURAL_LINES, sameNaturalLines, type ColourMode, type NaturalLines } from '../../../shared/ground/naturalColours';
import { riverStripBlock, stripHeightRange, stripLevel, stripWaterBlock } from '../../../app/water/riverStripBlock';
import type { DrawnLine } from '../../../shared/rivers/drawnStrip';
import { automaticStripsExcluded, drawnStrips, sheetHoldsLakesOnly } from '../../../shared/layers/drawnRiverLines';
import type { RiverHalfWidth } from '../../../shared/hydrology/riverStrip';

/**
 * The 3D view's rivers and lakes: one mesh per block that holds water (app/water/waterMesh.ts), its
 * own material (waterMaterial.ts), kept apart from the terrain's, at the level of detail the camera
 * needs (app/water/waterLevels.ts, as the terrain's). When the water or the heights under it change,
 * the blocks an edit touched are measured again (app/water/waterBlockDetail.ts; a whole map's in
 * slices between frames); when the camera moves, levels are chosen again and the blocks whose level
 * (or a coarser neighbour's) changed are built anew. Never per frame: a frame costs three's culling
 * of the blocks' bounding spheres and their draw calls.
 * Given the rivers' width (a water layer whose channels are carved along their lines), the rivers are
 * strips along those lines (app/water/riverStripBlock.ts, one mesh per block, built when the block is
 * measured and again when the camera wants it at another level (stripLevel: thinner far off); their own
 * material, which lets the ground stand up to STRIP_LIFT over them) and the
 * blocks' sheets hold the lakes only.
 */
export class WaterView {
  readonly group = new Group();
  readonly material: ShaderMaterial = createWaterMaterial();
  readonly stripMaterial: ShaderMaterial = createWaterMaterial(STRIP_LIFT, true);
  private readonly blocks = new Map<number, { mesh: Mesh; level: number; edges: EdgeSteps }>();
  private readonly strips = new Map<number, Mesh>();
  /** Each strip's level (riverStripBlock.ts stripLevel) and its water's height range (m), to choose it again when the camera moves. */
  private readonly stripLevels = new Map<number, { level: number; lowY: number; highY: number }>();
  /** Strips whose level is not what the camera wants. */
  private readonly stripsToBuild = new Set<number>();
  private columns = 0;
  /** Blocks to measure again (their water or ground changed). */
  private readonly pending = new Set<number>();
  /** Blocks measured again since they were last built: built anew even at the same level. */
  private readonly changed = new Set<number>();
  /** Blocks whose mesh is not what the last choice of levels wants. */
  private readonly toBuild = new Set<number>();
  private levelTable: WaterLevels | null = null;
  private levels: Uint8Array = new Uint8Array(0);
  private choose = false;
  private camera: LodCamera | null = null;
  private readonly cameraCopy = new CameraSnapshot();
  private source: {
    grid: HydrologyGrid;
    water: WaterSurface;
    heights: Float32Array;
    featureOf: FeatureIds | null;
    riverWidth: RiverHalfWidth | null;
    /** Whether the sheet holds the lakes only (the rivers are strips: the automatic network's, or drawn rivers'). */
    lakesOnly: boolean;
    /** The drawn rivers' own vertices, which the automatic strips leave to the drawn strips; null without drawn strips. */
    excluded: Uint8Array | null;
  } | null = null;
  /** The drawn rivers' strips (one mesh a river), made again at every update. */
  private readonly drawnStrips: Mesh[] = [];
  private drawnLines: readonly DrawnLine[] | null = null;
  private drawnMask: Uint8Array | null = null;
  /** The ground the lakes mirror (waterMirror.ts), null until there is water; its colours (null as it). */
  private mirror: MirrorGround | null = null;
  private paint: MirrorPaint | null = null;
  /** How the terrain is coloured (the mirrored land is coloured so too), and the sun towards which it is lit. */
  private colours: { mode: ColourMode; lines: NaturalLines } = { mode: 'natural', lines: DEFAULT_NATURAL_LINES };
  private toSun = { x: 0, y: 1, z: 0 };
  /** The map the mirror was last read from (its colours are painted again from it when the colouring changes). */
  private mirrorField: { grid: HydrologyGrid; heights: Float32Array } | null = null;
  /**
   * The whole mirror's colours being found by `paintRunner` for `paint` (shown meanwhile with the colours it
   * had), and the samples painted on this thread since it was asked (an edit's): painted again over its answer.
   */
  private paintJob: { run: MirrorColourRun; paint: MirrorPaint; since: MirrorRect | null } | null = null;
  /** Told when a whole paint is asked for (true) and when its colours are in (false): the view asks for a frame then. */
  onPaint: (pending: boolean) => void = () => undefined;

  /**
   * `keepArrays`: the meshes keep their arrays after upload, so that a lost GPU context is restored
   * without building any block again (the 3D view lets its context go at rest, ViewAtRest.tsx); the
   * page then holds them beside the GPU's copy (`arrayBytes`).
   */
  constructor(
    private readonly lodOptions: WaterLodOptions = {},
    private readonly keepArrays = false,
    /** Finds the whole mirror's colours (a whole map's change, another colouring) off this thread; null: on it. */
    private readonly paintRunner: MirrorColourRunner | null = null,
  ) {
    this.group.name = 'rivers-and-lakes';
    this.group.renderOrder = 5;
  }

  /**
   * Marks the blocks `region` touches for measuring and rebuilding (every block for 'all' or another
   * map; none when `water` is null, which clears the view at once). `buildPending` does it.
   * `riverWidth`: the rivers' half-width from their depth, to draw them as strips; null, on the sheet.
   */
  update(
    grid: HydrologyGrid,
    water: WaterSurface | null,
    heights: Float32Array,
    featureOf: FeatureIds | null,
    region: DirtyRegion,
    riverWidth: RiverHalfWidth | null = null,
    drawn: readonly DrawnLine[] | null = null,
  ): void {
    const { columns, rows } = waterBlockCounts(grid);
    const lakesOnly = sheetHoldsLakesOnly(riverWidth !== null, drawn);
    const sameDrawn = drawn === null ? this.drawnLines === null : this.drawnLines !== null && sameLines(drawn, this.drawnLines);
    const stripsChanged = (this.source?.riverWidth ?? null) !== riverWidth || (this.source?.lakesOnly ?? false) !== lakesOnly || !sameDrawn;
    if (stripsChanged) {
      this.drawnLines = drawn;
      this.drawnMask = automaticStripsExcluded(grid, riverWidth !== null, drawn);
    }
    if (!water || region.kind === 'all' || stripsChanged || columns !== this.columns || !this.levelTable || this.levelTable.blockCount !== columns * rows) {
      this.clear();
      this.pending.clear();
      this.changed.clear();
      this.toBuild.clear();
      this.columns = columns;
      this.levelTable = new WaterLevels(grid);
      this.levels = new Uint8Array(columns * rows);
    }
    this.source = water ? { grid, water, heights, featureOf, riverWidth, lakesOnly, excluded: this.drawnMask } : null;
    this.removeDrawnStrips();
    if (!water) return;
    this.updateMirror(grid, heights, region);
    if (drawn) {
      for (const strip of drawnStrips(grid, heights, water.surface, drawn)) {
        const block = stripWaterBlock(strip, featureOf, -1, -1);
        if (block) this.drawnStrips.push(this.addMesh(block, this.stripMaterial));
      }
    }
    // A vertex belongs to the blocks on both sides of a block edge, and a dry corner reads the water
    // up to WATER_REACH cells away.
    const reach = WATER_REACH + 1;
    const [bi0, bi1, bj0, bj1] =
      region.kind === 'all'
        ? [0, columns - 1, 0, rows - 1]
        : [
            Math.max(0, Math.floor((region.i0 - reach) / WATER_BLOCK_CELLS)),
            Math.min(columns - 1, Math.floor((region.i1 + reach) / WATER_BLOCK_CELLS)),
            Math.max(0, Math.floor((region.j0 - reach) / WATER_BLOCK_CELLS)),
            Math.min(rows - 1, Math.floor((region.j1 + reach) / WATER_BLOCK_CELLS)),
          ];
    for (let bj = bj0; bj <= bj1; bj++) for (let bi = bi0; bi <= bi1; bi++) this.pending.add(bj * columns + bi);
  }

  /** Lets the feature ids go (nothing selected): blocks built from now on carry none. */
  dropFeatureIds(): void {
    if (this.source) this.source = { ...this.source, featureOf: null };
  }

  /**
   * The camera the levels are chosen for (null: none yet, every block at its coarsest); returns
   * whether it differs from the last one (then `buildPending` has work).
   */
  setCamera(camera: LodCamera | null): boolean {
    if (camera === null ? this.camera === null : this.camera !== null && this.cameraCopy.matches(camera)) return false;
    this.camera = camera;
    if (camera) this.cameraCopy.copy(camera);
    this.choose = true;
    return true;
  }

  /**
   * Measures, then builds, pending blocks until `budgetMs` has passed (at least one), so a whole
   * map's water comes in over a few frames instead of holding one; returns how many are still pending.
   */
  buildPending(budgetMs = Infinity): number {
    const source = this.source;
    const table = this.levelTable;
    if (!source || !table) {
      this.pending.clear();
      this.toBuild.clear();
      return 0;
    }
    const start = performance.now();
    for (const key of this.pending) {
      this.pending.delete(key);
      const bi = key % this.columns;
      const bj = Math.floor(key / this.columns);
      table.set(key, analyseWaterBlock(source.grid, source.water, source.heights, bi, bj, source.lakesOnly));
      this.removeStrip(key);
      this.stripsToBuild.delete(key);
      // Its strip at the level the camera wants for the heights its water spans (found first, so a later
      // choice of levels reads the same range and keeps it: each block's strip is built once).
      if (source.riverWidth) {
        const range = stripHeightRange(source.grid, source.water, source.heights, bi, bj);
        if (range) this.buildStrip(key, range.lowY, range.highY);
      }
      this.changed.add(key);
      this.choose = true;
      // The rest, and the choice of levels that follows them, in the next slice.
      if (performance.now() - start >= budgetMs) return this.pending.size + 1;
    }
    if (this.choose) this.chooseLevels(table);
    for (const key of this.toBuild) {
      this.toBuild.delete(key);
      this.changed.delete(key);
      this.remove(key);
      if (table.holdsWater(key)) {
        const level = this.levels[key];
        const edges = table.edgeSteps(key, this.levels);
        const block = buildWaterBlock(
          source.grid,
          source.water,
          source.heights,
          source.featureOf,
          key % this.columns,
          Math.floor(key / this.columns),
          level,
          edges,
          source.lakesOnly,
        );
        if (block) this.add(key, block, edges);
      }
      if (performance.now() - start >= budgetMs) break;
    }
    for (const key of this.stripsToBuild) {
      if (performance.now() - start >= budgetMs) break;
      this.stripsToBuild.delete(key);
      const known = this.stripLevels.get(key);
      this.removeStrip(key);
      if (known && source.riverWidth) this.buildStrip(key, known.lowY, known.highY);
    }
    return this.toBuild.size + this.stripsToBuild.size;
  }

  /** Builds block `key`'s river strip at the level the camera wants for its water between `lowY` and `highY` (none when it owns no river vertex). */
  private buildStrip(key: number, lowY: number, highY: number): void {
    const source = this.source;
    if (!source?.riverWidth) return;
    const bi = key % this.columns;
    const bj = Math.floor(key / this.columns);
    const level = stripLevel(source.grid, bi, bj, this.camera, lowY, highY);
    const strip = riverStripBlock(source.grid, source.water, source.heights, source.featureOf, source.riverWidth, bi, bj, source.excluded, level);
    if (!strip) return;
    this.strips.set(key, this.addMesh(strip, this.stripMaterial));
    this.stripLevels.set(key, { level, lowY, highY });
  }

  /** Levels for the camera; the blocks whose level, coarser neighbours or water changed are queued. */
  private chooseLevels(table: WaterLevels): void {
    this.choose = false;
    // The sheet's share of the water's triangles: all of it, or what the rivers' strips leave when they are strips.
    const sheetBudget = this.source?.lakesOnly ? WATER_SHEET_LAKES_BUDGET : WATER_TRIANGLE_BUDGET;
    this.levels = table.select(this.camera, { triangleBudget: sheetBudget, ...this.lodOptions });
    const grid = this.source?.grid;
    if (grid) {
      for (const [key, built] of this.stripLevels) {
        const wanted = stripLevel(grid, key % this.columns, Math.floor(key / this.columns), this.camera, built.lowY, built.highY);
        if (wanted !== built.level) this.stripsToBuild.add(key);
      }
    }
    for (let key = 0; key < this.levels.length; key++) {
      const built = this.blocks.get(key);
      if (!table.holdsWater(key)) {
        if (built) this.toBuild.add(key);
        continue;
      }
      if (!built || this.changed.has(key) || built.level !== this.levels[key] || !sameSteps(built.edges, table.edgeSteps(key, this.levels)))
        this.toBuild.add(key);
    }
  }

  /** The drawing buffer's height in pixels, for the strips' least width on screen. */
  setViewportHeight(pixels: number): void {
    this.stripMaterial.uniforms.viewportHeight.value = pixels;
  }

  /** The sun the water mirrors (skyLook.ts sunLight): the unit vector towards it, its colour (linear) and intensity. */
  setSun(sun: { toSun: { x: number; y: number; z: number }; colour: Color; intensity: number }): void {
    for (const material of [this.material, this.stripMaterial]) {
      material.uniforms.sunDirection.value.set(sun.toSun.x, sun.toSun.y, sun.toSun.z);
      material.uniforms.sunGlow.value.copy(sun.colour);
      material.uniforms.sunColour.value.copy(sun.colour).multiplyScalar(sun.intensity);
    }
    // The mirrored land's sun, as the terrain's Lambert: its irradiance on a surface facing it, over π.
    (this.material.uniforms.sunIrradiance.value as Color).copy(sun.colour).multiplyScalar(sun.intensity / Math.PI);
    this.toSun = { x: sun.toSun.x, y: sun.toSun.y, z: sun.toSun.z };
    if (this.mirror && this.paint) {
      shadeMirrorPaint(this.paint, this.toSun);
      this.material.uniforms.mirrorPaint.value = mirrorPaintTexture(this.mirror, this.paint, this.material.uniforms.mirrorPaint.value as DataTexture | null);
    }
  }

  /** How the terrain is coloured (View › Colours): the mirrored land is painted again when it changes. */
  setGroundColours(mode: ColourMode, lines: NaturalLines): void {
    if (mode === this.colours.mode && sameNaturalLines(lines, this.colours.lines)) return;
    this.colours = { mode, lines };
    if (!this.mirror || !this.mirrorField) return;
    // The colours only: the mirror's heights stay as they are.
    const { grid, heights } = this.mirrorField;
    this.paintWhole(this.mirror, { width: grid.width, depth: grid.depth, cellSize: grid.cellSize, heights });
  }

  /** Whether the whole mirror's colours are still being found (the lakes show the colours they had meanwhile). */
  get paintPending(): boolean {
    return this.paintJob !== null;
  }

  /**
   * Paints the whole mirror anew from `field`: on this thread without a runner; else its samples' heights
   * and normals here and their colours in the runner, the last colours shown until they come.
   */
  private paintWhole(mirror: MirrorGround, field: { width: number; depth: number; cellSize: number; heights: Float32Array }): void {
    const uniforms = this.material.uniforms;
    const { mode, lines } = this.colours;
    const { paint, ask } = mirrorPaintInputs(mirror, field, mode, lines, this.toSun);
    this.paintJob?.run.cancel();
    this.paintJob = null;
    const runner = this.paintRunner;
    if (!runner) writeMirrorColours(ask, paint.colours);
    else if (this.paint && this.paint.colours.length === paint.colours.length) paint.colours.set(this.paint.colours);
    else {
      // Nothing to show meanwhile: a plain mid-toned ground, lit by the sun on its own normals.
      paint.colours.fill(PLAIN_GROUND);
      shadeMirrorPaint(paint, this.toSun);
    }
    this.paint = paint;
    uniforms.mirrorPaint.value = mirrorPaintTexture(mirror, paint, uniforms.mirrorPaint.value as DataTexture | null);
    if (!runner) return;
    const job = { run: runner({ ...ask, heights: ask.heights.slice(), normals: ask.normals.slice() }), paint, since: null as MirrorRect | null };
    this.paintJob = job;
    this.onPaint(true);
    void job.run.result.then((colours) => {
      if (this.paintJob !== job) return;
      this.paintJob = null;
      if (colours && colours.length === paint.colours.length && this.paint === paint && this.mirror === mirror) {
        paint.colours.set(colours);
        // The sun moved, or an edit was painted here, while the colours were found.
        const { toSun } = this;
        if (toSun.x !== ask.toSun.x || toSun.y !== ask.toSun.y || toSun.z !== ask.toSun.z) shadeMirrorPaint(paint, toSun);
        const since = job.since;
        if (since && this.mirrorField) {
          const { grid, heights } = this.mirrorField;
          const { step } = mirror;
          const region = { kind: 'rect' as const, i0: since.i0 * step, j0: since.j0 * step, i1: since.i1 * step, j1: since.j1 * step };
          refreshMirrorPaint(mirror, paint, { width: grid.width, depth: grid.depth, cellSize: grid.cellSize, heights }, region);
        }
        uniforms.mirrorPaint.value = mirrorPaintTexture(mirror, paint, uniforms.mirrorPaint.value as DataTexture | null);
      }
      this.onPaint(false);
    });
  }

  /** The lakes' mirror: its ground read again where `region` changed (the whole of it for another map), sent to the sheet's material. */
  private updateMirror(grid: HydrologyGrid, heights: Float32Array, region: DirtyRegion): void {
    const uniforms = this.material.uniforms;
    const shape = mirrorGroundShape(grid);
    let mirror = this.mirror;
    let rect: MirrorRect | undefined;
    const sameShape = mirror !== null && mirror.heights.length === shape.width * shape.depth && mirror.step === shape.step;
    if (mirror && sameShape && region.kind === 'rect' && mirror.spacing === grid.cellSize * shape.step)
      rect = refreshMirrorGround(mirror, grid, heights, region);
    else mirror = this.mirror = mirrorGround(grid, heights);
    uniforms.mirrorGround.value = mirrorTexture(mirror, uniforms.mirrorGround.value as DataTexture | null, rect);
    this.mirrorField = { grid, heights };
    const field = { width: grid.width, depth: grid.depth, cellSize: grid.cellSize, heights };
    const paintTexture = uniforms.mirrorPaint.value as DataTexture | null;
    if (rect && this.paint && this.paint.mode !== 'height') {
      const painted = refreshMirrorPaint(mirror, this.paint, field, region);
      if (painted) {
        uniforms.mirrorPaint.value = mirrorPaintTexture(mirror, this.paint, paintTexture);
        const job = this.paintJob;
        if (job) job.since = job.since ? unionRect(job.since, painted) : painted;
      }
    } else this.paintWhole(mirror, field);
    mirrorTransform(mirror, uniforms.mirrorTransform.value as Vector4);
    (uniforms.mirrorExtent.value as Vector2).set(mirror.halfX, mirror.halfZ);
    uniforms.mirrorTop.value = mirrorTop(mirror);
    const steps = mirrorMarchSteps(mirror);
    uniforms.mirrorFirst.value = steps.first;
    uniforms.mirrorGrowth.value = steps.growth;
  }

  /**
   * The terrain's lighting texture (its sky visibility gives the horizon the water mirrors), shared, not
   * copied: the same uniform objects as the terrain's, so a new texture reaches the water too.
   */
  shareLighting(lighting: WaterLightingUniforms): void {
    for (const material of [this.material, this.stripMaterial]) {
      material.uniforms.terrainLighting = lighting.terrainLighting;
      material.uniforms.terrainLightingTransform = lighting.terrainLightingTransform;
    }
  }

  /** Whether the shared lighting texture is there to read (until it is, the water mirrors the sky only). */
  setLit(lit: boolean): void {
    this.material.uniforms.waterLit.value = lit ? 1 : 0;
    this.stripMaterial.uniforms.waterLit.value = lit ? 1 : 0;
  }

  /** Feature ids for the selection tint: 0 shows none. */
  setSelected(featureId: number | null): void {
    this.material.uniforms.selectedFeature.value = featureId ?? 0;
    this.stripMaterial.uniforms.selectedFeature.value = featureId ?? 0;
  }

  get blockCount(): number {
    return this.blocks.size;
  }

  /** River strip meshes (one per block that owns a river vertex). */
  get stripCount(): number {
    return this.strips.size;
  }

  /** Triangles over all blocks and strips. */
  get triangles(): number {
    let total = 0;
    for (const mesh of this.meshes()) total += (mesh.geometry.index?.count ?? 0) / 3;
    return total;
  }

  /** Vertices over all blocks and strips. */
  get vertices(): number {
    let total = 0;
    for (const mesh of this.meshes()) total += mesh.geometry.getAttribute('position').count;
    return total;
  }

  /** Triangles the water would draw with every block at full resolution (what it drew before it had levels). */
  get fullResolutionTriangles(): number {
    return this.levelTable ? this.levelTable.triangles(new Uint8Array(this.levels.length)) : 0;
  }

  /** Each block's level as last chosen (row-major). */
  get chosenLevels(): Uint8Array {
    return this.levels;
  }

  *meshes(): IterableIterator<Mesh> {
    for (const { mesh } of this.blocks.values()) yield mesh;
    yield* this.strips.values();
    yield* this.drawnStrips;
  }

  /** Drawn rivers' strip meshes (one a river). */
  get drawnStripCount(): number {
    return this.drawnStrips.length;
  }

  /** Bytes of the meshes' arrays the page holds (none once uploaded, unless `keepArrays`). */
  arrayBytes(): number {
    let bytes = 0;
    for (const mesh of [...[...this.blocks.values()].map((built) => built.mesh), ...this.strips.values()]) {
      const geometry = mesh.geometry;
      for (const attribute of Object.values(geometry.attributes)) bytes += attribute.array.byteLength;
      bytes += geometry.index?.array.byteLength ?? 0;
    }
    return bytes;
  }

  dispose(): void {
    this.paintJob?.run.cancel();
    this.paintJob = null;
    this.clear();
    (this.material.uniforms.mirrorGround.value as DataTexture | null)?.dispose();
    (this.material.uniforms.mirrorPaint.value as DataTexture | null)?.dispose();
    this.material.dispose();
    this.stripMaterial.dispose();
  }

  private add(key: number, block: WaterBlock, edges: EdgeSteps): void {
    this.blocks.set(key, { mesh: this.addMesh(block, this.material), level: block.level, edges });
  }

  /** A block's or strip's mesh, added to the group. */
  private addMesh(block: WaterBlock, material: ShaderMaterial): Mesh {
    const geometry = new BufferGeometry();
    const once = (attribute: BufferAttribute) => (this.keepArrays ? attribute : uploadedOnce(attribute));
    geometry.setAttribute('position', once(new BufferAttribute(block.positions, 3)));
    geometry.setAttribute('waterDepth', once(new BufferAttribute(block.depth, 1)));
    geometry.setAttribute('flow', once(new BufferAttribute(block.flow, 3)));
    geometry.setAttribute('shoreSlope', once(new BufferAttribute(packedSlopes(block.shoreSlope), 2, true)));
    geometry.setAttribute('feature', once(new BufferAttribute(block.feature, 1)));
    if (block.stripAcross) geometry.setAttribute('stripAcross', once(new BufferAttribute(block.stripAcross, 2)));
    geometry.setIndex(once(new BufferAttribute(block.indices, 1)));
    const b = block.bounds;
    const centre = new Vector3((b[0] + b[3]) / 2, (b[1] + b[4]) / 2, (b[2] + b[5]) / 2);
    geometry.boundingSphere = new Sphere(centre, Math.hypot(b[3] - b[0], b[4] - b[1], b[5] - b[2]) / 2);
    const mesh = new Mesh(geometry, material);
    mesh.matrixAutoUpdate = false;
    mesh.renderOrder = 5;
    mesh.raycast = () => undefined;
    this.group.add(mesh);
    return mesh;
  }

  private removeStrip(key: number): void {
    const mesh = this.strips.get(key);
    if (!mesh) return;
    this.group.remove(mesh);
    mesh.geometry.dispose();
    this.strips.delete(key);
    this.stripLevels.delete(key);
  }

  private remove(key: number): void {
    const built = this.blocks.get(key);
    if (!built) return;
    this.group.remove(built.mesh);
    built.mesh.geometry.dispose();
    this.blocks.delete(key);
  }

  private clear(): void {
    for (const key of [...this.blocks.keys()]) this.remove(key);
    for (const key of [...this.strips.keys()]) this.removeStrip(key);
    this.removeDrawnStrips();
  }

  private removeDrawnStrips(): void {
    for (const mesh of this.drawnStrips) {
      this.group.remove(mesh);
      mesh.geometry.dispose();
    }
    this.drawnStrips.length = 0;
  }
}

/** The depth slopes as normalised 16-bit integers over ±SHORE_SLOPE_RANGE (4 bytes a vertex on the GPU, not 8). */
export function packedSlopes(slopes: Float32Array): Int16Array {
  const packed = new Int16Array(slopes.length);
  for (let k = 0; k < slopes.length; k++) packed[k] = Math.round(Math.max(-1, Math.min(1, slopes[k] / SHORE_SLOPE_RANGE)) * 32767);
  return packed;
}

/** Whether two lists of drawn rivers' lines are the same lines (a river's line is kept while its points are: fittedRiver.ts). */
const sameLines = (a: readonly DrawnLine[], b: readonly DrawnLine[]): boolean => a.length === b.length && a.every((line, k) => line === b[k]);

const sameSteps = (a: EdgeSteps, b: EdgeSteps): boolean => a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && a[3] === b[3];

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

/** The mirror's colour (√ albedo, a byte) until the first colours are found off the thread: a mid-toned ground. */
const PLAIN_GROUND = 140;

/** The least rectangle of samples holding both. */
function unionRect(a: MirrorRect, b: MirrorRect): MirrorRect {
  return { i0: Math.min(a.i0, b.i0), j0: Math.min(a.j0, b.j0), i1: Math.max(a.i1, b.i1), j1: Math.max(a.j1, b.j1) };
}
