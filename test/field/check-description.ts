// Calls every operation of one OpenAPI description through a builder made from the module that
// `rest-endpoint generate` wrote for it, with a value for every parameter and body field, and
// compares the request with what the description asks (expected-request.ts, which reads the
// description on its own). Used by the directory test and by `npm run field`.
import {
  headerValue,
  isNode,
  kindOf,
  METHODS,
  makeResolve,
  pathExpansion,
  pct,
  queryPieces,
  sampleValue,
  serverOf,
} from "./expected-request.js";

type Node = Record<string, unknown>;
type Builder = (
  route: string,
  options: Record<string, unknown>,
) => {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
};

export interface Outcome {
  readonly route: string;
  /** `undefined` when the request is exactly what the description asks; else the class. */
  readonly fault: string | undefined;
  readonly detail?: string;
}

const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/** Every operation of `spec` called through `builder`; `described` holds the table's routes. */
export function checkDescription(spec: Node, builder: Builder, described: ReadonlySet<string>): Outcome[] {
  const resolve = makeResolve(spec);
  const base = serverOf(spec.servers) ?? "";
  const outcomes: Outcome[] = [];
  const paths = isNode(spec.paths) ? spec.paths : {};
  for (const [path, itemNode] of Object.entries(paths)) {
    const item = resolve(itemNode);
    for (const method of ["trace"]) {
      // Operations the library does not send (it sends seven methods): never right.
      if (isNode(item[method]))
        outcomes.push({ route: `${method.toUpperCase()} ${path}`, fault: "method-not-sent" });
    }
    for (const method of METHODS) {
      if (!isNode(item[method])) continue;
      const operation = resolve(item[method]);
      const METHOD = method.toUpperCase();
      if (!path.startsWith("/") || path.startsWith("//")) {
        // Not a path: a request there would leave the description's servers. Left out is right.
        const route = `${METHOD} ${path}`;
        outcomes.push({ route, fault: described.has(route) ? "not-a-path-kept" : undefined });
        continue;
      }
      outcomes.push(checkOperation(path, METHOD, item, operation, base, resolve, builder, described));
    }
  }
  return outcomes;
}

