import { credentialUrls } from "./credential-urls.js";
import { type GenerateOptions, readGenerateOptions } from "./generate-options.js";
import { moduleSources } from "./module-source.js";
import { readPaths } from "./read-paths.js";
import { asObject, isObject, ownData, resolver } from "./read-refs.js";
import { credentialServers, readRequirements, readSecuritySchemes } from "./read-security.js";
import { readServers, type ServerModel } from "./read-servers.js";
import type { ModuleExports, OperationModel } from "./route-types.js";
import type { Resolve, Schema } from "./schema-type.js";
import { schemaTypes } from "./schema-type.js";

export { comment } from "./comment.js";
export type { GenerateOptions };

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
  const { options, routesName, importFrom } = readGenerateOptions(given);
  const spec = asObject(ownData(description), "The description");
  const version = openapiVersion(spec);
  const resolve = resolver(spec);
  const schemas = schemaTypes(resolve, options.inlineSchemas === true);
  const notes: string[] = [];
  const servers = readServers(spec.servers, "servers", notes);
  // No server: relative urls, never another API's host.
  const baseUrl = servers[0]?.base ?? "";
  const securitySchemes = readSecuritySchemes(spec.components, resolve, notes);
  const defaultSecurity = readRequirements(spec.security, securitySchemes);
  const credentials = credentialUrls(notes);
  if (servers.length === 0) credentials.allow([""]);
  for (const server of servers) credentials.allow(credentialServers(server.model));
  const operations = readPaths(spec.paths, {
    readers: { resolve, typeOf: schemas.typeOf },
    baseUrl,
    options,
    notes,
    securitySchemes,
    defaultSecurity,
    credentials,
    routes: new Set(),
  });
  const accept = options.accept === false ? undefined : commonAccept(operations);
  for (const op of operations) {
    if (op.accept === accept || options.accept === false) delete op.accept;
    // An operation that describes no response content takes anything, not the table's accept.
    else if (op.accept === undefined && accept !== undefined) op.accept = "*/*";
  }
  const about = aboutDescription(spec, version, resolve);
  const serverModels = servers.map((server) => server.model);
  const exports: ModuleExports = {
    baseUrl,
    servers: serverModels,
    accept,
    securitySchemes,
    security: defaultSecurity,
    credentialServers: [...credentials.urls],
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

/** The description's OpenAPI version: 3.0 and 3.1 are read, anything else refused. */
function openapiVersion(spec: Schema): string {
  const version = spec.openapi;
  if (typeof version !== "string" || !/^3\.[01]\./.test(version)) {
    throw new Error(
      `Only OpenAPI 3.0 and 3.1 descriptions are read, and this one says ${JSON.stringify(version ?? spec.swagger ?? null)}${spec.swagger === undefined ? "" : " (Swagger 2.0: convert it to OpenAPI 3 first)"}.`,
    );
  }
  return version;
}

/** What the module's header says it was written from: the Info Object's title and version. */
function aboutDescription(
  spec: Schema,
  version: string,
  resolve: Resolve,
): { source: string; openapi: string } {
  const info = isObject(spec.info) ? resolve(spec.info) : {};
  const text = (value: unknown, otherwise: string) => (typeof value === "string" ? value : otherwise);
  return {
    source: `${text(info.title, "an OpenAPI description")} ${text(info.version, "")}`.trim(),
    openapi: version,
  };
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
