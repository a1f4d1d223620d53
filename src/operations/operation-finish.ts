import { EndpointError } from "../errors/endpoint-error.js";
import type { Finish } from "../options/operation-tables.js";
import { quote } from "../shared/quote.js";
import type { Authorize } from "./operation-security.js";
import { moveUrl, originOf, type ServerMap } from "./server-map.js";
import { underServer } from "./under-server.js";

/** Where a table sends its operations: its server map, and the API's servers. */
export interface Placement {
  /** The server map `moveServers` gave, if any. */
  readonly map: ServerMap | undefined;
  /** The table's `servers` setting: a `baseUrl` on none of their hosts has been moved. */
  readonly home: readonly string[] | undefined;
}

/**
 * An operation's `finish`, or `undefined` when it has nothing to do. Every url of a moved
 * table goes through its map. An operation with a server of its own (`absolute`: its route is
 * a full url) that the map does not move is refused on a builder whose `baseUrl` left the
 * hosts of the API's servers, or is one the map moves (a call that gives the mapped server's
 * own url as its `baseUrl` is moved too): moved to a mock, staging or a proxy, the builder
 * would otherwise send that one operation to the real host, with whatever the caller gave it.
 */
export function operationFinish(
  route: string,
  absolute: boolean,
  { map, home }: Placement,
  authorize: Authorize | undefined,
): Finish | undefined {
  const guarded = absolute && home !== undefined;
  if (map === undefined && !guarded && authorize === undefined) return undefined;
  return (url, headers, { baseUrl, request }) => {
    const moved = map === undefined ? undefined : moveUrl(map, url);
    const left =
      (home !== undefined && !atHome(baseUrl, home)) ||
      (map !== undefined && moveUrl(map, baseUrl) !== undefined);
    if (moved === undefined && absolute && left) {
      const origin = originOf(url);
      throw new EndpointError(
        "invalid_base_url",
        __DEV__
          ? `Route ${quote(route)} goes to ${quote(origin)}, a server of its own, but this builder was moved (baseUrl ${quote(baseUrl)}, API servers ${(home ?? []).map(quote).join(", ")}): it would leave the host you moved the builder to. Map that server too, e.g. moveServers(api, { ${JSON.stringify(origin)}: "http://localhost:4011" }) from rest-endpoint/operations (map it to itself to send it there).`
          : origin,
        { option: "baseUrl", route },
      );
    }
    const sent = moved ?? url;
    return authorize === undefined ? { url: sent, request } : authorize(sent, headers, request);
  };
}

/** Whether `baseUrl` is on the host of one of the API's servers (`""` for relative servers). */
function atHome(baseUrl: string, home: readonly string[]): boolean {
  const origin = originOf(baseUrl);
  return home.some((server) => underServer(origin, originOf(server)));
}
