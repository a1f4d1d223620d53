import { asEndpointError } from "../endpoint-error.js";
import type { Endpoint } from "../types/endpoint.js";
import type { EndpointOptions, MergedOptions, RequestOptions, Route } from "../types/request.js";
import { buildRequest, requestHeaders } from "./build-request.js";
import { type Merged, mergeCall, readMerged, toMergedOptions } from "./merge.js";
import { freezeCopy } from "./merge-value.js";

/**
 * Builds an `endpoint` function around frozen defaults. Each builder holds nothing but its
 * `DEFAULTS` and what it reads from them once, so builders share no mutable state and
 * `defaults` cascades without limit. Every member takes the one path: route, then merge,
 * then build.
 */
export function withDefaults(parent: Merged, route?: unknown, options?: unknown): Endpoint {
  const DEFAULTS = freezeCopy(toMergedOptions(mergeCall(parent, route, options)));
  return builder(DEFAULTS, prepare(DEFAULTS));
}

/** The builder of frozen `DEFAULTS`, given as read into `defaults` (see `prepare`). */
export function builder(DEFAULTS: MergedOptions, defaults: Merged): Endpoint {
  function endpoint(route: Route | EndpointOptions, options?: EndpointOptions): RequestOptions {
    try {
      return buildRequest(mergeCall(defaults, route, options));
    } catch (error) {
      throw asEndpointError(error);
    }
  }

  return Object.assign(endpoint as Endpoint, {
    DEFAULTS,
    defaults(route: Route | EndpointOptions, options?: EndpointOptions): Endpoint {
      try {
        return withDefaults(defaults, route, options);
      } catch (error) {
        throw asEndpointError(error);
      }
    },
    merge(route: Route | EndpointOptions, options?: EndpointOptions): MergedOptions {
      try {
        return toMergedOptions(mergeCall(defaults, route, options));
      } catch (error) {
        throw asEndpointError(error);
      }
    },
    parse,
  });
}

/**
 * Request options from merged options; reads only its argument.
 *
 * @example
 * ```ts
 * parse({ method: "GET", baseUrl: "https://api.github.com", url: "/users/{user}", user: "octocat",
 *   headers: {}, mediaType: { format: "", previews: [] } });
 * // { method: "get", url: "https://api.github.com/users/octocat", headers: {} }
 * ```
 */
export function parse(options: MergedOptions): RequestOptions {
  try {
    return buildRequest(readMerged(options));
  } catch (error) {
    throw asEndpointError(error);
  }
}

/** A builder's defaults read once, with the request headers they give computed once. */
function prepare(DEFAULTS: MergedOptions): Merged {
  const defaults = readMerged(DEFAULTS);
  let sent: Merged["sent"];
  try {
    sent = Object.freeze(requestHeaders(defaults.headers, defaults.mediaType));
  } catch {
    sent = undefined; // each call reports the fault
  }
  return { ...defaults, sent };
}
