// The masking of `user:password@` in text that quotes urls (an error line, a message), in one
// pass: no regular expression that rescans text, so a value of 120 kB quoted from a
// description costs its length, never its square.

/** `[A-Za-z0-9+.-]`: a character a url's scheme may hold. */
function isSchemeChar(code: number): boolean {
  return isWordChar(code) ? code !== 95 : code === 43 || code === 45 || code === 46;
}

/** `[A-Za-z0-9_]`, a regular expression's `\w`. */
function isWordChar(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
  );
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** White space, `/`, `?`, `#`, `"` or `'`: where a url's userinfo ends (or the url does). */
function endsUserinfo(text: string, code: number, at: number): boolean {
  if (code === 47 || code === 63 || code === 35 || code === 34 || code === 39) return true;
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  return code >= 0x80 && /\s/.test(text[at] as string);
}

/**
 * What ends at `colon`: `url`, whether a scheme does (a letter at a word's start, after no
 * letter, digit or `_`, then scheme characters up to `colon`), and `whole`, the run of scheme
 * characters before `colon` when it is one scheme on its own (a letter first, and no word
 * character before it). Looks back only over the scheme characters before `colon`, which no
 * other colon shares.
 */
function schemeBefore(text: string, colon: number): { url: boolean; whole: string | undefined } {
  let url = false;
  let at = colon - 1;
  // Each character read once: `code` at `at`, then the one before it.
  let code = at >= 0 ? text.charCodeAt(at) : -1;
  let firstCode = -1;
  while (at >= 0 && isSchemeChar(code)) {
    const before = at > 0 ? text.charCodeAt(at - 1) : -1;
    if (isLetter(code) && !isWordChar(before)) url = true;
    firstCode = code;
    at--;
    code = before;
  }
  const first = at + 1;
  const alone = first < colon && isLetter(firstCode) && !isWordChar(code);
  return { url, whole: alone ? text.slice(first, colon) : undefined };
}

/**
 * The schemes whose urls a URL parser reads with an authority however many "/" or "\" follow
 * the colon (none included): `https:/u:pw@h` and `https:\\u:pw@h` are `https://u:pw@h`.
 */
const SPECIAL = new Set(["http", "https", "ws", "wss", "ftp"]);

/**
 * `text` with the `user:password@` of each url in it masked: after a scheme and `//` (any
 * scheme), or after a special scheme's colon and any "/" and "\" (as URL parsers read them),
 * what comes before the last `@` ahead of white space, `/`, `?`, `#` or a quote is `****`.
 * Linear: each character is looked at a bounded number of times (a scan that a later url
 * starts inside is not made again).
 *
 * @example
 * ```ts
 * withoutUserinfo('Invalid url "http://alice:pw@host/x"'); // 'Invalid url "http://****@host/x"'
 * withoutUserinfo("https:/alice:pw@host"); // "https:/****@host"
 * ```
 */
export function withoutUserinfo(text: string): string {
  let out = "";
  let copied = 0;
  // The last scan for an "@": where it ended, and the last "@" it met.
  let scannedTo = -1;
  let scannedLast = -1;
  for (let colon = text.indexOf(":"); colon !== -1; colon = text.indexOf(":", colon + 1)) {
    if (colon < copied) continue;
    const { url, whole } = schemeBefore(text, colon);
    let from = colon + 1;
    if (whole !== undefined && SPECIAL.has(whole.toLowerCase())) {
      for (let code = text.charCodeAt(from); code === 47 || code === 92; code = text.charCodeAt(++from));
    } else if (url && text.startsWith("//", from)) from += 2;
    else continue;
    let last = -1;
    if (from < scannedTo) {
      last = scannedLast >= from ? scannedLast : -1;
    } else {
      let at = from;
      for (; at < text.length; at++) {
        const code = text.charCodeAt(at);
        if (endsUserinfo(text, code, at)) break;
        if (code === 64) last = at;
      }
      scannedTo = at;
      scannedLast = last;
    }
    if (last === -1) continue;
    out += `${text.slice(copied, from)}****`;
    copied = last;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
