import { EndpointError } from "../errors/endpoint-error.js";
import { describeOperations } from "../operations/describe-operations.js";
import { OPERATION_TABLES } from "../options/operation-tables.js";
import { methodRule, supportedMethods } from "../shared/http.js";
import { moduleSources } from "./module-source.js";
import { encodeLiteralText, PATH_ITEM_METHODS, type RouteOptions, readOperation } from "./read-operation.js";
import { asObject, isObject, ownData, resolver } from "./read-refs.js";
import { credentialServers, readRequirements, readSecuritySchemes } from "./read-security.js";
import { readServers, type ServerModel } from "./read-servers.js";
import { type ModuleExports, type OperationModel, operationData } from "./route-types.js";
import { type Schema, schemaTypes } from "./schema-type.js";

export { comment } from "./comment.js";

/** Settings of `generateOperations`; every one may be left out. */
export interface GenerateOptions extends RouteOptions {
  /** The name of the interface of routes in the types: `"Routes"` unless given. */
  readonly routesName?: string | undefined;
  /** Where the module imports `describeOperations` from: `"rest-endpoint/operations"` unless given. */
  readonly importFrom?: string | undefined;
  /**
   * Each operation's `accept` from its responses, sent when the request has none. On unless
   * `false` (GitHub's table leaves it to the builder's own accept).
   */
  readonly accept?: boolean | undefined;
  /**
   * Every schema written out where it is used, a few levels deep, as GitHub's map is (one
   * interface of routes, no names). Unless given, each schema a `$ref` names is typed once, to
   * its full depth, in the exported interface `Schemas`, and routes refer to it by name.
   */
  readonly inlineSchemas?: boolean | undefined;
}

/** What `generateOperations` gives: the module and its types as text, and the data they hold. */
export interface GeneratedOperations {
  /**
   * An ESM module exporting `api` (everything `endpoint.defaults(api)` needs), `operations`,
   * `baseUrl` (the description's first server, `""` when it names none) and `servers`.
   */
  readonly module: string;
  /** Its declarations: the interface of routes and the typed exports. */
  readonly types: string;
  /** The same module as TypeScript, for projects that compile their sources (`--out api.ts`). */
  readonly typescript: string;
  readonly operations: readonly OperationModel[];
  readonly baseUrl: string;
  readonly servers: readonly ServerModel[];
  /** The `accept` of operations that give none of their own. */
  readonly accept: string | undefined;
  /** What the description holds that cannot be sent as described, one line each. */
  readonly notes: readonly string[];
}

/** The characters of all urls credentials may go to, written into the module's settings. */
const MAX_CREDENTIAL_CHARACTERS = 1_000_000;

/** Names `routesName` cannot take: TypeScript's own types and what the types file declares. */
const TAKEN_NAMES = new Set([
  "any",
  "unknown",
  "never",
  "void",
  "undefined",
  "null",
  "object",
  "string",
  "number",
  "bigint",
  "boolean",
  "symbol",
  "this",
  "Object",
  "String",
  "Number",
  "Boolean",
  "Symbol",
  "Array",
  "Record",
  "Partial",
  "Readonly",
  "OperationTable",
  "ServerModel",
  "baseUrl",
  "operations",
  "servers",
  "api",
  "Schemas",
  "Responses",
]);

/**
 * Reads an OpenAPI 3.0 or 3.1 description (already parsed: see `readDescription`) into the
 * operation data of `describeOperations` and the types of its routes: an ESM module and its
 * `.d.ts`. Each parameter is sent as the description says: form, simple, label and matrix as
 * RFC 6570 expressions in the url template, the other styles, headers, cookies and the body's
 * encodings as codes. An operation that cannot be sent as described is left out with a note;
 * the description as a whole is refused only when it is not an OpenAPI 3 description.
 *
 * @example
 * ```ts
 * const { module, types } = generateOperations({
 *   openapi: "3.1.0",
 *   info: { title: "Pets", version: "1" },
 *   paths: { "/pets": { get: { parameters: [{ name: "tags", in: "query", schema: { type: "array", items: { type: "string" } } }] } } },
 * });
 * module.includes('"GET /pets": "/pets{?tags*}"'); // true
 * ```
 */
