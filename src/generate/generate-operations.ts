import { EndpointError } from "../endpoint-error.js";
import { describeOperations } from "../route/describe-operations.js";
import { OPERATION_TABLES } from "../shared/operation-tables.js";
import { asList, asObject, isObject, ownData, resolver } from "./read-refs.js";
import { isMediaType, type Readers, readBody } from "./read-request-body.js";
import { credentialServer, readRequirements, readSecuritySchemes } from "./read-security.js";
import { readServers, type ServerModel } from "./read-servers.js";
import {
  type ModuleExports,
  type OperationModel,
  operationData,
  operationsSource,
  type ParameterModel,
  ROUTE_OPTION_KEYS,
  routeTypesSource,
} from "./route-types.js";
import { type Schema, schemaTypes, valueKind } from "./schema-type.js";

/** Settings of `generateOperations`; every one may be left out. */
export interface GenerateOptions {
  /** The name of the interface of routes in the types: `"Routes"` unless given. */
  readonly routesName?: string | undefined;
  /** Where the module imports `describeOperations` from: `"rest-endpoint/operations"` unless given. */
  readonly importFrom?: string | undefined;
  /**
   * Route keys of requests with a body also name their form-style query parameters, as in
   * `"POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}"` (GitHub's routes
   * are written so). Off unless given: the route is then the method and path alone.
   */
  readonly queryInRoute?: boolean | undefined;
  /**
   * The key a query parameter is sent under, when it is not its name (GitHub reads array
   * parameters as `fields[]`, which its description says in prose only).
   */
  readonly queryName?: ((parameter: Schema) => string | undefined) | undefined;
  /**
   * Each operation's `accept` from its responses, sent when the request has none. On unless
   * `false` (GitHub's table leaves it to the builder's own accept).
   */
  readonly accept?: boolean | undefined;
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

const METHODS = ["get", "put", "post", "delete", "patch", "head"] as const;

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
]);

const PLACES = new Set(["path", "query", "header", "cookie"]);
const DEFAULT_STYLE: Readonly<Record<string, string>> = {
  path: "simple",
  query: "form",
  header: "simple",
  cookie: "form",
};
/** OpenAPI: header parameters of these names are ignored (the request's own headers say them). */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);
/**
 * Headers that frame the message or the connection, or that cookie parameters write: a value
 * there could split the request (`content-length`) or send it to another virtual host.
 */
const REFUSED_HEADERS = new Set([
  "host",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "expect",
  "te",
  "trailer",
  "proxy-authorization",
  "proxy-connection",
  "cookie",
]);
/** RFC 6570 variable names (with `-`, as routes allow), so a name can sit in the url template. */
const VARIABLE_NAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:[A-Za-z0-9_.-]|%[0-9A-Fa-f]{2})*$/;

/** A parameter name longer than this cannot be a real one, and would only cost memory. */
const MAX_NAME_LENGTH = 1_000;

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
    throw error;
  }
}

