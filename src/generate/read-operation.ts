import { CONNECTION_HEADERS, CONTROL_HEADERS, FRAMING_HEADERS, sendsBody } from "../shared/http.js";
import { asList, asObject, isObject } from "./read-refs.js";
import { isMediaType, type Readers, readBody } from "./read-request-body.js";
import { readResponses } from "./read-responses.js";
import { readServers } from "./read-servers.js";
import { type OperationModel, type ParameterModel, ROUTE_OPTION_KEYS } from "./route-types.js";
import { type Schema, valueKind } from "./schema-type.js";

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

/** The generator's settings that change how an operation's route and query are written. */
export interface RouteOptions {
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
  /** The body types of each operation's responses, in the interface `Responses`. On unless `false`. */
  readonly responses?: boolean | undefined;
}

const PLACES = new Set(["path", "query", "header", "cookie"]);

const DEFAULT_STYLE: Readonly<Record<string, string>> = {
  path: "simple",
  query: "form",
  header: "simple",
  cookie: "form",
};

/**
 * Headers that frame the message or the connection, or that cookie parameters write: a value
 * there could split the request (`content-length`) or send it to another virtual host.
 */
export const REFUSED_HEADERS: ReadonlySet<string> = new Set([
  ...FRAMING_HEADERS,
  ...CONNECTION_HEADERS,
  ...CONTROL_HEADERS,
  "cookie",
]);

/** RFC 6570 variable names (with `-`, as routes allow), so a name can sit in the url template. */
const VARIABLE_NAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:[A-Za-z0-9_.-]|%[0-9A-Fa-f]{2})*$/;

/** A parameter name longer than this cannot be a real one, and would only cost memory. */
const MAX_NAME_LENGTH = 1_000;

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

export function readOperation(
  path: string,
  method: string,
  item: Schema,
  operation: Schema,
  { resolve, typeOf }: Readers,
  baseUrl: string,
  options: RouteOptions,
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
    // OpenAPI says header parameters named Accept, Content-Type and Authorization are ignored
    // (the media types and security schemes say them). They stay header parameters here: left
    // out, a value given for one would be a leftover, sent in the query or a JSON body (a
    // credential in a url).
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
        // an unexploded list needs no expression of its own (an object does: a leftover object
        // is refused), and a template naming every parameter costs every call. Not where a body
        // may be given (OPTIONS): a leftover beside `data` is refused.
        const leftover = !sendsBody(method) && star === "" && (kind === "primitive" || kind === "array");
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
    if (options.queryInRoute === true && sendsBody(method)) model.url += expression;
  }
  template += fragment;
  if (template !== model.url) model.template = template;
  readBody(model, operation, { resolve, typeOf }, taken, notes, where);
  const accept = responseAccept(operation, resolve);
  if (accept !== undefined) model.accept = accept;
  if (options.responses !== false) {
    const responses = readResponses(operation, resolve, typeOf, notes, where);
    if (responses !== undefined) model.responses = responses;
  }
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

function firstContentSchema(content: unknown): unknown {
  const first = Object.values(asObject(content ?? {}, "content"))[0] as Schema | undefined;
  return first?.schema;
}
