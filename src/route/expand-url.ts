import { EndpointError } from "../errors/endpoint-error.js";
import { isPlainObject } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import { type Part, QUERY_OPERATOR } from "../template/compile-template.js";
import { encodeValue, expandExpression, expandParts, expandVariable } from "../template/expand-template.js";
import { invalidValue } from "../template/template-value.js";
import { DOT_SEGMENT, QUERY_OR_FRAGMENT, type UrlPlan } from "./plan-url.js";
import { withQuery } from "./with-query.js";

/**
 * Expands a compiled route url with the parameters and joins it to `baseUrl` (checked where
 * it entered), enforcing the route rules on top of RFC 6570: required path parameters, no
 * empty whole segment and no dot segment made by values, no trailing `/` left by an empty last
 * segment, one `/` between base and path. `values` holds each variable's value at its slot.
 * A GET's leftover parameters (`queryKeys`, their values beside them in `queryValues`) are
 * appended as if the url ended in `{?a,b}`, before any `#fragment`: one pass, one url.
 * `described` is query an operation wrote its own way (`a%5Bk%5D=v`), put before them.
 */
export function expandUrl(
  route: UrlPlan,
  values: readonly unknown[],
  baseUrl: string,
  method: string,
  queryKeys: readonly string[],
  queryValues: readonly unknown[],
  described = "",
): string {
  const required = route.requiredSlots;
  for (let i = 0; i < required.length; i++) {
    const slot = required[i] as number;
    const value = values[slot];
    if (value === undefined || value === null) {
      const name = route.variableNames[slot] as string;
      throw new EndpointError(
        "missing_parameter",
        __DEV__
          ? `Missing parameter ${quote(name)} for route ${routeName(method, route)}: pass it in the options, e.g. { ${JSON.stringify(name)}: "..." }.`
          : "",
        { parameter: name, route: routeOf(method, route) },
      );
    }
  }

  let path = expandPath(route, values, method);
  let tail = expandParts(route.tailParts, values);
  // The tail holds only query and fragment expressions (checked when compiled), or starts at a
  // literal "?" or "#". A `{&…}` with no query before it (its `{?…}` left out, or none) starts
  // the query: RFC 6570 would write "&r=v" into the path.
  if (tail.charCodeAt(0) === 38 /* & */ && !path.includes("?")) tail = `?${tail.slice(1)}`;
  // Where the path really ends: a `{+var}` in it may have written a "?" or "#".
  if (route.reservedInPath) {
    const end = path.search(QUERY_OR_FRAGMENT);
    if (end !== -1) {
      tail = path.slice(end) + tail;
      path = path.slice(0, end);
    }
  }
  if (DOT_SEGMENT.test(path)) {
    throw new EndpointError(
      "invalid_parameter",
      __DEV__
        ? `A parameter of route ${routeName(method, route)} makes a "." or ".." path segment in ${quote(path + tail)}: a parameter must not move the request to another path.`
        : "",
      { route: routeOf(method, route) },
    );
  }
  if (path.endsWith("/") && !route.pathEndsWithSlash) path = path.slice(0, -1);
  tail = withQuery(tail, queryOf(queryKeys, queryValues, described));
  if (route.origin === 0) return joinBaseUrl(baseUrl, path) + tail;
  // The route names its origin in literal text (checked when compiled): after it, a path that
  // starts with "//" (`{+a}` of "/x") would read as a host to many servers.
  if (path.startsWith("//", route.origin)) {
    throw new EndpointError(
      "invalid_parameter",
      __DEV__
        ? `A parameter of route ${routeName(method, route)} makes the path start with "//" in ${quote(path + tail)}, which names a host rather than a path: give a non-empty value.`
        : "",
      { route: routeOf(method, route) },
    );
  }
  return path + tail;
}

/**
 * Leftover parameters as the query of `{?a,b}`, after `query` (written already): names
 * percent-encoded, each value as RFC 6570 expands it. An object has no single query form: `{?name*}` in the route sends its keys.
 */
