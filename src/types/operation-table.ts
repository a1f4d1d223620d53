// The public name of a table of described operations: the types and options refer to it,
// and what a table holds stays in src/operations/.

/**
 * A table of described operations, for `endpoint.defaults({ operations })`. `Routes` is the map
 * of each route's parameters that `rest-endpoint generate` writes beside it, for the types.
 */
export interface OperationTable<Routes = unknown> {
  /** The parameters of each route, for the types only; never set. */
  readonly routes?: Routes;
}