function checkOperation(
  path: string,
  METHOD: string,
  item: Node,
  operation: Node,
  base: string,
  resolve: (node: unknown) => Node,
  builder: Builder,
  described: ReadonlySet<string>,
): Outcome {
  const own =
    operation.servers !== undefined || item.servers !== undefined
      ? serverOf(operation.servers ?? item.servers)
      : undefined;
  let prefix = "";
  if (own !== undefined && own !== base) {
    const origin = /^https?:\/\/[^/]+/i.exec(base)?.[0];
    prefix = /^https?:/i.test(own) ? own : origin === undefined ? "\u0000" : origin + own;
  }
  // The documented way to call a path key that a URL cannot hold as written: percent-encoded.
  const sentPath = encodeLiteral(path);
  const route = `${METHOD} ${prefix}${sentPath}`;
  if (prefix === "\u0000")
    return { route, fault: described.has(route) ? "relative-servers-kept" : undefined };
  if (!described.has(route)) return { route, fault: "left-out" };

  const parameters = new Map<string, Node>();
  for (const node of [...asList(item.parameters), ...asList(operation.parameters)]) {
    const p = resolve(node);
    if (typeof p.name === "string" && typeof p.in === "string") parameters.set(`${p.in} ${p.name}`, p);
  }
  const call: Record<string, unknown> = {};
  const names = new Set<string>();
  const hash = sentPath.indexOf("#");
  let expectedPath = hash === -1 ? sentPath : sentPath.slice(0, hash);
  const fragment = hash === -1 ? "" : sentPath.slice(hash);
  const query: string[] = [];
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  let seed = 0;
  for (const p of parameters.values()) {
    const name = p.name as string;
    const place = p.in as string;
    if (place === "header" && IGNORED_HEADERS.has(name.toLowerCase())) continue;
    // A parameter without a name cannot be given in a call.
    if (!["path", "query", "header", "cookie"].includes(place) || name === "") continue;
    if (names.has(name)) return { route, fault: "same-name-in-two-places" };
    names.add(name);
    seed++;
    const schema = p.content !== undefined ? { type: "string" } : resolve(p.schema);
    const style =
      typeof p.style === "string" ? p.style : place === "query" || place === "cookie" ? "form" : "simple";
    const explode = typeof p.explode === "boolean" ? p.explode : style === "form";
    const value = sampleValue(schema, resolve, seed, style === "deepObject");
    call[name] = value;
    if (place === "path") {
      // `/:name` with a declared parameter of that name: a placeholder, as servers that write
      // their paths so read it (the library's routes do too), in simple style.
      const colon = new RegExp(`/:${name.replace(/[^A-Za-z0-9_]/g, "\\$&")}(?![A-Za-z0-9_])`);
      if (
        !expectedPath.includes(`{${name}}`) &&
        /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) &&
        colon.test(expectedPath) &&
        style === "simple"
      ) {
        expectedPath = expectedPath.replace(colon, `/${pathExpansion(name, value, "simple", explode)}`);
        continue;
      }
      const token = `{${name}}`;
      if (!expectedPath.includes(token)) {
        // A path parameter the path does not name: a caller cannot send it; not given.
        delete call[name];
        continue;
      }
      expectedPath = expectedPath.split(token).join(pathExpansion(name, value, style, explode));
    } else if (place === "query") {
      // A path key that names a query parameter in its own query (`/search?q={q}`) writes it there.
      const token = `{${name}}`;
      if (expectedPath.includes("?") && expectedPath.slice(expectedPath.indexOf("?")).includes(token)) {
        expectedPath = expectedPath.split(token).join(pathExpansion(name, value, "simple", false));
        continue;
      }
      query.push(...queryPieces(name, value, style, explode, p.allowReserved === true));
    } else if (place === "header") {
      headers[name.toLowerCase()] = headerValue(value, explode);
    } else {
      // Cookie values are given as tokens, so their encoding is not in question.
      const token = kindOf(schema, resolve) === "primitive" ? `c${seed}` : [`c${seed}`, `d${seed}`];
      call[name] = token;
      cookies.push(...queryPieces(name, token, "form", explode, false));
    }
  }
  const body = expectedBody(METHOD, operation, resolve, call, names, seed);

  let actual: ReturnType<Builder>;
  try {
    actual = builder(route, call);
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).name;
    return { route, fault: `threw ${code}`, detail: (error as Error).message };
  }
  const [beforeHash = "", actualFragment = ""] = splitOnce(actual.url, "#");
  const [actualPath = "", actualQuery = ""] = splitOnce(beforeHash, "?");
  const pathQuery = splitOnce(expectedPath, "?");
  const wantPath = (prefix === "" ? base : "") + prefix + pathQuery[0];
  if (actualPath !== wantPath) return { route, fault: "path", detail: `${actualPath} != ${wantPath}` };
  if (`#${actualFragment}` !== (fragment || "#")) return { route, fault: "fragment" };
  const wantQuery = [...(pathQuery[1] === "" ? [] : (pathQuery[1] as string).split("&")), ...query].sort();
  const gotQuery = actualQuery === "" ? [] : actualQuery.split("&").sort();
  if (wantQuery.join("&") !== gotQuery.join("&")) {
    return { route, fault: "query", detail: `${gotQuery.join("&")} != ${wantQuery.join("&")}` };
  }
  for (const [name, value] of Object.entries(headers)) {
    if (actual.headers[name] !== value)
      return { route, fault: "header", detail: `${name}: ${actual.headers[name]} != ${value}` };
  }
  // A header parameter named Cookie is the whole header, checked above.
  const gotCookies = Object.hasOwn(headers, "cookie")
    ? []
    : (actual.headers.cookie ?? "").split("; ").filter((c) => c !== "");
  if ([...gotCookies].sort().join(";") !== [...cookies].sort().join(";")) {
    return { route, fault: "cookie", detail: `${gotCookies.join("; ")} != ${cookies.join("; ")}` };
  }
  const acceptFault = checkAccept(operation, resolve, actual.headers.accept);
  if (acceptFault !== undefined) return { route, fault: "accept", detail: acceptFault };
  if (actual.method !== METHOD.toLowerCase()) return { route, fault: "method" };
  const bodyFault =
    compareBody(body, actual) ?? emptyBodyFault(body, resolve(operation.requestBody), route, call, builder);
  if (bodyFault === undefined) return { route, fault: undefined };
  const shown = (v: unknown) => (v instanceof FormData ? "FormData" : JSON.stringify(v)?.slice(0, 150));
  return {
    route,
    fault: bodyFault,
    detail: `${actual.headers["content-type"]} ${shown(actual.body)} != ${body.type} ${shown(body.value ?? body.pieces ?? body.parts)}`,
  };
}

