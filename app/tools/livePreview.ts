import type { Editor } from '../editor';
import type { DirtyRegion } from '../region';

/** Tells the views that heights changed in place during a gesture, without a history entry. */
export function notifyLiveChange(editor: Editor, region: DirtyRegion | null): void {
  if (region) editor.preview(region);
}
