import { BoundedCache } from "./bounded-cache.js";
import { freezeCopy, merge, OPTION_KEYS } from "./merge.js";
import { toRequestMethod } from "./method.js";
import { getOwn, isPlainObject } from "./object.js";
import { buildRequest, parse, requestHeaders } from "./parse.js";
import { parseRoute } from "./route.js";
import { compileRoute, type RouteTemplate } from "./route-template.js";
import type {
  Endpoint,
  EndpointOptions,
  MergedOptions,
  RequestMethod,
  RequestOptions,
  Route,
} from "./types.js";
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
      const call = values === undefined ? undefined : directCall(values, direct);
      if (values !== undefined && call !== undefined) {
        const { method, template } = directRoute(route);
        return buildRequest(
          method,
          template,
          values,
          call.keys,
          direct.baseUrl,
          { ...direct.headers },
          call.request,
          call.data,
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
      request: getOwn(defaults, "request"),
    };
  } catch {
    return undefined; // the merged path reports the fault, call by call
  }
}

const NO_VALUES: Readonly<Record<string, unknown>> = Object.freeze({});

interface DirectCall {
  readonly keys: string[];
  readonly data: unknown;
  readonly request: unknown;
}

/**
 * The keys of call options that change nothing but parameters, `data` and a `request` the
 * defaults lack, with those two values; `undefined` for any other call. One pass over the
 * keys, which parse needs anyway: reading `data` or `request` by name instead would be a slow
 * lookup on most calls, where they are absent.
 */
function directCall(options: Record<string, unknown>, direct: DirectDefaults): DirectCall | undefined {
  const keys = Object.keys(options);
  let data: unknown;
  let request = direct.request;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (!OPTION_KEYS.has(key)) continue;
    const value = options[key];
    if (value === undefined) continue;
    if (key === "data") data = value;
    else if (
      key === "request" &&
      direct.request === undefined &&
      typeof value === "object" &&
      value !== null
    ) {
      request = value;
    } else return undefined;
  }
  return { keys, data, request };
}

interface DirectRoute {
  readonly method: RequestMethod;
  readonly template: RouteTemplate;
}

const directRoutes = new BoundedCache<DirectRoute>(2000);

/** The route's method and compiled url in one cache lookup. */
function directRoute(route: string): DirectRoute {
  let found = directRoutes.get(route);
  if (found === undefined) {
    const { method, url } = parseRoute(route);
    found = directRoutes.set(route, { method: toRequestMethod(method), template: compileRoute(url) });
  }
  return found;
}
