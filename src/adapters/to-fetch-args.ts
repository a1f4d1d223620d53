import { EndpointError, isInstance, withCause } from "../endpoint-error.js";
import { checkJsonLeaf } from "../options/check-json-body.js";
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, notJson, undefinedItem } from "../options/check-json-data.js";
import { checkHeaderValue } from "../options/headers.js";
import { type RawBodyKind, rawBodyKind, WEB_BODIES, webClass } from "../options/raw-body-kind.js";
import { describe } from "../shared/describe-value.js";
import {
  isArray,
  isPlainObject,
  MAX_PROTOTYPE_CHAIN,
  nullRecord,
  setOwn,
  snapshot,
} from "../shared/object.js";
import { quote } from "../shared/quote.js";
import type { RequestOptions } from "../types/request.js";
import { bodyBytes } from "./body-bytes.js";

/** The `init` argument of the WHATWG `fetch` for request options. */
export interface FetchInit extends Omit<RequestInit, "method" | "headers" | "body"> {
  method: string;
  headers: Record<string, string>;
  /** `"half"` for a stream body, as fetch requires. */
  duplex?: "half";
  /** Node's own `fetch` (undici) takes a dispatcher (an agent or a proxy). */
  dispatcher?: unknown;
  /** `null` when the request has none. */
  body?:
    | null
    | string
    | ArrayBuffer
    | ArrayBufferView<ArrayBuffer>
    | Blob
    | FormData
    | URLSearchParams
    | ReadableStream;
}

/** How `toFetchArgs` writes the arguments. */
export interface FetchSettings {
  /**
   * Keep `user-agent` in a browser. Browsers send their own and Chrome refuses to set it, with
   * a warning on every request, so it is left out there unless this is true.
   */
  keepUserAgent?: boolean;
}

/**
 * The fields of `request` that are `fetch` init fields: `toFetchArgs` forwards them as given.
 * Other client settings in `request` (a custom `fetch`, a timeout) are not fetch's to read.
 */
export const FETCH_INIT_FIELDS: readonly string[] = /* @__PURE__ */ Object.freeze([
  "signal",
  "cache",
  "credentials",
  "integrity",
  "keepalive",
  "mode",
  "priority",
  "redirect",
  "referrer",
  "referrerPolicy",
  "window",
  "dispatcher",
]);

/**
 * Each field of the WHATWG `fetch` init with the value fetch gives it when it is left out, as
 * `toFetchArgs` writes them (see there). Node's `dispatcher` has no such value and is left out,
 * and so is `cache` where the runtime's `Request` refuses the field (Cloudflare Workers).
 */
export const FETCH_DEFAULTS: Readonly<Record<string, unknown>> = /* @__PURE__ */ Object.freeze({
  body: null,
  cache: "default",
  credentials: "same-origin",
  duplex: "half",
  integrity: "",
  keepalive: false,
  mode: "cors",
  priority: "auto",
  redirect: "follow",
  referrer: "about:client",
  referrerPolicy: "",
  signal: null,
  window: null,
});

/**
 * Request options as the arguments of the WHATWG `fetch`: the method uppercase, a copy of the
 * headers, and the body serialized (strings, bytes, blobs, forms and streams as they are, a
 * stream with `duplex: "half"`; anything else as JSON). GET and HEAD never carry a body. The
 * fetch init fields of `request` (`FETCH_INIT_FIELDS`: `signal`, `redirect`, ...) are
 * forwarded, and `init` (yours) wins over everything. In a browser `user-agent` is left out
 * (see `FetchSettings`). The options are checked first, as they may have been built or changed
 * by hand (see `readRequestOptions`).
 *
 * @example
 * ```ts
 * const [url, init] = toFetchArgs(endpoint("POST /markdown", { text: "**hi**" }));
 * url; // "https://api.github.com/markdown"
 * init.method; // "POST"
 * init.headers["content-type"]; // "application/json; charset=utf-8"
 * init.body; // '{"text":"**hi**"}'
 * const controller = new AbortController();
 * const [, withSignal] = toFetchArgs(endpoint("GET /user", { request: { signal: controller.signal } }), { redirect: "manual" });
 * withSignal.signal === controller.signal; // true
 * withSignal.redirect; // "manual"
 * const response = await fetch(url, init);
 * ```
 */
