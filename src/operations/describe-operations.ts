import { EndpointError } from "../errors/endpoint-error.js";
import { snapshot } from "../errors/read-own.js";
import { JSON_CONTENT_TYPE } from "../options/build-request.js";
import { checkHeaderValue } from "../options/headers.js";
import { type CompiledOperation, OPERATION_TABLES } from "../options/operation-tables.js";
import { OPTION_KEYS } from "../options/option-keys.js";
import { type CompiledRoute, compileUrl } from "../route/compile-route.js";
import { toRequestMethod } from "../route/request-method.js";
import { describeValue } from "../shared/describe-value.js";
import { isArray, isPlainObject, setOwn } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import { readValue } from "../template/template-value.js";
import type { OperationTable } from "../types/operation-table.js";
import { operationBody } from "./operation-body.js";
import { operationFinish, type Placement } from "./operation-finish.js";
import {
  type Credential,
  operationAuthorize,
  readSecurity,
  type SecurityScheme,
  type SecuritySettings,
} from "./operation-security.js";
import {
  mediaTypes,
  type ReadOperation,
  readAlternatives,
  readOperationData,
} from "./read-operation-data.js";
import type { ParameterSerializer } from "./serialize-parameter.js";
import type { ServerMap } from "./server-map.js";
import { TABLE_SOURCES } from "./table-sources.js";
import { underServer } from "./under-server.js";
import { unknownRoute } from "./unknown-route.js";

export type { OperationTable } from "../types/operation-table.js";
export { moveServers } from "./move-servers.js";
export type { Credential, SecurityScheme } from "./operation-security.js";
export { type ServerModel, serverUrl } from "./server-url.js";
export { withPlainRoutes } from "./with-plain-routes.js";

/**
 * One operation as `rest-endpoint generate` writes it: the url template its path and form-style
 * query parameters expand in (a string alone when that is all), and how each other described
 * parameter is sent, by name. A code is `"<in>[ <style>][*][+][ <sent name>]"`: `in` is
 * `query`, `header`, `cookie` or `body`; `*` explodes; `+` keeps reserved characters
 * (`allowReserved`); the sent name defaults to the parameter's.
 */
export type OperationData =
  | string
  | {
      readonly url: string;
      readonly params?: { readonly [name: string]: string } | undefined;
      /**
       * The media type of the body, when not JSON's own: a `+json` type, a form
       * (`application/x-www-form-urlencoded`), `multipart/form-data`, or text or binary sent
       * whole as `data`. It labels what is sent.
       */
      readonly body?: string | undefined;
      /**
       * The description requires a body (`requestBody.required`) of fields (a JSON object, a
       * form, multipart): one is sent, empty, when no field is given.
       */
      readonly bodyRequired?: boolean | undefined;
      /** What the operation answers with: its `accept` when the request has none. */
      readonly accept?: string | undefined;
      /** Its security, when not the table's: alternatives, each a list of scheme names. */
      readonly security?: readonly (readonly string[])[] | undefined;
    };

/** Operations by route, as written in calls: `"GET /pets/{petId}"`. */
export type OperationsData = { readonly [route: string]: OperationData };

/** Settings of a whole table. */
export interface OperationsSettings {
  /** The `accept` of operations whose data gives none, sent when the request has none. */
  readonly accept?: string | undefined;
  /** The API's security schemes, by name (OpenAPI's `components.securitySchemes`, the kinds sent). */
  readonly securitySchemes?: { readonly [name: string]: SecurityScheme } | undefined;
  /** The security of operations whose data gives none: alternatives, each a list of scheme names. */
  readonly security?: readonly (readonly string[])[] | undefined;
  /**
   * Credentials by scheme name: each is sent on the operations whose security asks for it,
   * and only to `servers`.
   */
  readonly credentials?: { readonly [scheme: string]: Credential | undefined } | undefined;
  /**
   * The API's servers (`{variables}` stand for one segment): credentials go only there, and a
   * builder whose `baseUrl` is on none of their hosts has been moved, so an operation with a
   * server of its own is refused there unless `moveServers` maps that server.
   */
  readonly servers?: readonly string[] | undefined;
  /**
   * A route the table does not describe goes out by the rules of a plain route. Off unless
   * `true`: such a route is then `invalid_route`, naming the closest routes described.
   */
  readonly plainRoutes?: boolean | undefined;
}

