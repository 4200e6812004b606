import { useEffect, useMemo } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { Group } from 'three';
import { LineMaterial } from 'three/examples/jsm/lines/LineMaterial.js';
import { LineSegments2 } from 'three/examples/jsm/lines/LineSegments2.js';
import { LineSegmentsGeometry } from 'three/examples/jsm/lines/LineSegmentsGeometry.js';
import { CASING_EXTRA_PX, OVERLAY_ACTIVE, OVERLAY_CASING } from '../../app/palette/overlayPalette';
import { RiverStripWidth } from '../../app/water/riverStripWidth';
import { selectedWaterSegments, selectionLift } from '../../app/water/waterSelection';
import { useSession } from '../session';

/** The selection line's width on screen, CSS px (its dark casing CASING_EXTRA_PX wider, as in the 2D panel). */
export const SELECTION_LINE_PX = 3;

/**
 * The selected river or lake (the Water section's list) in the 3D view: a river's centre line, a
 * lake's shore (app/water/waterSelection.ts), in the selection colour every tool uses (OVERLAY_ACTIVE)
 * over a dark casing, a few pixels wide at any distance, depth-tested so the ground in front hides
 * it. The water under it keeps its light tint. Lifted over the water by the road overlay's lift plus
 * the most ground a smoothed centre line may stand over its water (SMOOTH_MAX_RISE).
 */
export function WaterSelection3D() {
  const { editor, view, water } = useSession();
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  const { group, casing, line } = useMemo(() => {
    const g = new Group();
    // The overlay must never catch the pointer ray meant for the terrain.
    g.raycast = () => undefined;
    // The casing writes no depth: where the line's segments cross or join (a tributary's spur, a turn)
    // a neighbour's casing would otherwise stand in front of the line and speckle it dark.
    const make = (colour: string, width: number, order: number, depthWrite: boolean) => {
      const material = new LineMaterial({ color: colour, linewidth: width, worldUnits: false, toneMapped: false, depthWrite });
      const segments = new LineSegments2(new LineSegmentsGeometry(), material);
      segments.renderOrder = order;
      segments.raycast = () => undefined;
      g.add(segments);
      return segments;
    };
    return { group: g, casing: make(OVERLAY_CASING, SELECTION_LINE_PX + CASING_EXTRA_PX, 13, false), line: make(OVERLAY_ACTIVE, SELECTION_LINE_PX, 14, true) };
  }, []);

  useFrame(({ size }) => {
    for (const object of [casing, line]) {
      const material = object.material;
      if (material.resolution.x !== size.width || material.resolution.y !== size.height) material.resolution.set(size.width, size.height);
    }
  });

  useEffect(() => {
    scene.add(group);
    const stripWidth = new RiverStripWidth();
    const rebuild = () => {
      const doc = editor.document;
      const positions = selectedWaterSegments(doc, water.model, stripWidth, selectionLift(doc.field.cellSize));
      for (const object of [casing, line]) {
        object.geometry.dispose();
        object.geometry = new LineSegmentsGeometry();
        if (positions.length > 0) object.geometry.setPositions(positions);
        object.visible = positions.length > 0;
      }
      invalidate();
    };
    const show = () => {
      group.visible = view.getState().settings.showWater;
      invalidate();
    };
    rebuild();
    show();
    const unsubscribers = [
      water.model.store.subscribe((s, prev) => {
        if (s.selectedId !== prev.selectedId || s.featuresVersion !== prev.featuresVersion) rebuild();
      }),
      editor.store.subscribe((s, prev) => {
        if (s.version !== prev.version && water.model.store.getState().selectedId !== null) rebuild();
      }),
      view.subscribe((s, prev) => {
        if (s.settings.showWater !== prev.settings.showWater) show();
      }),
    ];
    return () => {
      unsubscribers.forEach((off) => off());
      scene.remove(group);
    };
  }, [editor, view, water, scene, group, casing, line, invalidate]);

  useEffect(
    () => () => {
      for (const object of [casing, line]) {
        object.geometry.dispose();
        object.material.dispose();
      }
    },
    [casing, line],
  );
  return null;
}
