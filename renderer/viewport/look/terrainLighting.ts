import { heightRange } from '../../../shared/terrain/heightfield';
import {
  Box2,
  DataTexture,
  type DataArrayTexture,
  LinearFilter,
  type PerspectiveCamera,
  RGFormat,
  UnsignedByteType,
  Vector2,
  Vector3,
  type WebGLRenderer,
} from 'three';
import type { EditorSession } from '../../../app/editorSession';
import type { ViewSettings } from '../../../shared/ipc/contract';
import { LIGHTING_CHANNELS, computeLightingPatch, type GridRect } from '../../../shared/terrain/lighting';
import { TerrainLightingModel, type LightingJob } from '../../../app/lighting/terrainLightingModel';
import type { FromLightingWorker, LightingChannel, ToLightingWorker } from '../../../app/lighting/lightingMessages';
import { backgroundTask, type BackgroundTask } from '../../backgroundTask';
import { createTerrainShaderUniforms, type TerrainShaderUniforms } from './terrainShader';
import { setGroundUniforms } from './groundShader';
import { stackStrata } from '../../../shared/layers/stackStrata';
import { strataKey } from '../../../shared/ground/naturalColours';
import { groundTextureArray, groundTextureBytes } from './groundTextures';

/**
 * Jobs up to this many window vertices run here (a brush edit, a 257² map: a few ms), after the
 * frame that showed the change; larger ones on the worker.
 */
const MAIN_THREAD_WINDOW = 300 * 300;
/** Rows of a large job's window copied per task, so the main thread never stalls on a whole-map copy. */
const COPY_VERTICES_PER_SLICE = 1 << 21;

const sunOf = (settings: ViewSettings) => ({ azimuthDeg: settings.sunAzimuthDeg, elevationDeg: settings.sunElevationDeg });

/**
 * The viewport's terrain lighting: shadows and occlusion computed from the heights (TerrainLightingModel) kept on
 * the GPU as an RG texture sampled by both terrain materials, and the shader uniforms they share.
 * Small jobs run on the main thread between frames, large ones (whole-map changes of big maps) on
 * a worker, their heights copied across a few tasks. Work starts only after a frame has shown the
 * change (the terrain is drawn first, lit when its lighting is in): the lighting never delays the
 * drawn signal. `data-lighting` on the viewport says "pending" or "ready" (for tests that compare
 * lit images). Lives outside React (renderer/viewport/viewportController.ts owns one): making it
 * has no side effects; `start` subscribes to the session and begins work, `stop` undoes exactly
 * that (React may stop and start it again), `dispose` ends it. The worker comes from the session
 * (`lightingWorker`, passed in by renderer/main.tsx); without one every job runs here.
 */
export class TerrainLighting {
  readonly uniforms: TerrainShaderUniforms = createTerrainShaderUniforms();
  /** The orbit camera's target (OrbitRig keeps it): the scale bar measures there. */
  readonly orbitTarget = new Vector3();
  /**
   * The camera drawing the frame when it is not the orbit camera (the drive or walk camera, which
   * DriveLayer sets while driving; null otherwise), and the point it looks at (the car): the sun's
   * shadow map and the props' levels of detail follow what is seen.
   */
  drawingCamera: PerspectiveCamera | null = null;
  readonly drawingFocus = new Vector3();
  private readonly model: TerrainLightingModel;
  private texture: DataTexture | null = null;
  private textureDims = '';
  private uploadAll = true;
  private uploads: GridRect[] = [];
  private worker: LightingChannel | null = null;
  private workerJob: { id: number; job: LightingJob } | null = null;
  private copying: { job: LightingJob; heights: Float32Array<ArrayBuffer>; row: number } | null = null;
  private nextId = 1;
  /** Runs the next job step; exists only while started. */
  private pumpTask: BackgroundTask | null = null;
  private unsubscribers: Array<() => void> = [];
  private disposed = false;
  private workerFailed = false;
  /** Stale work waits for a frame to start it (prepareFrame). */
  private wantsPump = true;
  private element: HTMLElement | null = null;
  private invalidate: () => void = () => {};
  /** The ground materials' textures on this start's renderer (null until generated). */
  private groundTexture: DataArrayTexture | null = null;
  private groundLook = '';
  /** The document version the model has seen (a change while stopped is caught up on start). */
  private seenVersion: number;

