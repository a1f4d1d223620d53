import type { CallOptions, OptionKeys, ResultFor, WithoutOptions } from "./route-types.js";

/** The HTTP methods a route may use. */
export type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The method of request options: always lowercase. */
export type RequestMethod = "get" | "head" | "post" | "put" | "patch" | "delete";

/** A route string: `"METHOD /path/{param}"`, or a bare `"/path"` for `GET`. */
export type Route = string;

/** A header value as given: numbers and bigints become strings, `null` removes the header. */
export type HeaderValue = string | number | bigint | null | undefined;

/** Headers as a plain object, a WHATWG `Headers` instance or any iterable of `[name, value]` pairs. */
export type HeadersInput =
  | { readonly [name: string]: HeaderValue }
  | Iterable<readonly [string, HeaderValue]>;

/** How `accept` is rewritten: a format such as `raw`, and API previews. */
export interface MediaType {
  /** Replaces the format part of `application/vnd.*` accept types: `raw`, `diff`, `text+json`... */
  format?: string | undefined;
  /** API previews: each becomes `application/vnd.<vendor>.<name>-preview` in `accept`. */
  previews?: readonly string[] | undefined;
}

/** Settings for the HTTP client (signal, agent, fetch...), passed through untouched. */
export type RequestSettings = { [key: string]: unknown };

/** What a call or `defaults` accepts. Every key without a meaning of its own is a parameter. */
export interface EndpointOptions extends OptionKeys {
  [parameter: string]: unknown;
}

/** Defaults and call merged: nothing expanded yet. */
export interface MergedOptions {
  /** As given, e.g. `"GET"`. */
  method: string;
  baseUrl: string;
  /** The unexpanded URL template; absent until a route or `url` gives one. */
  url?: string;
  headers: { [name: string]: string | number | bigint };
  mediaType: { format: string; previews: string[] };
  request?: RequestSettings;
  data?: unknown;
  [parameter: string]: unknown;
}

/** Plain request options that any HTTP client can send. */
export interface RequestOptions {
  method: RequestMethod;
  url: string;
  headers: { [name: string]: string };
  body?: unknown;
  request?: RequestSettings;
}

type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/**
 * A builder: call it, or derive another with `defaults`. Calls with a route literal are
 * checked at compile time: each parameter the route names (or, for GitHub's routes, the API
 * describes) is typed, and required ones must be given unless `Defaulted` (the parameter names
 * set by `defaults`) holds them. Extra keys are allowed.
 */
export interface Endpoint<Defaulted extends PropertyKey = never> {
  <R extends string, O extends object>(route: R, options: O & CallOptions<R, Defaulted>): ResultFor<R, O>;
  (options: EndpointOptions): RequestOptions;
  <R extends string>(route: R, ...options: WithoutOptions<R, Defaulted>): ResultFor<R, object>;
  /**
   * A new builder whose defaults are these merged with this builder's.
   *
   * @example
   * ```ts
   * const ghe = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3", owner: "octokit" });
   * ghe("GET /repos/{owner}/{repo}", { repo: "rest.js" }).url; // "https://ghe.example.com/api/v3/repos/octokit/rest.js"
   * ```
   */
  defaults<const O extends EndpointOptions = Record<never, never>>(
    route: Route,
    options?: O,
  ): Endpoint<Defaulted | keyof O>;
  /** The same, with the route given as `method` and `url` in the options. */
  defaults<const O extends EndpointOptions>(options: O): Endpoint<Defaulted | keyof O>;
  /**
   * This builder's defaults, deeply frozen.
   *
   * @example
   * ```ts
   * endpoint.DEFAULTS.baseUrl; // "https://api.github.com"
   * endpoint.defaults({ per_page: 100 }).DEFAULTS.per_page; // 100
   * ```
   */
  readonly DEFAULTS: DeepReadonly<MergedOptions>;
  /**
   * Defaults applied, nothing expanded.
   *
   * @example
   * ```ts
   * const merged = endpoint.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
   * merged.url; // "/repos/{owner}/{repo}"
   * merged.owner; // "o"
   * ```
   */
  merge(route: Route, options?: EndpointOptions): MergedOptions;
  /** The same, with the route given as `method` and `url` in the options. */
  merge(options: EndpointOptions): MergedOptions;
  /**
   * Request options from merged options; reads only its argument.
   *
   * @example
   * ```ts
   * endpoint.parse(endpoint.merge("GET /orgs/{org}", { org: "x" })).url; // "https://api.github.com/orgs/x"
   * ```
   */
  parse(options: MergedOptions): RequestOptions;
}