function generate(description: unknown, given: GenerateOptions): GeneratedOperations {
  // Own settings only: a polluted Object.prototype.importFrom must not choose what the module loads.
  const options: GenerateOptions = Object.assign(
    Object.create(null),
    Object.fromEntries(
      (["routesName", "importFrom", "queryInRoute", "queryName", "accept"] as const)
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
  const typeOf = schemaTypes(resolve);
  const notes: string[] = [];
  const servers = readServers(spec.servers, "servers", notes);
  // No server: relative urls, never another API's host.
  const baseUrl = servers[0]?.base ?? "";
  const operations: OperationModel[] = [];
  const routes = new Set<string>();
  const securitySchemes = readSecuritySchemes(spec.components, resolve, notes);
  const defaultSecurity = readRequirements(spec.security, securitySchemes);
  // Credentials go to the description's servers and its operations' own, nowhere else.
  const credentialServers = new Set<string>([
    ...(servers.length === 0 ? [""] : servers.map((server) => credentialServer(server.model.url))),
  ]);
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
    for (const method of ["options", "trace"]) {
      if (item[method] !== undefined) {
        notes.push(
          `${method.toUpperCase()} ${shown}: the library sends GET, HEAD, POST, PUT, PATCH and DELETE; this operation is left out.`,
        );
      }
    }
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
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
      if (security !== undefined && JSON.stringify(security) !== JSON.stringify(defaultSecurity ?? [])) {
        model.security = security;
      }
      for (const server of [item.servers, resolve(operation).servers]) {
        for (const read of readServers(server, key, []))
          credentialServers.add(credentialServer(read.model.url));
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
    credentialServers: [...credentialServers],
  };
  return {
    module: visibleText(operationsSource(operations, about, importFrom, exports)),
    types: visibleText(declarationsSource(operations, about, routesName, importFrom, exports)),
    typescript: visibleText(typescriptSource(operations, about, routesName, importFrom, exports)),
    operations,
    baseUrl,
    servers: serverModels,
    accept,
    notes,
  };
}

/**
 * A path key with its literal text percent-encoded where a URL cannot hold it as it is (white
 * space, `"`, `<`, `|`, non-ASCII...): outside `{expressions}`, every character that is not
 * RFC 3986's, and a `%` that starts no escape.
 */
export function encodeLiteralText(path: string): string {
  let out = "";
  let depth = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path[i] as string;
    if (c === "{") depth++;
    else if (c === "}" && depth > 0) depth--;
    if (depth > 0 || c === "}") {
      out += c;
      continue;
    }
    if (c === "%" && /^[0-9A-Fa-f]{2}$/.test(path.slice(i + 1, i + 3))) out += c;
    else if (/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]/.test(c)) out += c;
    else {
      const code = path.codePointAt(i) as number;
      const char = String.fromCodePoint(code);
      if (char.length === 2) i++;
      // A lone surrogate has no UTF-8 form: U+FFFD, as a URL parser writes it.
      const text = /[\uD800-\uDFFF]/.test(char) ? "\uFFFD" : char;
      for (const byte of new TextEncoder().encode(text))
        out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    }
  }
  return out;
}

/**
 * Bidirectional controls (U+202A-U+202E, U+2066-U+2069) from a description written as escapes:
 * they could make the code read otherwise than it runs ("Trojan Source"). Every such character
 * stands in a string literal or a comment, where the escape means the same.
 */