export function toFetchArgs(
  options: RequestOptions,
  init?: Partial<FetchInit>,
  settings?: FetchSettings,
): [url: string, init: FetchInit] {
  const request = readRequestOptions(options, "toFetchArgs");
  // No prototype: fetch reads every init field it knows (redirect, dispatcher, window, ...)
  // through the prototype chain, so fields on a polluted Object.prototype would join this one.
  const own = nullRecord();
  const built = own as unknown as FetchInit;
  setOwn(own, "method", request.method);
  // fetch looks the headers' Symbol.iterator up too: a polluted one would replace them all.
  setOwn(own, "headers", Object.assign(nullRecord(), request.headers));
  // Every field fetch knows, at the value it takes when the field is left out: Node's fetch
  // copies the init into an object of its own and looks a missing field up on that copy's
  // prototype, so data on Object.prototype (a referrer, a redirect mode, a body) would join.
  // Cloudflare Workers refuse any `cache` (even "default"), and read only the init's own fields.
  for (const field of Object.keys(FETCH_DEFAULTS)) {
    if (field !== "cache" || fetchTakesCache()) setOwn(own, field, FETCH_DEFAULTS[field]);
  }
  if (request.hasBody) {
    const { body, kind } = writingBody(() => serializeKind(request.body));
    let sent: unknown = body;
    if (kind === "params") {
      // As text, the way every adapter writes it: fetch would call the object's own toString.
      sent = URLSearchParams.prototype.toString.call(body);
      if (!request.names.has("content-type")) setOwn(built.headers, "content-type", FORM_CONTENT_TYPE);
    } else if (typeof body === "string" && !request.names.has("content-type")) {
      // fetch labels a string body `text/plain` when no content-type is set (as for the empty
      // body of PUT and PATCH); as bytes it goes out with no content-type, as described.
      sent = new TextEncoder().encode(body);
    }
    setOwn(own, "body", sent);
  }
  const client = request.client;
  for (let i = 0; i < FETCH_INIT_FIELDS.length; i++) {
    const field = FETCH_INIT_FIELDS[i] as string;
    if (client !== undefined && client[field] !== undefined) setOwn(own, field, client[field]);
  }
  const keepUserAgent =
    settings === undefined
      ? false
      : readObject(settings, __DEV__ ? "the settings given to toFetchArgs" : "").keepUserAgent === true;
  if (inBrowser() && !keepUserAgent) {
    for (const name of Object.keys(built.headers))
      if (name.toLowerCase() === "user-agent") delete built.headers[name];
  }
  if (init === undefined) return [request.url, built];
  const given = readObject(init, __DEV__ ? "the init given to toFetchArgs" : "");
  for (const field of Object.keys(given)) setOwn(own, field, given[field]);
  return [request.url, built];
}

let cacheTaken: boolean | undefined;

/** Whether this runtime's fetch takes a `cache` field: asked once, of its `Request`. */
function fetchTakesCache(): boolean {
  if (cacheTaken === undefined) {
    try {
      new Request("http://localhost/", { cache: "default" });
      cacheTaken = true;
    } catch {
      cacheTaken = false;
    }
  }
  return cacheTaken;
}

/**
 * The own enumerable properties of an object a caller passes beside request options, each read
 * once; anything but an object is `invalid_options`. `what` names it (`""` in production).
 */
export function readObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null) {
    throw new EndpointError(
      "invalid_options",
      __DEV__ ? `${what} must be an object, got ${describe(value)}.` : "",
    );
  }
  return snapshot(value, what);
}

/** A browser (or a browser's worker): its navigator says Mozilla, as Deno, Bun and Node do not. */
function inBrowser(): boolean {
  return typeof navigator !== "undefined" && String(navigator.userAgent).startsWith("Mozilla/");
}

/**
 * The content-type fetch gives a body that has none among `names`: a form of URLSearchParams
 * is labelled so. The other adapters write the same, so every client sends the same request.
 */
export function impliedContentType(body: unknown, names: ReadonlySet<string>): string | undefined {
  if (names.has("content-type")) return undefined;
  return rawBodyKind(body) === "params" ? FORM_CONTENT_TYPE : undefined;
}

/** The content-type fetch gives a body of search parameters. */
const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded;charset=UTF-8";

