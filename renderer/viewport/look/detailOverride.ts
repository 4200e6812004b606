/**
 * A diagnosis switch in the page address: `?detail=off` draws the terrain without its close-up
 * ground detail (both terrain materials), so an e2e test can compare the same scene with and
 * without it. Read once at start.
 */
export function detailOffFrom(search: string): boolean {
  return new URLSearchParams(search).get('detail') === 'off';
}

/** The ground detail's strength the page starts with: 0 with `?detail=off`, else 1. */
export const START_DETAIL_STRENGTH = detailOffFrom(typeof window === 'undefined' ? '' : window.location.search) ? 0 : 1;
