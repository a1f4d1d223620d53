import type { HttpMethod } from "../shared/http.js";
import type { OperationTable } from "./operation-table.js";

// The shapes of what goes in and comes out: options, merged options, request options.

/** The HTTP methods a route may use: those of the one table (`METHODS` in src/shared/http.ts). */
export type Method = HttpMethod;

/** The method of request options: always lowercase. */
export type RequestMethod = Lowercase<Method>;

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

/**
 * The option keys that keep a meaning of their own beside a route, typed. There `method` and
 * `url` are parameters like any other: the route alone sets the request's method and url.
 */
export interface RouteOptionKeys {
  baseUrl?: string | undefined;
  headers?: HeadersInput | undefined;
  mediaType?: MediaType | undefined;
  /** The request body as it stands; leftover parameters are then dropped. */
  data?: unknown;
  request?: RequestSettings | undefined;
}

/**
 * The option keys with a meaning of their own, typed: `method`, `url` and `operations` only
 * without a route.
 */
export interface OptionKeys extends RouteOptionKeys {
  /** Any case; checked when called. */
  method?: string | undefined;
  url?: string | undefined;
  /** Described operations (`describeOperations`, or a module `rest-endpoint generate` wrote). */
  operations?: OperationTable | undefined;
}

/** What `merge` and `defaults` accept beside a route: `method` and `url` are parameters there. */
export interface RouteOptions extends RouteOptionKeys {
  [parameter: string]: unknown;
}

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
  operations?: OperationTable;
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
