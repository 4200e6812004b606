/**
 * A test switch in the page address: `?startSize=65` (or 33, 129) starts the page on the default
 * preset at that size instead of 257 × 257. Every end-to-end test starts the app, and the default
 * terrain's first drawing is most of that start; tests that do not look at the default terrain pass it
 * (e2e/fixtures.ts `startSize`). The 257² default is baked into the build, these sizes run the preset
 * in the page: 65 saves about 1 s of CPU a start, 129 almost nothing (BENCHMARKS.md,
 * "Session 28: CI time"). The Electron shell never adds it and nothing in the UI can; any other value
 * is ignored.
 */
export const START_SIZES: readonly number[] = [33, 65, 129];

export function startSizeOverride(search: string): number | undefined {
  const value = Number(new URLSearchParams(search).get('startSize'));
  return START_SIZES.includes(value) ? value : undefined;
}
