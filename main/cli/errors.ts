/** An error as the one line a command prints (codec messages already name the file). */
export function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}
