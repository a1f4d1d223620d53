import { BoundedCache } from "./bounded-cache.js";
import { isDotSegment, startsWithScheme } from "./compile-template.js";
import { quote } from "./describe.js";
import { EndpointError } from "./endpoint-error.js";
import { expandParts } from "./expand-template.js";
import { getOwn } from "./object.js";
import type { RouteTemplate } from "./route-template.js";

/**
 * Expands a compiled route url with the parameters and joins it to `baseUrl`, enforcing the
 * route rules on top of RFC 6570: required path parameters, no dot segments made by values,
 * no trailing `/` left by an empty last segment, and one `/` between base and path.
 */
export function expandUrl(route: RouteTemplate, parameters: object, baseUrl: string, method: string): string {
  const required = route.requiredNames;
  for (let i = 0; i < required.length; i++) {
    const name = required[i] as string;
    const value = getOwn(parameters, name);
    if (value === undefined || value === null) {
      throw new EndpointError(
        "missing_parameter",
        `Missing parameter ${quote(name)} for route ${routeName(method, route)}: pass it in the options, e.g. { ${JSON.stringify(name)}: "..." }.`,
      );
    }
  }

  // Native searches only: the freshly joined strings are slow to walk a character at a time.
  let path = expandParts(route.pathParts, parameters);
  let tail = route.tailParts.length === 0 ? "" : expandParts(route.tailParts, parameters);
  if (route.reservedInPath) {
    const end = endOfPath(path);
    if (end !== -1) {
      tail = path.slice(end) + tail;
      path = path.slice(0, end);
    }
  }
  if (mayHoldDotSegment(path) && countDotSegments(path) > route.literalDotSegments) {
    throw new EndpointError(
      "invalid_parameter",
      `A parameter of route ${routeName(method, route)} makes a "." or ".." path segment in ${quote(path + tail)}: a parameter must not move the request to another path.`,
    );
  }
  if (path.endsWith("/") && !route.pathEndsWithSlash) path = path.slice(0, -1);
  return route.hasScheme ? path + tail : joinBaseUrl(checkBaseUrl(baseUrl), path) + tail;
}

/** The route as a user wrote it, quoted for a message: `"GET /repos/{owner}/{repo}"`. */
function routeName(method: string, route: RouteTemplate): string {
  return quote(`${method.toUpperCase()} ${route.source}`);
}

function endOfPath(path: string): number {
  const query = path.indexOf("?");
  const hash = path.indexOf("#");
  return query === -1 ? hash : hash === -1 ? query : Math.min(query, hash);
}

/** A dot segment starts a path or follows a `/` with `.` or `%2e`: most paths can be cleared at once. */
function mayHoldDotSegment(path: string): boolean {
  return path.includes("/.") || path.includes("/%2") || path.startsWith(".") || path.startsWith("%2");
}

function countDotSegments(path: string): number {
  let count = 0;
  for (const segment of path.split("/")) if (isDotSegment(segment)) count++;
  return count;
}

/** Exactly one `/` between base and path; a path never starts with `//`, which would name a host. */
function joinBaseUrl(baseUrl: string, path: string): string {
  let start = 0;
  while (path.charCodeAt(start) === 47) start++;
  let end = baseUrl.length;
  while (end > 0 && baseUrl.charCodeAt(end - 1) === 47) end--;
  return `${end === baseUrl.length ? baseUrl : baseUrl.slice(0, end)}/${start === 0 ? path : path.slice(start)}`;
}

const checkedBaseUrls = new BoundedCache<true>(100);

/** `baseUrl` is `""` (relative results) or an absolute URL without query or fragment. */
export function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string") {
    throw new EndpointError(
      "invalid_base_url",
      `baseUrl must be a string such as "https://api.github.com", got ${baseUrl === null ? "null" : typeof baseUrl}.`,
    );
  }
  if (baseUrl === "" || checkedBaseUrls.get(baseUrl)) return baseUrl;
  let problem: string | undefined;
  if (!startsWithScheme(baseUrl)) problem = "it is not an absolute URL (no scheme)";
  else if (baseUrl.includes("?") || baseUrl.includes("#")) problem = "it has a query or fragment";
  else if (!parsesAsUrl(baseUrl)) problem = "it does not parse as a URL";
  if (problem !== undefined) {
    throw new EndpointError(
      "invalid_base_url",
      `Invalid baseUrl ${quote(baseUrl)}: ${problem}; use an absolute URL such as "https://github.example.com/api/v3", or "" for relative urls.`,
    );
  }
  checkedBaseUrls.set(baseUrl, true);
  return baseUrl;
}

function parsesAsUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}
