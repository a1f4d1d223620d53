/**
 * The reader's error, or a plain one where the engine's own would show: `yaml` reads nesting
 * recursively, and past about 800 levels the stack overflows inside it.
 */
export function clearError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RangeError || /call stack/i.test(message)) {
    return new Error("The description nests deeper than can be read (about 800 levels).", { cause: error });
  }
  // The libraries' own classes (ReferenceError, ParserError, TypeError...) as a plain Error.
  return error instanceof Error && Object.getPrototypeOf(error) === Error.prototype
    ? error
    : new Error(message, { cause: error });
}
