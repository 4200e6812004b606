/**
 * The one error type every codec throws for bad input. The message always starts with the file's
 * name (without folders) so that it can be shown to the user as it is.
 */
export class CodecError extends Error {
  override name = 'CodecError';
  readonly fileName: string;
  readonly problem: string;

  constructor(fileName: string, problem: string) {
    const label = displayFileName(fileName);
    super(`${label}: ${problem}`);
    this.fileName = label;
    this.problem = problem;
  }
}

/** The last path segment of a name, so messages never leak (or depend on) folder paths. */
export function displayFileName(fileName: string): string {
  const cut = Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'));
  const base = cut >= 0 ? fileName.slice(cut + 1) : fileName;
  return base.length > 0 ? base : 'file';
}

/** Builds a thrower bound to one file, which keeps the decoders short. */
export function failFor(fileName: string): (problem: string) => never {
  return (problem: string): never => {
    throw new CodecError(fileName, problem);
  };
}
