import { EMPTY_DEFAULTS } from "./options/merge.js";
import { NO_MEDIA_TYPE } from "./options/merge-media-type.js";
import { builder } from "./options/with-defaults.js";
import type { Endpoint } from "./types/endpoint.js";
import type { MergedOptions } from "./types/request.js";
import { VERSION } from "./version.js";

const HEADERS: Readonly<Record<string, string>> = Object.freeze({
  accept: "application/vnd.github.v3+json",
  "user-agent": `rest-endpoint/${VERSION}`,
});
const BASE_URL = "https://api.github.com";

// The root builder's defaults (below) are constants, valid as written, given in both shapes
// the builder holds, with the headers they send (test/options/with-defaults.test.ts compares
// them with what `defaults()` makes of them): every cold start is spared the reading, copying
// and header checks a caller's defaults take (about 1 ms of an import).

/**
 * Turns a route and parameters into request options for the GitHub REST API (or any API of
 * the same shape, through `endpoint.defaults`).
 *
 * @example
 * ```ts
 * const options = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open" });
 * options.method; // "get"
 * options.url; // "https://api.github.com/repos/octokit/rest.js/issues?state=open"
 * options.headers; // { accept: "application/vnd.github.v3+json", "user-agent": "rest-endpoint/1.0.0" }
 * ```
 */
export const endpoint: Endpoint = builder(
  { ...EMPTY_DEFAULTS, baseUrl: BASE_URL, headers: HEADERS, sent: HEADERS },
  Object.freeze({
    method: "GET",
    baseUrl: BASE_URL,
    headers: HEADERS,
    mediaType: NO_MEDIA_TYPE,
  }) as MergedOptions,
);
