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

export interface MediaType {
  /** Replaces the format part of `application/vnd.*` accept types: `raw`, `diff`, `text+json`... */
  format?: string | undefined;
  /** API previews: each becomes `application/vnd.<vendor>.<name>-preview` in `accept`. */
  previews?: readonly string[] | undefined;
}

/** Settings for the HTTP client (signal, agent, fetch...), passed through untouched. */
export type RequestSettings = { [key: string]: unknown };

/** What a call or `defaults` accepts. Every key without a meaning of its own is a parameter. */
export interface EndpointOptions {
  method?: string | undefined;
  url?: string | undefined;
  baseUrl?: string | undefined;
  headers?: HeadersInput | undefined;
  mediaType?: MediaType | undefined;
  /** The request body as it stands; leftover parameters are then dropped. */
  data?: unknown;
  request?: RequestSettings | undefined;
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

/** A builder: call it, or derive another with `defaults`. */
export interface Endpoint {
  (route: Route, options?: EndpointOptions): RequestOptions;
  (options: EndpointOptions): RequestOptions;
  /** A new builder whose defaults are these merged with this builder's. */
  defaults(route: Route, options?: EndpointOptions): Endpoint;
  defaults(options: EndpointOptions): Endpoint;
  /** This builder's defaults, deeply frozen. */
  readonly DEFAULTS: DeepReadonly<MergedOptions>;
  /** Defaults applied, nothing expanded. */
  merge(route: Route, options?: EndpointOptions): MergedOptions;
  merge(options: EndpointOptions): MergedOptions;
  /** Request options from merged options; reads only its argument. */
  parse(options: MergedOptions): RequestOptions;
}
