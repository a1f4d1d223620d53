// The route argument of a builder typed by a described map: a route the map does not hold is
// an error whose expected type names the closest routes it does hold. Types only.
import type { GitHubRoutes } from "./github-routes.js";
import type { UnknownRoute } from "./route-params.js";

/**
 * What a call's route must be: any string with GitHub's map; with a described map, its
 * routes or an `UnknownRoute`. For a route literal the map does not hold, the expected type is
 * the closest routes and `UnknownRoute`, so that the error reads as a "did you mean":
 * `Argument of type '"GET /planetz"' is not assignable to parameter of type '"GET /planets" |
 * "GET /planets/{planetId}" | UnknownRoute'`. GitHub's map by name, as `KnownParams` does.
 */
export type RouteArgument<R extends string, Routes> = Routes extends GitHubRoutes
  ? R
  : RouteIn<R, keyof Routes & string>;

/**
 * The keys come in as a type argument, worked out once (see `KnownIn`). A route the map holds,
 * or one said to be unknown, is itself; the closest routes are worked out only for a route
 * that is neither, which no correct call pays for. Not distributive (`[R]`): while a call is
 * inferred, TypeScript reads the route's contextual type with `R` at its constraint, every
 * route of the map, which a distributive conditional would go through one by one.
 */
type RouteIn<R extends string, Keys extends string> = [R] extends [Keys]
  ? R
  : [R] extends [UnknownRoute]
    ? R
    : string extends R
      ? Keys | UnknownRoute
      : ClosestRoutes<R, Keys> | UnknownRoute;

/**
 * The routes closest to `R`: those with its path under another method (`"GTE /planets"`,
 * `"get /planets"`), else those that share the longest start with it (`"GET /planetz"` ->
 * `"GET /planets"`, `"GET /planets/{planetId}"`).
 */
export type ClosestRoutes<R extends string, Keys extends string> =
  Extract<Keys, `${string} ${PathOf<R>}`> extends infer SamePath
    ? [SamePath] extends [never]
      ? LongestStart<R, Keys>
      : SamePath
    : never;

type PathOf<R extends string> = R extends `${string} ${infer P}` ? P : R;

/**
 * The keys that start as `R` does, for as many characters as any does: one character at a
 * time, each step keeping the keys that still match, so the work is the keys once plus the
 * shrinking sets after. Tail-recursive: TypeScript runs it as a loop (up to 1,000 characters).
 */
type LongestStart<
  R extends string,
  Keys extends string,
  Start extends string = "",
> = R extends `${infer C}${infer Rest}`
  ? Extract<Keys, `${Start}${C}${string}`> extends infer Next extends string
    ? [Next] extends [never]
      ? Keys
      : LongestStart<Rest, Next, `${Start}${C}`>
    : never
  : Keys;
