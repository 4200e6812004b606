import type { ErosionCoverBytes } from '../../shared/erosion/cover';
import type { Editor } from '../../app/document/editor';
import { surfaceCoverOf } from '../../app/document/surfaceCover';

/**
 * A diagnosis switch in the page address: `?cover=off` draws no erosion cover in either view (the
 * natural colours and the 2D tint as without erosion results), so the same terrain can be seen, and
 * compared by e2e tests, with and without it. Read once at start.
 */
export function coverOffFrom(search: string): boolean {
  return new URLSearchParams(search).get('cover') === 'off';
}

const coverOff = coverOffFrom(typeof window === 'undefined' ? '' : window.location.search);

/**
 * The erosion results the views draw as cover: the document's on its final surface (where brush strokes
 * above the erosion moved the ground, its cover is gone: app/document/surfaceCover.ts), unless the page's
 * switch turns it off.
 */
export function drawnErosionMasks(editor: Editor): ErosionCoverBytes | null {
  return coverOff ? null : surfaceCoverOf(editor);
}
