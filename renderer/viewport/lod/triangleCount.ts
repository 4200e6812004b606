/** Triangles the terrain draws per frame, as data-triangles on the viewport (read by the performance spec). */
export function showTriangleCount(element: HTMLElement | null, triangles: number): void {
  if (element) element.dataset.triangles = String(triangles);
}
