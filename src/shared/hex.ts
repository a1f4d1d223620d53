/**
 * `code` in uppercase hex, padded to `digits`, as messages show a character (`U+00A0`, `%7D`).
 *
 * @example
 * ```ts
 * hex(0xa0, 4); // "00A0"
 * ```
 */
export function hex(code: number, digits: number): string {
  return code.toString(16).toUpperCase().padStart(digits, "0");
}
