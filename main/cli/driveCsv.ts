/**
 * Telemetry CSV as it is driven: rows become bytes in pieces of about PIECE_BYTES, written as they come
 * (io.writeFileChunks), so neither the rows nor the text are ever held whole — a drive of millions of
 * rows costs the memory of one piece.
 */
import type { CliIo } from './io';

export const PIECE_BYTES = 1 << 20;

/** A drive's rows, then its outcome (a generator's return value). */
export type RowSource<R, T> = Iterator<R, T, void>;

/**
 * The CSV of `rows` in pieces: the header line, then one line per row. `outcome` is called with the
 * rows' outcome and the last row once they are done.
 */
export function* csvPieces<R, T>(
  header: string,
  rows: RowSource<R, T>,
  line: (row: R) => string,
  outcome: (value: T, last: R | undefined) => void,
): Generator<Uint8Array, void, void> {
  const encoder = new TextEncoder();
  let text = `${header}\n`;
  let last: R | undefined;
  for (;;) {
    const next = rows.next();
    if (next.done) {
      outcome(next.value, last);
      break;
    }
    last = next.value;
    text += `${line(next.value)}\n`;
    if (text.length >= PIECE_BYTES) {
      yield encoder.encode(text);
      text = '';
    }
  }
  if (text.length > 0) yield encoder.encode(text);
}

/** The pieces joined (for a file set written all or nothing, or an io without writeFileChunks). */
export function joinPieces(pieces: Iterable<Uint8Array>): Uint8Array {
  const kept = [...pieces];
  const out = new Uint8Array(kept.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of kept) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** Writes the pieces to `path` as they are made (or joined, when the io cannot stream). */
export async function writePieces(io: CliIo, path: string, pieces: Iterable<Uint8Array>): Promise<void> {
  if (io.writeFileChunks) await io.writeFileChunks(path, pieces);
  else await io.writeFile(path, joinPieces(pieces));
}
