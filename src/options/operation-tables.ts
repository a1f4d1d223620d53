import type { CompiledRoute } from "../route/compile-route.js";

/**
 * The body an operation describes, by its media type. `type` labels what is written when the
 * caller gave no content-type; `write` makes the body from the fields left over (or from
 * `data` given as a plain object), or returns `undefined` for the library's own rules (a JSON
 * object of the fields; `data` as it stands).
 */
export interface OperationBody {
  readonly type: string;
  write(data: unknown, keys: readonly string[], values: readonly unknown[]): unknown;
}

/** An operation ready to build requests: its route and how each described parameter is sent. */
export interface CompiledOperation {
  /** The route as the table names it, its url compiled from the operation's template. */
  readonly route: CompiledRoute;
  /** Described parameters named like an option key (`headers`, `data`...): parameters here. */
  readonly optionNamed: ReadonlySet<string>;
  /** The described body, when it is not a JSON object of the fields left over. */
  readonly body: OperationBody | undefined;
  /** The `accept` of the operation's responses, sent when the request has none. */
  readonly accept: string | undefined;
  /**
   * Settles where a request built for `url` goes and what it carries, when the table has a
   * say: moves it by the table's server map, refuses a server of the operation's own on a
   * builder whose `baseUrl` left the API's servers, adds the credentials its security asks
   * for. Returns the url to send and the `request` options.
   */
  readonly finish: Finish | undefined;
  /**
   * Sends parameter `key` its described way, if it has one that the url template does not
   * write: a header or cookie is set in `headers` (and `""` returned), a query piece is
   * returned. `undefined` for every other parameter, which then follows the usual rules.
   * Here rather than in the request builder, so that only applications with operation data
   * carry this code.
   */
  send(key: string, value: unknown, headers: Record<string, string>): string | undefined;
}

/**
 * See `CompiledOperation.finish`: `call` is the merged call, whose `baseUrl` (the builder's,
 * or the call's) and `request` it reads.
 */
export type Finish = (
  url: string,
  headers: Record<string, string>,
  call: { readonly baseUrl: string; readonly request: unknown },
) => { url: string; request: unknown };

/**
 * How a table finds the operation of a route, if it describes the route. A table that takes
 * no plain routes throws (`invalid_route`) for one it does not describe.
 */
export type FindOperation = (method: string, url: string) => CompiledOperation | undefined;

/**
 * The tables `describeOperations` made, each with its lookup. A table itself is an empty frozen
 * object: the lookup, and the compiled operations it returns (which share the library's cached
 * url plans), are reachable only through this map, which no caller can reach. Options name a
 * table by value, so a lookalike object (or a Proxy) is refused rather than asked; and this map
 * is all the library's core knows of operation data, so an application without any pays
 * nothing for it.
 */
export const OPERATION_TABLES: WeakMap<object, FindOperation> = new WeakMap();
