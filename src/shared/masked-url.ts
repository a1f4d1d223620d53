// Urls as messages and logs show them, credentials masked: the one masking of the library and
// the command line (a failed page of `paginate`, an adapter's invalid url, `--verbose`, an
// error line), so a message can be pasted into an issue as it is.

import { lenientName } from "./lenient-name.js";
import { withoutUserinfo } from "./without-userinfo.js";

/**
 * Names of query parameters and headers that may carry a credential, tested on a name as the
 * most lenient servers read it (`lenientName`).
 */
export const SECRET_NAME: RegExp =
  /auth|token|secret|key|pass|pwd|jwt|bearer|cookie|session|sessid|signature|credential|sig$|^code$/i;

/** Whether a parameter of this name may carry a credential, or is one of `secret`'s. */
function isSecret(name: string, secret: readonly string[]): boolean {
  const read = lenientName(name);
  if (SECRET_NAME.test(read) || secret.some((given) => lenientName(given) === read)) return true;
  // A credential nested in brackets (`api[key]`, `data[api_key]`), as qs, Rack and PHP read it.
  return (
    /\[|%5b/i.test(name) && name.split(/\[|\]|%5b|%5d/i).some((part) => SECRET_NAME.test(lenientName(part)))
  );
}

/**
 * `url` (or the part of it from `from`) with the values of credential-like parameters masked:
 * in the query and the fragment, split where servers split them (`&` and `;`), and the path's
 * own `;name=value` parameters (`;jsessionid=`). One pass over the text, no rescanning.
 */
function maskedParameters(url: string, from: number, secret: readonly string[]): string {
  let out = "";
  let copied = from;
  let inQuery = false;
  let inFragment = false;
  // Where the current parameter's name starts (-1 in a path segment), and its first "=".
  let name = -1;
  let equals = -1;
  for (let at = from; at <= url.length; at++) {
    const code = at === url.length ? -1 : url.charCodeAt(at);
    if (code === 61) {
      if (name !== -1 && equals === -1) equals = at;
      continue;
    }
    const separator =
      code === -1 ||
      code === 38 ||
      code === 59 ||
      (code === 35 && !inFragment) ||
      (!inQuery && (code === 63 || code === 47));
    if (!separator) continue;
    if (name !== -1 && equals !== -1 && isSecret(url.slice(name, equals), secret)) {
      out += `${url.slice(copied, equals + 1)}****`;
      copied = at;
    }
    if (code === 63 || code === 35) inQuery = true;
    if (code === 35) inFragment = true;
    name = code === 47 && !inQuery ? -1 : at + 1;
    equals = -1;
  }
  return out + url.slice(copied);
}

/**
 * The path and query of `url`, with the values of credential-like parameters masked, and of
 * those named in `secret` (the names a described API's key is sent under: `appid`).
 */
export function maskedPath(url: URL, secret: readonly string[] = []): string {
  return maskedParameters(`${url.pathname}${url.search}`, 0, secret);
}

/**
 * A url as written in a message, whether it parses or not: any `user:password@` masked, and
 * the values of credential-like parameters (`maskedPath`), the rest as written.
 *
 * @example
 * ```ts
 * maskedUrl("https://h.example/x?access_token=abc&page=2"); // "https://h.example/x?access_token=****&page=2"
 * ```
 */
export function maskedUrl(url: string): string {
  // The authority: after a scheme's "://" at the start (white space before it trimmed, as URL
  // parsers trim it), a special scheme's ":" and slashes, or a leading "//"; it ends at the
  // first "/", "?" or "#".
  let start = 0;
  while (start < url.length && url.charCodeAt(start) <= 32) start++;
  let authority = -1;
  if (url.startsWith("//", start)) authority = start + 2;
  else {
    let at = start;
    while (at < url.length && /[A-Za-z0-9+.-]/.test(url[at] as string)) at++;
    if (at > start && url.startsWith("://", at)) authority = at + 3;
    else if (url.charCodeAt(at) === 58 && /^(?:https?|wss?|ftp)$/i.test(url.slice(start, at))) {
      // A special scheme has an authority after any "/" and "\\" (none included), as URL
      // parsers read `https:/u:pw@h`.
      authority = at + 1;
      while (url.charCodeAt(authority) === 47 || url.charCodeAt(authority) === 92) authority++;
    }
  }
  if (authority === -1) return maskedParameters(url, 0, []);
  let end = authority;
  let last = -1;
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end);
    if (code === 47 || code === 63 || code === 35) break;
    if (code === 64) last = end;
  }
  // A "\" ends the authority to a URL parser, not to curl: what comes before the last "@" of
  // either reading is masked.
  const head = last === -1 ? url.slice(0, end) : `${url.slice(0, authority)}****${url.slice(last, end)}`;
  return head + maskedParameters(url, end, []);
}

/**
 * Text that quotes urls (an error line) with each url's `user:password@` masked
 * (`withoutUserinfo`) and, in each word (between white space and quotes), the values of
 * credential-like parameters after a `?`, `;` or `#`. One pass over the text.
 */
export function maskedText(text: string): string {
  const plain = withoutUserinfo(text);
  let out = "";
  let word = 0;
  for (let at = 0; at <= plain.length; at++) {
    const code = at === plain.length ? 32 : plain.charCodeAt(at);
    if (code > 32 && code !== 34 && code !== 39 && code !== 96) continue;
    out += maskedParameters(plain.slice(word, at), 0, []) + plain.slice(at, at + 1);
    word = at + 1;
  }
  return out;
}

// One pass, no rescanning regular expression: see without-userinfo.ts.
export { withoutUserinfo };
