import { describe } from "./describe.js";
import { EndpointError } from "./endpoint-error.js";
import { applyHeaders } from "./headers.js";
import { toRequestMethod } from "./method.js";
import { getOwn, isPlainObject, setOwn } from "./object.js";
import { parseRoute } from "./route.js";
import type { MergedOptions } from "./types.js";
import { checkBaseUrl } from "./url.js";

/** Option keys with a meaning of their own; every other key is a parameter. */
export const OPTION_KEYS: ReadonlySet<string> = new Set([
  "method",
  "url",
  "baseUrl",
  "headers",
  "mediaType",
  "data",
  "request",
]);

/** Nesting deeper than this (or a cycle) in merged plain objects is `invalid_options`. */
const MAX_DEPTH = 100;

const NO_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * Applies `defaults` to a call given as `(route, options)` or `(options)`: call values win,
 * plain objects merge deeply, previews concatenate, header names are lowercased. Nothing is
 * expanded. The result is a new object: changing it never changes `defaults`.
 */
export function merge(defaults: MergedOptions, route: unknown, options?: unknown): MergedOptions {
  let call: Record<string, unknown> = NO_OPTIONS;
  let routeMethod: string | undefined;
  let routeUrl: string | undefined;
  if (typeof route === "string") {
    const parsed = parseRoute(route);
    routeMethod = parsed.method;
    routeUrl = parsed.url;
    if (options !== undefined) call = requireOptions(options);
  } else if (route !== undefined) {
    call = requireOptions(route);
    if (options !== undefined) {
      throw new EndpointError(
        "invalid_options",
        `Two options objects were given: pass a route string first, e.g. ("GET /user", options), or one options object.`,
      );
    }
  } else if (options !== undefined) {
    call = requireOptions(options);
  }

  // Options are read as own properties only: a polluted Object.prototype must not set a url,
  // a method or a body.
  const result: Record<string, unknown> = {};
  result.method = mergeMethod(getOwn(call, "method"), routeMethod, defaults.method);
  const baseUrl = getOwn(call, "baseUrl");
  result.baseUrl = baseUrl === undefined ? defaults.baseUrl : checkBaseUrl(baseUrl);
  const url = getOwn(call, "url") ?? routeUrl ?? getOwn(defaults, "url");
  if (url !== undefined) {
    if (typeof url !== "string") {
      throw new EndpointError(
        "invalid_options",
        `url must be a string such as "/user", got ${describe(url)}.`,
      );
    }
    result.url = url;
  }
  result.headers = applyHeaders({ ...defaults.headers }, getOwn(call, "headers"));
  result.mediaType = mergeMediaType(defaults.mediaType, getOwn(call, "mediaType"));

  for (const key of Object.keys(defaults)) {
    if (!OPTION_KEYS.has(key)) setOwn(result, key, mergeValue(defaults[key], getOwn(call, key), 0));
  }
  for (const key of Object.keys(call)) {
    const value = call[key];
    if (value !== undefined && !OPTION_KEYS.has(key) && !Object.hasOwn(defaults, key))
      setOwn(result, key, value);
  }

  const request = mergeRequest(getOwn(defaults, "request"), getOwn(call, "request"));
  if (request !== undefined) result.request = request;
  const data = mergeValue(getOwn(defaults, "data"), getOwn(call, "data"), 0);
  if (data !== undefined) result.data = data;
  return result as MergedOptions;
}

function requireOptions(options: unknown): Record<string, unknown> {
  if (isPlainObject(options)) return options;
  throw new EndpointError(
    "invalid_options",
    `Options must be a plain object such as { owner: "octokit" }, got ${describe(options)}.`,
  );
}

function mergeMethod(callMethod: unknown, routeMethod: string | undefined, defaultMethod: string): string {
  if (callMethod === undefined) return routeMethod ?? defaultMethod;
  toRequestMethod(callMethod);
  return callMethod as string;
}

