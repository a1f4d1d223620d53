// Percent-encoding for RFC 6570 expansion. Two allowed sets exist: unreserved (U) for most
// operators, and unreserved + reserved + pct-encoded triplets (U+R) for `+`, `#` and literals.

const HEX = "0123456789ABCDEF";

/** ASCII codes that pass through unencoded: 1 = unreserved, 2 = reserved. */
const ALLOWED = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~") {
  ALLOWED[c.charCodeAt(0)] = 1;
}
for (const c of ":/?#[]@!$&'()*+,;=") ALLOWED[c.charCodeAt(0)] = 2;

/** True for the ASCII characters of RFC 3986 unreserved and reserved sets. */
export function isUriCharacter(code: number): boolean {
  return code < 128 && ALLOWED[code] !== 0;
}

export function isHexDigit(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

const COMPONENT_EXTRAS = /[!'()*]/g;

function encodeExtra(c: string): string {
  return `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
}

/**
 * Encodes everything outside the unreserved set as UTF-8 percent-escapes.
 * Returns `undefined` when the string holds a lone surrogate, which has no UTF-8 form.
 */
export function encodeUnreserved(text: string): string | undefined {
  // Most values (names, numbers, slugs) need no escape: one table lookup per character says so.
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code >= 128 || ALLOWED[code] !== 1) break;
    i++;
  }
  if (i === text.length) return text;
  try {
    return encodeURIComponent(text).replace(COMPONENT_EXTRAS, encodeExtra);
  } catch {
    return undefined;
  }
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
    const end = code >= 0xd800 && code <= 0xdbff ? i + 2 : i + 1;
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
