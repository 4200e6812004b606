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
const FORBIDDEN_CHARACTER = /[/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/;

/**
 * Invisible format characters (Unicode category Cf): right-to-left and other direction overrides,
 * which make `gnp.exe` look like `exe.png`, zero-width spaces and joiners, the byte-order mark.
 */
const INVISIBLE_CHARACTER = /\p{Cf}/u;

// eslint-disable-next-line no-control-regex -- control characters are what a message must not print raw
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f]|\p{Cf}/u;

/** A UTF-16 surrogate without its pair: no file system stores it as written. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `name` is not a plain file name (a name, not a path: no folder separators, no drive letter,
 * never '.' or '..', nothing Windows forbids or reserves, nothing invisible), or null when it is one.
 * The one rule for every name main may write or the window may suggest: save dialogs' suggestions,
 * export file names, the CLI's `--name`.
 */
export function plainFileNameProblem(name: string, maxLength = 255): string | null {
  if (name.length === 0) return 'is empty';
  if (name.length > maxLength) return `is longer than ${maxLength} characters`;
  if (name === '.' || name === '..') return 'is a folder reference, not a file name';
  if (FORBIDDEN_CHARACTER.test(name)) return 'is not a plain file name (no folders, drive letters, control characters or any of \\ / : * ? " < > |)';
  if (LONE_SURROGATE.test(name)) return 'holds a broken character (a lone UTF-16 surrogate)';
  if (INVISIBLE_CHARACTER.test(name)) return 'holds an invisible character (a direction override, zero-width character or byte-order mark)';
  if (/[ .]$/.test(name)) return 'ends in a space or a dot, which Windows drops';
  if (isReservedDeviceName(name)) return 'is a name Windows reserves for a device (CON, PRN, AUX, NUL, COM1…, LPT1…)';
  return null;
}

/** A name quoted for a message: what the rule refuses as invisible or broken is shown as a \\u escape, never sent raw to a terminal. */
export function quotedFileName(name: string, maxLength = 80): string {
  const escaped = Array.from(name.slice(0, maxLength), (c) =>
    UNPRINTABLE.test(c) || LONE_SURROGATE.test(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c,
  ).join('');
  return `"${escaped}${name.length > maxLength ? '…' : ''}"`;
}

/** The longest name an engine export's files are made from (`--name`, the dialog's name): room for its suffixes. */
export const MAX_EXPORT_BASE_NAME = 100;

/** plainFileNameProblem for a file an export writes, or the name its files are made from: no leading dot either (never hidden). */
export function exportFileNameProblem(name: string, maxLength = 255): string | null {
  return plainFileNameProblem(name, maxLength) ?? (name.startsWith('.') ? 'starts with a dot (a hidden file)' : null);
}

/**
 * The key two names of one folder share when Windows and macOS would store them as one file: case
 * folded and in one Unicode normal form (`A.png` and `a.png` are one file there).
 */
export function fileNameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** The first name that is another one of the list on Windows or macOS (same name but for case or Unicode form), or null. */
export function collidingFileName(names: Iterable<string>): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    const key = fileNameKey(name);
    if (seen.has(key)) return name;
    seen.add(key);
  }
  return null;
}

/**
 * A plain file name made from any text (a document's name, for a suggestion): what the rule refuses
 * becomes '_', leading and trailing spaces and dots go (never hidden, nothing Windows drops), a device
 * name gets a leading '_'; `fallback` when nothing is left.
 */
export function toPlainFileName(text: string, fallback: string, maxLength = 255): string {
  let kept = '';
  // By code point, so that a cut at maxLength never splits a pair.
  for (const c of text.normalize('NFC')) {
    const safe = FORBIDDEN_CHARACTER.test(c) || LONE_SURROGATE.test(c) || INVISIBLE_CHARACTER.test(c) ? '_' : c;
    if (kept.length + safe.length > maxLength) break;
    kept += safe;
  }
  const trimmed = kept.replace(/^[ .]+|[ .]+$/g, '');
  if (trimmed.length === 0) return fallback;
  return isReservedDeviceName(trimmed) ? `_${trimmed}` : trimmed;
}
