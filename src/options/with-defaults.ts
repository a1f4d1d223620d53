import { asEndpointError } from "../endpoint-error.js";
import type { Endpoint } from "../types/endpoint.js";
import type { MergedOptions, RequestOptions } from "../types/request.js";
import { buildRequest, requestHeaders } from "./build-request.js";
import { EMPTY_DEFAULTS, type Merged, mergeCall, toMergedOptions } from "./merge.js";
import { freezeCopy } from "./merge-value.js";

/**
 * Builds an `endpoint` function around frozen defaults. Each builder holds nothing but its
 * `DEFAULTS` and what it reads from them once, so builders share no mutable state and
 * `defaults` cascades without limit. Every member takes the one path: route, then merge,
 * then build.
 */
export function withDefaults(parent: Merged, route?: unknown, options?: unknown): Endpoint {
  const DEFAULTS = freezeCopy(toMergedOptions(mergeCall(parent, route, options)));
  return builder(mergeCall(EMPTY_DEFAULTS, undefined, DEFAULTS, true), DEFAULTS);
}

/**
 * The builder of `defaults`, shown as frozen merged options (`DEFAULTS`: those `defaults` were
 * read from, or, for the root builder's constants valid as written, those constants as given).
 * The request headers they give are computed once, unless given (`sent`) with constant defaults.
 */
export function builder(merged: Merged, DEFAULTS: MergedOptions): Endpoint {
  let sent = merged.sent;
  try {
    sent ??= Object.freeze(requestHeaders(merged));
  } catch {
    // each call reports the fault
  }
  const defaults: Merged = { ...merged, sent };
  return Object.assign(
    guarded((route, options) => buildRequest(mergeCall(defaults, route, options))) as Endpoint,
    {
      DEFAULTS,
      defaults: guarded((route, options) => withDefaults(defaults, route, options)),
      merge: guarded((route, options) => toMergedOptions(mergeCall(defaults, route, options))),
      parse,
    },
  );
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
const parse: (options: MergedOptions) => RequestOptions = guarded((options) =>
  buildRequest(mergeCall(EMPTY_DEFAULTS, undefined, options, true)),
);

/** `run`, with whatever it throws given to the caller as an `EndpointError`. */
function guarded<R>(run: (route: unknown, options: unknown) => R): (route: unknown, options?: unknown) => R {
  return (route, options) => {
    try {
      return run(route, options);
    } catch (error) {
      throw asEndpointError(error);
    }
  };
}
