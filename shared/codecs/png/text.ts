/** PNG text chunks: tEXt (Latin-1), zTXt (compressed Latin-1) and iTXt (UTF-8, maybe compressed). */
import { ByteWriter, decodeLatin1, decodeUtf8, encodeLatin1 } from '../bytes';
import { inflateUnknownSize } from './inflate-text';
import { writePngChunk, type PngChunk } from './chunks';

/** Reads one text chunk as [keyword, text]; undefined when malformed (text chunks are ancillary). */
export function readTextChunk(chunk: PngChunk): [string, string] | undefined {
  const data = chunk.data;
  const nul = data.indexOf(0);
  if (nul < 1 || nul > 79) return undefined;
  const keyword = decodeLatin1(data.subarray(0, nul));
  if (chunk.type === 'tEXt') return [keyword, decodeLatin1(data.subarray(nul + 1))];
  if (chunk.type === 'zTXt') {
    if (data[nul + 1] !== 0) return undefined;
    const text = inflateUnknownSize(data.subarray(nul + 2));
    return text ? [keyword, decodeLatin1(text)] : undefined;
  }
  if (chunk.type === 'iTXt') {
    const compressed = data[nul + 1];
    const method = data[nul + 2];
    const languageEnd = data.indexOf(0, nul + 3);
    if (languageEnd < 0) return undefined;
    const translatedEnd = data.indexOf(0, languageEnd + 1);
    if (translatedEnd < 0) return undefined;
    let body: Uint8Array | undefined = data.subarray(translatedEnd + 1);
    if (compressed === 1) body = method === 0 ? inflateUnknownSize(body) : undefined;
    else if (compressed !== 0) return undefined;
    const text = body ? decodeUtf8(body) : undefined;
    return text === undefined ? undefined : [keyword, text];
  }
  return undefined;
}

export function writeTextChunk(out: ByteWriter, keyword: string, text: string): void {
  const key = encodeLatin1(keyword);
  const value = encodeLatin1(text);
  const data = new Uint8Array(key.length + 1 + value.length);
  data.set(key, 0);
  data.set(value, key.length + 1);
  writePngChunk(out, 'tEXt', data);
}
