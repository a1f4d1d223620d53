// Percent-encoding for RFC 6570 expansion. Two allowed sets exist: unreserved (U) for most
// operators, and unreserved + reserved + pct-encoded triplets (U+R) for `+`, `#` and literals.

const HEX = "0123456789ABCDEF";

/**
 * ASCII codes that pass through unencoded: 1 = unreserved (letters, digits, `-._~`; `\w` is
 * letters, digits and `_`), 2 = reserved.
 */
const ALLOWED = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const c = String.fromCharCode(code);
  ALLOWED[code] = /[\w.~-]/.test(c) ? 1 : /[:/?#[\]@!$&'()*+,;=]/.test(c) ? 2 : 0;
}

/** True for the ASCII characters of RFC 3986 unreserved and reserved sets. */
export function isUriCharacter(code: number): boolean {
  return code < 128 && ALLOWED[code] !== 0;
}

export function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/**
 * Encodes everything outside the unreserved set as UTF-8 percent-escapes. Most values (names,
 * numbers, slugs) need none and are returned as they are.
 * Returns `undefined` when the string holds a lone surrogate, which has no UTF-8 form.
 */
export function encodeUnreserved(text: string): string | undefined {
  const length = text.length;
  let i = 0;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code >= 128 || ALLOWED[code] !== 1) break;
    i++;
  }
  if (i === length) return text;
  // The built-in writes UTF-8 escapes fastest (and throws on a lone surrogate); it leaves
  // !'()* as they are, which RFC 3986 reserves, so those five are escaped after it.
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    return undefined;
  }
  let out = "";
  let start = 0;
  for (let j = 0; j < encoded.length; j++) {
    const code = encoded.charCodeAt(j);
    if (code === 0x21 || (code >= 0x27 && code <= 0x2a)) {
      out += `${encoded.slice(start, j)}%${HEX[code >> 4]}${HEX[code & 15]}`;
      start = j + 1;
    }
  }
  return start === 0 ? encoded : out + encoded.slice(start);
}

/**
 * Keeps unreserved and reserved characters and well-formed `%XX` triplets; encodes the rest.
 * Returns `undefined` when the string holds a lone surrogate.
 */
export function encodeReserved(text: string): string | undefined {
  let out = "";
  let start = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 128 && ALLOWED[code] !== 0) continue;
    if (code === 37 && isHexDigit(text.charCodeAt(i + 1)) && isHexDigit(text.charCodeAt(i + 2))) {
      i += 2;
      continue;
    }
    out += text.slice(start, i);
    if (code < 128) {
      out += `%${HEX[code >> 4]}${HEX[code & 15]}`;
      start = i + 1;
      continue;
    }
    // A run of non-ASCII text in one call: encodeURIComponent writes its UTF-8 and throws on a
    // lone surrogate.
    let end = i + 1;
    while (end < length && text.charCodeAt(end) >= 128) end++;
    try {
      out += encodeURIComponent(text.slice(i, end));
    } catch {
      return undefined;
    }
    i = end - 1;
    start = end;
  }
  return start === 0 ? text : out + text.slice(start);
}
