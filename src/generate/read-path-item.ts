import { EndpointError } from "../errors/endpoint-error.js";
import { describeOperations } from "../operations/describe-operations.js";
import type { SecurityScheme } from "../operations/operation-security.js";
import { OPERATION_TABLES } from "../options/operation-tables.js";
import { methodRule, supportedMethods } from "../shared/http.js";
import type { CredentialUrls } from "./credential-urls.js";
import { readOperation } from "./read-operation.js";
import type { Readers } from "./read-request-body.js";
import { credentialServers, readRequirements } from "./read-security.js";
import { readServers } from "./read-servers.js";
import type { RouteTypeSettings } from "./route-type-settings.js";
import { type OperationModel, operationData } from "./route-types.js";
import type { Schema } from "./schema-type.js";

/**
 * The operations a Path Item Object holds (OpenAPI 3.0 and 3.1), in the order the generator
 * writes them. Those of the one table (`METHODS` in src/shared/http.ts) are read; the others
 * are left out with a note.
 */
export const PATH_ITEM_METHODS: readonly string[] = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "patch",
  "head",
  "trace",
];

/** What every path item is read with: the description's readers, servers and security. */
export interface PathsContext {
  readonly readers: Readers;
  readonly baseUrl: string;
  readonly options: RouteTypeSettings;
  readonly notes: string[];
  readonly securitySchemes: Record<string, SecurityScheme>;
  /** The description's own security alternatives, if it gives any. */
  readonly defaultSecurity: string[][] | undefined;
  readonly credentials: CredentialUrls;
  /** The routes read so far, each once: a second operation of a route is left out. */
  readonly routes: Set<string>;
}

/**
 * Reads the operations of one Path Item Object (`path` encoded, `shown` as notes name it) into
 * `operations`. One that cannot be sent as described, or whose route is taken, is left out
 * with a note; only the engine's own limits (a RangeError) stop the whole description.
 */
export function readPathItem(
  path: string,
  shown: string,
  item: Schema,
  context: PathsContext,
  operations: OperationModel[],
): void {
  const { readers, notes } = context;
  for (const method of PATH_ITEM_METHODS) {
    const node = item[method];
    if (node === undefined) continue;
    const where = `${method.toUpperCase()} ${shown}`;
    if (methodRule(method) === undefined) {
      notes.push(`${where}: the library sends ${supportedMethods()}; this operation is left out.`);
      continue;
    }
    let operation: Schema;
    let model: OperationModel;
    try {
      operation = readers.resolve(node);
      model = readOperation(path, method, item, operation, readers, context.baseUrl, context.options, notes);
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
    if (context.routes.has(key)) {
      notes.push(`${key}: a second operation with this route is left out.`);
      continue;
    }
    context.routes.add(key);
    readOperationSecurity(model, key, item, operation, context);
    operations.push(model);
  }
}

/**
 * The operation's own security alternatives, kept when they are not the description's; and its
 * own servers, which take credentials only if it sends some: a public operation on another host
 * (a status page) must not open that host to every other operation's credentials.
 */
function readOperationSecurity(
  model: OperationModel,
  key: string,
  item: Schema,
  operation: Schema,
  { securitySchemes, defaultSecurity, credentials }: PathsContext,
): void {
  const security = readRequirements(operation.security, securitySchemes);
  if (security !== undefined && JSON.stringify(security) !== JSON.stringify(defaultSecurity ?? [])) {
    model.security = security;
  }
  if ((security ?? defaultSecurity ?? []).some((names) => names.length > 0)) {
    for (const servers of [item.servers, operation.servers]) {
      for (const read of readServers(servers, key, [])) credentials.allow(credentialServers(read.model));
    }
  }
}

/** An error's message as a sentence of a note. */
export function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.endsWith(".") ? text : `${text}.`;
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
