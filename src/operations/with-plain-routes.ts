import { type DescribedApi, readDescribedApi } from "./described-api.js";

/**
 * `api` (a generated module's, or any `{ operations }`) whose table also takes routes it does
 * not describe, and sends them by the rules of a plain route, as a builder without a table
 * does. Without it, a builder made from a table refuses such a route (`invalid_route`, naming
 * the closest described routes), so that a misspelt route never goes out by another API's
 * rules. Described routes are sent as before.
 *
 * @example
 * ```ts
 * const table = describeOperations({ "GET /pets": "/pets{?limit}" });
 * const pets = endpoint.defaults(withPlainRoutes({ baseUrl: "https://pets.example", operations: table }));
 * pets("GET /healthz").url; // "https://pets.example/healthz"
 * ```
 */
export function withPlainRoutes<const Api extends DescribedApi>(api: Api): Api {
  const { own, source } = readDescribedApi(api, "withPlainRoutes");
  return { ...own, operations: source.remake({ plainRoutes: true }) } as unknown as Api;
}
