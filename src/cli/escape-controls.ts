// Text from argv, files and servers, made safe to print on a terminal.

/**
 * C0 (line breaks, ESC), DEL, C1 (a one-character CSI), line and paragraph separators, and the
 * bidi controls that reorder text on screen: any of them from argv could split an error line
 * or drive the terminal it is printed on. Lone surrogates are escaped too.
 */
function isUnsafe(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x61c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    (code >= 0xd800 && code <= 0xdfff)
  );
}

/** The text with each unsafe character written as `\uXXXX`: one line that cannot drive a terminal. */
export function escapeControls(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    // A surrogate pair is one character that prints as it is; only a lone half is escaped.
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += text.slice(i, i + 2);
      i++;
    } else {
      out += isUnsafe(code) ? `\\u${code.toString(16).padStart(4, "0")}` : text[i];
    }
  }
  return out;
}

/**
 * Text for a terminal, escaped as `escapeControls` escapes it but for the line breaks and tabs
 * that lay it out: a line feed, a tab, and a carriage return before a line feed. A lone
 * carriage return (which would print over a line) and every other control is an escape.
 */
export function escapeTerminal(text: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 9 || code === 10 || (code === 13 && text.charCodeAt(i + 1) === 10)) {
      out += `${escapeControls(text.slice(from, i))}${text[i]}`;
      from = i + 1;
    }
  }
  return from === 0 ? escapeControls(text) : out + escapeControls(text.slice(from));
}
