import type { EditorSession } from '../../app/editorSession';
import { LodTerrainMeshes } from './lod/lodTerrainMeshes';
import { TerrainLighting } from './look/terrainLighting';

/**
 * The 3D view's models, owned outside React for the page's lifetime (renderer/main.tsx makes one
 * beside the session): the terrain lighting, and the LOD meshes of a large map. Making them has no
 * side effects; the view starts and stops them in effects (React's StrictMode may run an effect's
 * clean-up and set-up again: nothing it stops is disposed), and `dispose` ends them.
 */
export class ViewportController {
  readonly lighting: TerrainLighting;
  private lod: LodTerrainMeshes | null = null;
  private lodHolds = 0;
  private disposed = false;

  constructor(private readonly session: EditorSession) {
    this.lighting = new TerrainLighting(session);
  }

  /** The LOD meshes of the current map: made on first use, the same object until released. */
  lodMeshes(): LodTerrainMeshes {
    if (this.disposed) throw new Error('ViewportController.lodMeshes after dispose');
    if (!this.lod) {
      const { editor, view } = this.session;
      this.lod = new LodTerrainMeshes(editor.document.field, view.getState().settings.colorMode, this.lighting.uniforms);
    }
    return this.lod;
  }

  /**
   * A LOD surface holds the meshes while it is mounted; the returned release lets go. When the last
   * hold goes, the meshes are destroyed after the current commit, unless held again by then (a
   * StrictMode clean-up and set-up, or a surface remounted at once, keeps them).
   */
  holdLod(lod: LodTerrainMeshes): () => void {
    this.lod ??= lod;
    this.lodHolds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.lodHolds--;
      queueMicrotask(() => {
        if (this.lodHolds > 0 || this.lod !== lod) return;
        lod.destroy();
        this.lod = null;
      });
    };
  }

  /** True while LOD meshes exist (for tests). */
  get hasLodMeshes(): boolean {
    return this.lod !== null;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.lighting.dispose();
    this.lod?.destroy();
    this.lod = null;
  }
}

export function createViewportController(session: EditorSession): ViewportController {
  return new ViewportController(session);
}
