// Parameter types read from a route literal at compile time, and the GitHub map on top.
// Plain template-literal types over the route string: no runtime code lives here.
import type { MethodWithoutBody } from "../shared/http.js";
import type { GitHubRoutes } from "./github-routes.js";
import type {
  Method,
  RequestMethod,
  RequestOptions,
  RequestSettings,
  RouteOptionKeys,
  RouteOptions,
} from "./request.js";
import type { PathValue, TemplateValue } from "./values.js";

declare const unknownRoute: unique symbol;
declare const builtFrom: unique symbol;

/**
 * Request options that carry, for the types only, the route they were built from as the
 * routes map writes it (`"GET /repos/{owner}/{repo}"`): never set at run time. `sender` types
 * a response's body by it.
 */
export interface FromRoute<R extends string> {
  readonly [builtFrom]?: R;
}

/**
 * A route that a builder made from a description does not describe, written so on purpose:
 * such a builder refuses any other route literal, and this is the way past the types. Its
 * options are then any parameters and option keys, and the result any method's. At run time
 * the builder takes it only if its table takes plain routes (`withPlainRoutes`).
 *
 * @example
 * ```ts
 * const petstore = endpoint.defaults(withPlainRoutes(api)); // api from `rest-endpoint generate`
 * petstore("GET /healthz" as UnknownRoute).url; // "https://petstore.example/v1/healthz"
 * ```
 */
export type UnknownRoute = string & { readonly [unknownRoute]: true };

type Upper<M extends string> = Uppercase<M> extends Method ? Uppercase<M> : never;

/** `"get /x"` and `"/x"` as the GitHub map writes them: `"GET /x"`. */
type RouteKey<R extends string> = R extends `${infer M} ${infer U}` ? `${Upper<M>} ${U}` : `GET ${R}`;

type UrlOf<R extends string> = R extends `${infer M} ${infer U}` ? (Upper<M> extends never ? R : U) : R;

/** The lowercase method a route gives: `"POST /x"` -> `"post"`, a bare path -> `"get"`. */
export type MethodOf<R extends string> = R extends `${infer M} ${string}`
  ? Lowercase<M> extends RequestMethod
    ? Lowercase<M>
    : RequestMethod
  : "get";

// The recursive types below carry what they found in an accumulator, so TypeScript runs them
// as loops (up to 1,000 steps) rather than nesting (about 50): long routes stay checkable.
type Expressions<
  S extends string,
  Found extends string = never,
> = S extends `${string}{${infer E}}${infer Rest}` ? Expressions<Rest, Found | E> : Found;
type VarName<V extends string> = V extends `${infer N}*` ? N : V extends `${infer N}:${string}` ? N : V;
type VarNames<E extends string, Found extends string = never> = E extends `${infer A},${infer B}`
  ? VarNames<B, Found | VarName<A>>
  : Found | VarName<E>;
type Operator = "+" | "#" | "." | "/" | ";" | "?" | "&";
type NamesOf<E extends string> = E extends `${Operator}${infer L}` ? VarNames<L> : VarNames<E>;
/** Simple and `+` expressions in the path are required; every other operator is optional. */
type RequiredNamesOf<E extends string> = E extends `${Exclude<Operator, "+">}${string}`
  ? never
  : E extends `+${infer L}`
    ? VarNames<L>
    : VarNames<E>;

type PathOf<U extends string> = U extends `${infer P}?${string}` ? HashCut<P> : HashCut<U>;
type HashCut<U extends string> = U extends `${infer P}#${string}` ? P : U;
type Chars<S extends string, All extends string = never> = S extends `${infer C}${infer Rest}`
  ? Chars<Rest, All | C>
  : All;
type NameStart = Chars<"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_">;
type NameChar = NameStart | Chars<"0123456789">;
/** The name chars at the start of `S`: `:name` ends at the first character that cannot be in a name. */
type TakeName<S extends string, Name extends string = ""> = S extends `${infer C}${infer Rest}`
  ? C extends NameChar
    ? TakeName<Rest, `${Name}${C}`>
    : Name
  : Name;
