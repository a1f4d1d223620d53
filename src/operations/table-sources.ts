import type { ServerMap } from "./server-map.js";

/** A change to a table's settings that `remake` applies: plain routes taken, a server map. */
export interface TableChange {
  readonly plainRoutes?: true | undefined;
  readonly serverMap?: ServerMap | undefined;
}

/** What the library keeps of a table made by `describeOperations`. */
export interface TableSource {
  /** The routes it describes, in the order its data gave them. */
  readonly routes: readonly string[];
  /** Its `servers` setting (the API's servers), if it has one. */
  readonly servers: readonly string[] | undefined;
  /** Whether a server map moved it (`moveServers`). */
  readonly moved: boolean;
  /** The same table made again from the same data and settings, with `change` applied. */
  remake(change: TableChange): object;
}

/**
 * Each table's source, by table: as the lookups in `OPERATION_TABLES`, reachable only by the
 * library, so that a table stays an empty frozen object that no caller can change.
 */
export const TABLE_SOURCES: WeakMap<object, TableSource> = new WeakMap();