/**
 * The same call without its body fields (or data): a body the description requires goes out
 * empty, of its kind (a JSON object `{}`, an empty form or multipart body), and one sent whole
 * is refused for want of data; a body it does not require is not sent. A required JSON body of
 * another shape (a list) is left to its type, which asks for data: nothing is sent.
 */
function emptyBodyFault(
  body: ExpectedBody,
  requestBody: Node,
  route: string,
  call: Record<string, unknown>,
  builder: Builder,
): string | undefined {
  if (body.kind === "none") return undefined;
  const bare = { ...call };
  for (const name of body.given ?? []) delete bare[name];
  const required = requestBody.required === true;
  let actual: ReturnType<Builder>;
  try {
    actual = builder(route, bare);
  } catch (error) {
    const code = (error as { code?: string }).code;
    return required && body.kind === "raw" && code === "missing_parameter" ? undefined : "empty-body-threw";
  }
  const sent = actual.body;
  const none = sent === undefined || sent === "";
  if (!required || body.whole === true) return none ? undefined : "empty-body-unexpected";
  if (body.kind === "json") return canonical(sent) === "{}" ? undefined : "empty-body-json";
  if (body.kind === "form")
    return sent instanceof URLSearchParams && [...sent.keys()].length === 0 ? undefined : "empty-body-form";
  if (body.kind === "multipart")
    return sent instanceof FormData && [...sent.keys()].length === 0 ? undefined : "empty-body-multipart";
  return "empty-body-raw-sent";
}

interface ExpectedBody {
  readonly kind: "none" | "json" | "form" | "multipart" | "raw";
  /** The names given for the body in the call (`data` when it goes whole). */
  readonly given?: readonly string[];
  /** A JSON body of another shape than an object of fields, given whole as data. */
  readonly whole?: boolean;
  readonly type?: string | undefined;
  readonly value?: unknown;
  readonly pieces?: string[];
  readonly parts?: [string, unknown][];
}

