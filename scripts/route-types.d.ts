/** The TypeScript source of src/types/github-routes.ts for the route data. */
export declare function routeTypesSource(data: unknown): string;
/** Option keys of the library: keys with a meaning of their own in options. */
export declare const OPTION_KEYS: ReadonlySet<string>;
/** The option keys that keep their meaning beside a route (all but `method` and `url`). */
export declare const ROUTE_OPTION_KEYS: ReadonlySet<string>;
/** The TypeScript source of src/operations/github-operations.ts for the route data. */
export declare function githubOperationsSource(data: unknown): string;
/** The TypeScript source of src/types/github-responses.ts: the generator's `Responses` and `Schemas` for GitHub's description. */
export declare function responseTypesSource(
  types: string,
  about: { source: string; license: string },
): string;