/** Request options as an adapter reads them: checked, own properties only, each read once. */
export interface AdapterInput {
  /** Uppercase, one of the six supported methods. */
  method: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  /** The request target of the url: its path and query, as a URL parser reads them. */
  target: string;
  /** The url's host (with a port when it has one); `undefined` for a relative url. */
  host: string | undefined;
  /** A fresh copy, names as given: each a token, each value a string that can be sent. */
  headers: Record<string, string>;
  /** The header names in lowercase, for lookups that must ignore case. */
  names: ReadonlySet<string>;
  /** True when a body is given and the method sends one (GET and HEAD never do). */
  hasBody: boolean;
  body: unknown;
  /** `request` read once, own properties only; `undefined` when not a plain object. */
  client: Readonly<Record<string, unknown>> | undefined;
}

const METHODS: ReadonlyMap<string, AdapterInput["method"]> = /* @__PURE__ */ new Map(
  (["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const).map((m) => [m.toLowerCase(), m]),
);

// Single character classes anchored at both ends: a linear scan, nothing to backtrack over.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const ASCII_LETTERS = /^[A-Za-z]+$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Checks request options that may have been built or changed by hand, as an adapter must
 * before it writes them into a command or a message: a plain object whose `method` is one of
 * the six (either case), whose `url` is an http(s) URL or a path that every client reads the
 * same way, and whose `headers` are tokens with sendable string values. Own properties only,
 * each read once, so neither a polluted prototype nor a getter can change what was checked.
 */
export function readRequestOptions(options: unknown, adapter: string): AdapterInput {
  if (!isPlainObject(options)) {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `${adapter} takes request options (an object such as endpoint() returns), got ${describe(options)}.`
        : "",
    );
  }
  const read = snapshot(options, __DEV__ ? "the request options" : "");
  const method = readMethod(read.method, adapter);
  const url = read.url;
  const { target, host } = readUrl(url, adapter);
  const { headers, names } = readHeaders(read.headers, adapter);
  const body = read.body;
  const hasBody = body !== undefined && method !== "GET" && method !== "HEAD";
  const client = isPlainObject(read.request) ? snapshot(read.request, __DEV__ ? "request" : "") : undefined;
  return { method, url: url as string, target, host, headers, names, hasBody, body, client };
}

function readMethod(method: unknown, adapter: string): AdapterInput["method"] {
  // Letters only before lowercasing: toLowerCase maps a Kelvin sign to "k".
  const known =
    typeof method === "string" && ASCII_LETTERS.test(method) ? METHODS.get(method.toLowerCase()) : undefined;
  if (known !== undefined) return known;
  throw new EndpointError(
    "unsupported_method",
    __DEV__
      ? `Unsupported method ${typeof method === "string" ? quote(method) : describe(method)} in the request options given to ${adapter}: use one of GET, HEAD, POST, PUT, PATCH, DELETE.`
      : "method",
  );
}

function readUrl(url: unknown, adapter: string): { target: string; host: string | undefined } {
  if (typeof url !== "string") {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `url must be a string such as "https://api.github.com/user" or "/user" in the request options given to ${adapter}, got ${describe(url)}.`
        : "url",
    );
  }
  // `problem` is given as `__DEV__ ? "..." : ""`.
  const invalid = (problem: string): EndpointError =>
    new EndpointError(
      "invalid_options",
      __DEV__
        ? `Invalid url ${quote(url)} in the request options given to ${adapter}: it ${problem}.`
        : "url",
    );
  if (url === "") {
    throw invalid(
      __DEV__
        ? 'is empty; give an absolute URL such as "https://api.github.com/user" or a path such as "/user"'
        : "",
    );
  }
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code > 0x20 && code < 0x7f && code !== 0x5c) continue;
    // A URL parser drops tabs and line breaks, trims spaces and reads "\" as "/", while curl and
    // a raw message send them as written: the clients would disagree on where the request goes.
    throw invalid(
      __DEV__
        ? `holds ${code === 0x5c ? '"\\"' : `U+${code.toString(16).toUpperCase().padStart(4, "0")}`} at index ${i}; white space, control characters, "\\" and non-ASCII characters are not allowed: percent-encode them, and write an international host name in its xn-- form`
        : "",
    );
  }

  let parsed: URL;
  let pathStart: number;
  if (url.startsWith("/")) {
    if (url.startsWith("//")) {
      throw invalid(
        __DEV__
          ? 'starts with "//", which names a host rather than a path; give a path with one leading "/"'
          : "",
      );
    }
    parsed = parseUrl(url, "http://relative.invalid", invalid);
    pathStart = 0;
  } else {
    const scheme = SCHEME.exec(url)?.[0].toLowerCase();
    if (scheme === undefined) {
      throw invalid(
        __DEV__
          ? 'is neither an absolute URL such as "https://api.github.com/user" nor a path that starts with "/"'
          : "",
      );
    }
    if (scheme !== "http:" && scheme !== "https:") {
      throw invalid(__DEV__ ? `has the scheme "${scheme}", but an HTTP request needs http: or https:` : "");
    }
    // "http:/x" and "http:///x" name the host x to a URL parser, and something else to curl.
    if (!url.startsWith("//", scheme.length)) {
      throw invalid(__DEV__ ? `must name its host right after "${scheme}//"` : "");
    }
    pathStart = endOfPart(url, scheme.length + 2, "/?#");
    if (pathStart === scheme.length + 2) throw invalid(__DEV__ ? "has no host" : "");
    parsed = parseUrl(url, undefined, invalid);
    // curl sends credentials as basic auth, fetch refuses them, a raw message drops them.
    if (url.slice(scheme.length + 2, pathStart).includes("@")) {
      throw invalid(
        __DEV__ ? "holds credentials (user:password@); send them in an authorization header" : "",
      );
    }
    if (url.startsWith("//", pathStart)) {
      throw invalid(__DEV__ ? 'has a path that starts with "//", which names a host rather than a path' : "");
    }
  }
  const path = url.slice(pathStart, endOfPart(url, pathStart, "?#")) || "/";
  if (parsed.pathname !== path) {
    throw invalid(
      __DEV__
        ? `has the path ${quote(path)}, which a URL parser reads as ${quote(parsed.pathname)} (it resolves "." and ".." segments and percent-encodes some characters), so clients would send different paths; remove the dot segments and percent-encode such characters`
        : "",
    );
  }
  // The query as written (visible ASCII, checked above), as curl sends it: a URL parser would
  // percent-encode some characters, or drop a lone "?".
  const query = url.slice(endOfPart(url, pathStart, "?#"), endOfPart(url, pathStart, "#"));
  return { target: parsed.pathname + query, host: pathStart === 0 ? undefined : parsed.host };
}

