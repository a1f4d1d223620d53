import { EndpointError } from "../errors/endpoint-error.js";
import { hex } from "../shared/hex.js";
import { isPlainHost } from "../shared/plain-host.js";
import { quote } from "../shared/quote.js";
import { MAX_ENCODED_LENGTH, NOT_RESERVED } from "../template/encode.js";

/**
 * The URL parser silently drops tabs and line breaks and trims spaces and controls, and turns
 * `\` into `/`, while other clients read the text as written: only visible ASCII other than
 * `\` is accepted, so every client sees the same URL.
 */
const STRAY = /[^!-[\]-~]/;
/**
 * An http(s) URL with a host and no credentials (any `@` before the path is userinfo, even an
 * empty one, `https://@host`, which curl sends as basic auth), or an absolute path; no query or
 * fragment, and no path starting with `//`, which names a host. The host is group 1, the path
 * group 2. Linear: the host stops at the first `/`, where the path starts.
 */
const SHAPE = /^(?:https?:\/\/([^/?#@]+))?(\/(?!\/)[^?#]*)?$/i;

/**
 * `baseUrl` is `""` or an absolute path such as `/api/v3` (relative results: OpenAPI servers
 * are often relative), or an absolute URL without query or fragment. Checked
 * where options enter (a call's options, a builder's defaults, merged options given to
 * parse), so building a request joins it without looking again.
 */
export function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string" || (baseUrl !== "" && !isBaseUrl(baseUrl))) {
    throw new EndpointError(
      "invalid_base_url",
      __DEV__
        ? typeof baseUrl === "string"
          ? `Invalid baseUrl ${quote(baseUrl)}: ${problemOf(baseUrl)}; use an absolute URL such as "https://github.example.com/api/v3", an absolute path such as "/api/v3", or "" for relative urls.`
          : `baseUrl must be a string such as "https://api.github.com", got ${baseUrl === null ? "null" : typeof baseUrl}.`
        : "",
      { option: "baseUrl" },
    );
  }
  return baseUrl;
}

/**
 * Whether a non-empty `baseUrl` has the shape above, a plain host, and a path that holds only
 * what a url's literal text may (as a route's url: `NOT_RESERVED`) and that the URL parser
 * leaves as written (no `.` or `..` segment), so every client sends the same path. A path
 * alone is read against a made-up origin, which must keep it.
 */
function isBaseUrl(baseUrl: string): boolean {
  const shape = STRAY.test(baseUrl) ? null : SHAPE.exec(baseUrl);
  const path = shape?.[2] ?? "/";
  // Parsed only when its shape is right and it is not too long for the parser (see encode.ts).
  if (shape === null || baseUrl.length > MAX_ENCODED_LENGTH) return false;
  try {
    const parsed = new URL(baseUrl, "http://base.invalid");
    return (
      path.search(NOT_RESERVED) === -1 &&
      parsed.pathname === path &&
      (shape[1] === undefined || isPlainHost(shape[1], parsed.hostname))
    );
  } catch {
    return false; // not a URL (a bad port or host)
  }
}

/** What is wrong with a `baseUrl` that `isBaseUrl` refuses, for the development message. */
function problemOf(baseUrl: string): string {
  const stray = baseUrl.search(STRAY);
  if (stray !== -1) {
    const code = baseUrl.charCodeAt(stray);
    const shown = code === 0x5c ? '"\\"' : `U+${hex(code, 4)}`;
    return `it holds ${shown} at index ${stray} (white space, control characters, "\\" and non-ASCII characters are not allowed; percent-encode them, and write an international host name in its xn-- form)`;
  }
  const absolutePath = baseUrl.startsWith("/");
  if (!absolutePath && !/^https?:\/\/[^/]/i.test(baseUrl))
    return "it is neither an absolute URL with an http: or https: scheme and a host nor a path starting with /";
  if (baseUrl.includes("?") || baseUrl.includes("#")) return "it has a query or fragment";
  if (baseUrl.startsWith("//")) return `it starts with "//", which names a host`;
  if (baseUrl.length > MAX_ENCODED_LENGTH) return `it is longer than ${MAX_ENCODED_LENGTH} characters`;
  let parsed: string;
  try {
    parsed = new URL(baseUrl, "http://base.invalid").pathname;
  } catch {
    return "it does not parse as a URL";
  }
  let path = baseUrl;
  if (!absolutePath) {
    const authority = baseUrl.indexOf("//") + 2;
    const slash = baseUrl.indexOf("/", authority);
    const host = baseUrl.slice(authority, slash === -1 ? baseUrl.length : slash);
    if (host.includes("@")) return "it holds credentials; send them in an authorization header instead";
    if (!isPlainHost(host)) {
      return "its host is not written plainly (letters, digits, - and . only, an IPv4 address as four decimal numbers), so URL parsers could read different hosts";
    }
    path = slash === -1 ? "/" : baseUrl.slice(slash);
    if (path.startsWith("//")) return `its path starts with "//", which names a host`;
  }
  if (path.search(NOT_RESERVED) !== -1) {
    return `its path ${quote(path)} holds a character a url's literal text cannot (a stray %, |, ^ or a quote): percent-encode it`;
  }
  return `its path ${quote(path)} reads as ${quote(parsed)} to a URL parser (dot segments, or characters it percent-encodes)`;
}