/**
 * Reads operation data (as `rest-endpoint generate` writes it) into a table that
 * `endpoint.defaults({ operations })` takes. The data is checked and copied now; each operation
 * is compiled the first time it is used.
 *
 * @example
 * ```ts
 * const pets = describeOperations({
 *   "GET /pets": { url: "/pets{?tags*}", params: { filter: "query deepObject*" } },
 * });
 * const api = endpoint.defaults({ baseUrl: "https://pets.example", operations: pets });
 * api("GET /pets", { tags: ["a", "b"], filter: { kind: "cat" } }).url;
 * // "https://pets.example/pets?tags=a&tags=b&filter%5Bkind%5D=cat"
 * ```
 */
export function describeOperations<Routes = unknown>(
  data: OperationsData,
  settings: OperationsSettings = {},
): OperationTable<Routes> {
  if (!isPlainObject(data)) {
    throw invalid(
      __DEV__
        ? `describeOperations() takes an object of operations by route, got ${describeValue(data)}.`
        : "",
    );
  }
  if (!isPlainObject(settings)) {
    throw invalid(
      __DEV__
        ? `The settings of describeOperations() must be an object, got ${describeValue(settings)}.`
        : "",
    );
  }
  const ownSettings = snapshot(settings, __DEV__ ? "the settings" : "");
  const { plainRoutes, servers } = ownSettings;
  if (plainRoutes !== undefined && typeof plainRoutes !== "boolean") {
    throw invalid(
      __DEV__ ? `plainRoutes must be true or false, got ${describeValue(plainRoutes)}.` : "plainRoutes",
    );
  }
  const tableAccept = mediaTypes(ownSettings.accept, "accept");
  const security = readSecurity(ownSettings);
  const tableSecurity = readAlternatives(ownSettings.security, "the settings");
  return tableOf(
    {
      tableAccept,
      security,
      tableSecurity,
      home: isArray(servers) ? servers.filter((url): url is string => typeof url === "string") : undefined,
      plainRoutes: plainRoutes === true,
      operations: readOperations(snapshot(data, __DEV__ ? "the operations" : "")),
    },
    undefined,
  );
}

/** A table's data and settings as read, once: what `tableOf` makes a table of, and again. */
interface TableData {
  readonly tableAccept: string | undefined;
  readonly security: SecuritySettings | undefined;
  readonly tableSecurity: readonly (readonly string[])[] | undefined;
  readonly home: readonly string[] | undefined;
  readonly plainRoutes: boolean;
  readonly operations: readonly TableOperation[];
}

/** One operation of a table's data: its route, and its data as read. */
interface TableOperation {
  readonly key: string;
  readonly route: Omit<CompiledRoute, "plan">;
  readonly operation: ReadOperation;
}

/** Each operation of `read` (the data's own entries), its route checked and its data read. */
function readOperations(read: Record<string, unknown>): readonly TableOperation[] {
  return Object.keys(read).map((key) => {
    const space = key.indexOf(" ");
    const method = key.slice(0, space);
    const url = key.slice(space + 1);
    if (space === -1 || method !== method.toUpperCase() || url === "" || /\s/.test(url)) {
      throw invalid(
        __DEV__
          ? `An operation's route must be "METHOD url" with an uppercase method, such as "GET /pets", got ${quote(key)}.`
          : "",
      );
    }
    const requestMethod = toRequestMethod(method);
    return { key, route: { method, requestMethod, url }, operation: readOperationData(read[key], key) };
  });
}

/**
 * The table of `data`, moved by `map` if given. Its source keeps `data`, so that
 * `withPlainRoutes` and `moveServers` make it again without reading anything twice: what the
 * caller changes in the data or settings afterwards changes no table.
 */
