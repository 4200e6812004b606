/** The three answers to "Save changes before …?". */
export type UnsavedChoice = 'save' | 'discard' | 'cancel';

/**
 * Decides whether an action that replaces the document (New, Open, Open Recent, drop) may go ahead:
 * a clean document goes ahead at once; otherwise the user is asked, and "Save" goes ahead only if the
 * save really happened (a cancelled or failed save keeps the document).
 */
export async function mayReplaceDocument(dirty: boolean, ask: () => Promise<UnsavedChoice>, save: () => Promise<boolean>): Promise<boolean> {
  if (!dirty) return true;
  const choice = await ask();
  if (choice === 'discard') return true;
  if (choice === 'save') return save();
  return false;
}
