import type { CompiledOperation } from "../route/describe-operations.js";

/** What building a request asks of an operation table: the operation of a route, if described. */
export interface OperationLookup {
  find(method: string, url: string): CompiledOperation | undefined;
}

/**
 * The tables `describeOperations` made. Options name a table by value, so a lookalike object
 * (or a Proxy) is refused rather than asked; and this set is all the library's core needs to
 * know of operation data, so an application without any pays nothing for it.
 */
export const OPERATION_TABLES: WeakSet<object> = new WeakSet();