function parseUrl(url: string, base: string | undefined, invalid: (problem: string) => EndpointError): URL {
  try {
    return new URL(url, base);
  } catch {
    throw invalid(__DEV__ ? "does not parse as a URL (check the host and the port)" : "");
  }
}

/** The index of the first of `stops` at or after `from`, or the length. */
function endOfPart(text: string, from: number, stops: string): number {
  for (let i = from; i < text.length; i++) if (stops.includes(text[i] as string)) return i;
  return text.length;
}

function readHeaders(
  input: unknown,
  adapter: string,
): { headers: Record<string, string>; names: Set<string> } {
  if (!isPlainObject(input)) {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `headers must be a plain object of strings, such as { accept: "application/json" }, in the request options given to ${adapter}; got ${describe(input)}.`
        : "headers",
    );
  }
  const read = snapshot(input, __DEV__ ? "headers" : "");
  const headers: Record<string, string> = {};
  const names = new Map<string, string>();
  for (const name of Object.keys(read)) {
    // Checked as written, before any lowercasing: a Kelvin sign lowercases to a "k".
    if (!TOKEN.test(name)) {
      throw new EndpointError(
        "invalid_header",
        __DEV__
          ? `Invalid header name ${quote(name)} in the request options given to ${adapter}: a name is a token of letters, digits and !#$%&'*+-.^_\`|~ only.`
          : name,
      );
    }
    const value = read[name];
    if (typeof value !== "string") {
      throw new EndpointError(
        "invalid_header",
        __DEV__
          ? `Header ${quote(name)} has the value ${describe(value)} in the request options given to ${adapter}: a header value must be a string here, as endpoint() returns.`
          : name,
      );
    }
    checkHeaderValue(name, value);
    const lower = name.toLowerCase();
    const first = names.get(lower);
    if (first !== undefined) {
      throw new EndpointError(
        "invalid_header",
        __DEV__
          ? `Headers ${quote(first)} and ${quote(name)} in the request options given to ${adapter} differ only in case, so clients would send two of them or join them; keep one.`
          : name,
      );
    }
    names.set(lower, name);
    setOwn(headers, name, value);
  }
  return { headers, names: new Set(names.keys()) };
}

