import { inflateExactly } from '../zlib';

/** Text chunks are small: anything inflating past this is ignored rather than trusted. */
const MAX_TEXT_BYTES = 1024 * 1024;

/** Inflates a compressed text chunk, or undefined if it is damaged or larger than MAX_TEXT_BYTES. */
export function inflateUnknownSize(data: Uint8Array): Uint8Array | undefined {
  const outcome = inflateExactly([data], MAX_TEXT_BYTES);
  if (outcome.ok) return outcome.data;
  if (outcome.problem === 'too-short' && outcome.produced <= MAX_TEXT_BYTES) {
    // The stream ended before filling the cap: re-run with the size we now know, which also checks Adler-32.
    const exact = inflateExactly([data], outcome.produced);
    return exact.ok ? exact.data : undefined;
  }
  return undefined;
}
