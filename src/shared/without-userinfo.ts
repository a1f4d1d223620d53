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
 * Whether a scheme ends before the `://` at `colon`: a letter at a word's start (after no
 * letter, digit or `_`), then scheme characters up to `colon`. Looks back only over the scheme
 * characters before `colon`, which no other `://` shares.
 */
function hasScheme(text: string, colon: number): boolean {
  let found = false;
  let at = colon - 1;
  for (; at >= 0; at--) {
    const code = text.charCodeAt(at);
    if (!isSchemeChar(code)) break;
    if (isLetter(code) && (at === 0 || !isWordChar(text.charCodeAt(at - 1)))) found = true;
  }
  return found;
}

/**
 * `text` with the `user:password@` of each url in it masked: after a scheme and `://`, what
 * comes before the last `@` ahead of white space, `/`, `?`, `#` or a quote is `****`. Linear:
 * each character is looked at a bounded number of times.
 *
 * @example
 * ```ts
 * withoutUserinfo('Invalid url "http://alice:pw@host/x"'); // 'Invalid url "http://****@host/x"'
 * ```
 */
export function withoutUserinfo(text: string): string {
  let out = "";
  let copied = 0;
  for (let colon = text.indexOf("://"); colon !== -1; colon = text.indexOf("://", colon + 1)) {
    if (!hasScheme(text, colon)) continue;
    let last = -1;
    for (let at = colon + 3; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (endsUserinfo(text, code, at)) break;
      if (code === 64) last = at;
    }
    if (last === -1) continue;
    out += `${text.slice(copied, colon + 3)}****`;
    copied = last;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
