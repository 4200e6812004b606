/** A rectangle of vertices [i0, i1) × [j0, j1) that changed, or the whole map. */
export type DirtyRegion = { kind: 'all' } | { kind: 'rect'; i0: number; j0: number; i1: number; j1: number };

export const ALL: DirtyRegion = { kind: 'all' };

export function unionRegions(a: DirtyRegion | null, b: DirtyRegion): DirtyRegion {
  if (!a) return b;
  if (a.kind === 'all' || b.kind === 'all') return ALL;
  return {
    kind: 'rect',
    i0: Math.min(a.i0, b.i0),
    j0: Math.min(a.j0, b.j0),
    i1: Math.max(a.i1, b.i1),
    j1: Math.max(a.j1, b.j1),
  };
}
