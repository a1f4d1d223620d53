import { EndpointError } from "../endpoint-error.js";
import { OPTION_KEYS } from "../options/option-keys.js";
import { describeOperations } from "../route/describe-operations.js";
import { OPERATION_TABLES } from "../shared/operation-tables.js";
import {
  type OperationModel,
  operationData,
  operationsSource,
  type ParameterModel,
  ROUTE_OPTION_KEYS,
  routeTypesSource,
} from "./route-types.js";
import { type Resolve, type Schema, schemaTypes, valueKind } from "./schema-type.js";

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
}

/** What `generateOperations` gives: the module and its types as text, and the data they hold. */
export interface GeneratedOperations {
  /** An ESM module exporting `operations` (and `baseUrl`, the description's first server). */
  readonly module: string;
  /** Its declarations: the interface of routes and the typed `operations`. */
  readonly types: string;
  readonly operations: readonly OperationModel[];
  readonly baseUrl: string | undefined;
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
  "baseUrl",
  "operations",
]);

/** How the description is read: `$ref`s followed, schemas written as TypeScript types. */
interface Readers {
  readonly resolve: Resolve;
  readonly typeOf: (node: unknown) => string;
}
const PLACES = new Set(["path", "query", "header", "cookie"]);
const DEFAULT_STYLE: Readonly<Record<string, string>> = {
  path: "simple",
  query: "form",
  header: "simple",
  cookie: "form",
};
/** OpenAPI: header parameters of these names are ignored (the request's own headers say them). */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);
/** RFC 6570 variable names (with `-`, as routes allow), so a name can sit in the url template. */
const VARIABLE_NAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:[A-Za-z0-9_.-]|%[0-9A-Fa-f]{2})*$/;

/**
 * Reads an OpenAPI 3.0 or 3.1 description (already parsed: see `readDescription`) into the
 * operation data of `describeOperations` and the types of its routes: an ESM module and its
 * `.d.ts`. Each parameter is sent as the description says: form, simple, label and matrix as
 * RFC 6570 expressions in the url template, the other styles, headers and cookies as codes.
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
  // Own settings only: a polluted Object.prototype.importFrom must not choose what the module loads.
  const options: GenerateOptions = Object.assign(
    Object.create(null),
    Object.fromEntries(
      (["routesName", "importFrom", "queryInRoute", "queryName"] as const)
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
  const baseUrl = serverUrl(spec.servers);
  const operations: OperationModel[] = [];
  const routes = new Set<string>();
  for (const [path, itemNode] of Object.entries(asObject(spec.paths ?? {}, "paths"))) {
    const item = resolve(itemNode);
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const model = readOperation(
        path,
        method,
        item,
        resolve(operation),
        { resolve, typeOf },
        baseUrl,
        options,
        notes,
      );
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
      operations.push(model);
    }
  }
  const info = resolve(spec.info);
  const text = (value: unknown, otherwise: string) => (typeof value === "string" ? value : otherwise);
  const about = {
    source: `${text(info.title, "an OpenAPI description")} ${text(info.version, "")}`.trim(),
    openapi: version,
  };
  return {
    module: operationsSource(operations, about, importFrom, baseUrl),
    types: declarationsSource(operations, about, routesName, importFrom, baseUrl),
    operations,
    baseUrl,
    notes,
  };
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
  baseUrl: string | undefined,
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
  const server = serverUrl(operation.servers ?? item.servers);
  const prefix = server === undefined || server === baseUrl ? "" : withoutTrailingSlashes(server);
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
  const inPath = new Set(Array.from(path.matchAll(/\{([^{}]*)\}/g), (match) => match[1] as string));
  const expressions = new Map<string, string>();
  for (const parameter of byKey.values()) {
    const name = parameter.name as string;
    const place = parameter.in as string;
    if (place === "header" && IGNORED_HEADERS.has(name.toLowerCase())) continue;
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
      if (style === "form" && !allowReserved && sentName === name && VARIABLE_NAME.test(name)) {
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
  if (expressions.size > 0) {
    template =
      prefix + path.replace(/\{([^{}]*)\}/g, (whole, name: string) => expressions.get(name) ?? whole);
  }
  if (formQuery.length > 0) {
    const expression = `{?${formQuery.join(",")}}`;
    template += expression;
    if (options.queryInRoute === true && method !== "get" && method !== "head") model.url += expression;
  }
  if (template !== model.url) model.template = template;
  readBody(model, operation, { resolve, typeOf }, taken);
  if (Object.keys(model.params).length === 0) delete (model as Partial<typeof model>).params;
  for (const list of ["header", "cookie"] as const) {
    if (model[list].length === 0) delete (model as Partial<typeof model>)[list];
  }
  return model;
}

/** The JSON body's fields as parameters; any other body (or a JSON body of several shapes) as `data`. */
function readBody(
  model: OperationModel & { body: ParameterModel[]; params: Record<string, string> },
  operation: Schema,
  { resolve, typeOf }: Readers,
  taken: Set<string>,
): void {
  if (operation.requestBody === undefined) return;
  const requestBody = resolve(operation.requestBody);
  const content = Object.entries(asObject(requestBody.content ?? {}, "content"));
  if (content.length === 0) return;
  if (requestBody.required === true) model.bodyRequired = true;
  const json = content.find(([type]) => /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type));
  const [, media] = json ?? (content[0] as [string, unknown]);
  const schema = resolve(resolve(media).schema ?? {});
  if (json === undefined || !(schema.type === "object" || schema.properties !== undefined)) {
    model.bodyKind = json === undefined ? "data" : "json-data";
    if (json !== undefined) model.dataType = typeOf(schema);
    return;
  }
  model.bodyKind = "json";
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [name, node] of Object.entries(asObject(schema.properties ?? {}, "properties"))) {
    model.body.push({ name, required: required.has(name), type: typeOf(node) });
    // A field named like an option key is a parameter on this route; one named like another
    // parameter stays reachable through `data`.
    if (ROUTE_OPTION_KEYS.has(name) && !taken.has(name)) model.params[name] = "body";
  }
  // Such bodies keep a typed `data` too (`url` and `method` included: a client that reads them as
  // options, as @octokit/endpoint does, needs the body in `data`).
  if (model.body.some((field) => OPTION_KEYS.has(field.name) || taken.has(field.name))) {
    model.dataType = typeOf(schema);
  }
}

