/** The window title: the document's name, a • while it has unsaved changes, then the app name. */
export const UNTITLED_NAME = 'Untitled';

export function windowTitle(fileName: string | null, dirty: boolean): string {
  return `${fileName ?? UNTITLED_NAME}${dirty ? ' •' : ''} — Faultline`;
}
