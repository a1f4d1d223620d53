import { EndpointError } from "../endpoint-error.js";
import { quote } from "../shared/quote.js";

/**
 * `baseUrl` is `""` or an absolute path such as `/api/v3` (relative results: OpenAPI servers
 * are often relative), or an absolute URL without query or fragment. Checked
 * where options enter (a call's options, a builder's defaults, merged options given to
 * parse), so building a request joins it without looking again.
 */
export function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string") {
    throw new EndpointError(
      "invalid_base_url",
      __DEV__
        ? `baseUrl must be a string such as "https://api.github.com", got ${baseUrl === null ? "null" : typeof baseUrl}.`
        : "baseUrl",
    );
  }
  if (baseUrl === "") return baseUrl;
  const stray = strayIndex(baseUrl);
  if (stray !== -1 || problemOf(baseUrl) !== undefined) {
    throw new EndpointError(
      "invalid_base_url",
      __DEV__
        ? `Invalid baseUrl ${quote(baseUrl)}: ${stray === -1 ? problemOf(baseUrl) : strayProblem(baseUrl, stray)}; use an absolute URL such as "https://github.example.com/api/v3", an absolute path such as "/api/v3", or "" for relative urls.`
        : "baseUrl",
    );
  }
  return baseUrl;
}

/**
 * What is wrong with a `baseUrl` of visible ASCII, if anything: it must be an http(s) URL with
 * a host, no credentials, query or fragment, and a path the URL parser leaves as written (no
 * `.` or `..` segment, nothing it would percent-encode), so every client sends the same path.
 */
function problemOf(baseUrl: string): string | undefined {
  const absolutePath = baseUrl.charCodeAt(0) === 47; /* / */
  if (!absolutePath && !/^https?:\/\/[^/]/i.test(baseUrl))
    return __DEV__
      ? "it is neither an absolute URL with an http: or https: scheme and a host nor a path starting with /"
      : "";
  if (baseUrl.includes("?") || baseUrl.includes("#")) return __DEV__ ? "it has a query or fragment" : "";
  if (absolutePath) {
    // "//host" names a host, not a path; a path is read against a made-up origin, which must keep it.
    if (baseUrl.startsWith("//")) return __DEV__ ? `it starts with "//", which names a host` : "";
    return pathProblem(baseUrl, new URL(baseUrl, "http://base.invalid").pathname);
  }
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch {
    return __DEV__ ? "it does not parse as a URL" : "";
  }
  const authority = baseUrl.indexOf("//") + 2;
  const slash = baseUrl.indexOf("/", authority);
  // Any "@" there is userinfo, even an empty one (`https://@host`), which curl sends as basic auth.
  if (baseUrl.slice(authority, slash === -1 ? baseUrl.length : slash).includes("@")) {
    return __DEV__ ? "it holds credentials; send them in an authorization header instead" : "";
  }
  const path = slash === -1 ? "/" : baseUrl.slice(slash);
  if (path.startsWith("//")) return __DEV__ ? `its path starts with "//", which names a host` : "";
  return pathProblem(path, parsed.pathname);
}

function pathProblem(path: string, parsed: string): string | undefined {
  if (parsed === path) return undefined;
  return __DEV__
    ? `its path ${quote(path)} reads as ${quote(parsed)} to a URL parser (dot segments, or characters it percent-encodes)`
    : "";
}

function strayProblem(baseUrl: string, stray: number): string {
  const code = baseUrl.charCodeAt(stray);
  const shown = code === 0x5c ? '"\\"' : `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return `it holds ${shown} at index ${stray} (white space, control characters, "\\" and non-ASCII characters are not allowed; percent-encode them, and write an international host name in its xn-- form)`;
}

/**
 * The URL parser silently drops tabs and line breaks and trims spaces and controls, and turns
 * `\` into `/`, while other clients read the text as written: only visible ASCII other than
 * `\` is accepted, so every client sees the same URL.
 */
function strayIndex(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x20 || code >= 0x7f || code === 0x5c) return i;
  }
  return -1;
}