/** The body the description asks for, its fields given in `call`; "skip" when no call can. */
function expectedBody(
  METHOD: string,
  operation: Node,
  resolve: (node: unknown) => Node,
  call: Record<string, unknown>,
  names: Set<string>,
  seed: number,
): ExpectedBody {
  if (METHOD === "GET" || METHOD === "HEAD" || operation.requestBody === undefined) return { kind: "none" };
  const requestBody = resolve(operation.requestBody);
  const content = isNode(requestBody.content) ? Object.entries(requestBody.content) : [];
  const concrete = content.filter(([type]) => /^[\w.+-]+\/[\w.+-]+\s*(?:;.*)?$/.test(type));
  if (concrete.length === 0) return { kind: "none" };
  const rank = (type: string) => {
    const t = type.split(";")[0]?.trim().toLowerCase() ?? "";
    if (t === "application/json") return 0;
    if (t.endsWith("+json")) return 1;
    if (t === "application/x-www-form-urlencoded") return 2;
    if (t.startsWith("multipart/")) return 3;
    return 4;
  };
  const [type, mediaNode] = concrete.reduce((best, entry) => (rank(entry[0]) < rank(best[0]) ? entry : best));
  const media = resolve(mediaNode);
  const schema = resolve(media.schema);
  const r = rank(type);
  const kind = r <= 1 ? "json" : r === 2 ? "form" : r === 3 ? "multipart" : "raw";
  const properties = objectProperties(schema, resolve);
  // Labelled as written, but for JSON's own type, which the library labels with its charset.
  const label = /^application\/json\s*$/i.test(type) ? undefined : type;
  if (kind === "raw" || properties.length === 0 || (schema.type !== undefined && schema.type !== "object")) {
    const data =
      kind === "json"
        ? { whole: `body ${seed}` }
        : kind === "form"
          ? "a=1"
          : kind === "multipart"
            ? undefined
            : `raw body ${seed}`;
    // An object schema of no fields is still an object body: required, it goes out empty.
    const objectBody = schema.type === "object" || isNode(schema.properties);
    if (data === undefined) {
      return objectBody && requestBody.required === true
        ? { kind: "multipart", parts: [], given: [] }
        : { kind: "none" };
    }
    call.data = data;
    return {
      kind: kind === "json" ? "json" : "raw",
      type: label,
      value: data,
      given: ["data"],
      whole: kind !== "raw" && !objectBody,
    };
  }
  const encoding = isNode(media.encoding) ? media.encoding : {};
  const fields: [string, unknown][] = [];
  // A field named like a parameter cannot sit beside it in one call, and an OPTIONS request sends
  // its parameters in the query: the body goes whole as data.
  const whole = METHOD === "OPTIONS" || properties.some(([name]) => names.has(name));
  for (const [name, node] of properties) {
    if (name === "__proto__") continue;
    const field = resolve(node);
    seed++;
    const isFile = field.format === "binary" || field.contentMediaType !== undefined;
    const e = isNode(encoding[name]) ? resolve(encoding[name]) : {};
    const nested =
      kind === "json" || (kind === "form" && e.style === "deepObject") || jsonEncoded(e, kind) !== undefined;
    const value =
      kind === "multipart" && isFile
        ? new Blob([`file ${seed}`], { type: "application/octet-stream" })
        : sampleValue(field, resolve, seed, nested);
    fields.push([name, value]);
  }
  if (whole) call.data = Object.fromEntries(fields);
  else for (const [name, value] of fields) call[name] = value;
  const given = whole ? ["data"] : fields.map(([name]) => name);
  if (kind === "json") return { kind, type: label, value: Object.fromEntries(fields), given };
  const encodingOf = (name: string) => (isNode(encoding[name]) ? resolve(encoding[name]) : {});
  if (kind === "form") {
    const pieces = fields.flatMap(([name, value]) => {
      const e = encodingOf(name);
      // One JSON value, percent-encoded (OpenAPI's Encoding Object: contentType).
      // A string is JSON text written by the caller, sent as it is.
      const json = typeof value === "string" ? value : JSON.stringify(value);
      if (jsonEncoded(e, kind) !== undefined) return [`${pct(name)}=${pct(json)}`];
      const style = typeof e.style === "string" ? e.style : "form";
      const explode = typeof e.explode === "boolean" ? e.explode : style === "form";
      return queryPieces(name, value, style, explode, e.allowReserved === true);
    });
    return { kind, type, pieces, given };
  }
  const parts = fields.map(([name, value]): [string, unknown] => {
    const type = jsonEncoded(encodingOf(name), kind);
    return type === undefined || value instanceof Blob ? [name, value] : [name, new JsonPart(type, value)];
  });
  return { kind, parts, given };
}

/** A multipart field sent as one JSON part of `type`, whatever the value's nesting. */
class JsonPart {
  constructor(
    readonly type: string,
    readonly value: unknown,
  ) {}
}

/**
 * The JSON type an Encoding Object names for a field (the first of its `contentType`), when it
 * decides: in a form only without an explicit style, explode or allowReserved (OpenAPI 3.1.1).
 */
function jsonEncoded(e: Node, kind: string): string | undefined {
  if (kind === "form" && (e.style !== undefined || e.explode !== undefined || e.allowReserved !== undefined))
    return undefined;
  const first = typeof e.contentType === "string" ? (e.contentType.split(",")[0]?.trim() ?? "") : "";
  const essence = first.split(";")[0]?.trim().toLowerCase() ?? "";
  // A type with a space is no label the generator writes for a part: the defaults then.
  if (first.includes(" ") || !/^[\w.+-]+\/[\w.+-]+$/.test(essence)) return undefined;
  return essence === "application/json" || essence.endsWith("+json") ? first : undefined;
}

