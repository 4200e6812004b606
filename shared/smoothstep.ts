/** 3t² − 2t³ on t clamped to [0, 1]: the soft edge of masks, pads and road shoulders. */
export function smoothstep01(t: number): number {
  const c = t <= 0 ? 0 : t >= 1 ? 1 : t;
  return c * c * (3 - 2 * c);
}
