import { asEndpointError } from "../errors/endpoint-error.js";
import type { Endpoint } from "../types/endpoint.js";
import type { MergedOptions, RequestOptions } from "../types/request.js";
import { buildRequest, requestHeaders } from "./build-request.js";
import { EMPTY_DEFAULTS, type Merged, mergeCall, toMergedOptions } from "./merge.js";
import { freezeCopy } from "./merge-value.js";

/**
 * Builds an `endpoint` function around frozen defaults, those of `call` (a call merged into its
 * parent's defaults, as `defaults` is given it by the guard). Each builder holds nothing but its
 * `DEFAULTS` and what it reads from them once, so builders share no mutable state and
 * `defaults` cascades without limit. Every member takes the one path: route, then merge,
 * then build.
 */
export function withDefaults(call: Merged): Endpoint {
  const DEFAULTS = freezeCopy(toMergedOptions(call));
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
  // Arrows written as properties take the properties' names (`endpoint.merge.name`, stack
  // traces), which a minifier keeps; a named function declaration's name would be renamed. The
  // root one is destructured: `{ endpoint: f }.endpoint` is folded to a bare `f` by minifiers.
  const { endpoint } = {
    endpoint: (route: unknown, options?: unknown) => guarded(buildRequest, defaults, route, options),
  };
  return Object.assign(endpoint as Endpoint, {
    DEFAULTS,
    defaults: (route: unknown, options?: unknown) => guarded(withDefaults, defaults, route, options),
    merge: (route: unknown, options?: unknown) => guarded(toMergedOptions, defaults, route, options),
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
const { parse } = {
  parse: (options: MergedOptions): RequestOptions =>
    guarded(buildRequest, EMPTY_DEFAULTS, undefined, options, true),
};

/**
 * `finish` of the call merged into `defaults`, with whatever either throws given to the caller
 * as an `EndpointError`.
 */
function guarded<R>(
  finish: (call: Merged) => R,
  defaults: Merged,
  route: unknown,
  options: unknown,
  whole?: boolean,
): R {
  try {
    return finish(mergeCall(defaults, route, options, whole));
  } catch (error) {
    throw asEndpointError(error);
  }
}
