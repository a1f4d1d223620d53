// A builder with @octokit/endpoint's members and shapes: a rest-endpoint builder that never
// sees previews, and the previews of its defaults kept beside it (octokit merges them by its
// own rule and applies them only to `/graphql`).

import { mergeMediaType } from "./media-type.js";
import { parse } from "./parse.js";
import { freshRequest, readCall } from "./read-call.js";

/**
 * @typedef {import("rest-endpoint").Endpoint} Inner
 */

/**
 * An octokit-shaped builder over `inner` (a rest-endpoint builder without previews) whose
 * defaults carry `previews` (or none).
 *
 * @param {Inner} inner
 * @param {readonly string[] | undefined} previews
 * @returns {Function}
 * @example
 * ```js
 * import { endpoint as restEndpoint } from "rest-endpoint";
 * const octokitEndpoint = makeBuilder(restEndpoint, undefined);
 * octokitEndpoint("PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n" }).method; // "PATCH"
 * ```
 */
export function makeBuilder(inner, previews) {
  const DEFAULTS = Object.freeze({
    ...inner.DEFAULTS,
    mediaType: Object.freeze(mergeMediaType(inner.DEFAULTS.mediaType.format, undefined, previews, false)),
  });
  if (DEFAULTS.mediaType.previews) Object.freeze(DEFAULTS.mediaType.previews);
  /** @type {(route?: unknown, options?: unknown) => Record<string, unknown>} */
  const merge = (route, options) => mergeCall(inner, previews, route, options);
  /** @param {unknown} route @param {unknown} [options] */
  const endpoint = (route, options) => parse(merge(route, options));
  /** @param {unknown} route @param {unknown} [options] */
  const defaults = (route, options) => derive(inner, previews, route, options);
  return Object.assign(endpoint, { DEFAULTS, defaults, merge, parse });
}

/**
 * Merged options in @octokit/endpoint's shape. Beside a route string, `url` and `method` are
 * parameters (rest-endpoint keeps them under `$params`), never the request's own. `request` is
 * a fresh, unfrozen copy each call, never the defaults' (frozen) object.
 *
 * @param {Inner} inner
 * @param {readonly string[] | undefined} previews the defaults' previews
 * @param {unknown} route a route string, or the options
 * @param {unknown} options
 * @returns {Record<string, unknown>}
 * @example
 * ```js
 * import { endpoint as restEndpoint } from "rest-endpoint";
 * mergeCall(restEndpoint, ["a"], "GET /x", {}).mediaType; // { format: "", previews: ["a"] }
 * ```
 */
export function mergeCall(inner, previews, route, options) {
  const withRoute = typeof route === "string";
  const call = readCall(withRoute ? options : route);
  const merged = /** @type {Record<string, unknown> & { mediaType: { format: string } }} */ (
    withRoute
      ? inner.merge(route, /** @type {never} */ (call.options))
      : inner.merge(/** @type {never} */ (call.options))
  );
  const graphql = merged.url === "/graphql" && (withRoute || call.givesUrl);
  merged.mediaType = mergeMediaType(merged.mediaType.format, previews, call.previews, graphql);
  // Its own `request` each call: octokit's retry and throttling plugins write `retryCount` there.
  freshRequest(merged);
  return merged;
}

/**
 * The builder `endpoint.defaults(route?, options)` returns: rest-endpoint's defaults, and the
 * previews merged as octokit merges them.
 *
 * @param {Inner} inner
 * @param {readonly string[] | undefined} previews
 * @param {unknown} route
 * @param {unknown} options
 * @returns {Function}
 * @example
 * ```js
 * import { endpoint as restEndpoint } from "rest-endpoint";
 * derive(restEndpoint, undefined, { mediaType: { previews: ["machine-man"] } }, undefined).DEFAULTS.mediaType;
 * // { format: "", previews: ["machine-man"] }
 * ```
 */
export function derive(inner, previews, route, options) {
  const withRoute = typeof route === "string";
  const call = readCall(withRoute ? options : route);
  const child = withRoute
    ? inner.defaults(route, /** @type {never} */ (call.options))
    : inner.defaults(/** @type {never} */ (call.options));
  const graphql = child.DEFAULTS.url === "/graphql" && (withRoute || call.givesUrl);
  return makeBuilder(child, mergeMediaType("", previews, call.previews, graphql).previews);
}
