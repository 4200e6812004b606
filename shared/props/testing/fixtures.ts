import { createRandom, type Random } from '../../random';
import { createHeightfield, vertexX, vertexZ, type Heightfield } from '../../terrain/heightfield';

/** A bumpy test terrain: heights uniform in ±amplitude metres. */
export function bumpyField(width: number, depth: number, cellSize: number, seed: number, amplitude = 40): Heightfield {
  const field = createHeightfield(width, depth, cellSize);
  const random = createRandom(seed);
  for (let k = 0; k < field.heights.length; k++) field.heights[k] = (random.next() * 2 - 1) * amplitude;
  return field;
}

/**
 * Probe positions on the terrain: random interior points plus the awkward ones — vertices, cell
 * edges, points on the split diagonal and the map border and corners.
 */
export function probePositions(field: Heightfield, random: Random, perKind = 60): Array<[number, number]> {
  const s = field.cellSize;
  const cellI = (): number => Math.floor(random.next() * (field.width - 1));
  const cellJ = (): number => Math.floor(random.next() * (field.depth - 1));
  const points: Array<[number, number]> = [];
  const x0 = vertexX(field, 0);
  const x1 = vertexX(field, field.width - 1);
  const z0 = vertexZ(field, 0);
  const z1 = vertexZ(field, field.depth - 1);
  for (let k = 0; k < perKind; k++) {
    points.push([x0 + random.next() * (x1 - x0), z0 + random.next() * (z1 - z0)]);
    points.push([vertexX(field, cellI()), vertexZ(field, cellJ())]);
    points.push([vertexX(field, cellI()) + random.next() * s, vertexZ(field, cellJ())]);
    points.push([vertexX(field, cellI()), vertexZ(field, cellJ()) + random.next() * s]);
    const t = random.next();
    const i = cellI();
    const j = cellJ();
    points.push([vertexX(field, i) + t * s, vertexZ(field, j) + (1 - t) * s]);
    points.push([x0 + random.next() * (x1 - x0), random.next() < 0.5 ? z0 : z1]);
    points.push([random.next() < 0.5 ? x0 : x1, z0 + random.next() * (z1 - z0)]);
  }
  points.push([x0, z0], [x1, z0], [x0, z1], [x1, z1]);
  return points;
}
