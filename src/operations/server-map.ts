import { EndpointError } from "../errors/endpoint-error.js";
import { snapshot } from "../errors/read-own.js";
import { checkBaseUrl } from "../options/check-base-url.js";
import { describeValue } from "../shared/describe-value.js";
import { isPlainObject } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import { underServer } from "./under-server.js";

/** Described server urls and where requests to them go instead, the longest first. */
export type ServerMap = readonly (readonly [from: string, to: string])[];

/**
 * Reads a server map given as `{ "https://api.example": "http://localhost:4010" }`: each key
 * and each target a `baseUrl` (an absolute URL without query, a path, or `""`), a trailing
 * `/` left out. A key must name one of `known` (the API's servers, the servers of its
 * operations, its `baseUrl`), lie over one (an origin over its servers' paths), or lie over the
 * url of one of `routes` (a path of the API's): a key that moves no request, under a server or
 * beside one, would leave requests on the server the map was meant to replace.
 */
export function readServerMap(
  value: unknown,
  known: readonly string[],
  routes: readonly string[],
): ServerMap {
  if (!isPlainObject(value)) {
    throw invalid(
      __DEV__
        ? `A server map is an object of urls, such as { "https://api.example": "http://localhost:4010" }, got ${describeValue(value)}.`
        : "",
    );
  }
  const given = snapshot(value, __DEV__ ? "the server map" : "");
  const map: [string, string][] = [];
  for (const key of Object.keys(given)) {
    const from = trimmed(checkBaseUrl(key));
    const target = given[key];
    const to = trimmed(checkBaseUrl(target));
    const over = (url: string): boolean => underServer(url, from);
    if (!known.some(over) && !routes.some(over)) {
      throw invalid(
        __DEV__
          ? `The server map names ${quote(key)}, which is none of the API's servers (${known.slice(0, 8).map(quote).join(", ") || "none"}${known.length > 8 ? ", ..." : ""}): a key is a server the description names, or an origin or path over one.`
          : key,
      );
    }
    map.push([from, to]);
  }
  return map.sort((a, b) => b[0].length - a[0].length);
}

/** `url` moved by the map (the longest key it lies under), or `undefined` if under none. */
export function moveUrl(map: ServerMap, url: string): string | undefined {
  for (const [from, to] of map) {
    if (url.startsWith(from) && (url.length === from.length || "/?#".includes(url[from.length] as string))) {
      return to + url.slice(from.length);
    }
  }
  return undefined;
}

/**
 * The origin a url names (`https://host:port`), `""` for a path: what tells whether a
 * builder's `baseUrl` is still on one of the API's hosts.
 */
export function originOf(url: string): string {
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(url);
  return match === null ? "" : match[0];
}

/** A base url without its trailing `/`s (a loop: a regular expression would backtrack). */
function trimmed(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 47) end--;
  return url.slice(0, end);
}

function invalid(message: string): EndpointError {
  return new EndpointError("invalid_base_url", message);
}