function queryOf(names: readonly string[], values: readonly unknown[], query: string): string {
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    const value = values[i];
    if (value === undefined || value === null) continue;
    if (isPlainObject(value)) {
      throw invalidValue(
        name,
        __DEV__
          ? `is an object, which has no single query form: put "{?${name}*}" in the route to send its keys as query parameters, or send it in a request body`
          : "",
      );
    }
    const key = encodeValue(name, QUERY_OPERATOR, name);
    const piece = expandVariable(QUERY_OPERATOR, { name: key, slot: 0, prefix: 0, explode: false }, value);
    if (piece !== undefined) query += (query === "" ? "" : "&") + piece;
  }
  return query;
}

/** The route as a user wrote it, the method in capitals: `GET /repos/{owner}/{repo}`. */
export function routeOf(method: string, route: UrlPlan): string {
  return `${method.toUpperCase()} ${route.source}`;
}

/** The route, quoted for a message: `"GET /repos/{owner}/{repo}"`. */
function routeName(method: string, route: UrlPlan): string {
  return quote(routeOf(method, route));
}

/**
 * The path, refusing an empty segment that a value makes, as it would let the next segment
 * take its place: a segment that holds only expressions (`/{owner}/`, or `/{org}/{repo}` with an
 * empty org) and expands to nothing, or a `{/…}` value that is empty between two slashes
 * (`/repos{/owner}/issues`, `/repos/{owner}{/repo}` with an empty owner). The last segment may
 * be empty. Reserved expansion (`{+path}`) may add empty segments: see SECURITY.md, Limits.
 */
function expandPath(route: UrlPlan, values: readonly unknown[], method: string): string {
  const parts = route.pathParts;
  let out = "";
  // Where the current segment started, in `out` and in `parts`, while it holds no literal text
  // (-1 once it does): it started after a literal "/", or at the path's start.
  let segmentStart = 0;
  let segmentFrom = 0;
  // The path so far ends in a "/" that a `{/…}` value wrote; ends in a "/" at all (kept here:
  // asking the growing string would flatten it at every part, quadratic in the parts).
  let valueSlash = false;
  let endsWithSlash = false;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Part;
    let piece: string;
    let bySlash = false;
    if (typeof part === "string") {
      // A literal "/" ends the segment: one of expressions only must not have expanded to nothing.
      if (part.charCodeAt(0) === 47 && out.length === segmentStart && i > segmentFrom) {
        throw new EndpointError(
          "invalid_parameter",
          __DEV__ ? emptySegment(route, segmentFrom, i, method) : "",
          { route: routeOf(method, route) },
        );
      }
      piece = part;
      segmentStart = part.endsWith("/") ? out.length + part.length : -1;
      segmentFrom = i + 1;
    } else {
      piece = expandExpression(part, values);
      if (piece === "") continue;
      bySlash = part.operator.first === "/";
    }
    // An empty segment between this piece and a "/" before it (whose parameter is named too), or
    // inside a `{/…}` value.
    const emptyBefore = (valueSlash || (bySlash && endsWithSlash)) && piece.charCodeAt(0) === 47;
    if (emptyBefore || (bySlash && piece.includes("//"))) {
      throw new EndpointError(
        "invalid_parameter",
        __DEV__ ? emptySegment(route, emptyBefore ? i - 1 : i, i + 1, method) : "",
        { route: routeOf(method, route) },
      );
    }
    endsWithSlash = piece.endsWith("/");
    valueSlash = bySlash && endsWithSlash;
    out += piece;
  }
  return out;
}

/**
 * The `invalid_parameter` message for the parameters of path parts `from` to `to`, which leave an
 * empty segment; development builds only (production ones keep no helper).
 */
function emptySegment(route: UrlPlan, from: number, to: number, method: string): string {
  return `Parameter ${namesIn(route.pathParts.slice(from, to)).map(quote).join(", ")} of route ${routeName(method, route)} is empty, which would leave an empty path segment and move the request to another path: give a non-empty value.`;
}

function namesIn(parts: readonly Part[]): string[] {
  const names: string[] = [];
  for (const part of parts) if (typeof part !== "string") for (const v of part.variables) names.push(v.name);
  return names;
}

/** Exactly one `/` between base and path; a path never starts with `//`, which would name a host. */
function joinBaseUrl(baseUrl: string, path: string): string {
  let start = 0;
  while (path.charCodeAt(start) === 47) start++;
  let end = baseUrl.length;
  while (end > 0 && baseUrl.charCodeAt(end - 1) === 47) end--;
  return `${baseUrl.slice(0, end)}/${path.slice(start)}`;
}
