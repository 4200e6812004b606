import { useEffect } from 'react';
import { useThree } from '@react-three/fiber';
import type { DataTexture } from 'three';
import { paintedRoads, paintRoads } from '../../shared/roads/roadPaint';
import type { RoadParams } from '../../shared/roads/params';
import { roadOverlay } from '../../app/roads/roadOverlay';
import { roadsOf } from '../../app/roads/roadEdits';
import { useSession } from '../session';
import { useViewport } from './viewportContext';
import { setRoadPaintUniforms } from './look/roadPaintShader';

/**
 * Every enabled road painted by the terrain shader (look/roadPaintShader.ts) in every tool and in
 * the drive view; while the Road tool drags a road, the road as dragged. The paint depends on the
 * centrelines alone, so it is made again only when a road's params change, not on every edit.
 */
export function RoadPaint3D() {
  const { tools, editor } = useSession();
  const viewport = useViewport();
  const invalidate = useThree((s) => s.invalidate);

  useEffect(() => {
    const uniforms = viewport.lighting.uniforms;
    let texture: DataTexture | null = null;
    let shown: readonly RoadParams[] = [];
    let shownSize = '';
    const update = () => {
      const { field, stack } = editor.document;
      const enabled = new Set(
        roadsOf(stack)
          .filter((road) => road.enabled)
          .map((road) => road.id),
      );
      const { overlay } = tools.getState();
      const lines = overlay.kind === 'road' ? overlay.roads : roadOverlay(stack, field.cellSize, null, null, null).roads;
      const params = lines.filter((line) => enabled.has(line.id) && line.params).map((line) => line.params as RoadParams);
      const size = `${field.width} ${field.depth} ${field.cellSize}`;
      if (size === shownSize && params.length === shown.length && params.every((p, k) => p === shown[k])) return;
      shown = params;
      shownSize = size;
      texture?.dispose();
      // The roads as the engine masks' road and shoulder sources take them (shared/layers/roadFootprints.ts).
      texture = setRoadPaintUniforms(uniforms, paintRoads(paintedRoads(params, field.cellSize), field));
      invalidate();
    };
    update();
    const offTools = tools.subscribe((s, prev) => {
      if (s.overlay !== prev.overlay) update();
    });
    const offEditor = editor.store.subscribe((s, prev) => {
      if (s.version !== prev.version) update();
    });
    return () => {
      offTools();
      offEditor();
      setRoadPaintUniforms(uniforms, null);
      texture?.dispose();
    };
  }, [tools, editor, viewport, invalidate]);

  return null;
}
