import { EndpointError } from "../endpoint-error.js";
import { isPlainObject } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import { isDotSegment, type Part, QUERY_OPERATOR } from "../template/compile-template.js";
import { encodeUnreserved } from "../template/encode.js";
import { expandExpression, expandParts, expandVariable, loneSurrogate } from "../template/expand-template.js";
import type { UrlPlan } from "./compile-route.js";

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
          : name,
      );
    }
  }

  // Native searches only: the freshly joined strings are slow to walk a character at a time.
  let path = expandPath(route, values, method);
  let tail = route.tailParts.length === 0 ? "" : expandParts(route.tailParts, values);
  // The tail holds only query and fragment expressions (checked when compiled), or starts at a
  // literal "?" or "#". A `{&…}` with no query before it (its `{?…}` left out, or none) starts
  // the query: RFC 6570 would write "&r=v" into the path.
  if (tail.charCodeAt(0) === 38 /* & */ && !(route.reservedInPath && path.includes("?"))) {
    tail = `?${tail.slice(1)}`;
  }
  // Where the path really ends: a `{+var}` in it may have written a "?" or "#".
  if (route.reservedInPath) {
    const joined = path + tail;
    const end = endOfPath(joined);
    path = end === -1 ? joined : joined.slice(0, end);
    tail = end === -1 ? "" : joined.slice(end);
  }
  if (countDotSegments(path) > 0) {
    throw new EndpointError(
      "invalid_parameter",
      __DEV__
        ? `A parameter of route ${routeName(method, route)} makes a "." or ".." path segment in ${quote(path + tail)}: a parameter must not move the request to another path.`
        : "",
    );
  }
  if (path.endsWith("/") && !route.pathEndsWithSlash) path = path.slice(0, -1);
  if (queryKeys.length > 0 || described !== "")
    tail = withQuery(tail, queryOf(queryKeys, queryValues, described));
  if (!route.hasScheme) return joinBaseUrl(baseUrl, path) + tail;
  // The route names its origin in literal text (checked when compiled): after it, a path that
  // starts with "//" (`{/a,b}` with an empty a) would read as a host to many servers.
  const origin = path.indexOf("//") + 2;
  let end = origin;
  while (end < path.length && !"/?#".includes(path[end] as string)) end++;
  if (path.startsWith("//", end)) {
    throw new EndpointError(
      "invalid_parameter",
      __DEV__
        ? `A parameter of route ${routeName(method, route)} makes the path start with "//" in ${quote(path + tail)}, which names a host rather than a path: give a non-empty value.`
        : "",
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
      throw new EndpointError(
        "invalid_parameter",
        __DEV__
          ? `Parameter ${quote(name)} is an object, which has no single query form: put "{?${name}*}" in the route to send its keys as query parameters, or send it in a request body.`
          : name,
      );
    }
    const key = encodeUnreserved(name);
    if (key === undefined) throw loneSurrogate(name);
    const piece = expandVariable(QUERY_OPERATOR, { name: key, slot: 0, prefix: 0, explode: false }, value);
    if (piece !== undefined) query += (query === "" ? "" : "&") + piece;
  }
  return query;
}

/** The tail (`?query#fragment`, either optional) with more query joined in before the fragment. */
function withQuery(tail: string, query: string): string {
  if (query === "") return tail;
  const hash = tail.indexOf("#");
  const beforeHash = hash === -1 ? tail : tail.slice(0, hash);
  const joined = beforeHash + (beforeHash.includes("?") ? "&" : "?") + query;
  return hash === -1 ? joined : joined + tail.slice(hash);
}

/** The route as a user wrote it, quoted for a message: `"GET /repos/{owner}/{repo}"`. */
function routeName(method: string, route: UrlPlan): string {
  return quote(`${method.toUpperCase()} ${route.source}`);
}

function endOfPath(path: string): number {
  const query = path.indexOf("?");
  const hash = path.indexOf("#");
  return query === -1 ? hash : hash === -1 ? query : Math.min(query, hash);
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
  const whole = route.wholeSegments;
  let out = "";
  let next = 0;
  let start = 0;
  // The path so far ends in a "/" that a `{/…}` value wrote; ends in a "/" at all (kept here:
  // asking the growing string would flatten it at every part, quadratic in the parts).
  let valueSlash = false;
  let endsWithSlash = false;
  for (let i = 0; i < parts.length; i++) {
    const segment = next < whole.length ? whole[next] : undefined;
    if (segment !== undefined && i === segment[0]) start = out.length;
    const part = parts[i] as Part;
    const piece = typeof part === "string" ? part : expandExpression(part, values);
    if (piece !== "") {
      const bySlash = typeof part !== "string" && part.operator.first === "/";
      if ((valueSlash || (bySlash && endsWithSlash)) && piece.startsWith("/")) {
        throw emptySegment(route, parts.slice(i - 1, i + 1), method);
      }
      if (bySlash && piece.includes("//")) throw emptySegment(route, [part], method);
      endsWithSlash = piece.endsWith("/");
      valueSlash = bySlash && endsWithSlash;
      out += piece;
    }
    if (segment !== undefined && i === segment[1] - 1) {
      if (out.length === start) throw emptySegment(route, parts.slice(segment[0], segment[1]), method);
      next++;
    }
  }
  return out;
}

function emptySegment(route: UrlPlan, parts: readonly Part[], method: string): EndpointError {
  const names: string[] = [];
  for (const part of parts) if (typeof part !== "string") for (const v of part.variables) names.push(v.name);
  return new EndpointError(
    "invalid_parameter",
    __DEV__
      ? `Parameter ${names.map(quote).join(", ")} of route ${routeName(method, route)} is empty, which would leave an empty path segment and move the request to another path: give a non-empty value.`
      : "",
  );
}

/** Walks the segments with native searches: a dot segment is at most six characters (`%2e%2e`). */
function countDotSegments(path: string): number {
  // Most paths hold no dot in any spelling, and three native searches tell so at once.
  if (!path.includes(".") && !path.includes("%2e") && !path.includes("%2E")) return 0;
  let count = 0;
  let start = 0;
  for (;;) {
    const end = path.indexOf("/", start);
    const stop = end === -1 ? path.length : end;
    if (isDotSegment(path, start, stop)) count++;
    if (end === -1) return count;
    start = end + 1;
  }
}

/** Exactly one `/` between base and path; a path never starts with `//`, which would name a host. */
function joinBaseUrl(baseUrl: string, path: string): string {
  let start = 0;
  while (path.charCodeAt(start) === 47) start++;
  let end = baseUrl.length;
  while (end > 0 && baseUrl.charCodeAt(end - 1) === 47) end--;
  return `${end === baseUrl.length ? baseUrl : baseUrl.slice(0, end)}/${start === 0 ? path : path.slice(start)}`;
}
