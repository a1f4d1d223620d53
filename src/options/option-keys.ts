/**
 * Option keys with a meaning of their own; every other key is a parameter. The options reader
 * (`mergeCall`) tells them by its record of a call's option values, which has these keys and
 * no other: a set of its own would be the same names again in the bundle.
 */
export const OPTION_KEYS: ReadonlySet<string> = new Set([
  "method",
  "url",
  "baseUrl",
  "headers",
  "mediaType",
  "data",
  "request",
  "operations",
]);

/**
 * Where merged options keep the parameters named like an option (`method` and `url` given
 * beside a route), so they cannot be taken for the route's own method and url. A parameter
 * named `$params` is kept there too, so the key always means this.
 */
export const PARAMS_KEY = "$params";
