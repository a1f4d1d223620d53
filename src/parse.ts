import { describe } from "./describe.js";
import { EndpointError } from "./endpoint-error.js";
import { applyHeaders, checkHeaderValue, toHeaderStrings } from "./headers.js";
import { applyMediaType } from "./media-type.js";
import { OPTION_KEYS } from "./merge.js";
import { toRequestMethod } from "./method.js";
import { getOwn, isPlainObject, setOwn } from "./object.js";
import { appendQuery } from "./query.js";
import { compileRoute, type RouteTemplate } from "./route-template.js";
import type { MergedOptions, RequestMethod, RequestOptions } from "./types.js";
import { expandUrl } from "./url.js";

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * Turns merged options into request options: expands the url, routes leftover parameters
 * to the query (GET, HEAD) or a JSON body, and settles the headers. Reads only its argument.
 *
 * @example
 * ```ts
 * parse({ method: "GET", baseUrl: "https://api.github.com", url: "/users/{user}", user: "octocat",
 *   headers: {}, mediaType: { format: "", previews: [] } });
 * // { method: "get", url: "https://api.github.com/users/octocat", headers: {} }
 * ```
 */
export function parse(options: MergedOptions): RequestOptions {
  if (!isPlainObject(options)) {
    throw new EndpointError(
      "invalid_options",
      `parse() takes merged options (an object), got ${describe(options)}.`,
    );
  }
  // Own properties only, as in merge: nothing comes from a polluted Object.prototype.
  const method = toRequestMethod(getOwn(options, "method") ?? "GET");
  const template = getOwn(options, "url");
  if (typeof template !== "string" || template === "") {
    throw new EndpointError(
      "invalid_route",
      template === undefined || template === ""
        ? `No url to request: give a route such as "GET /user" or a url option.`
        : `url must be a string such as "/user", got ${describe(template)}.`,
    );
  }
  const headers = requestHeaders(getOwn(options, "headers"), getOwn(options, "mediaType"));
  return buildRequest(
    method,
    compileRoute(template),
    options,
    Object.keys(options),
    getOwn(options, "baseUrl") ?? "",
    headers,
    getOwn(options, "request"),
    getOwn(options, "data"),
  );
}

/** Headers as sent: lowercase names, validated string values, `accept` set by `mediaType`. */
export function requestHeaders(input: unknown, mediaType: unknown): Record<string, string> {
  const headers = toHeaderStrings(applyHeaders({}, input));
  const accept = headers.accept;
  if (accept !== undefined) {
    const { format, previews } = mediaTypeOf(mediaType);
    if (format !== "" || previews.length > 0) {
      // format and previews are spliced into accept: a line break there is an injection too.
      headers.accept = applyMediaType(accept, format, previews);
      checkHeaderValue("accept", headers.accept);
    }
  }
  return headers;
}

/**
 * The steps of parse after the headers: url, then leftover parameters to the query or the
 * body. `values` holds the parameters, `keys` its own keys; `data` and `request` are passed
 * on their own because the caller has read them already. `headers` is this request's own
 * object.
 */
export function buildRequest(
  method: RequestMethod,
  route: RouteTemplate,
  values: Record<string, unknown>,
  keys: readonly string[],
  baseUrl: unknown,
  headers: Record<string, string>,
  request: unknown,
  data: unknown,
): RequestOptions {
  let url = expandUrl(route, values, baseUrl as string, method);

  const leftover: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (!OPTION_KEYS.has(key) && !route.variableSet.has(key)) leftover.push(key);
  }

  let body: unknown;
  if (method === "get" || method === "head") {
    if (data !== undefined) {
      throw new EndpointError(
        "invalid_parameter",
        `A ${method.toUpperCase()} request has no body, but data was given: remove data or use POST, PUT, PATCH or DELETE.`,
      );
    }
    if (leftover.length > 0) url = appendQuery(url, values, leftover);
  } else if (data !== undefined) {
    body = data;
  } else {
    for (const key of leftover) {
      const value = values[key];
      if (value === undefined) continue;
      body ??= {};
      setOwn(body as Record<string, unknown>, key, value);
    }
  }
  if (body === undefined && (method === "put" || method === "patch")) body = "";
  if (body !== undefined && body !== "" && !Object.hasOwn(headers, "content-type")) {
    headers["content-type"] = JSON_CONTENT_TYPE;
  }

  const result: RequestOptions = { method, url, headers };
  if (body !== undefined) result.body = body;
  if (request !== undefined) result.request = request as Record<string, unknown>;
  return result;
}

function mediaTypeOf(mediaType: unknown): { format: string; previews: readonly string[] } {
  if (mediaType === undefined) return { format: "", previews: [] };
  const format = isPlainObject(mediaType) ? (getOwn(mediaType, "format") ?? "") : undefined;
  const previews = isPlainObject(mediaType) ? (getOwn(mediaType, "previews") ?? []) : undefined;
  if (
    typeof format !== "string" ||
    !Array.isArray(previews) ||
    !previews.every((preview) => typeof preview === "string")
  ) {
    throw new EndpointError(
      "invalid_options",
      `mediaType must be { format?: string, previews?: string[] }, got ${describe(mediaType)}.`,
    );
  }
  return { format, previews };
}