/**
 * Values JSON may write for one body. A body that shares a subtree is written once per path to
 * it, so sharing can make the text exponential in the body's size: past this, it is refused.
 */

// JSON.stringify calls a toJSON it finds on a value's prototype: one that other code put on a
// built-in prototype would rewrite every body. The built-ins' own toJSON methods (Date's,
// URL's, ...) are recorded when this module loads, before other code can replace them.
const isNative = (value: unknown): boolean =>
  typeof value === "function" && /\[native code\]\s*\}$/.test(Function.prototype.toString.call(value));
const ownToJson = (prototype: object): unknown => Object.getOwnPropertyDescriptor(prototype, "toJSON")?.value;

/** Web classes, which some runtimes write in JavaScript (not native) and define lazily. */
const WEB_CLASSES = [
  "Headers",
  "Request",
  "Response",
  "FormData",
  "Blob",
  "File",
  "URL",
  "URLSearchParams",
  "AbortController",
  "AbortSignal",
  "TextEncoder",
  "TextDecoder",
  "ReadableStream",
  "WritableStream",
  "TransformStream",
  "Event",
  "EventTarget",
  "DOMException",
  "WebSocket",
  "MessageChannel",
  "MessagePort",
  "BroadcastChannel",
  "Performance",
];

/**
 * Each built-in prototype, with the toJSON it had (or `undefined`), recorded when this module
 * loads. Marked pure, so a bundle that uses no adapter drops it, and does not run it.
 */
const BUILT_INS: Map<object, unknown> = /* @__PURE__ */ recordBuiltIns();

function recordBuiltIns(): Map<object, unknown> {
  const found = new Map<object, unknown>();
  // The runtime's own classes among the globals that are plain values (reading them runs no
  // code), in Intl, and the iterator and generator prototypes. A class of the caller's is no
  // native function, so its own toJSON stays its own.
  for (const holder of [globalThis, typeof Intl === "object" ? Intl : {}]) {
    for (const name of Object.getOwnPropertyNames(holder)) {
      const value: unknown = Object.getOwnPropertyDescriptor(holder, name)?.value;
      if (isNative(value)) record(found, (value as { prototype?: unknown }).prototype);
    }
  }
  const arrayIterator = Object.getPrototypeOf([][Symbol.iterator]()) as object;
  const generator = Object.getPrototypeOf(function* () {}) as { prototype: object };
  for (const prototype of [
    arrayIterator,
    Object.getPrototypeOf(arrayIterator),
    Object.getPrototypeOf(new Map().entries()),
    Object.getPrototypeOf(new Set().values()),
    Object.getPrototypeOf(""[Symbol.iterator]()),
    generator,
    generator.prototype,
    Object.getPrototypeOf(Uint8Array.prototype),
  ]) {
    record(found, prototype);
  }
  recordWebClasses(found);
  return found;
}

function record(into: Map<object, unknown>, prototype: unknown): void {
  // Function.prototype is itself a function.
  if (
    (typeof prototype === "object" || typeof prototype === "function") &&
    prototype !== null &&
    !into.has(prototype)
  ) {
    into.set(prototype, ownToJson(prototype));
  }
}

/**
 * Records the web classes not seen yet that are plain values now (a polyfill may have put
 * another class there since). One behind a getter is not read: that would load it (Node's
 * fetch, 15 ms), and until it is loaded no body holds one of its objects.
 */
function recordWebClasses(into: Map<object, unknown>): void {
  for (const name of WEB_CLASSES) {
    const type = Object.getOwnPropertyDescriptor(globalThis, name)?.value;
    if (typeof type === "function") record(into, (type as { prototype?: unknown }).prototype);
  }
}

function builtInToJson(): boolean {
  recordWebClasses(BUILT_INS);
  for (const [prototype, original] of BUILT_INS) {
    // One lookup for most: only the few with a toJSON of their own are read.
    if (Object.hasOwn(prototype, "toJSON") ? ownToJson(prototype) !== original : original !== undefined) {
      return true;
    }
  }
  return false;
}

/**
 * A body as bytes or text that a client sends unchanged; everything else becomes JSON text.
 * JSON must say what the caller meant: NaN and infinities (which `JSON.stringify` writes as
 * `null`), functions and symbols (which it drops), holes, cycles and nesting too deep to write
 * are `invalid_parameter`, naming where they are. BigInts are written as decimal strings.
 */