  constructor(private readonly session: EditorSession) {
    const { editor, view } = session;
    this.model = new TerrainLightingModel(sunOf(view.getState().settings));
    this.applySettings(view.getState().settings);
    this.model.onDocument(editor.document.field, { kind: 'all' });
    this.seenVersion = editor.store.getState().version;
  }

  get started(): boolean {
    return this.pumpTask !== null;
  }

  /**
   * Follows the document and the view settings and computes the lighting; `element` carries
   * `data-lighting` (the 3D viewport's wrapper), `invalidate` asks for a frame.
   */
  start(element: HTMLElement | null, invalidate: () => void): void {
    if (this.disposed) throw new Error('TerrainLighting.start after dispose');
    if (this.pumpTask) return;
    const { editor, view } = this.session;
    this.element = element;
    this.invalidate = invalidate;
    this.pumpTask = backgroundTask(() => this.pump());
    const settings = view.getState().settings;
    this.applySettings(settings);
    this.model.setSun(sunOf(settings));
    if (editor.store.getState().version !== this.seenVersion) this.model.onDocument(editor.document.field, { kind: 'all' });
    this.seenVersion = editor.store.getState().version;
    this.unsubscribers = [
      editor.store.subscribe((s, prev) => {
        if (s.version === prev.version) return;
        this.seenVersion = s.version;
        this.model.onDocument(editor.document.field, s.lastChange);
        // The rock beds are the document's (its layers' strata): an edit to them recolours the bands.
        this.applySettings(view.getState().settings);
        this.markPending();
      }),
      view.subscribe((s, prev) => {
        if (s.settings === prev.settings) return;
        this.applySettings(s.settings);
        if (this.model.setSun(sunOf(s.settings))) this.markPending();
        this.invalidate();
      }),
    ];
    // The texture is made again for this start's renderer, and all of it uploaded.
    this.uploadAll = true;
    this.markPending();
    const started = this.pumpTask;
    void groundTextureBytes().then((data) => {
      if (this.pumpTask !== started || this.groundTexture) return;
      this.groundTexture = groundTextureArray(data);
      this.uniforms.terrainGroundTextures.value = this.groundTexture;
      this.uniforms.terrainGroundTexturesReady.value = 1;
      this.markPending();
    });
  }

  /** Undoes `start`: no subscriptions, no task, no worker, no GPU texture; a job in flight is redone on the next start. */
  stop(): void {
    if (!this.pumpTask) return;
    this.unsubscribers.forEach((unsubscribe) => unsubscribe());
    this.unsubscribers = [];
    this.pumpTask.dispose();
    this.pumpTask = null;
    const running = this.workerJob?.job ?? this.copying?.job;
    this.workerJob = null;
    this.copying = null;
    if (running) this.model.abandon(running);
    this.worker?.terminate();
    this.worker = null;
    this.texture?.dispose();
    this.texture = null;
    this.textureDims = '';
    this.groundTexture?.dispose();
    this.groundTexture = null;
    this.uniforms.terrainGroundTextures.value = null;
    this.uniforms.terrainGroundTexturesReady.value = 0;
    this.wantsPump = true;
    this.element = null;
    this.invalidate = () => {};
  }

  /**
   * Puts the lighting bytes that changed onto the GPU; call before rendering a frame. Stale
   * lighting starts computing in a task after this frame (so the frame shows the change first).
   */
  prepareFrame(renderer: WebGLRenderer): void {
    if (this.wantsPump && this.pumpTask) {
      this.wantsPump = false;
      this.pumpTask.schedule();
    }
    this.uploadChanges(renderer);
    this.showState();
  }

