// The one error of a request that could not be made or answered: exit status 1.

/** The request could not be made, or its response not read or printed: one line, exit status 1. */
export class SendError extends Error {}
