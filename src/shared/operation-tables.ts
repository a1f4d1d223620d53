import type { CompiledOperation } from "../route/describe-operations.js";

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