export function serializeBody(body: unknown): NonNullable<FetchInit["body"]> {
  return writingBody(() => serializeKind(body)).body;
}

/**
 * An `EndpointError` as this library makes them, with its own `code`: one that only borrows
 * the prototype (thrown by a caller's `toJSON`) has no code, and is reported as a cause.
 */
function isEndpointError(error: unknown): error is EndpointError {
  return isInstance(error, EndpointError) && Object.hasOwn(error as object, "code");
}

/**
 * Runs `write` over a body: whatever it throws that is not an `EndpointError` (a revoked
 * Proxy, a detached buffer, a string too long for the engine) becomes `invalid_parameter`
 * with the thrown value as its `cause`.
 */
export function writingBody<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (isEndpointError(error)) throw error;
    throw withCause(
      notJson(
        "body",
        __DEV__ ? "cannot be written (its value cannot be read, or it is too large): pass plain data" : "",
      ),
      error,
    );
  }
}

/** The body as a client sends it, and what it is (`undefined` for text and JSON): told once. */
function serializeKind(body: unknown): {
  body: NonNullable<FetchInit["body"]>;
  kind: RawBodyKind | undefined;
} {
  if (typeof body === "string") return { body, kind: undefined };
  const kind = rawBodyKind(body);
  if (kind === undefined) return { body: toJson(body), kind };
  if (kind === "bytes") return { body: sendableBytes(body as object), kind };
  // fetch tells these apart by instanceof, and sends any other object as its toString().
  const name = WEB_BODIES[kind][0];
  const type = webClass(name) as abstract new () => unknown;
  if (!isInstance(body, type)) {
    throw notJson(
      "body",
      __DEV__
        ? `is a ${name} whose prototype was replaced, which fetch would send as the text of its toString(): pass the ${name} as it was made`
        : "",
    );
  }
  return { body: body as Blob | FormData | URLSearchParams | ReadableStream, kind };
}

/**
 * Bytes as fetch takes them: a fresh view read through the built-in getters, over the same
 * memory. fetch reads `buffer` and `byteLength` by plain lookups, so the caller's own view (with
 * its prototype replaced, or an own `byteLength`) could make it send other bytes than the other
 * adapters. A detached buffer has none: reading it throws (an `invalid_parameter` from
 * `writingBody`). A shared or resizable buffer is copied into a plain one, which fetch and every
 * client accept.
 */
function sendableBytes(body: object): Uint8Array<ArrayBuffer> {
  const bytes = bodyBytes(body);
  const buffer = bytes.buffer;
  if (buffer instanceof ArrayBuffer && resizable?.call(buffer) !== true)
    return bytes as Uint8Array<ArrayBuffer>;
  return bytes.slice();
}

const resizable = /* @__PURE__ */ Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "resizable")?.get as
  | ((this: ArrayBuffer) => boolean)
  | undefined;

/**
 * `JSON.stringify` with a replacer that sees every value after `toJSON`, so its checks cover
 * class instances and `toJSON` results too, and the text is exactly what JSON writes. The
 * replacer is called depth first: the objects still open are a stack, and the holder of each
 * call is on it, so a cycle is a value already open.
 */
