/**
 * A file format, Blockbench-style: one object per format that knows its extensions and turns
 * bytes into data (`parse`) and data into bytes (`compile`). All codecs are pure and synchronous;
 * file access lives elsewhere (main process).
 */
export type CodecKind = 'heightmap' | 'mesh' | 'project';

export interface Codec<TParsed, TInput, TParseOptions = undefined, TCompileOptions = undefined> {
  readonly id: string;
  readonly kind: CodecKind;
  readonly label: string;
  /** Lower-case, without the dot. The first one is used for new files. */
  readonly extensions: readonly string[];
  /** Throws CodecError for anything wrong with the bytes. Absent for export-only formats. */
  readonly parse?: (bytes: Uint8Array, fileName: string, options?: TParseOptions) => TParsed;
  /** Throws CodecError (naming `fileName`, default the format's label) for input it cannot write. */
  readonly compile: (input: TInput, options?: TCompileOptions, fileName?: string) => Uint8Array;
}
