/** The exit statuses of every `faultline` command (docs/cli.md lists them). */
export const EXIT_OK = 0;
/** A file could not be read or written, or the work failed. */
export const EXIT_FAILURE = 1;
/** The command line or an input's content was refused: nothing was written. */
export const EXIT_USAGE = 2;
/** A drive could not go on (stuck, rolled over, flooded): its outputs are written. */
export const EXIT_BLOCKED = 3;
