import { useEffect, useMemo, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
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
  Vector3,
  type Camera,
  type Material,
} from 'three';
import { watchDriveActive } from '../../app/drive/driveFeature';
import { spacedHandles } from '../../app/roads/handleSpacing';
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

/** Handle size on screen (px) and the least distance between two drawn (handleSpacing.ts). */
const HANDLE_SIZE_PX = 11;
const HANDLE_SPACING_PX = 2 * HANDLE_SIZE_PX;

/** The selected road's handles: all of them, and the subset drawn for the current camera. */
interface Handles {
  points: Points;
  /** Every handle's position and colour (the drawn ones are copied to the front of the geometry). */
  positions: Float32Array;
  colours: Float32Array;
  selected: number | null;
  /** The camera and size the drawn subset was chosen for. */
  seen: string;
}

/** Builds the road overlay's objects: each road's surface, a line per centreline (the selected one bright), the selected road's handles. */
function buildRoadObjects(group: Group, field: Heightfield, overlay: RoadToolOverlay): Handles | null {
  const lift = Math.max(0.3, field.cellSize * 0.15);
  for (const road of overlay.roads) {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(onSurface(field, road.line, lift), 3));
    const line = new Line(
      geometry,
      new LineBasicMaterial({ color: road.selected ? SELECTED : OTHER, transparent: !road.selected, opacity: road.selected ? 1 : 0.6, toneMapped: false }),
    );
    line.renderOrder = road.selected ? 11 : 10;
    group.add(line);
  }
  const handles: Array<{ x: number; z: number; selected: boolean }> = [];
  let selected: number | null = null;
  for (const road of overlay.roads) {
    if (!road.selected) continue;
    for (let n = 0; n < road.points.length / 2; n++) handles.push({ x: road.points[2 * n], z: road.points[2 * n + 1], selected: n === road.selectedPoint });
    selected = road.selectedPoint;
  }
  if (overlay.draft) handles.push({ ...overlay.draft, selected: true });
  if (handles.length === 0) return null;
  const xz = new Float64Array(handles.length * 2);
  const colours = new Float32Array(handles.length * 3);
  handles.forEach((h, k) => {
    xz[2 * k] = h.x;
    xz[2 * k + 1] = h.z;
    (h.selected ? HANDLE_SELECTED : HANDLE).toArray(colours, 3 * k);
  });
  const positions = onSurface(field, xz, lift);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions.slice(), 3));
  geometry.setAttribute('color', new BufferAttribute(colours.slice(), 3));
  const points = new Points(geometry, new PointsMaterial({ size: HANDLE_SIZE_PX, sizeAttenuation: false, vertexColors: true, toneMapped: false }));
  points.renderOrder = 12;
  group.add(points);
  return { points, positions, colours, selected, seen: '' };
}

const projected = new Vector3();

/** Draws only the handles spaced apart on screen for this camera (a routed road's points would hide it). */
function spaceHandles(handles: Handles, camera: Camera, width: number, height: number): boolean {
  const seen = `${camera.matrixWorld.elements.join(',')}|${camera.projectionMatrix.elements.join(',')}|${width}x${height}`;
  if (seen === handles.seen) return false;
  handles.seen = seen;
  const { positions, colours } = handles;
  const count = positions.length / 3;
  const screen = new Float64Array(count * 2);
  for (let n = 0; n < count; n++) {
    projected.set(positions[3 * n], positions[3 * n + 1], positions[3 * n + 2]).project(camera);
    // Behind the camera or past its far plane: not drawn.
    const visible = projected.z >= -1 && projected.z <= 1;
    screen[2 * n] = visible ? ((projected.x + 1) / 2) * width : Number.NaN;
    screen[2 * n + 1] = visible ? ((1 - projected.y) / 2) * height : Number.NaN;
  }
  const shown = spacedHandles(screen, HANDLE_SPACING_PX, handles.selected);
  const geometry = handles.points.geometry;
  const position = geometry.getAttribute('position') as BufferAttribute;
  const colour = geometry.getAttribute('color') as BufferAttribute;
  shown.forEach((n, k) => {
    (position.array as Float32Array).set(positions.subarray(3 * n, 3 * n + 3), 3 * k);
    (colour.array as Float32Array).set(colours.subarray(3 * n, 3 * n + 3), 3 * k);
  });
  position.needsUpdate = true;
  colour.needsUpdate = true;
  geometry.setDrawRange(0, shown.length);
  return true;
}

function clear(group: Group): void {
  for (const child of [...group.children]) {
    group.remove(child);
    if (child instanceof Group) continue;
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
  const { tools, editor, drive } = useSession();
  const invalidate = useThree((s) => s.invalidate);
  const handles = useRef<Handles | null>(null);
  const { group, toolGroup } = useMemo(() => {
    const g = new Group();
    // The overlay must never catch the pointer ray meant for the terrain.
    g.raycast = () => undefined;
    // The tool's lines and handles, apart from the decks: a drive hides them, not the bridges.
    const tool = new Group();
    tool.raycast = () => undefined;
    g.add(tool);
    return { group: g, toolGroup: tool };
  }, []);

  useEffect(
    () =>
      watchDriveActive(drive, (active) => {
        toolGroup.visible = !active;
        invalidate();
      }),
    [drive, toolGroup, invalidate],
  );

  useFrame(({ camera, size }) => {
    if (handles.current && toolGroup.visible) spaceHandles(handles.current, camera, size.width, size.height);
  });

  useEffect(() => {
    let shown: unknown = null;
    const update = () => {
      const { overlay } = tools.getState();
      clear(toolGroup);
      clear(group);
      group.add(toolGroup);
      shown = overlay;
      const field = editor.document.field;
      handles.current = overlay.kind === 'road' ? buildRoadObjects(toolGroup, field, overlay) : null;
      buildDecks(group, field, editor.document.stack);
      for (const child of [...group.children, ...toolGroup.children]) {
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
      clear(toolGroup);
      clear(group);
    };
  }, [tools, editor, group, toolGroup, invalidate]);

  return <primitive object={group} />;
}