  private markPending(): void {
    this.wantsPump = true;
    this.showState();
    this.invalidate();
  }

  /** "ready" once nothing is stale, computing or waiting for upload, and the ground textures are in: the next frame is lit and textured. */
  private showState(): void {
    if (!this.element) return;
    const ready =
      this.groundTexture !== null && this.model.idle && !this.workerJob && !this.copying && !this.wantsPump && !this.uploadAll && this.uploads.length === 0;
    const state = ready ? 'ready' : 'pending';
    if (this.element.dataset.lighting !== state) this.element.dataset.lighting = state;
  }

  private uploadChanges(renderer: WebGLRenderer): void {
    const { grid, data } = this.model;
    const dims = `${grid.width}x${grid.depth}`;
    if (dims !== this.textureDims || !this.texture) {
      this.texture?.dispose();
      const texture = new DataTexture(data, grid.width, grid.depth, RGFormat, UnsignedByteType);
      texture.minFilter = LinearFilter;
      texture.magFilter = LinearFilter;
      texture.generateMipmaps = false;
      texture.unpackAlignment = 1;
      this.texture = texture;
      this.textureDims = dims;
      this.uploadAll = true;
      this.uniforms.terrainLighting.value = texture;
    }
    const texture = this.texture;
    if (texture.image.data !== data) {
      texture.image.data = data;
      this.uploadAll = true;
    }
    this.updateTransform();
    if (this.uploadAll) {
      texture.needsUpdate = true;
      this.uploadAll = false;
      this.uploads = [];
      return;
    }
    for (const rect of this.uploads) {
      const w = rect.i1 - rect.i0;
      const h = rect.j1 - rect.j0;
      const bytes = new Uint8Array(w * h * LIGHTING_CHANNELS);
      for (let j = 0; j < h; j++)
        bytes.set(
          data.subarray(((rect.j0 + j) * grid.width + rect.i0) * LIGHTING_CHANNELS, ((rect.j0 + j) * grid.width + rect.i1) * LIGHTING_CHANNELS),
          j * w * LIGHTING_CHANNELS,
        );
      const source = new DataTexture(bytes, w, h, RGFormat, UnsignedByteType);
      source.unpackAlignment = 1;
      renderer.copyTextureToTexture(source, texture, new Box2(new Vector2(0, 0), new Vector2(w, h)), new Vector2(rect.i0, rect.j0));
      source.dispose();
    }
    this.uploads = [];
  }

  dispose(): void {
    this.stop();
    this.disposed = true;
  }

  private applySettings(settings: ViewSettings): void {
    this.uniforms.terrainShadowStrength.value = settings.shadows ? 1 : 0;
    this.uniforms.terrainOcclusionStrength.value = settings.ambientOcclusion ? 1 : 0;
    this.uniforms.terrainGridOpacity.value = settings.grid ? 1 : 0;
    this.uniforms.terrainWater.value = [settings.seaLevel, settings.water ? 1 : 0];
    this.uniforms.terrainGroundOn.value = settings.colorMode === 'natural' ? 1 : 0;
    const strata = stackStrata(this.session.editor.document.stack);
    const look = `${settings.climate} ${settings.treeLine} ${settings.snowLine} ${strataKey(strata)}`;
    if (look !== this.groundLook) {
      this.groundLook = look;
      setGroundUniforms(this.uniforms, settings.climate, settings, strata);
    }
  }

  /** World x, z → texel centres of the lighting grid (grid vertex (a, b) is map vertex (a·stride, b·stride)). */
  private updateTransform(): void {
    const field = this.session.editor.document.field;
    const { stride, width, depth } = this.model.grid;
    const t = this.uniforms.terrainLightingTransform.value;
    const step = field.cellSize * stride;
    t.set(1 / (step * width), ((field.width - 1) / (2 * stride) + 0.5) / width, 1 / (step * depth), ((field.depth - 1) / (2 * stride) + 0.5) / depth);
  }

