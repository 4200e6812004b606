import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  Group,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshLambertMaterial,
  Points,
  PointsMaterial,
  type Material,
} from 'three';
import { deckMeshes, fitRoadOnMap } from '../../shared/roads/bridge';
import type { FittedRoad } from '../../shared/roads/fittedRoad';
import type { LayerStack } from '../../shared/layers/types';
import { heightAt } from '../../shared/terrain/surface';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { RoadToolOverlay } from '../../app/tools/types';
import { useSession } from '../session';
import { BRIDGE_COLOUR, OVERLAY_ACTIVE, OVERLAY_HANDLE, OVERLAY_HANDLE_ACTIVE, OVERLAY_INACTIVE } from '../../app/palette/overlayPalette';

const SELECTED = new Color(OVERLAY_ACTIVE);
const OTHER = new Color(OVERLAY_INACTIVE);
const HANDLE = new Color(OVERLAY_HANDLE);
const HANDLE_SELECTED = new Color(OVERLAY_HANDLE_ACTIVE);

/** Positions of (x, z) pairs on the exact surface, lifted a little so the line is not hidden in it. */
function onSurface(field: Heightfield, xz: Float64Array, lift: number): Float32Array {
  const out = new Float32Array((xz.length / 2) * 3);
  for (let s = 0; s < xz.length / 2; s++) {
    const x = xz[2 * s];
    const z = xz[2 * s + 1];
    const h = heightAt(field, x, z);
    out[3 * s] = x;
    out[3 * s + 1] = (Number.isNaN(h) ? 0 : h) + lift;
    out[3 * s + 2] = z;
  }
  return out;
}

const BRIDGE = new Color(BRIDGE_COLOUR);

/** A bridge's slab and railings (shared/roads/bridge.ts), lit like the ground. */
function addDecks(group: Group, fitted: FittedRoad): void {
  for (const deck of deckMeshes(fitted, '')) {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(deck.positions, 3));
    geometry.setAttribute('normal', new BufferAttribute(deck.normals, 3));
    geometry.setIndex(new BufferAttribute(deck.indices, 1));
    const mesh = new Mesh(geometry, new MeshLambertMaterial({ color: BRIDGE }));
    mesh.renderOrder = 8;
    group.add(mesh);
  }
}

/** Every bridged road's decks, in every tool: the terrain shader paints roads, but a deck stands over the water. */
function buildDecks(group: Group, field: Heightfield, stack: LayerStack): void {
  const size = { width: field.width, depth: field.depth, cellSize: field.cellSize };
  for (const layer of stack) {
    if (layer.kind !== 'road' || !layer.enabled || !layer.params.crossings?.some((c) => c.kind === 'bridge')) continue;
    try {
      addDecks(group, fitRoadOnMap(layer.params, field.heights, size));
    } catch {
      // No deck for a road whose centreline cannot be built.
    }
  }
}

/** Builds the road overlay's objects: each road's surface, a line per centreline (the selected one bright), the selected road's handles. */
function buildRoadObjects(group: Group, field: Heightfield, overlay: RoadToolOverlay): void {
  const lift = Math.max(0.3, field.cellSize * 0.15);
  for (const road of overlay.roads) {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(onSurface(field, road.line, lift), 3));
    const line = new Line(
      geometry,
      new LineBasicMaterial({ color: road.selected ? SELECTED : OTHER, transparent: !road.selected, opacity: road.selected ? 1 : 0.6 }),
    );
    line.renderOrder = road.selected ? 11 : 10;
    group.add(line);
  }
  const handles: Array<{ x: number; z: number; selected: boolean }> = [];
  for (const road of overlay.roads) {
    if (!road.selected) continue;
    for (let n = 0; n < road.points.length / 2; n++) handles.push({ x: road.points[2 * n], z: road.points[2 * n + 1], selected: n === road.selectedPoint });
  }
  if (overlay.draft) handles.push({ ...overlay.draft, selected: true });
  if (handles.length === 0) return;
  const xz = new Float64Array(handles.length * 2);
  const colours = new Float32Array(handles.length * 3);
  handles.forEach((h, k) => {
    xz[2 * k] = h.x;
    xz[2 * k + 1] = h.z;
    (h.selected ? HANDLE_SELECTED : HANDLE).toArray(colours, 3 * k);
  });
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(onSurface(field, xz, lift), 3));
  geometry.setAttribute('color', new BufferAttribute(colours, 3));
  const points = new Points(geometry, new PointsMaterial({ size: 11, sizeAttenuation: false, vertexColors: true }));
  points.renderOrder = 12;
  group.add(points);
}

function clear(group: Group): void {
  for (const child of [...group.children]) {
    group.remove(child);
    const object = child as Line | Points | Mesh;
    object.geometry.dispose();
    (object.material as Material).dispose();
  }
}

/**
 * The Road tool's overlay in 3D: centrelines following the shaped surface, the selected road's
 * control points. The roads themselves are painted by the terrain shader (RoadPaint3D.tsx).
 */
export function RoadOverlay3D() {
  const { tools, editor } = useSession();
  const invalidate = useThree((s) => s.invalidate);
  const group = useMemo(() => {
    const g = new Group();
    // The overlay must never catch the pointer ray meant for the terrain.
    g.raycast = () => undefined;
    return g;
  }, []);

  useEffect(() => {
    let shown: unknown = null;
    const update = () => {
      const { overlay } = tools.getState();
      clear(group);
      shown = overlay;
      const field = editor.document.field;
      if (overlay.kind === 'road') buildRoadObjects(group, field, overlay);
      buildDecks(group, field, editor.document.stack);
      for (const child of group.children) {
        child.raycast = () => undefined;
        child.frustumCulled = false;
      }
      invalidate();
    };
    update();
    const offTools = tools.subscribe((s) => {
      if (s.overlay !== shown) update();
    });
    // The heights under the lines change with every edit and drag step.
    const offEditor = editor.store.subscribe((state, prev) => {
      if (state.version !== prev.version) update();
    });
    return () => {
      offTools();
      offEditor();
      clear(group);
    };
  }, [tools, editor, group, invalidate]);

  return <primitive object={group} />;
}
