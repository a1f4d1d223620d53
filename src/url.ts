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
  for (const name of route.requiredNames) {
    const value = getOwn(parameters, name);
    if (value === undefined || value === null) {
      throw new EndpointError(
        "missing_parameter",
        `Missing parameter ${quote(name)} for route ${quote(`${method.toUpperCase()} ${route.source}`)}: pass it in the options, e.g. { ${JSON.stringify(name)}: "..." }.`,
      );
    }
  }

  let url = expandParts(route.parts, parameters);

  const pathEnd = endOfPath(url);
  if (countDotSegments(url, pathEnd) > route.literalDotSegments) {
    throw new EndpointError(
      "invalid_parameter",
      `A parameter of route ${quote(`${method.toUpperCase()} ${route.source}`)} makes a "." or ".." path segment in ${quote(url)}: a parameter must not move the request to another path.`,
    );
  }
  if (pathEnd > 0 && url.charCodeAt(pathEnd - 1) === 47 && !route.pathEndsWithSlash) {
    url = url.slice(0, pathEnd - 1) + url.slice(pathEnd);
  }
  return route.hasScheme ? url : joinBaseUrl(checkBaseUrl(baseUrl), url);
}

function endOfPath(url: string): number {
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code === 63 || code === 35) return i;
  }
  return url.length;
}

function countDotSegments(url: string, end: number): number {
  let count = 0;
  let start = 0;
  for (let i = 0; i <= end; i++) {
    if (i === end || url.charCodeAt(i) === 47) {
      if (i - start <= 6 && isDotSegment(url.slice(start, i))) count++;
      start = i + 1;
    }
  }
  return count;
}

/** Exactly one `/` between base and path; a path never starts with `//`, which would name a host. */
function joinBaseUrl(baseUrl: string, url: string): string {
  let start = 0;
  while (url.charCodeAt(start) === 47) start++;
  let end = baseUrl.length;
  while (end > 0 && baseUrl.charCodeAt(end - 1) === 47) end--;
  return `${baseUrl.slice(0, end)}/${url.slice(start)}`;
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
