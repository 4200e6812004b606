import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { MAP2D_LAYER_VIEWS, type Map2dLayerView } from '../../app/layers/layersModel';
import { useSession } from '../session';
import { Map2DController } from './Map2DController';

const VIEW_LABELS: Record<Map2dLayerView, string> = { heights: 'Heights', contribution: 'Layer contribution', mask: 'Layer mask' };

/**
 * The 2D heightmap panel: a canvas that a Map2DController draws and drives (nothing goes through
 * React state), and the view select: the heights, or the selected layer's contribution or mask.
 */
export function Map2D() {
  const session = useSession();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { layers } = session.design;
  const view = useStore(layers.store, (s) => s.map2dView);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const controller = new Map2DController(session);
    if (!controller.attach(canvas)) return;
    return () => controller.dispose();
  }, [session]);

  return (
    <div className="map-2d">
      <canvas ref={canvasRef} data-testid="map-2d" />
      <select
        className="map-2d-view"
        data-testid="map2d-layer-view"
        aria-label="2D panel shows"
        title="What the 2D panel shows: the heights, or what the selected layer adds, or its mask"
        value={view}
        onChange={(event) => layers.setMap2dView(event.target.value as Map2dLayerView)}
      >
        {MAP2D_LAYER_VIEWS.map((v) => (
          <option key={v} value={v}>
            {VIEW_LABELS[v]}
          </option>
        ))}
      </select>
    </div>
  );
}
