import { freezeCopy, merge, OPTION_KEYS } from "./merge.js";
import { toRequestMethod } from "./method.js";
import { isPlainObject } from "./object.js";
import { buildRequest, parse, requestHeaders } from "./parse.js";
import { parseRoute } from "./route.js";
import type { Endpoint, EndpointOptions, MergedOptions, RequestOptions, Route } from "./types.js";
import { checkBaseUrl } from "./url.js";

/**
 * Builds an `endpoint` function around frozen defaults. Each builder holds nothing but its
 * `DEFAULTS` (and what it derives from them once), so builders share no mutable state and
 * `defaults` cascades without limit.
 */
export function withDefaults(base: MergedOptions, route?: unknown, options?: unknown): Endpoint {
  const DEFAULTS = freezeCopy(
    route === undefined && options === undefined ? base : merge(base, route, options),
  );
  const direct = directDefaults(DEFAULTS);

  function endpoint(route: Route | EndpointOptions, options?: EndpointOptions): RequestOptions {
    // The common call, a route plus parameters over defaults without parameters, skips the
    // merged copy: same steps as parse(merge(...)) on the same values (a property test checks).
    if (direct !== undefined && typeof route === "string") {
      const values = options === undefined ? NO_VALUES : isPlainObject(options) ? options : undefined;
      const keys = values === undefined ? undefined : directKeys(values, direct);
      if (values !== undefined && keys !== undefined) {
        const { method, url } = parseRoute(route);
        const request = values.request ?? direct.request;
        return buildRequest(
          toRequestMethod(method),
          url,
          values,
          keys,
          direct.baseUrl,
          { ...direct.headers },
          request,
        );
      }
    }
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

interface DirectDefaults {
  readonly baseUrl: string;
  /** The defaults' headers as parse would send them, computed once. */
  readonly headers: Readonly<Record<string, string>>;
  readonly request: unknown;
}

/** What the direct path needs, or `undefined` when the defaults hold parameters or data, or are invalid. */
function directDefaults(defaults: MergedOptions): DirectDefaults | undefined {
  for (const key of Object.keys(defaults)) if (!OPTION_KEYS.has(key) || key === "data") return undefined;
  try {
    return {
      baseUrl: checkBaseUrl(defaults.baseUrl),
      headers: requestHeaders(defaults.headers, defaults.mediaType),
      request: defaults.request,
    };
  } catch {
    return undefined; // the merged path reports the fault, call by call
  }
}

const NO_VALUES: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * The keys of call options that change nothing but parameters, `data` and a `request` the
 * defaults lack; `undefined` for any other call. One pass over the keys, which parse needs anyway.
 */
function directKeys(options: Record<string, unknown>, direct: DirectDefaults): string[] | undefined {
  const keys = Object.keys(options);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (!OPTION_KEYS.has(key) || key === "data") continue;
    const value = options[key];
    if (value === undefined) continue;
    if (key !== "request" || direct.request !== undefined || typeof value !== "object" || value === null) {
      return undefined;
    }
  }
  return keys;
}
