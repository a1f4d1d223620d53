// Percent-encoding for RFC 6570 expansion. Two allowed sets exist: unreserved (U) for most
// operators, and unreserved + reserved + pct-encoded triplets (U+R) for `+` and `#`.

/**
 * A character outside the unreserved set: letters, digits and `-._~` (`\w`, without the `u` flag,
 * is ASCII letters, digits and `_`): one scan per value, and no table to fill as the module loads.
 */
const NOT_UNRESERVED = /[^\w.~-]/;

/**
 * Runs of ASCII characters outside U+R (and every character past ASCII), and a `%` that does not
 * start a `%XX` triplet. Where literal text of a template stops too (see compileTemplate).
 */
export const NOT_RESERVED: RegExp = /[^!#-;=?-[\]_a-z~]+|%(?![\da-f]{2})/gi;

/**
 * Encodes everything outside the unreserved set as UTF-8 percent-escapes. Most values (names,
 * numbers, slugs) need none and are returned as they are, after one scan.
 * Returns `undefined` when the string holds a lone surrogate, which has no UTF-8 form.
 */
export function encodeUnreserved(text: string): string | undefined {
  if (!NOT_UNRESERVED.test(text)) return text;
  checkEncodable(text);
  // The built-in writes UTF-8 escapes fastest (and throws on a lone surrogate); it leaves
  // !'()* as they are, which RFC 3986 reserves, so those five are escaped after it.
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    return undefined;
  }
  return encoded.replace(MARKS, escapeMark);
}

/** The characters RFC 3986 reserves that `encodeURIComponent` leaves as they are. */
const MARKS = /[!'()*]/g;

function escapeMark(mark: string): string {
  return `%${mark.charCodeAt(0).toString(16).toUpperCase()}`;
}

/**
 * Keeps unreserved and reserved characters and well-formed `%XX` triplets; encodes the rest.
 * Returns `undefined` when the string holds a lone surrogate.
 */
export function encodeReserved(text: string): string | undefined {
  checkEncodable(text);
  try {
    return text.replace(NOT_RESERVED, encodeURIComponent);
  } catch {
    return undefined;
  }
}

/**
 * The longest text percent-encoded, or given to the URL parser: a global replace over tens of
 * millions of matches, or a URL that the parser's escapes make longer than a string can be,
 * makes V8 stop the whole process (an uncatchable error), not throw. A RangeError is what
 * the engine throws for a string too long, and every public function reports it as
 * `invalid_parameter`.
 */
export const MAX_ENCODED_LENGTH: number = 16 * 1024 * 1024;

function checkEncodable(text: string): void {
  if (text.length > MAX_ENCODED_LENGTH) throw new RangeError("too long to encode");
}
