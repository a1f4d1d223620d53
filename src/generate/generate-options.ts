import type { RouteTypeSettings } from "./route-type-settings.js";

/** Settings of `generateOperations`; every one may be left out. */
export interface GenerateOptions extends RouteTypeSettings {
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

/** The settings `generateOperations` reads, in the order it lists them. */
const SETTINGS = [
  "routesName",
  "importFrom",
  "queryInRoute",
  "queryName",
  "accept",
  "inlineSchemas",
  "responses",
] as const;

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

/** The settings read and checked, with the names the module is written with. */
export interface ReadSettings {
  readonly options: GenerateOptions;
  readonly routesName: string;
  readonly importFrom: string;
}

/**
 * The given settings, own ones only: a polluted Object.prototype.importFrom must not choose
 * what the module loads. A `routesName` that is no free TypeScript name, or an `importFrom`
 * that is no string, is refused.
 */
export function readGenerateOptions(given: GenerateOptions): ReadSettings {
  const options: GenerateOptions = Object.assign(
    Object.create(null),
    Object.fromEntries(
      SETTINGS.filter((name) => Object.hasOwn(given, name)).map((name) => [name, given[name]]),
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
  return { options, routesName, importFrom };
}
