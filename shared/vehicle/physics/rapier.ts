import type RAPIER from '@dimforge/rapier3d-deterministic-compat';

/** The Rapier module (the deterministic build: the same inputs give the same bytes on every machine). */
export type Rapier = typeof RAPIER;

let loading: Promise<Rapier> | null = null;

/**
 * Loads and initialises Rapier once, on first use: it is ~2 MB of inlined wasm, so nothing that
 * loads at startup imports it (the editor loads it when a physics drive starts, the CLI for `--model physics`).
 */
export function loadRapier(): Promise<Rapier> {
  loading ??= import('@dimforge/rapier3d-deterministic-compat')
    .then(async (module) => {
      const rapier = module.default;
      await rapier.init();
      return rapier;
    })
    .catch((error: unknown) => {
      // A failed load (a chunk not served, wasm refused) is tried again by the next caller.
      loading = null;
      throw error;
    });
  return loading;
}