/** `/:name` is a placeholder only when a letter or `_` follows the colon (`/:8080` is literal). */
type ColonNames<P extends string, Found extends string = never> = P extends `${string}/:${infer N}`
  ? ColonNames<N, Found | (N extends `${NameStart}${string}` ? TakeName<N> : never)>
  : Found;

type Required<U extends string> = RequiredNamesOf<Expressions<PathOf<U>>> | ColonNames<PathOf<U>>;
type All<U extends string> = NamesOf<Expressions<U>> | ColonNames<PathOf<U>>;
/**
 * The same keys and values as one object type. Through a type parameter, so it goes member by
 * member over a union.
 */
type Copy<P> = { [K in keyof P]: P[K] };

/**
 * The parameters a route literal names: `{name}`, `{+name}` and `:name` in the path are
 * required, every other expression optional.
 *
 * @example
 * ```ts
 * type P = RouteParams<"GET /repos/{owner}/{repo}/issues{?state}">;
 * // { owner: PathValue; repo: PathValue; state?: TemplateValue }
 * ```
 */
export type RouteParams<R extends string> = string extends R
  ? { [name: string]: unknown }
  : Copy<
      { [K in Required<UrlOf<R>>]: PathValue } & {
        [K in Exclude<All<UrlOf<R>>, Required<UrlOf<R>>>]?: TemplateValue;
      }
    >;

// A route as the map writes it is looked up first: a plain key test for each route the type
// of `R` may be (the editor offers them all, so its constraint is their union).
/**
 * GitHub's map is named in a conditional of its own: the same conditional over a map given as
 * a type parameter, even instantiated with GitHub's, costs TypeScript 5.9 about 1.7 times the
 * checking time of GitHub's routes (`npm run bench:types`), and the root builder, with
 * GitHub's map, is the one most calls go through.
 */
type KnownParams<R extends string, Routes> = Routes extends GitHubRoutes
  ? KnownGitHub<R>
  : KnownIn<R, Routes, keyof Routes>;
type KnownGitHub<R extends string> = R extends keyof GitHubRoutes
  ? GitHubRoutes[R]
  : [RouteKey<R>] extends [never]
    ? RouteParams<R>
    : RouteKey<R> extends keyof GitHubRoutes
      ? GitHubRoutes[RouteKey<R>]
      : RouteParams<R>;
/**
 * Another map's builder takes its routes as the map writes them, or an `UnknownRoute`. The keys
 * come in as a type argument, worked out once: written `R extends keyof Routes` here, TypeScript
 * 5.9 lists the map's keys again for each route while the call is inferred, which grows with
 * the square of the route count (Microsoft Graph's 11,422 routes: minutes).
 */
type KnownIn<R extends string, Routes, Keys extends keyof Routes> = R extends Keys
  ? Routes[R]
  : { [name: string]: unknown };

/**
 * The parameters of a route: from the routes map (GitHub's unless a builder's operations give
 * another) when it knows the route, else read from the route. Those named in `Defaulted` (set
 * by a builder's defaults) are optional.
 *
 * The mapped type on the outside is for speed. While a call is inferred, the route is still a
 * type parameter: TypeScript would read the options' contextual type from the conditional's
 * constraint, a union of all 1,223 routes' parameters, for every property. A generic mapped
 * type is kept as it is, so each call costs one lookup. The inner one keeps the defaults step
 * (a conditional type) from being spread over every route while the route is unknown.
 */
export type ParamsFor<R extends string, Defaulted extends PropertyKey = never, Routes = GitHubRoutes> = Copy<
  WithDefaults<Copy<KnownParams<R, Routes>>, Defaulted>
>;

/**
 * Parameters whose names are in `Defaulted` become optional; `undefined` leaves the default.
 * Member by member: a route whose body may come as parameters or as `data` is a union.
 */
