import { onRiverCover } from '../../app/document/surfaceCover';
import type { EditorSession } from '../../app/editorSession';
import { naturalLinesOf, sameNaturalLines } from '../../app/view/terrainColours';
import { Map2DDrawLoop } from './map2dDrawLoop';
import { shownSeaLevel } from '../../app/view/seaLook';
import { attachMap2DInput } from './map2dInput';
import { Map2DView } from './map2dView';

/**
 * The 2D heightmap panel's behaviour, outside React: one image pixel per vertex, row 0 (smallest z)
 * at the top. Three parts: the input (map2dInput.ts: zoom, pan, tool gestures, hover), the draw loop
 * (map2dDrawLoop.ts: image tiles and overlays, one frame per request) and the subscriptions that
 * tell the draw loop what changed (below). `attach` takes over a canvas (sized to its parent);
 * `dispose` lets it go.
 */
export class Map2DController {
  private readonly view = new Map2DView();
  private readonly cleanups: Array<() => void> = [];

  constructor(private readonly session: EditorSession) {}

  /** False when the canvas has no parent or no 2D context (nothing is attached then). */
  attach(canvas: HTMLCanvasElement): boolean {
    const container = canvas.parentElement;
    const context = canvas.getContext('2d');
    if (!container || !context) return false;
    const loop = new Map2DDrawLoop(this.session, this.view, canvas, context);
    const resize = () => {
      const rect = container.getBoundingClientRect();
      loop.resize(rect.width, rect.height);
    };
    const observer = new ResizeObserver(resize);
    observer.observe(container);
    loop.syncDocument();
    resize();
    const detachInput = attachMap2DInput(canvas, this.session, this.view, () => loop.requestDraw());
    const unsubscribe = this.subscribe(loop);
    this.cleanups.push(() => {
      observer.disconnect();
      loop.dispose();
      unsubscribe();
      detachInput();
    });
    return true;
  }

  dispose(): void {
    this.cleanups.splice(0).forEach((cleanup) => cleanup());
  }

  /** Document edits (and erosion results set without one), the 2D colour mode, Reset Camera and the tool overlay reach the draw loop. */
  private subscribe(loop: Map2DDrawLoop): () => void {
    const { editor, tools, view, viewEvents } = this.session;
    const unsubscribers = [
      editor.store.subscribe((s, prev) => {
        if (s.version !== prev.version) loop.syncDocument();
        else if (s.resultsVersion !== prev.resultsVersion) loop.syncResults();
      }),
      // The cover beside the rivers, found off the thread after an edit (app/document/surfaceCover.ts).
      // A draw follows even when the image does not change (`?cover=off`, or the same bytes): it reports the version drawn.
      onRiverCover(editor, () => {
        loop.syncResults();
        loop.requestDraw();
      }),
      view.subscribe((s, prev) => {
        if (s.settings.map2dMode !== prev.settings.map2dMode) loop.setMode(s.settings.map2dMode);
        const lines = naturalLinesOf(s.settings, editor.document.stack);
        if (!sameNaturalLines(lines, naturalLinesOf(prev.settings, editor.document.stack))) loop.setLines(lines);
        if (shownSeaLevel(s.settings) !== shownSeaLevel(prev.settings)) loop.setSeaLevel(shownSeaLevel(s.settings));
      }),
      viewEvents.resetCamera.on(() => {
        this.view.refit(editor.document.field);
        loop.requestDraw();
      }),
      tools.subscribe((s, prev) => {
        if (s.overlay !== prev.overlay) loop.requestDraw();
      }),
    ];
    return () => unsubscribers.forEach((u) => u());
  }
}
