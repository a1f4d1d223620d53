// The one error of bad command-line input.

/** Bad command-line input: printed as one line, exit status 2. */
export class UsageError extends Error {}
