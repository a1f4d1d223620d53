import type { OperationBody } from "../bodies/operation-body.js";
import type { CompiledRoute } from "../route/compile-route.js";
import type { Authorize } from "./operation-security.js";

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
  /** Adds the credentials the operation's security asks for, when the table holds them. */
  readonly authorize: Authorize | undefined;
  /**
   * Sends parameter `key` its described way, if it has one that the url template does not
   * write: a header or cookie is set in `headers` (and `""` returned), a query piece is
   * returned. `undefined` for every other parameter, which then follows the usual rules.
   * Here rather than in the request builder, so that only applications with operation data
   * carry this code.
   */
  send(key: string, value: unknown, headers: Record<string, string>): string | undefined;
}

/** How a table finds the operation of a route, if it describes the route. */
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
