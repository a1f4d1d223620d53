// Merged options to request options in @octokit/endpoint's shape, by rest-endpoint's parse.
import { endpoint as restEndpoint } from "rest-endpoint";
import { readSafely } from "./errors.js";
import { refuseShorterRoute } from "./last-segment.js";
import { endsInGraphql, previewAccept } from "./media-type.js";
import { settleOrigin } from "./origin.js";
import { freshRequest, readPreviews } from "./read-call.js";
import { spaceSearchTerms } from "./search-query.js";

/** @typedef {Omit<import("rest-endpoint").RequestOptions, "method"> & { method: string }} OctokitRequestOptions */

/**
 * Request options from merged options, as @octokit/endpoint's `parse` gives them: the method
 * uppercase, previews applied only to urls ending in `/graphql`, `{origin}` routes joined to
 * `baseUrl` or to an origin the builder names, an empty last path parameter refused where it
 * would reach another GitHub operation, and `request` a fresh copy octokit's plugins may write
 * into. Everything else, and every other check, is rest-endpoint's. Stateless: the same function
 * on every builder.
 *
 * @param {unknown} options merged options, as `endpoint.merge` returns them
 * @returns {OctokitRequestOptions}
 * @example
 * ```js
 * parse({ method: "PATCH", baseUrl: "https://api.github.com", url: "/repos/{owner}/{repo}", owner: "o", repo: "r", name: "n", headers: { accept: "application/vnd.github.v3+json" }, mediaType: { format: "" } });
 * // { method: "PATCH", url: "https://api.github.com/repos/o/r", headers: { accept: "application/vnd.github.v3+json", "content-type": "application/json; charset=utf-8" }, body: { name: "n" } }
 * ```
 */
export function parse(options) {
  if (options === null || typeof options !== "object") return upper(restParse(options));
  const copy = readSafely(() => ({ .../** @type {Record<string, unknown>} */ (options) }));
  freshRequest(copy);
  settleOrigin(copy);
  spaceSearchTerms(copy);
  const media = copy.mediaType;
  /** @type {readonly string[] | undefined} */
  let previews;
  if (media !== null && typeof media === "object") {
    const mediaCopy = readSafely(() => ({ .../** @type {Record<string, unknown>} */ (media) }));
    previews = readPreviews(mediaCopy.previews);
    copy.mediaType = { ...mediaCopy, previews: undefined };
  }
  const request = restParse(copy);
  refuseShorterRoute(copy, request.method);
  const accept = request.headers.accept;
  if (!previews?.length || accept === undefined || !endsInGraphql(request.url)) return upper(request);
  if (/application\/octet-stream/i.test(accept)) return upper(request);
  const format = /** @type {{ format?: unknown }} */ (copy.mediaType).format;
  const headers = {
    ...request.headers,
    accept: previewAccept(accept, previews, typeof format === "string" ? format : ""),
  };
  return upper(restParse({ ...copy, headers, mediaType: { format: "" } }));
}

/**
 * rest-endpoint's `parse`, but for an OPTIONS request, whose leftover parameters
 * @octokit/endpoint sends in a JSON body, as for every method but GET and HEAD (rest-endpoint
 * sends them in the query, as for GET): it is parsed as a POST, which has that rule, and keeps
 * its method.
 *
 * @param {unknown} options merged options
 * @returns {import("rest-endpoint").RequestOptions}
 * @example
 * ```js
 * restParse({ method: "OPTIONS", url: "/x", a: 1, headers: {}, mediaType: { format: "" } }).body; // { a: 1 }
 * ```
 */
function restParse(options) {
  const method = /** @type {{ method?: unknown } | null} */ (options)?.method;
  if (typeof method !== "string" || method.toUpperCase() !== "OPTIONS") {
    return restEndpoint.parse(/** @type {never} */ (options));
  }
  const request = restEndpoint.parse(/** @type {never} */ ({ ...options, method: "POST" }));
  return { ...request, method: "options" };
}

/**
 * Request options with their method uppercase, as octokit's `fetch` wrapper expects (fetch
 * uppercases every method but PATCH, and `@octokit/request` tests `method === "HEAD"`).
 *
 * @param {import("rest-endpoint").RequestOptions} request
 * @returns {OctokitRequestOptions}
 * @example
 * ```js
 * upper({ method: "patch", url: "/x", headers: {}, body: "" }).method; // "PATCH"
 * ```
 */
function upper(request) {
  return { ...request, method: request.method.toUpperCase() };
}
