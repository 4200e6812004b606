import { VIEW_REST_AFTER_MS } from '../../app/view/viewRest';

/**
 * A test switch in the page address: `?viewRest=5000` lets the 3D view rest after 5 s of quiet instead of
 * VIEW_REST_AFTER_MS, so an end-to-end test of resting need not wait a minute (e2e/viewRest.spec.ts).
 * The Electron shell never adds it and nothing in the UI can; any value but a whole 1000–60000 is ignored.
 */
export function viewRestDelay(search: string): number {
  const value = Number(new URLSearchParams(search).get('viewRest'));
  return Number.isInteger(value) && value >= 1000 && value <= 60_000 ? value : VIEW_REST_AFTER_MS;
}
