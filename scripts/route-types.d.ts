/** The TypeScript source of src/github-routes.ts for the route data. */
export declare function routeTypesSource(data: unknown): string;
