import type { Schema } from "./schema-type.js";

/** The generator's settings that change how an operation's route and query are written. */
export interface RouteTypeSettings {
  /**
   * Route keys of requests with a body also name their form-style query parameters, as in
   * `"POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}"` (GitHub's routes
   * are written so). Off unless given: the route is then the method and path alone.
   */
  readonly queryInRoute?: boolean | undefined;
  /**
   * The key a query parameter is sent under, when it is not its name (GitHub reads array
   * parameters as `fields[]`, which its description says in prose only).
   */
  readonly queryName?: ((parameter: Schema) => string | undefined) | undefined;
  /** The body types of each operation's responses, in the interface `Responses`. On unless `false`. */
  readonly responses?: boolean | undefined;
}