function compareBody(body: ExpectedBody, actual: ReturnType<Builder>): string | undefined {
  const contentType = actual.headers["content-type"];
  if (body.kind === "none")
    return actual.body === undefined || actual.body === "" ? undefined : "body-unexpected";
  if (body.kind === "json") {
    // Key order means nothing in JSON (option-named fields come last): compared sorted.
    if (canonical(actual.body) !== canonical(body.value)) return "body-json";
    const want = body.type ?? "application/json; charset=utf-8";
    return contentType === want ? undefined : "content-type";
  }
  if (body.kind === "raw") {
    if (actual.body !== body.value) return "body-raw";
    return contentType === body.type ? undefined : "content-type";
  }
  if (body.kind === "form") {
    if (typeof actual.body !== "string") return "body-form";
    const got = actual.body === "" ? [] : actual.body.split("&").sort();
    if (got.join("&") !== [...(body.pieces ?? [])].sort().join("&")) return "body-form";
    return contentType === body.type ? undefined : "content-type";
  }
  if (!(actual.body instanceof FormData)) return "body-multipart";
  if (contentType !== undefined) return "content-type";
  const form = actual.body;
  for (const [name, value] of body.parts ?? []) {
    const got = form.getAll(name);
    if (value instanceof JsonPart) {
      const [g] = got;
      const text = typeof value.value === "string" ? value.value : JSON.stringify(value.value);
      if (got.length !== 1 || !(g instanceof Blob) || g.type !== value.type.toLowerCase())
        return "body-multipart";
      if (g.size !== new Blob([text]).size) return "body-multipart";
      continue;
    }
    const want = Array.isArray(value) ? value : [value];
    if (got.length !== want.length) return "body-multipart";
    for (let i = 0; i < want.length; i++) {
      const w = want[i];
      const g = got[i];
      if (w instanceof Blob) {
        if (!(g instanceof Blob) || g.size !== w.size) return "body-multipart";
      } else if (isNode(w)) {
        if (!(g instanceof Blob) || g.type !== "application/json") return "body-multipart";
      } else if (g !== String(w)) return "body-multipart";
    }
  }
  return undefined;
}

/**
 * The accept fits the responses: every type it names is one the success responses (or the
 * default one, without a success) describe, and it names one when they do; `*\/*` or none
 * when they describe no content.
 */
function checkAccept(
  operation: Node,
  resolve: (node: unknown) => Node,
  accept: string | undefined,
): string | undefined {
  const responses = isNode(operation.responses) ? operation.responses : {};
  const codes = Object.keys(responses);
  const success = codes.filter((code) => /^2(?:\d\d|XX)$/i.test(code));
  const described = new Set<string>();
  for (const code of success.length > 0 ? success : codes.filter((c) => c === "default")) {
    const response = resolve(responses[code]);
    for (const type of Object.keys(isNode(response.content) ? response.content : {})) {
      // As written, media type parameters too (`application/json; version=2`).
      described.add(type.trim());
    }
  }
  if (accept === "*/*") return undefined;
  const named = accept === undefined ? [] : accept.split(",").map((t) => t.trim());
  if (described.size === 0)
    return named.length === 0 || accept === "*/*" ? undefined : `${accept} for no content`;
  if (named.length === 0) return `none for ${[...described].join(", ")}`;
  const stray = named.find((type) => !described.has(type));
  return stray === undefined ? undefined : `${accept} names ${stray}`;
}

/** Literal text of a path key that a URL cannot hold, percent-encoded (outside expressions). */
function encodeLiteral(path: string): string {
  let out = "";
  let depth = 0;
  for (const c of path) {
    if (c === "{") depth++;
    if (depth > 0 || c === "}" || /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/.test(c)) out += c;
    else out += pct(c);
    if (c === "}" && depth > 0) depth--;
  }
  return out.replace(/%(?![0-9A-Fa-f]{2})/g, "%25");
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    isNode(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

function splitOnce(text: string, on: string): [string, string] {
  const at = text.indexOf(on);
  return at === -1 ? [text, ""] : [text.slice(0, at), text.slice(at + 1)];
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * An object schema's properties, with those of its `allOf` parts (JSON Schema: the value meets
 * every part, so an object of all their fields), the first of a name kept; none when a part is
 * not an object (a list, a union), so that the body is given whole.
 */
function objectProperties(schema: Node, resolve: (node: unknown) => Node): [string, unknown][] {
  const found = new Map<string, unknown>();
  const visit = (part: Node, depth: number): boolean => {
    if (depth > 20) return false;
    if (depth > 0 && ((part.type !== undefined && part.type !== "object") || part.oneOf || part.anyOf))
      return false;
    for (const [name, node] of isNode(part.properties) ? Object.entries(part.properties) : []) {
      if (!found.has(name)) found.set(name, node);
    }
    const parts = Array.isArray(part.allOf) ? part.allOf : [];
    return parts.every((node) => visit(resolve(node), depth + 1));
  };
  return visit(schema, 0) ? [...found] : [];
}
