// One reading of a parameter's name for every rule that must match what a server may take it
// for: a credential masked in a message, a credential of the description's not sent twice.

/**
 * A query, cookie or path parameter's name as the most lenient servers read it: `+` a space
 * and percent-escapes decoded (each well-formed ASCII escape when the whole does not decode),
 * cut at a NUL (C strings), trimmed and unquoted (RFC 6265), brackets before it dropped
 * (`[api_key]` to qs and Rack), an unclosed `[` read as `_` (PHP), cut at a `[` (`api_key[]`)
 * with any `]` after it dropped, dots and spaces as `_` (PHP), in any case (folded through
 * upper case, so that a dotless `ı` is an `i` and a long `ſ` an `s`, as Java reads them).
 * Linear: each step is one pass.
 *
 * @example
 * lenientName("%5Bapi.KEY%5D"); // "api_key"
 */
export function lenientName(name: string): string {
  // Most names are plain: nothing to decode, trim, unquote or cut.
  if (/^[\w-]*$/.test(name)) return name.toLowerCase();
  let text = name.replaceAll("+", " ");
  try {
    text = decodeURIComponent(text);
  } catch {
    text = text.replace(/%[0-7][0-9a-f]/gi, (percent) =>
      String.fromCharCode(Number.parseInt(percent.slice(1), 16)),
    );
  }
  const nul = text.indexOf("\0");
  if (nul !== -1) text = text.slice(0, nul);
  text = text.trim();
  let start = text.startsWith('"') ? 1 : 0;
  let end = text.length > start && text.endsWith('"') ? text.length - 1 : text.length;
  while (start < end && (text[start] === "[" || text[start] === "]")) start++;
  text = text.slice(start, end);
  const open = text.indexOf("[");
  if (open !== -1) {
    if (text.indexOf("]", open) === -1) text = `${text.slice(0, open)}_${text.slice(open + 1)}`;
    else text = text.slice(0, open);
  }
  end = text.length;
  while (end > 0 && text[end - 1] === "]") end--;
  return text.slice(0, end).replace(/[. ]/g, "_").toUpperCase().toLowerCase();
}
