// Urls as messages and logs show them, credentials masked: the one masking of the library and
// the command line (a failed page of `paginate`, `--verbose`, an error line), so a message can
// be pasted into an issue as it is.

import { withoutUserinfo } from "./without-userinfo.js";

/** Names of query parameters and response headers that may carry a credential. */
export const SECRET_NAME: RegExp =
  /auth|token|secret|key|password|passwd|cookie|session|signature|credential|sig$|^code$/i;

/**
 * The path and query of `url`, with the values of credential-like query parameters masked,
 * and of those named in `secret` (the names a described API's key is sent under: `appid`).
 */
export function maskedPath(url: URL, secret: readonly string[] = []): string {
  let query = "";
  for (const [name, value] of url.searchParams) {
    query += `${query === "" ? "?" : "&"}${encodeURIComponent(name)}=${SECRET_NAME.test(name) || secret.includes(name) ? "****" : encodeURIComponent(value)}`;
  }
  return `${url.pathname}${query}`;
}

/**
 * A url as written in a message: its origin (none for a relative url), then `maskedPath`,
 * and any `user:password@` masked too.
 *
 * @example
 * ```ts
 * maskedUrl("https://h.example/x?access_token=abc&page=2"); // "https://h.example/x?access_token=****&page=2"
 * ```
 */
export function maskedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, "relative:/");
  } catch {
    // Not shown at all: nothing in it can be told apart as a credential. (The adapters check
    // urls before they fail, so this is for other callers; not withoutUserinfo, which would
    // bring its scanner into every bundle of the adapters.)
    return "(a url that does not parse)";
  }
  const relative = parsed.protocol === "relative:";
  return `${relative ? "" : parsed.origin}${maskedPath(parsed)}`;
}

// One pass, no rescanning regular expression: see without-userinfo.ts.
export { withoutUserinfo };