function visibleText(source: string): string {
  return source.replace(
    /[\u202A-\u202E\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
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

function readOperation(
  path: string,
  method: (typeof METHODS)[number],
  item: Schema,
  operation: Schema,
  { resolve, typeOf }: Readers,
  baseUrl: string,
  options: GenerateOptions,
  notes: string[],
): OperationModel {
  const where = `${method.toUpperCase()} ${path}`;
  // Path-level parameters, then the operation's, which replace those of the same name and place.
  const byKey = new Map<string, Schema>();
  for (const node of [...asList(item.parameters), ...asList(operation.parameters)]) {
    const parameter = resolve(node);
    if (typeof parameter.name !== "string" || !PLACES.has(parameter.in as string)) {
      notes.push(`${where}: a parameter without a name or a known place (in) is left out.`);
      continue;
    }
    byKey.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  const prefix = serverPrefix(operation.servers ?? item.servers, baseUrl, where, notes);
  // The query goes before any fragment: a path key such as `/#Action=Send` names the
  // operation, and fetch never sends what follows a "#".
  const hash = path.indexOf("#");
  const pathOnly = hash === -1 ? path : path.slice(0, hash);
  const fragment = hash === -1 ? "" : path.slice(hash);
  let template = prefix + path;
  const model: OperationModel & {
    path: OperationModel["path"][number][];
    query: ParameterModel[];
    header: ParameterModel[];
    cookie: ParameterModel[];
    body: ParameterModel[];
    params: Record<string, string>;
  } = {
    ...(typeof operation.operationId === "string" ? { id: operation.operationId } : {}),
    method: method.toUpperCase(),
    url: template,
    path: [],
    query: [],
    header: [],
    cookie: [],
    body: [],
    params: {},
  };
  const taken = new Set<string>();
  const formQuery: string[] = [];
  // The path's own expressions, read in one pass, and what each becomes: one pass writes them.
  const inPath = new Set(Array.from(pathOnly.matchAll(/\{([^{}]*)\}/g), (match) => match[1] as string));
  // `/:name` is a placeholder to the library (and to the servers whose descriptions write it):
  // one whose parameter the description declares is that parameter, as the route writes it.
  const colonNames = new Set(
    Array.from(pathOnly.matchAll(/\/:([A-Za-z_][A-Za-z0-9_]*)/g), (match) => match[1] as string),
  );
  const expressions = new Map<string, string>();
  for (const parameter of byKey.values()) {
    const name = parameter.name as string;
    const place = parameter.in as string;
    if (place === "header" && IGNORED_HEADERS.has(name.toLowerCase())) continue;
    if (place === "header" && REFUSED_HEADERS.has(name.toLowerCase())) {
      notes.push(
        `${where}: header parameter ${JSON.stringify(name)} would frame the message or its connection; it is left out.`,
      );
      continue;
    }
    if (name === "") {
      notes.push(`${where}: a ${place} parameter without a name is left out.`);
      continue;
    }
    if (name.length > MAX_NAME_LENGTH) {
      notes.push(
        `${where}: a ${place} parameter's name is longer than ${MAX_NAME_LENGTH} characters; it is left out.`,
      );
      continue;
    }
    if (name === "__proto__") {
      // A call could not pass it (`{ __proto__: v }` sets a prototype), nor a module list it.
      notes.push(`${where}: ${place} parameter "__proto__" cannot be given in a call and is left out.`);
      continue;
    }
    if (taken.has(name)) {
      notes.push(
        `${where}: ${place} parameter ${JSON.stringify(name)} has the name of another and is left out.`,
      );
      continue;
    }
    taken.add(name);
    const style = typeof parameter.style === "string" ? parameter.style : (DEFAULT_STYLE[place] as string);
    const explode = typeof parameter.explode === "boolean" ? parameter.explode : style === "form";
    const schema = parameter.schema ?? firstContentSchema(parameter.content);
    const type = parameter.content !== undefined ? "string" : typeOf(schema ?? {});
    const entry: ParameterModel = { name, required: parameter.required === true || place === "path", type };
    const kind = parameter.content !== undefined ? "primitive" : valueKind(schema ?? {}, resolve);
    // Exploding changes lists and objects only: a single value is written the same either way.
    const star = explode && kind !== "primitive" ? "*" : "";
    if (place === "path") {
      const operator =
        style === "label" ? "." : style === "matrix" ? ";" : style === "simple" ? "" : undefined;
      if (colonNames.has(name) && !inPath.has(name) && style === "simple") {
        colonNames.delete(name);
        model.path.push(kind === "primitive" || kind === "any" ? name : { name, type });
        continue;
      }
      if (operator === undefined || !VARIABLE_NAME.test(name) || !inPath.has(name)) {
        notes.push(
          `${where}: path parameter ${JSON.stringify(name)} (style ${style}) cannot be sent as described and is left out.`,
        );
        continue;
      }
      // The route keeps `{name}` as callers write it; the operation's template says how it expands.
      expressions.set(name, `{${operator}${name}${star}}`);
      model.path.push(kind === "primitive" || kind === "any" ? name : { name, type });
    } else if (place === "query") {
      const allowReserved = parameter.allowReserved === true;
      const sentName = options.queryName?.(parameter) ?? name;
      model.query.push(entry);
      // A name with a meaning of its own among the options (`baseUrl`, `headers`) is a
      // parameter only where the operation names it: written by its code, never left over.
      const optionNamed = ROUTE_OPTION_KEYS.has(name);
      if (
        style === "form" &&
        !allowReserved &&
        sentName === name &&
        VARIABLE_NAME.test(name) &&
        !optionNamed
      ) {
        // A GET's leftover parameters are its query as `{?name}` writes it: a single value or
        // an unexploded list needs no expression of its own (an object does: a leftover
        // object is refused), and a template naming every parameter costs every call.
        const leftover =
          (method === "get" || method === "head") &&
          star === "" &&
          (kind === "primitive" || kind === "array");
        if (!leftover) formQuery.push(name + star);
      } else if (["form", "spaceDelimited", "pipeDelimited", "deepObject"].includes(style)) {
        model.params[name] =
          `query ${style}${star}${allowReserved ? "+" : ""}${sentName === name ? "" : ` ${sentName}`}`;
      } else {
        notes.push(
          `${where}: query parameter ${JSON.stringify(name)} has style ${style}, which a query cannot take; it is left out.`,
        );
        model.query.pop();
      }
    } else if (place === "header") {
      model.header.push(entry);
      model.params[name] = `header simple${star}`;
    } else {
      model.cookie.push(entry);
      model.params[name] = `cookie form${star}`;
    }
  }
  // A `/:name` no parameter declares is literal text: its colon is written percent-encoded,
  // so that the library does not read it as a placeholder.
  const literalPath =
    colonNames.size === 0
      ? pathOnly
      : pathOnly.replace(/\/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) =>
          colonNames.has(name) ? `/%3A${name}` : whole,
        );
  let url = prefix + literalPath;
  if (expressions.size > 0) {
    url =
      prefix + literalPath.replace(/\{([^{}]*)\}/g, (whole, name: string) => expressions.get(name) ?? whole);
  }
  template = url;
  if (formQuery.length > 0) {
    // After a query the path key already holds (`/x?a=b`), the others join it.
    const expression = `{${pathOnly.includes("?") ? "&" : "?"}${formQuery.join(",")}}`;
    template += expression;
    if (options.queryInRoute === true && method !== "get" && method !== "head") model.url += expression;
  }
  template += fragment;
  if (template !== model.url) model.template = template;
  readBody(model, operation, { resolve, typeOf }, taken, notes, where);
  const accept = responseAccept(operation, resolve);
  if (accept !== undefined) model.accept = accept;
  if (Object.keys(model.params).length === 0) delete (model as Partial<typeof model>).params;
  for (const list of ["header", "cookie"] as const) {
    if (model[list].length === 0) delete (model as Partial<typeof model>)[list];
  }
  return model;
}

/**
 * An operation's or path item's own server, as a prefix of its route when it differs from
 * the description's: an absolute url, or a path resolved against the description's origin.
 */
function serverPrefix(servers: unknown, baseUrl: string, where: string, notes: string[]): string {
  if (servers === undefined) return "";
  const own = readServers(servers, where, notes)[0]?.base;
  if (own === undefined || own === baseUrl) return "";
  if (/^https?:/i.test(own)) return own;
  const origin = /^https?:\/\/[^/]+/i.exec(baseUrl)?.[0];
  if (origin === undefined) {
    throw new Error(`its server ${JSON.stringify(own)} is relative, and so is the description's.`);
  }
  return origin + own;
}

/**
 * The media types of the operation's success responses (or its default response, if it
 * describes no success), JSON first: the `accept` it is sent with.
 */
function responseAccept(operation: Schema, resolve: (node: unknown) => Schema): string | undefined {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const codes = Object.keys(responses);
  const success = codes.filter((code) => /^2(?:\d\d|XX)$/i.test(code));
  const types: string[] = [];
  for (const code of success.length > 0 ? success : codes.filter((code) => code === "default")) {
    const response = resolve(responses[code]);
    for (const written of Object.keys(isObject(response.content) ? response.content : {})) {
      // As written, parameters too: `application/json; version=2` chooses a version.
      const type = written.trim();
      const essence = type.split(";")[0]?.trim() ?? "";
      const usable = isMediaType(type) || /^(?:[\w.+-]+|\*)\/\*$/.test(essence);
      if (usable && !type.includes(",") && !types.includes(type)) types.push(type);
    }
  }
  if (types.length === 0) return undefined;
  const json = (type: string) => /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(type);
  const accept = [...types.filter(json), ...types.filter((type) => !json(type))].join(", ");
  // A header value past this length is no accept any server reads: anything, then.
  return accept.length > MAX_ACCEPT_LENGTH ? "*/*" : accept;
}

/** The longest accept written from a description's response types. */
const MAX_ACCEPT_LENGTH = 4_000;

function declarationsSource(
  operations: readonly OperationModel[],
  about: { source: string; openapi: string },
  routesName: string,
  importFrom: string,
  exports: ModuleExports,
): string {
  return [
    `// Generated by \`rest-endpoint generate\` from ${comment(about.source)} (OpenAPI ${comment(about.openapi)}); do not edit.`,
    `import type { OperationTable, ServerModel } from ${JSON.stringify(importFrom)};`,
    "",
    routeTypesSource(operations, routesName, `the API described by ${comment(about.source)}`),
    ...exportDeclarations(routesName, exports, "declare "),
    "",
  ].join("\n");
}

/** The module as TypeScript: the routes interface and typed exports in one file. */
function typescriptSource(
  operations: readonly OperationModel[],
  about: { source: string; openapi: string },
  routesName: string,
  importFrom: string,
  exports: ModuleExports,
): string {
  const module = operationsSource(operations, about, importFrom, exports);
  return module
    .replace(
      `import { describeOperations } from ${JSON.stringify(importFrom)};`,
      `import { describeOperations, type OperationTable, type ServerModel } from ${JSON.stringify(importFrom)};\n\n${routeTypesSource(operations, routesName, `the API described by ${comment(about.source)}`)}`,
    )
    .replace("export const servers = ", "export const servers: readonly ServerModel[] = ")
    .replace("export const baseUrl = ", "export const baseUrl: string = ")
    .replace(
      "export const operations = /* @__PURE__ */ describeOperations(",
      `export const operations: OperationTable<${routesName}> = /* @__PURE__ */ describeOperations<${routesName}>(`,
    )
    .replace(
      "export const api = ",
      `export const api: { readonly baseUrl: string; readonly headers: { readonly accept: null }; readonly operations: OperationTable<${routesName}> } = `,
    )
    .replace("const settings = ", "const settings: OperationsSettings = ")
    .replace(
      "export function withCredentials(credentials) {",
      `export function withCredentials(credentials: ${credentialsType(exports)}): typeof api {`,
    )
    .replace(
      "operations: describeOperations(data, {",
      `operations: describeOperations<${routesName}>(data, {`,
    )
    .replace(
      "type OperationTable, type ServerModel }",
      "type OperationsSettings, type OperationTable, type ServerModel }",
    );
}

/** The credentials `withCredentials` takes: one per security scheme, by its name. */
function credentialsType(exports: ModuleExports): string {
  const fields = Object.entries(exports.securitySchemes).map(
    ([name, scheme]) =>
      `readonly ${JSON.stringify(name)}?: ${scheme.type === "http" && scheme.scheme === "basic" ? "{ readonly username: string; readonly password: string }" : "string"} | undefined`,
  );
  return `{ ${fields.join("; ")}${fields.length > 0 ? " " : ""}}`;
}

function exportDeclarations(routesName: string, exports: ModuleExports, declare: string): string[] {
  return [
    "/** The description's servers, each url with its variables (see `serverUrl`). */",
    `export ${declare}const servers: readonly ServerModel[];`,
    `/** The first server's url at its variables' defaults (\`""\`: the description names none, so urls are relative). */`,
    `export ${declare}const baseUrl: ${JSON.stringify(exports.baseUrl)};`,
    "/** Every operation: each parameter is sent as described. */",
    `export ${declare}const operations: OperationTable<${routesName}>;`,
    "/** Everything a builder needs: `endpoint.defaults(api)`. */",
    `export ${declare}const api: { readonly baseUrl: ${JSON.stringify(exports.baseUrl)}; readonly headers: { readonly accept: null }; readonly operations: OperationTable<${routesName}> };`,
    "/** `api` with credentials, by security scheme name: each sent where the description asks, only to its servers. */",
    `export ${declare}function withCredentials(credentials: ${credentialsType(exports)}): typeof api;`,
  ];
}

/** Text from the description, safe in a `//` or `/** *\/` comment: one line, no comment end. */
export function comment(text: string): string {
  // JSON leaves U+2028 and U+2029 as they are, and both end a line in JavaScript and TypeScript.
  return JSON.stringify(text)
    .slice(1, -1)
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029")
    .replaceAll("*/", "*\\/");
}

function firstContentSchema(content: unknown): unknown {
  const first = Object.values(asObject(content ?? {}, "content"))[0] as Schema | undefined;
  return first?.schema;
}