function declarationsSource(
  operations: readonly OperationModel[],
  about: { source: string; openapi: string },
  routesName: string,
  importFrom: string,
  baseUrl: string | undefined,
): string {
  return [
    `// Generated by \`rest-endpoint generate\` from ${comment(about.source)} (OpenAPI ${comment(about.openapi)}); do not edit.`,
    `import type { OperationTable } from ${JSON.stringify(importFrom)};`,
    "",
    routeTypesSource(operations, routesName, `the API described by ${comment(about.source)}`),
    "/** The description's first server: give it as `baseUrl` beside the operations. */",
    `export declare const baseUrl: ${baseUrl === undefined ? "undefined" : JSON.stringify(baseUrl)};`,
    `/** Every operation: \`endpoint.defaults({ baseUrl, operations })\` sends each parameter as described. */`,
    `export declare const operations: OperationTable<${routesName}>;`,
    "",
  ].join("\n");
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

/** A loop, not `/\/+$/`: a regular expression backtracks over a long run of slashes. */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url.charCodeAt(end - 1) === 47) end--;
  return url.slice(0, end);
}

/** The first server's url with its variables at their defaults; `undefined` if none. */
function serverUrl(servers: unknown): string | undefined {
  const server = asList(servers)[0];
  if (!isObject(server) || typeof server.url !== "string") return undefined;
  const variables = asObject(server.variables ?? {}, "server variables");
  return server.url.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    const variable = Object.hasOwn(variables, name) ? variables[name] : undefined;
    return isObject(variable) && typeof variable.default === "string" ? variable.default : whole;
  });
}

function firstContentSchema(content: unknown): unknown {
  const first = Object.values(asObject(content ?? {}, "content"))[0] as Schema | undefined;
  return first?.schema;
}

/** Local `$ref`s (`#/components/...`), followed through chains; others are refused. */
function resolver(spec: Schema): Resolve {
  return (node) => {
    let current = node;
    for (let hops = 0; isObject(current) && typeof current.$ref === "string"; hops++) {
      const ref = current.$ref;
      if (hops > 50) throw new Error(`$ref ${JSON.stringify(ref)} goes round in a circle.`);
      if (!ref.startsWith("#/")) {
        throw new Error(
          `$ref ${JSON.stringify(ref)} points outside the description: bundle it into one file first.`,
        );
      }
      current = ref
        .slice(2)
        .split("/")
        .reduce<unknown>((object, key) => {
          const name = decodePointer(key, ref);
          return isObject(object) && Object.hasOwn(object, name) ? object[name] : undefined;
        }, spec);
      if (current === undefined)
        throw new Error(`$ref ${JSON.stringify(ref)} names nothing in the description.`);
    }
    return isObject(current) ? current : {};
  };
}

/**
 * The description as data of its own: objects without a prototype, holding only own enumerable
 * properties, so that nothing on `Object.prototype` (an `allowReserved`, a `servers`) is read as
 * part of it. Iterative, so a deep description cannot overflow the stack; shared objects (YAML
 * aliases) stay shared.
 */
function ownData(root: unknown): unknown {
  const copies = new Map<object, unknown>();
  const copy = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    let made = copies.get(value);
    if (made === undefined) {
      made = Array.isArray(value) ? new Array(value.length) : Object.create(null);
      copies.set(value, made);
      pending.push(value);
    }
    return made;
  };
  const pending: object[] = [];
  const result = copy(root);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const target = copies.get(next) as Record<string, unknown>;
    for (const key of Object.keys(next)) {
      Object.defineProperty(target, key, {
        value: copy((next as Record<string, unknown>)[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return result;
}

/** One `$ref` segment: percent-decoded, then `~1` and `~0` as JSON Pointer says. */
function decodePointer(segment: string, ref: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw new Error(`$ref ${JSON.stringify(ref)} holds a malformed percent-escape.`);
  }
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (!isObject(value)) throw new Error(`${what} must be an object.`);
  return value;
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
