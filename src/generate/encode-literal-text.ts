/**
 * A path key with its literal text percent-encoded where a URL cannot hold it as it is (white
 * space, `"`, `<`, `|`, non-ASCII...): outside `{expressions}`, every character that is not
 * RFC 3986's, and a `%` that starts no escape.
 *
 * @example
 * ```ts
 * encodeLiteralText("/a b/{my id}"); // "/a%20b/{my id}"
 * ```
 */
export function encodeLiteralText(path: string): string {
  let out = "";
  let depth = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path[i] as string;
    if (c === "{") depth++;
    else if (c === "}" && depth > 0) depth--;
    if (depth > 0 || c === "}") {
      out += c;
      continue;
    }
    if (c === "%" && /^[0-9A-Fa-f]{2}$/.test(path.slice(i + 1, i + 3))) out += c;
    else if (/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]/.test(c)) out += c;
    else {
      const code = path.codePointAt(i) as number;
      const char = String.fromCodePoint(code);
      if (char.length === 2) i++;
      // A lone surrogate has no UTF-8 form: U+FFFD, as a URL parser writes it.
      // (With the `u` flag, a pair is one code point, which this class does not match.)
      const text = /[\uD800-\uDFFF]/u.test(char) ? "\uFFFD" : char;
      for (const byte of new TextEncoder().encode(text))
        out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    }
  }
  return out;
}