type WithDefaults<P, Defaulted extends PropertyKey> = [Defaulted] extends [never]
  ? P
  : P extends unknown
    ? Omit<P, Defaulted> & { [K in Extract<keyof P, Defaulted>]?: P[K] | undefined }
    : never;

/** What a call with route `R` accepts, once the builder's defaults (`Defaulted`) are set. */
export type CallOptions<
  R extends string,
  Defaulted extends PropertyKey = never,
  Routes = GitHubRoutes,
> = ParamsFor<R, Defaulted, Routes> & RouteOptionKeys;

/**
 * The arguments after the route. On a route the GitHub map knows, the options are exactly its
 * parameters and the option keys, so a misspelt or unknown key is an error (`data` carries a
 * body the map does not describe); on another route, the parameters the route names are typed
 * and any other key is a parameter of any value. The options may be left out when nothing is
 * required.
 */
export type ArgsFor<
  R extends string,
  Defaulted extends PropertyKey = never,
  Routes = GitHubRoutes,
> = string extends R
  ? [options?: RouteOptions | undefined]
  : Record<never, never> extends ParamsFor<R, Defaulted, Routes>
    ? [options?: OptionsFor<R, Defaulted, Routes> | undefined]
    : [options: OptionsFor<R, Defaulted, Routes>];

/**
 * The options of a call with route `R`: its parameters and the option keys, and on a route the
 * GitHub map does not know, any other key as a parameter.
 */
export type OptionsFor<
  R extends string,
  Defaulted extends PropertyKey = never,
  Routes = GitHubRoutes,
> = Shown<ParamsFor<R, Defaulted, Routes> & OptionKeysFor<R, Routes>>;
/** As `KnownParams`, GitHub's map by name. */
type OptionKeysFor<R extends string, Routes> = Routes extends GitHubRoutes
  ? OptionKeysGitHub<R>
  : OptionKeysIn<R, keyof Routes>;
type OptionKeysGitHub<R extends string> = R extends keyof GitHubRoutes
  ? RouteOptionKeys
  : string extends R
    ? RouteOptions
    : [RouteKey<R>] extends [never]
      ? RouteOptions
      : RouteKey<R> extends keyof GitHubRoutes
        ? RouteOptionKeys
        : RouteOptions;
type OptionKeysIn<R extends string, Keys> = R extends Keys ? RouteOptionKeys : RouteOptions;

/**
 * The same keys and values, as one plain object type per member of a union. A mapped type over
 * a type parameter, so that while a call is inferred each property's type is looked up alone
 * (see `ParamsFor`). The `& {}` leaves the object as it is but drops the alias, so errors and
 * hovers show the keys and their types rather than the names of the types that built them.
 */
type Shown<T> = { [K in keyof T]: T[K] } & {};

/**
 * The result type of a call with a route: its method, whatever the options hold (`method`
 * there is a parameter). A route that is a plain `string`, or an `UnknownRoute`, gives any method.
 */
export type ResultFor<R extends string> = string extends R
  ? RequestOptions
  : R extends UnknownRoute
    ? RequestOptions
    : RequestOptionsFor<MethodOf<R>, RouteKey<R>>;

/**
 * Request options as a route gives them: its lowercase method, and a body only where one can
 * be; `R`, the route as the routes map writes it, is carried for the types (see `FromRoute`).
 * Written out, so that hovers and errors show the object, not the types that built it.
 */
export type RequestOptionsFor<M extends RequestMethod, R extends string = string> =
  M extends Lowercase<MethodWithoutBody>
    ? {
        method: M;
        url: string;
        headers: { [name: string]: string };
        request?: RequestSettings;
        readonly [builtFrom]?: R;
      }
    : {
        method: M;
        url: string;
        headers: { [name: string]: string };
        body?: unknown;
        request?: RequestSettings;
        readonly [builtFrom]?: R;
      };