function mergeMediaType(base: MergedOptions["mediaType"], override: unknown): MergedOptions["mediaType"] {
  if (override !== undefined && !isPlainObject(override)) {
    throw new EndpointError(
      "invalid_options",
      `mediaType must be an object such as { format: "raw", previews: ["squirrel-girl"] }, got ${describe(override)}.`,
    );
  }
  const merged = mergeValue(base, override, 0) as MergedOptions["mediaType"];
  if (typeof merged.format !== "string") {
    throw new EndpointError(
      "invalid_options",
      `mediaType.format must be a string such as "raw", got ${describe(merged.format)}.`,
    );
  }
  merged.previews = mergePreviews(
    base.previews,
    override === undefined ? undefined : getOwn(override, "previews"),
  );
  return merged;
}

/** The defaults' previews followed by the call's, each once, first occurrence kept. */
function mergePreviews(base: readonly string[], extra: unknown): string[] {
  const previews = base.slice();
  if (extra === undefined) return previews;
  if (!Array.isArray(extra)) {
    throw new EndpointError(
      "invalid_options",
      `mediaType.previews must be an array of names, got ${describe(extra)}.`,
    );
  }
  const seen = new Set(previews);
  for (const preview of extra) {
    if (typeof preview !== "string") {
      throw new EndpointError(
        "invalid_options",
        `mediaType.previews must hold strings, got ${describe(preview)}.`,
      );
    }
    if (!seen.has(preview)) {
      seen.add(preview);
      previews.push(preview);
    }
  }
  return previews;
}

/** `request` is handed to the HTTP client as given: the same object when only one side sets it. */
function mergeRequest(base: unknown, override: unknown): Record<string, unknown> | undefined {
  if (override !== undefined && (typeof override !== "object" || override === null)) {
    throw new EndpointError(
      "invalid_options",
      `request must be an object of client settings, got ${describe(override)}.`,
    );
  }
  if (override === undefined) return base as Record<string, unknown> | undefined;
  if (isPlainObject(base) && isPlainObject(override)) return mergePlain(base, override, 0);
  return override as Record<string, unknown>;
}

function mergeValue(base: unknown, override: unknown, depth: number): unknown {
  if (override === undefined) return copyDefault(base, depth);
  if (isPlainObject(base) && isPlainObject(override)) return mergePlain(base, override, depth);
  return override;
}

function mergePlain(
  base: Record<string, unknown>,
  override: Record<string, unknown>,
  depth: number,
): Record<string, unknown> {
  if (depth > MAX_DEPTH) throw tooDeep();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(base))
    setOwn(out, key, mergeValue(base[key], getOwn(override, key), depth + 1));
  for (const key of Object.keys(override)) {
    const value = override[key];
    if (value !== undefined && !Object.hasOwn(base, key)) setOwn(out, key, value);
  }
  return out;
}

/** Defaults are frozen; the merged result gets its own copies of their plain objects and arrays. */
function copyDefault(value: unknown, depth: number): unknown {
  if (Array.isArray(value)) {
    if (depth > MAX_DEPTH) throw tooDeep();
    return value.map((item) => copyDefault(item, depth + 1));
  }
  return isPlainObject(value) ? mergePlain(value, NO_OPTIONS, depth) : value;
}

/**
 * A deeply frozen copy of plain objects and arrays (other objects, such as an agent or a
 * signal in `request`, are kept as they are and not frozen: they are not ours to freeze).
 */
export function freezeCopy<T>(value: T, depth = 0): T {
  if (depth > MAX_DEPTH) throw tooDeep();
  if (Array.isArray(value)) return Object.freeze(value.map((item) => freezeCopy(item, depth + 1))) as T;
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(out, key, freezeCopy(value[key], depth + 1));
  return Object.freeze(out) as T;
}

function tooDeep(): EndpointError {
  return new EndpointError(
    "invalid_options",
    `Options nest more than ${MAX_DEPTH} levels deep (or hold a cycle); flatten them.`,
  );
}
