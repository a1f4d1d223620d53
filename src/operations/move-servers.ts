import { EndpointError } from "../errors/endpoint-error.js";
import { type DescribedApi, readDescribedApi } from "./described-api.js";
import { moveUrl, originOf, readServerMap } from "./server-map.js";

/** `Api` with its `baseUrl` moved: a string, no longer the description's literal. */
export type MovedApi<Api> = Omit<Api, "baseUrl"> &
  (Api extends { readonly baseUrl: string } ? { readonly baseUrl: string } : unknown);

/**
 * `api` (a generated module's, or `withCredentials(...)`) moved to other hosts, such as a
 * mock, staging or a proxy: `servers` maps each described server url to where its requests
 * go instead. The `baseUrl` moves, and so does every described operation under a mapped
 * server, those with servers of their own (a file upload on another host) too; credentials
 * go to the targets of the servers they went to. A key must name a server of the API (or an
 * operation's own), so that a misspelt one is refused rather than leaving requests where they
 * were. Once moved, an operation whose own server the map leaves out is refused when built
 * (`invalid_base_url`, naming the host to map): map a server to itself to keep it.
 *
 * @example
 * ```ts
 * const table = describeOperations({
 *   "GET /v1/customers": "/v1/customers",
 *   "POST https://files.api.example/v1/files": "https://files.api.example/v1/files",
 * }, { servers: ["https://api.example", "https://files.api.example"] });
 * const mock = endpoint.defaults(moveServers({ baseUrl: "https://api.example", operations: table }, {
 *   "https://api.example": "http://localhost:12111",
 *   "https://files.api.example": "http://localhost:12112",
 * }));
 * mock("GET /v1/customers").url; // "http://localhost:12111/v1/customers"
 * mock("POST https://files.api.example/v1/files").url; // "http://localhost:12112/v1/files"
 * ```
 */
export function moveServers<const Api extends DescribedApi>(
  api: Api,
  servers: { readonly [server: string]: string },
): MovedApi<Api> {
  const { own, source } = readDescribedApi(api, "moveServers");
  if (source.moved) {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? "moveServers() was given an api it moved already: move the module's api (or withCredentials(...)) once, with every server in one map."
        : "",
      { option: "operations" },
    );
  }
  const baseUrl = typeof own.baseUrl === "string" ? own.baseUrl : undefined;
  const known = new Set(source.servers);
  if (baseUrl !== undefined) known.add(baseUrl);
  // The urls the operations reach from the API's `baseUrl`, or on hosts of their own.
  const urls: string[] = [];
  for (const route of source.routes) {
    const url = route.slice(route.indexOf(" ") + 1);
    const origin = originOf(url);
    if (origin !== "") known.add(origin);
    if (origin !== "" || baseUrl !== undefined) urls.push(origin === "" ? `${baseUrl}${url}` : url);
  }
  const map = readServerMap(servers, [...known], urls);
  const moved: Record<string, unknown> = { ...own, operations: source.remake({ serverMap: map }) };
  if (baseUrl !== undefined) moved.baseUrl = moveUrl(map, baseUrl) ?? baseUrl;
  return moved as MovedApi<Api>;
}
