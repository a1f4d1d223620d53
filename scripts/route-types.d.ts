/** The TypeScript source of src/github-routes.ts for the route data. */
export declare function routeTypesSource(data: unknown): string;
/** Option keys of the library, which no parameter or body field may be named. */
export declare const OPTION_KEYS: ReadonlySet<string>;
