import { freezeCopy, merge } from "./merge.js";
import { parse } from "./parse.js";
import type { Endpoint, EndpointOptions, MergedOptions, RequestOptions, Route } from "./types.js";

/**
 * Builds an `endpoint` function around frozen defaults. Each builder holds nothing but its
 * `DEFAULTS`, so builders share no mutable state and `defaults` cascades without limit.
 */
export function withDefaults(base: MergedOptions, route?: unknown, options?: unknown): Endpoint {
  const DEFAULTS = freezeCopy(
    route === undefined && options === undefined ? base : merge(base, route, options),
  );

  function endpoint(route: Route | EndpointOptions, options?: EndpointOptions): RequestOptions {
    return parse(merge(DEFAULTS, route, options));
  }

  return Object.assign(endpoint as Endpoint, {
    DEFAULTS,
    defaults: (route: Route | EndpointOptions, options?: EndpointOptions): Endpoint =>
      withDefaults(DEFAULTS, route, options),
    merge: (route: Route | EndpointOptions, options?: EndpointOptions): MergedOptions =>
      merge(DEFAULTS, route, options),
    parse,
  });
}
