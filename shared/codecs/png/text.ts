/** PNG text chunks: tEXt (Latin-1), zTXt (compressed Latin-1) and iTXt (UTF-8, maybe compressed). */
import { ByteWriter, decodeLatin1, decodeUtf8, encodeLatin1 } from '../bytes';
import { inflatePrefix } from './inflate-text';
import { chunkCode, writePngChunk } from './chunks';
import { METADATA_KEYS } from '../heightmap';

/**
 * What a PNG's text may cost a reader (docs/file-format.md): a file can hold any number of text
 * chunks, each inflating to any size, so only a bounded part of it is read — the `faultline:` scale
 * keys (the last chunk of each, wherever it is), a summary of the rest, and a count of what was left out.
 */
export const PNG_TEXT_LIMITS = {
  /** Other text chunks read (the first ones); later ones are only counted. */
  chunks: 64,
  /** Other keywords kept (the first ones seen). */
  otherKeys: 16,
  /** Characters kept of a text; a longer scale value is ignored, a longer other one cut short (…). */
  chars: 256,
} as const;

/** The keywords read wherever they are: Faultline's scale keys (heightmap.ts METADATA_KEYS). */
export const SCALE_KEYWORDS: readonly string[] = Object.values(METADATA_KEYS);
const SCALE_KEYWORD_BYTES = SCALE_KEYWORDS.map((keyword) => Uint8Array.from(keyword, (c) => c.charCodeAt(0)));

export interface PngText {
  /** Text by keyword; a later chunk with the same keyword wins. */
  text: Record<string, string>;
  /** Text chunks left out by PNG_TEXT_LIMITS (damaged ones are ignored, not counted). */
  omitted: number;
}

const TEXT = chunkCode('tEXt');
const ZTXT = chunkCode('zTXt');
const ITXT = chunkCode('iTXt');

export function isTextChunk(code: number): boolean {
  return code === TEXT || code === ZTXT || code === ITXT;
}

/** The longest prefix of UTF-8 bytes that ends on a character boundary, at most maxBytes. */
function utf8Prefix(bytes: Uint8Array, maxBytes: number): Uint8Array {
  if (bytes.length <= maxBytes) return bytes;
  let cut = maxBytes;
  while (cut > 0 && (bytes[cut] & 0xc0) === 0x80) cut--;
  return bytes.subarray(0, cut);
}

/** The start of a chunk's text (at most `maxChars`), whether that is all of it; undefined when malformed. */
function readText(code: number, data: Uint8Array, nul: number, maxChars: number): { text: string; complete: boolean } | undefined {
  if (code === TEXT) {
    const body = data.subarray(nul + 1);
    return { text: decodeLatin1(body.subarray(0, maxChars)), complete: body.length <= maxChars };
  }
  if (code === ZTXT) {
    if (data[nul + 1] !== 0) return undefined;
    const inflated = inflatePrefix(data.subarray(nul + 2), maxChars);
    return inflated && { text: decodeLatin1(inflated.bytes), complete: inflated.complete };
  }
  const compressed = data[nul + 1];
  const method = data[nul + 2];
  const languageEnd = data.indexOf(0, nul + 3);
  if (languageEnd < 0) return undefined;
  const translatedEnd = data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return undefined;
  const body = data.subarray(translatedEnd + 1);
  // Four bytes per character at most, and one more to tell "exactly maxChars" from "longer".
  const maxBytes = maxChars * 4 + 1;
  let raw: Uint8Array;
  let whole: boolean;
  if (compressed === 1) {
    if (method !== 0) return undefined;
    const inflated = inflatePrefix(body, maxBytes);
    if (!inflated) return undefined;
    raw = inflated.bytes;
    whole = inflated.complete;
  } else if (compressed === 0) {
    raw = body;
    whole = true;
  } else {
    return undefined;
  }
  const prefix = utf8Prefix(raw, maxBytes);
  const text = decodeUtf8(prefix);
  if (text === undefined) return undefined;
  const complete = whole && prefix.length === raw.length && text.length <= maxChars;
  return { text: text.slice(0, maxChars), complete };
}

/** Which scale keyword a chunk's keyword (bytes[start, start + nul)) is, or −1; compares bytes, decodes nothing. */
function scaleKeywordAt(bytes: Uint8Array, start: number, nul: number): number {
  for (let n = 0; n < SCALE_KEYWORD_BYTES.length; n++) {
    const keyword = SCALE_KEYWORD_BYTES[n];
    if (keyword.length !== nul) continue;
    let same = true;
    for (let k = 0; k < nul && same; k++) same = bytes[start + k] === keyword[k];
    if (same) return n;
  }
  return -1;
}

/** Position of the NUL ending a keyword of 1–79 bytes, or −1. */
function keywordEnd(bytes: Uint8Array, start: number, length: number): number {
  const end = start + Math.min(length, 80);
  for (let k = start; k < end; k++) if (bytes[k] === 0) return k - start;
  return -1;
}

/**
 * Collects a PNG's text chunks within PNG_TEXT_LIMITS. `add` takes a chunk by its position in the
 * file and costs a few byte comparisons: only the last chunk of each scale key and the first other
 * chunks are read, at the end; every other chunk is just counted.
 */
export function createTextCollector(bytes: Uint8Array): { add(code: number, start: number, length: number): void; finish(): PngText } {
  const scale: Array<{ code: number; start: number; length: number } | undefined> = SCALE_KEYWORDS.map(() => undefined);
  const entries = new Map<string, string>();
  let others = 0;
  let seenOthers = 0;
  let omitted = 0;
  const read = (code: number, start: number, length: number, nul: number) => readText(code, bytes.subarray(start, start + length), nul, PNG_TEXT_LIMITS.chars);
  return {
    add(code, start, length) {
      const nul = keywordEnd(bytes, start, length);
      if (nul < 1) return;
      const known = scaleKeywordAt(bytes, start, nul);
      if (known >= 0) {
        // A later chunk with the same keyword wins: only the last one is read.
        if (scale[known] !== undefined) omitted++;
        scale[known] = { code, start, length };
        return;
      }
      if (++seenOthers > PNG_TEXT_LIMITS.chunks) {
        omitted++;
        return;
      }
      const keyword = decodeLatin1(bytes.subarray(start, start + nul));
      if (!entries.has(keyword) && others >= PNG_TEXT_LIMITS.otherKeys) {
        omitted++;
        return;
      }
      const value = read(code, start, length, nul);
      if (!value) return;
      if (!entries.has(keyword)) others++;
      entries.set(keyword, value.complete ? value.text : `${value.text}…`);
    },
    finish() {
      SCALE_KEYWORDS.forEach((keyword, n) => {
        const chunk = scale[n];
        if (!chunk) return;
        const value = read(chunk.code, chunk.start, chunk.length, keyword.length);
        if (value?.complete) entries.set(keyword, value.text);
        else if (value) omitted++;
      });
      return { text: Object.fromEntries(entries), omitted };
    },
  };
}

export function writeTextChunk(out: ByteWriter, keyword: string, text: string): void {
  const key = encodeLatin1(keyword);
  const value = encodeLatin1(text);
  const data = new Uint8Array(key.length + 1 + value.length);
  data.set(key, 0);
  data.set(value, key.length + 1);
  writePngChunk(out, 'tEXt', data);
}