export function generateOperations(description: unknown, given: GenerateOptions = {}): GeneratedOperations {
  try {
    return generate(description, given);
  } catch (error) {
    // The engine's own limits (a string or an array too long) say nothing to the user.
    if (error instanceof RangeError) {
      throw new Error(`The description is too large to generate from (${error.message}).`);
    }
    // Any other class (a TypeError from a cyclic or bigint value written into a message) as a
    // plain Error, as every refusal of the generator is.
    if (error instanceof Error && Object.getPrototypeOf(error) !== Error.prototype) {
      throw new Error(`The description cannot be read: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

function generate(description: unknown, given: GenerateOptions): GeneratedOperations {
  // Own settings only: a polluted Object.prototype.importFrom must not choose what the module loads.
  const options: GenerateOptions = Object.assign(
    Object.create(null),
    Object.fromEntries(
      (
        [
          "routesName",
          "importFrom",
          "queryInRoute",
          "queryName",
          "accept",
          "inlineSchemas",
          "responses",
        ] as const
      )
        .filter((name) => Object.hasOwn(given, name))
        .map((name) => [name, given[name]]),
    ),
  );
  const routesName = options.routesName ?? "Routes";
  if (!/^[A-Za-z_$][\w$]*$/.test(routesName) || TAKEN_NAMES.has(routesName)) {
    throw new Error(
      `routesName must be a TypeScript identifier that names no built-in type and nothing the types declare, got ${JSON.stringify(routesName)}.`,
    );
  }
  const importFrom = options.importFrom ?? "rest-endpoint/operations";
  if (typeof importFrom !== "string") throw new Error("importFrom must be a module specifier.");
  const spec = asObject(ownData(description), "The description");
  const version = spec.openapi;
  if (typeof version !== "string" || !/^3\.[01]\./.test(version)) {
    throw new Error(
      `Only OpenAPI 3.0 and 3.1 descriptions are read, and this one says ${JSON.stringify(version ?? spec.swagger ?? null)}${spec.swagger === undefined ? "" : " (Swagger 2.0: convert it to OpenAPI 3 first)"}.`,
    );
  }
  const resolve = resolver(spec);
  const schemas = schemaTypes(resolve, options.inlineSchemas === true);
  const typeOf = schemas.typeOf;
  const notes: string[] = [];
  const servers = readServers(spec.servers, "servers", notes);
  // No server: relative urls, never another API's host.
  const baseUrl = servers[0]?.base ?? "";
  const operations: OperationModel[] = [];
  const routes = new Set<string>();
  const securitySchemes = readSecuritySchemes(spec.components, resolve, notes);
  const defaultSecurity = readRequirements(spec.security, securitySchemes);
  const defaultSecurityText = JSON.stringify(defaultSecurity ?? []);
  // Credentials go to the description's servers and the own servers of operations that send
  // credentials, nowhere else.
  const allowed = new Set<string>();
  let allowedCharacters = 0;
  // Bounded in all, so that servers' enums cannot multiply the module: past the bound, further
  // urls take no credentials (a request there is refused, never sent with them).
  const allow = (urls: readonly string[]) => {
    for (const url of urls) {
      if (allowed.has(url) || allowedCharacters > MAX_CREDENTIAL_CHARACTERS) continue;
      allowedCharacters += url.length;
      if (allowedCharacters <= MAX_CREDENTIAL_CHARACTERS) allowed.add(url);
      else
        notes.push(
          `servers: the urls credentials may go to pass ${MAX_CREDENTIAL_CHARACTERS} characters; the rest take none.`,
        );
    }
  };
  if (servers.length === 0) allow([""]);
  for (const server of servers) allow(credentialServers(server.model));
  for (const [pathKey, itemNode] of Object.entries(asObject(spec.paths ?? {}, "paths"))) {
    const shown = pathKey.length > 200 ? `${pathKey.slice(0, 200)}...` : pathKey;
    // Text a URL cannot hold (white space, quotes, other scripts) is written as it is sent.
    const path = encodeLiteralText(pathKey);
    if (!path.startsWith("/") || path.startsWith("//")) {
      // An absolute URL (or `//host`) as a path key would send the request to a host the
      // description's servers do not name.
      notes.push(
        `${JSON.stringify(shown)}: a path key must be a path starting with one "/"; it is left out.`,
      );
      continue;
    }
    let item: Schema;
    try {
      item = resolve(itemNode);
    } catch (error) {
      notes.push(`${JSON.stringify(shown)}: ${messageOf(error)} It is left out.`);
      continue;
    }
    for (const method of PATH_ITEM_METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      if (methodRule(method) === undefined) {
        notes.push(
          `${method.toUpperCase()} ${shown}: the library sends ${supportedMethods()}; this operation is left out.`,
        );
        continue;
      }
      const where = `${method.toUpperCase()} ${shown}`;
      let model: OperationModel;
      try {
        model = readOperation(
          path,
          method,
          item,
          resolve(operation),
          { resolve, typeOf },
          baseUrl,
          options,
          notes,
        );
      } catch (error) {
        if (error instanceof RangeError) throw error;
        notes.push(`${where}: ${messageOf(error)} It is left out.`);
        continue;
      }
      const key = `${model.method} ${model.url}`;
      const fault = faultOf(model);
      if (fault !== undefined) {
        notes.push(`${key}: ${fault} It is left out.`);
        continue;
      }
      if (routes.has(key)) {
        notes.push(`${key}: a second operation with this route is left out.`);
        continue;
      }
      routes.add(key);
      const security = readRequirements(resolve(operation).security, securitySchemes);
      if (security !== undefined && JSON.stringify(security) !== defaultSecurityText) {
        model.security = security;
      }
      // An operation's own servers take credentials only if it sends some: a public operation
      // on another host (a status page) must not open that host to every other operation's.
      if ((security ?? defaultSecurity ?? []).some((names) => names.length > 0)) {
        for (const server of [item.servers, resolve(operation).servers]) {
          for (const read of readServers(server, key, [])) {
            allow(credentialServers(read.model));
          }
        }
      }
      operations.push(model);
    }
  }
  const accept = options.accept === false ? undefined : commonAccept(operations);
  for (const op of operations) {
    if (op.accept === accept || options.accept === false) delete op.accept;
    // An operation that describes no response content takes anything, not the table's accept.
    else if (op.accept === undefined && accept !== undefined) op.accept = "*/*";
  }
  const info = isObject(spec.info) ? resolve(spec.info) : {};
  const text = (value: unknown, otherwise: string) => (typeof value === "string" ? value : otherwise);
  const about = {
    source: `${text(info.title, "an OpenAPI description")} ${text(info.version, "")}`.trim(),
    openapi: version,
  };
  const serverModels = servers.map((server) => server.model);
  const exports: ModuleExports = {
    baseUrl,
    servers: serverModels,
    accept,
    securitySchemes,
    security: defaultSecurity,
    credentialServers: [...allowed],
  };
  return {
    ...moduleSources(operations, about, routesName, importFrom, exports, schemas.declarations(notes)),
    operations,
    baseUrl,
    servers: serverModels,
    accept,
    notes,
  };
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.endsWith(".") ? text : `${text}.`;
}

/** The `accept` most operations share: the table's, so that only the others carry their own. */
function commonAccept(operations: readonly OperationModel[]): string | undefined {
  const counts = new Map<string, number>();
  for (const op of operations)
    if (op.accept !== undefined) counts.set(op.accept, (counts.get(op.accept) ?? 0) + 1);
  let best: string | undefined;
  for (const [accept, count] of counts)
    if (best === undefined || count > (counts.get(best) ?? 0)) best = accept;
  return best;
}

/**
 * Why the library would refuse this operation's data (a path with white space, a template it
 * cannot compile, a header name that is not a token), or `undefined`: the module written must
 * load, so such an operation is left out with a note rather than written.
 */
function faultOf(model: OperationModel): string | undefined {
  try {
    const table = describeOperations({ [`${model.method} ${model.url}`]: operationData(model) });
    OPERATION_TABLES.get(table)?.(model.method, model.url);
    return undefined;
  } catch (error) {
    if (error instanceof EndpointError) return error.message;
    throw error;
  }
}
