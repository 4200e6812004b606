/**
 * Plain file names: what may be written into a folder the user chose, or recorded as a file's
 * name. Windows' rules are the strictest, so they apply everywhere: a project made on Linux must
 * export on Windows too.
 */

/**
 * Windows' reserved device names (CON, PRN, AUX, NUL, COM0–9, LPT0–9, with the superscript digits
 * Windows also reserves, and the console names): reserved in any case, with or without an
 * extension, and with trailing spaces or dots before it ("con .txt" opens the console too).
 */
const RESERVED_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;

/** True when Windows would open a device instead of a file for this name. */
export function isReservedDeviceName(name: string): boolean {
  const stem = name.split('.')[0].replace(/[ .]+$/, '');
  return RESERVED_DEVICE.test(stem);
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const FORBIDDEN_CHARACTER = /[/\\:*?"<>|\u0000-\u001f]/;

/**
 * Why `name` is not a plain file name (a name, not a path: no folder separators, no drive letter,
 * never '.' or '..', nothing Windows forbids or reserves), or null when it is one.
 */
export function plainFileNameProblem(name: string, maxLength = 255): string | null {
  if (name.length === 0) return 'is empty';
  if (name.length > maxLength) return `is longer than ${maxLength} characters`;
  if (name === '.' || name === '..') return 'is a folder reference, not a file name';
  if (FORBIDDEN_CHARACTER.test(name)) return 'is not a plain file name (no folders, drive letters, control characters or any of \\ / : * ? " < > |)';
  if (/[ .]$/.test(name)) return 'ends in a space or a dot, which Windows drops';
  if (isReservedDeviceName(name)) return 'is a name Windows reserves for a device (CON, PRN, AUX, NUL, COM1…, LPT1…)';
  return null;
}