  /** Starts the next job if none is running: here when small, on the worker when large. */
  private pump(): void {
    if (this.disposed || !this.pumpTask) return;
    if (this.copying) {
      this.copySlice();
      return;
    }
    if (this.workerJob) return;
    const job = this.model.nextJob();
    if (!job) return;
    const field = this.session.editor.document.field;
    const { window } = job;
    const area = (window.i1 - window.i0) * (window.j1 - window.j0);
    const heights = new Float32Array(area);
    if (area <= MAIN_THREAD_WINDOW || !this.ensureWorker()) {
      this.model.copyWindowRows(field, job, heights, 0, window.j1 - window.j0);
      const { sunRect, skyRect } = this.model.localRects(job);
      const patch = computeLightingPatch(this.model.windowHeights(job, heights, field), job.sun, sunRect, skyRect, this.model.mapEdgeIn(job));
      this.finish(this.model.apply(job, { patch, range: job.whole ? heightRange(heights) : null }));
      return;
    }
    this.copying = { job, heights, row: 0 };
    this.copySlice();
  }

  private copySlice(): void {
    const work = this.copying;
    if (!work) return;
    const { job, heights } = work;
    const rows = job.window.j1 - job.window.j0;
    const perSlice = Math.max(1, Math.floor(COPY_VERTICES_PER_SLICE / (job.window.i1 - job.window.i0)));
    const end = Math.min(rows, work.row + perSlice);
    this.model.copyWindowRows(this.session.editor.document.field, job, heights, work.row, end);
    work.row = end;
    if (end < rows) {
      this.pumpTask?.schedule();
      return;
    }
    this.copying = null;
    const id = this.nextId++;
    this.workerJob = { id, job };
    const { sunRect, skyRect } = this.model.localRects(job);
    const g = this.model.windowHeights(job, heights, this.session.editor.document.field);
    const message: ToLightingWorker = {
      id,
      width: g.width,
      depth: g.depth,
      spacing: g.spacing,
      heights,
      sun: job.sun,
      sunRect,
      skyRect,
      mapEdge: this.model.mapEdgeIn(job),
      range: job.whole,
    };
    this.worker?.post(message, [heights.buffer]);
    this.invalidate();
  }

  private ensureWorker(): boolean {
    if (this.worker) return true;
    const start = this.session.lightingWorker;
    if (this.workerFailed || !start) return false;
    try {
      this.worker = start({ onMessage: (answer) => this.onAnswer(answer), onError: () => this.onWorkerFailure() });
      return true;
    } catch {
      return false;
    }
  }

  private onAnswer(answer: FromLightingWorker): void {
    const running = this.workerJob;
    if (!running || running.id !== answer.id) return;
    this.workerJob = null;
    if (answer.type === 'failed') {
      this.onWorkerFailure(running.job);
      return;
    }
    this.finish(this.model.apply(running.job, { patch: answer.patch, range: answer.range }));
  }

  /** The worker cannot compute: jobs run here from now on (the stale rects are put back). */
  private onWorkerFailure(job = this.workerJob?.job): void {
    this.workerJob = null;
    this.workerFailed = true;
    this.worker?.terminate();
    this.worker = null;
    if (job) this.model.abandon(job);
    this.pumpTask?.schedule();
  }

  private finish(changed: GridRect | null): void {
    if (changed) {
      const { grid } = this.model;
      const area = (changed.i1 - changed.i0) * (changed.j1 - changed.j0);
      if (area * 4 > grid.width * grid.depth) this.uploadAll = true;
      else this.uploads.push(changed);
    }
    // Also when nothing changed: a frame marks the lighting ready.
    this.invalidate();
    this.pumpTask?.schedule();
  }
}
