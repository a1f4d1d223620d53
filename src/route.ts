import { BoundedCache } from "./bounded-cache.js";
import { quote } from "./describe.js";
import { EndpointError } from "./endpoint-error.js";
import { isMethodName, toRequestMethod } from "./method.js";

export interface ParsedRoute {
  /** As written in the route, or `"GET"` for a bare url. */
  readonly method: string;
  readonly url: string;
}

const cache = new BoundedCache<ParsedRoute>(2000);

/**
 * Splits `"METHOD url"` (or a bare `"url"`, meaning GET). Method and url are separated by
 * spaces or tabs; the method is checked here so a typo fails before any request is built.
 */
export function parseRoute(route: string): ParsedRoute {
  return cache.get(route) ?? cache.set(route, splitRoute(route));
}

function splitRoute(route: string): ParsedRoute {
  const words = route.trim().split(/[ \t]+/);
  const [first = "", second] = words;
  if (first === "") {
    throw new EndpointError("invalid_route", `The route is empty: write "METHOD /path", e.g. "GET /user".`);
  }
  if (words.length > 2) {
    throw new EndpointError(
      "invalid_route",
      `Invalid route ${quote(route)}: expected "METHOD /path" (two words), got ${words.length} words; percent-encode spaces in the url as %20.`,
    );
  }
  if (second === undefined) {
    if (isMethodName(first)) {
      throw new EndpointError(
        "invalid_route",
        `Invalid route ${quote(route)}: the url is missing; write "${first.toUpperCase()} /path".`,
      );
    }
    return Object.freeze({ method: "GET", url: first });
  }
  toRequestMethod(first, route);
  return Object.freeze({ method: first, url: second });
}
