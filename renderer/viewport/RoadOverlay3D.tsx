import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  Group,
  Line,
  LineBasicMaterial,
  LineDashedMaterial,
  Mesh,
  MeshBasicMaterial,
  MeshLambertMaterial,
  Points,
  PointsMaterial,
  type Material,
} from 'three';
import { deckMeshes, roadModelOnMap } from '../../shared/roads/bridge';
import type { FittedRoad } from '../../shared/roads/fittedRoad';
import { buildRibbon } from '../../shared/roads/ribbon';
import { heightAt } from '../../shared/terrain/surface';
import type { Heightfield } from '../../shared/terrain/heightfield';
import type { RoadOverlayLine, RoadToolOverlay } from '../../app/tools/types';
import { roadOverlay } from '../../app/roads/roadOverlay';
import { useSession } from '../session';
import { BRIDGE_COLOUR, OVERLAY_ACTIVE, OVERLAY_HANDLE, OVERLAY_HANDLE_ACTIVE, OVERLAY_INACTIVE, ROAD_DRESS_COLOURS } from '../../app/palette/overlayPalette';

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

/** The road's surface as a dark ribbon on the shaped heights (shared/roads/ribbon.ts), or null when it cannot be laid. */
function surfaceRibbon(field: Heightfield, road: RoadOverlayLine): Mesh | null {
  if (!road.params) return null;
  const size = { width: field.width, depth: field.depth, cellSize: field.cellSize };
  try {
    const ribbon = buildRibbon(roadModelOnMap(road.params, field.heights, size), field.heights, size, Math.max(0.05, field.cellSize * 0.03));
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(ribbon.positions, 3));
    geometry.setIndex(new BufferAttribute(ribbon.indices, 1));
    const material = new MeshBasicMaterial({
      color: ROAD_DRESS_COLOURS.asphalt,
      transparent: true,
      opacity: road.selected ? 0.85 : 0.6,
      polygonOffset: true,
      polygonOffsetFactor: -2,
      polygonOffsetUnits: -2,
    });
    const mesh = new Mesh(geometry, material);
    mesh.renderOrder = 9;
    return mesh;
  } catch {
    return null;
  }
}

const ASPHALT = new Color(ROAD_DRESS_COLOURS.asphalt);
const SHOULDER = new Color(ROAD_DRESS_COLOURS.shoulder);
const EDGE_LINE = new Color(ROAD_DRESS_COLOURS.edge);
const CENTRE_LINE = new Color(ROAD_DRESS_COLOURS.centre);

/** One edge of a ribbon (column `column` of every row), as a line on its surface. */
function ribbonEdge(positions: Float32Array, across: number, rows: number, column: number, lift: number): Float32Array {
  const out = new Float32Array(rows * 3);
  for (let r = 0; r < rows; r++) {
    const v = (r * across + column) * 3;
    out[3 * r] = positions[v];
    out[3 * r + 1] = positions[v + 1] + lift;
    out[3 * r + 2] = positions[v + 2];
  }
  return out;
}

function lineOf(positions: Float32Array, material: LineBasicMaterial | LineDashedMaterial, order: number): Line {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  const line = new Line(geometry, material);
  if (material instanceof LineDashedMaterial) line.computeLineDistances();
  line.renderOrder = order;
  return line;
}

/**
 * A road as a road while the Road tool is put away: asphalt on gravel shoulders, white edge lines
 * and a dashed centre line, lit like the ground and hidden behind hills (depth-tested).
 */
function buildRoadDress(group: Group, field: Heightfield, road: RoadOverlayLine): void {
  if (!road.params) return;
  const size = { width: field.width, depth: field.depth, cellSize: field.cellSize };
  const lift = Math.max(0.05, field.cellSize * 0.03);
  try {
    const fitted = roadModelOnMap(road.params, field.heights, size);
    const shoulderRoad = roadModelOnMap({ ...road.params, width: road.params.width + 2.4 }, field.heights, size);
    const layers: Array<[ReturnType<typeof buildRibbon>, Color, number]> = [
      [buildRibbon(shoulderRoad, field.heights, size, lift * 0.6), SHOULDER, -1],
      [buildRibbon(fitted, field.heights, size, lift), ASPHALT, -2],
    ];
    for (const [ribbon, colour, offset] of layers) {
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(ribbon.positions, 3));
      geometry.setAttribute('normal', new BufferAttribute(ribbon.normals, 3));
      geometry.setIndex(new BufferAttribute(ribbon.indices, 1));
      const mesh = new Mesh(geometry, new MeshLambertMaterial({ color: colour, polygonOffset: true, polygonOffsetFactor: offset, polygonOffsetUnits: offset }));
      mesh.renderOrder = 8;
      group.add(mesh);
    }
    addDecks(group, fitted);
    const asphalt = layers[1][0];
    const edgeLift = lift * 0.5;
    const inset = asphalt.across > 3 ? 1 : 0;
    const edge = new LineBasicMaterial({ color: EDGE_LINE });
    group.add(lineOf(ribbonEdge(asphalt.positions, asphalt.across, asphalt.rows, inset, edgeLift), edge, 9));
    group.add(lineOf(ribbonEdge(asphalt.positions, asphalt.across, asphalt.rows, asphalt.across - 1 - inset, edgeLift), edge, 9));
    group.add(lineOf(onSurface(field, road.line, lift * 1.5), new LineDashedMaterial({ color: CENTRE_LINE, dashSize: 3, gapSize: 3 }), 9));
  } catch {
    // A road whose centreline cannot be built is drawn by its shaped land alone.
  }
}

/** Builds the road overlay's objects: each road's surface, a line per centreline (the selected one bright), the selected road's handles. */
function buildRoadObjects(group: Group, field: Heightfield, overlay: RoadToolOverlay): void {
  const lift = Math.max(0.3, field.cellSize * 0.15);
  for (const road of overlay.roads) {
    const surface = surfaceRibbon(field, road);
    if (surface) group.add(surface);
    if (road.params?.crossings?.some((c) => c.kind === 'bridge')) {
      try {
        addDecks(group, roadModelOnMap(road.params, field.heights, { width: field.width, depth: field.depth, cellSize: field.cellSize }));
      } catch {
        // No deck for a road whose centreline cannot be built.
      }
    }
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
 * Roads in 3D: with the Road tool, its overlay (centrelines following the shaped surface, the
 * selected road's control points); otherwise every enabled road dressed as a road.
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
      else for (const road of roadOverlay(editor.document.stack, field.cellSize, null, null, null).roads) buildRoadDress(group, field, road);
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
