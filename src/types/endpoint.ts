// The builder's type: the call signatures with typed routes, and its members.

import type { RouteArgument } from "./closest-routes.js";
import type { GitHubRoutes } from "./github-routes.js";
import type { OperationTable } from "./operation-table.js";
import type { EndpointOptions, MergedOptions, RequestOptions, Route, RouteOptions } from "./request.js";
import type { ArgsFor, ResultFor, UnknownRoute } from "./route-params.js";

/**
 * A route string; the routes of the map (GitHub's unless given) are offered while one is typed.
 * With GitHub's map any other string is accepted too; with a map from a description (a
 * builder made with a generated table) any string literal is offered to the call, whose
 * route argument then takes only the map's routes and an `UnknownRoute` (`RouteArgument`: a
 * route it does not hold is an error that names the closest ones).
 */
export type RouteString<Routes = GitHubRoutes> = Routes extends GitHubRoutes
  ? (keyof GitHubRoutes & string) | (string & Record<never, never>)
  : (keyof Routes & string) | UnknownRoute | (string & Record<never, never>);

/** The routes map of a builder made with `options`: that of their operation table, if any. */
export type RoutesOf<O, Routes> = O extends { readonly operations: OperationTable<infer M> }
  ? unknown extends M
    ? Routes
    : M
  : Routes;

type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/**
 * A builder: call it, or derive another with `defaults`. Calls with a route literal are
 * checked at compile time: each parameter the route names (or, for GitHub's routes, the API
 * describes) is typed, and required ones must be given unless `Defaulted` (the parameter names
 * set by `defaults`) holds them. On a route of GitHub's, a key the API does not describe is an
 * error (give such a body as `data`); on another route, other keys are parameters of any value.
 * While a route is typed, the editor offers GitHub's routes. A builder typed by another map
 * (`Routes`, from a generated table) takes only that map's routes, and an `UnknownRoute`.
 * Beside a route, `method` and `url` are parameters: the route alone sets the request's
 * method and url.
 */
export interface Endpoint<Defaulted extends PropertyKey = never, Routes = GitHubRoutes> {
  /**
   * Never called (no call passes four arguments, so no call resolves to it or reports it):
   * the signature an editor offers a described map's routes from, as the route form's route
   * argument is a conditional type, from which an editor offers none. The route form stays
   * the last signature: a failed call names it (TypeScript 7 says only what the last one
   * gave), and `ReturnType` reads it. Its result is the route form's, for the type of a call
   * that fails.
   */
  <R extends keyof Routes & string>(route: R, editorOnly: never, _: never, __: never): ResultFor<R>;
  (options: EndpointOptions): RequestOptions;
  <R extends RouteString<Routes>>(
    route: RouteArgument<R, Routes>,
    ...options: ArgsFor<R, Defaulted, Routes>
  ): ResultFor<R>;
  /**
   * A new builder whose defaults are these merged with this builder's.
   *
   * @example
   * ```ts
   * const ghe = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3", owner: "octokit" });
   * ghe("GET /repos/{owner}/{repo}", { repo: "rest.js" }).url; // "https://ghe.example.com/api/v3/repos/octokit/rest.js"
   * ```
   */
  defaults<const O extends RouteOptions = Record<never, never>>(
    route: Route,
    options?: O,
  ): Endpoint<Defaulted | keyof O, Routes>;
  /** The same, with the route given as `method` and `url` in the options. */
  defaults<const O extends EndpointOptions>(
    options: O,
  ): Endpoint<Defaulted | Exclude<keyof O, "method" | "url" | "operations">, RoutesOf<O, Routes>>;
  /**
   * This builder's defaults, deeply frozen.
   *
   * @example
   * ```ts
   * endpoint.DEFAULTS.baseUrl; // "https://api.github.com"
   * endpoint.defaults({ per_page: 100 }).DEFAULTS.per_page; // 100
   * ```
   */
  readonly DEFAULTS: DeepReadonly<MergedOptions>;
  /**
   * Defaults applied, nothing expanded.
   *
   * @example
   * ```ts
   * const merged = endpoint.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
   * merged.url; // "/repos/{owner}/{repo}"
   * merged.owner; // "o"
   * ```
   */
  merge(route: Route, options?: RouteOptions): MergedOptions;
  /** The same, with the route given as `method` and `url` in the options. */
  merge(options: EndpointOptions): MergedOptions;
  /**
   * Request options from merged options; reads only its argument.
   *
   * @example
   * ```ts
   * endpoint.parse(endpoint.merge("GET /orgs/{org}", { org: "x" })).url; // "https://api.github.com/orgs/x"
   * ```
   */
  parse(options: MergedOptions): RequestOptions;
}
