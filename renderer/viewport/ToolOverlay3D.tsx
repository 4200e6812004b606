import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { BufferAttribute, BufferGeometry, Line, LineBasicMaterial } from 'three';
import { heightAt } from '../../shared/terrain/surface';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { ToolOverlay } from '../../app/tools/types';
import { useSession } from '../session';
import { OVERLAY_ACTIVE } from '../../app/palette/overlayPalette';
import { depthTestedOverlay } from './look/overlayDepth';

const SEGMENTS = 128;

/**
 * The brush ring's and fault line's material: depth-tested, so a hill in front hides them, with the depth
 * pulled towards the camera so the ground they lie on does not (overlayDepth.ts).
 */
export function createToolOverlayMaterial(): LineBasicMaterial {
  return depthTestedOverlay(new LineBasicMaterial({ color: OVERLAY_ACTIVE, transparent: true, toneMapped: false }));
}

/** Draws the active tool's overlay (brush outline, dragged line) lying on the exact surface. */
export function ToolOverlay3D() {
  const { tools, editor } = useSession();
  const invalidate = useThree((s) => s.invalidate);
  const line = useMemo(() => {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(new Float32Array((SEGMENTS + 1) * 3), 3));
    const object = new Line(geometry, createToolOverlayMaterial());
    object.renderOrder = 10;
    object.frustumCulled = false;
    object.visible = false;
    // The overlay must never catch the pointer ray meant for the terrain.
    object.raycast = () => undefined;
    return object;
  }, []);

  useEffect(() => {
    const update = () => {
      const overlay = tools.getState().overlay;
      line.visible = writeOverlay(editor.document.field, overlay, line.geometry.getAttribute('position') as BufferAttribute);
      line.geometry.computeBoundingSphere();
      invalidate();
    };
    update();
    const unsubscribeTools = tools.subscribe((s, prev) => {
      if (s.overlay !== prev.overlay) update();
    });
    const unsubscribeEditor = editor.store.subscribe(update);
    return () => {
      unsubscribeTools();
      unsubscribeEditor();
      line.geometry.dispose();
      (line.material as LineBasicMaterial).dispose();
    };
  }, [tools, editor, line, invalidate]);

  return <primitive object={line} />;
}

/** Samples the overlay shape on the surface into `attribute`; false when there is nothing to draw. */
function writeOverlay(field: Heightfield, overlay: ToolOverlay, attribute: BufferAttribute): boolean {
  // Roads are drawn by RoadOverlay3D.
  if (overlay.kind === 'none' || overlay.kind === 'road') return false;
  const out = attribute.array as Float32Array;
  // As the road's centreline: a fraction of a cell, so a chord between two samples stays above a convex hill.
  const lift = Math.max(0.3, field.cellSize * 0.15);
  for (let s = 0; s <= SEGMENTS; s++) {
    let x: number;
    let z: number;
    if (overlay.kind === 'brush') {
      const a = (s / SEGMENTS) * Math.PI * 2;
      x = overlay.x + overlay.radius * Math.cos(a);
      z = overlay.z + overlay.radius * Math.sin(a);
    } else {
      const t = s / SEGMENTS;
      x = overlay.x1 + t * (overlay.x2 - overlay.x1);
      z = overlay.z1 + t * (overlay.z2 - overlay.z1);
    }
    const h = heightAt(field, x, z);
    out[s * 3] = x;
    out[s * 3 + 1] = (Number.isNaN(h) ? 0 : h) + lift;
    out[s * 3 + 2] = z;
  }
  attribute.needsUpdate = true;
  return true;
}