function tableOf<Routes>(data: TableData, map: ServerMap | undefined): OperationTable<Routes> {
  const { home, plainRoutes } = data;
  const context: TableContext = {
    tableAccept: data.tableAccept,
    security: movedSecurity(data.security, map),
    tableSecurity: data.tableSecurity,
    placement: { map, home },
  };
  // By url, then method: a route's url is the same string on every call (compiled routes are
  // cached), whose hash the engine keeps; a joined "METHOD url" key would be hashed anew.
  const entries = new Map<string, Map<string, () => CompiledOperation>>();
  for (const { key, route, operation } of data.operations) {
    let compiled: CompiledOperation | undefined;
    let byMethod = entries.get(route.url);
    if (byMethod === undefined) {
      byMethod = new Map();
      entries.set(route.url, byMethod);
    }
    byMethod.set(route.method, () => {
      compiled ??= compileOperation(key, route, operation, context);
      return compiled;
    });
  }
  // An empty frozen object that names the table; what it holds is reachable only by the library.
  const table: OperationTable<Routes> = Object.freeze(new DescribedOperations());
  const routes = Object.freeze(data.operations.map((entry) => entry.key));
  TABLE_SOURCES.set(table, {
    routes,
    servers: home,
    moved: map !== undefined,
    remake: (change) =>
      tableOf(change.plainRoutes === true ? { ...data, plainRoutes: true } : data, change.serverMap ?? map),
  });
  OPERATION_TABLES.set(table, (method, url) => {
    const byMethod = entries.get(url);
    // Routes name their method in uppercase: the lowercase copy only when that finds nothing.
    const found = (byMethod?.get(method) ?? byMethod?.get(method.toUpperCase()))?.();
    // Not a string: merged options without a url, which building refuses on its own.
    if (found !== undefined || plainRoutes || typeof url !== "string") return found;
    throw unknownRoute(`${method.toUpperCase()} ${url}`, routes);
  });
  return table;
}

/** What every operation of a table shares. */
interface TableContext {
  readonly tableAccept: string | undefined;
  readonly security: SecuritySettings | undefined;
  readonly tableSecurity: readonly (readonly string[])[] | undefined;
  readonly placement: Placement;
}

/** An operation ready to build requests, from its data as read. */
function compileOperation(
  key: string,
  route: Omit<CompiledRoute, "plan">,
  { url, params, body, bodyRequired, fields, accept, alternatives }: ReadOperation,
  { tableAccept, security, tableSecurity, placement }: TableContext,
): CompiledOperation {
  const plan = compileUrl(url);
  return {
    route: { ...route, plan },
    // Every described name is a parameter, those in the url template too.
    optionNamed: new Set(
      [...params.keys(), ...fields.keys(), ...plan.variableNames].filter((name) => OPTION_KEYS.has(name)),
    ),
    body:
      body === undefined && !bodyRequired
        ? undefined
        : operationBody(body ?? JSON_CONTENT_TYPE, fields, key, bodyRequired),
    accept: accept ?? tableAccept,
    finish: operationFinish(
      key,
      ABSOLUTE.test(url),
      placement,
      security === undefined
        ? undefined
        : operationAuthorize(security, alternatives ?? tableSecurity ?? [], key),
    ),
    send: (name, value, headers) => sendDescribed(params.get(name), name, value, headers),
  };
}

/** A url with a scheme: an operation with a server of its own. */
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The security settings of a moved table: credentials go where the map moves their servers too. */
function movedSecurity(
  security: SecuritySettings | undefined,
  map: ServerMap | undefined,
): SecuritySettings | undefined {
  if (security === undefined || map === undefined) return security;
  const { servers } = security;
  const targets = map
    .filter(([from]) => servers.some((server) => underServer(from, server) || underServer(server, from)))
    .map(([, to]) => to);
  return { ...security, servers: servers.concat(targets) };
}

/**
 * The routes a table describes, in the order its data gave them (for a command line's
 * completion, or a list of what an API offers); `undefined` for anything but a table.
 *
 * @example
 * ```ts
 * const table = describeOperations({ "GET /pets": "/pets{?limit}", "POST /pets": "/pets" });
 * operationRoutes(table); // ["GET /pets", "POST /pets"]
 * ```
 */
export function operationRoutes(table: object): readonly string[] | undefined {
  return TABLE_SOURCES.get(table)?.routes;
}

/**
 * A class, not a plain object: merged options and `DEFAULTS` then hold the table itself rather
 * than a copy. It has no members; the library finds what a table holds by the table.
 */
class DescribedOperations {}

/** A compiled operation's `send`, for the parameter `described` names (`undefined` if none). */
function sendDescribed(
  described: ParameterSerializer | undefined,
  key: string,
  value: unknown,
  headers: Record<string, string>,
): string | undefined {
  if (described === undefined || described.place === "body") return undefined;
  // Read once, like every other parameter value.
  const text = described.write(readValue(value, key), key);
  if (text === undefined || described.place === "query") return text ?? "";
  if (described.place === "cookie") {
    setOwn(headers, "cookie", Object.hasOwn(headers, "cookie") ? `${headers.cookie}; ${text}` : text);
  } else {
    const name = described.name.toLowerCase();
    checkHeaderValue(name, text);
    setOwn(headers, name, text);
  }
  return "";
}

function invalid(message: string): EndpointError {
  return new EndpointError("invalid_options", __DEV__ ? message : "");
}
