/** Vertex rectangle [i0, i1) × [j0, j1). */
export interface Rect {
  i0: number;
  j0: number;
  i1: number;
  j1: number;
}