function toJson(body: unknown): string {
  if (builtInToJson()) {
    throw notJson(
      "body",
      __DEV__
        ? "cannot be written: a built-in prototype has a toJSON (polluted), which would rewrite it"
        : "",
    );
  }
  let count = 0;
  const open: object[] = [];
  const paths: string[] = [];
  const onStack = new Set<object>();
  // Objects whose checks passed: JSON writes a shared one at every place, it is checked once.
  const checked = new Set<object>();
  let started = false;
  let text: string | undefined;
  try {
    text = JSON.stringify(body, function (this: unknown, key: string, value: unknown): unknown {
      let path = "body";
      if (++count > MAX_JSON_VALUES) {
        throw notJson(
          "body",
          __DEV__
            ? `writes more than ${MAX_JSON_VALUES} values as JSON (shared parts are written once per path): send less`
            : "",
        );
      }
      if (started) {
        while (open.length > 0 && open[open.length - 1] !== this) {
          onStack.delete(open.pop() as object);
          paths.pop();
        }
        // Paths name a value in messages only: production builds do not make them.
        if (__DEV__) {
          const parent = paths[paths.length - 1] ?? "body";
          path = isArray(this) ? `${parent}[${key}]` : `${parent}.${key}`;
        }
      }
      if (started && value === undefined && isArray(this)) throw undefinedItem(path);
      // The whole body is not inside JSON: an object that only borrows a blob's prototype is
      // written as its keys there, and a real blob never comes here (it is sent as it is).
      const nested = started;
      started = true;
      // toJSON has run: an invalid Date arrives as null, so its own value (no getter runs) tells.
      if (value === null) {
        const raw: unknown = Object.getOwnPropertyDescriptor(this, key)?.value;
        if (typeof raw === "object" && raw !== null) checkJsonLeaf(raw, path);
      }
      return checkJsonValue(value, path, nested, open, paths, onStack, checked);
    });
  } catch (error) {
    if (isEndpointError(error)) throw error;
    // A toJSON of the body's own that throws (even a built-in one, as Date's on an object that
    // only has Date.prototype) is still reported as an EndpointError, with the error as cause.
    throw withCause(
      notJson(
        "body",
        __DEV__
          ? "cannot be written as JSON (a toJSON method threw), which JSON cannot carry: pass plain data"
          : "",
      ),
      error,
    );
  }
  if (text === undefined) {
    throw notJson(
      "body",
      __DEV__ ? "is undefined, which JSON cannot carry: give a body or leave it out" : "",
    );
  }
  return text;
}

function checkJsonValue(
  value: unknown,
  path: string,
  nested: boolean,
  open: object[],
  paths: string[],
  onStack: Set<object>,
  checked: Set<object>,
): unknown {
  switch (typeof value) {
    case "bigint":
      return value.toString();
    case "object":
      break;
    default:
      checkJsonLeaf(value, path);
      return value;
  }
  if (value === null) return value;
  // Lists and plain objects are what JSON writes as they are: only other objects are looked at
  // closely (which costs a few caught exceptions each), once each.
  if (checked.has(value)) {
    // passed before
  } else if (!isArray(value) && !isPlainObject(value)) {
    const boxed = unbox(value);
    if (typeof boxed === "bigint") return boxed.toString();
    if (typeof boxed === "number") {
      checkJsonLeaf(boxed, path);
      return value;
    }
    checkJsonLeaf(value, path, nested);
  } else if (!isArray(value) && Object.keys(value).length === 0) {
    // A Map, blob or stream with no prototype looks plain: JSON would write it as {}.
    checkJsonLeaf(value, path, nested);
  }
  checked.add(value);
  if (onStack.has(value)) {
    throw notJson(
      path,
      __DEV__
        ? "refers back to an object that contains it (a cycle), which JSON cannot carry: pass a tree"
        : "",
    );
  }
  if (open.length >= MAX_JSON_DEPTH) {
    throw notJson(
      path,
      __DEV__ ? `is nested deeper than ${MAX_JSON_DEPTH} levels, which JSON cannot carry: flatten it` : "",
    );
  }
  if (isArray(value)) {
    // Stops at the first hole: a sparse list of length 2^32-1 fails at once, not slot by slot.
    const length = value.length;
    for (let i = 0; i < length; i++) {
      if (!Object.hasOwn(value, i)) {
        throw notJson(
          __DEV__ ? `${path}[${i}]` : "",
          __DEV__ ? "is a hole in a list, which JSON cannot carry: pass a list without holes" : "",
        );
      }
    }
  }
  open.push(value);
  paths.push(path);
  onStack.add(value);
  return value;
}

/** The primitive inside a boxed number or bigint, read from its internal slot (no user code). */
function unbox(value: object): unknown {
  // Most objects say by their prototype chain that they are neither, without a check that
  // throws (each costs microseconds, and a body may hold many objects).
  let proto: unknown = Object.getPrototypeOf(value);
  for (let depth = 0; proto !== null && depth < MAX_PROTOTYPE_CHAIN; depth++) {
    if (proto === Object.prototype) return undefined;
    if (proto === Number.prototype || proto === BigInt.prototype) break;
    proto = Object.getPrototypeOf(proto);
  }
  try {
    return Number.prototype.valueOf.call(value);
  } catch {
    // not a Number object
  }
  try {
    return BigInt.prototype.valueOf.call(value);
  } catch {
    // not a BigInt object either
  }
  return undefined;
}
