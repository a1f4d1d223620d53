// The HTTP rules every layer reads (core, adapters, operations, generator, command line, types):
// the methods the library sends and how each sends what a call gives, the header-name token,
// and the headers that a writer of a request writes itself. Data and pure functions only, so
// that any folder may import it and a bundle keeps only what it uses.

/**
 * The one table of the methods the library sends, in the order messages list them, each with
 * its rule for what a call gives beside the url (numbers, as the core compares them):
 * - 0: the parameters the url does not take go to the query; no body (`data` is refused).
 * - 1: the parameters the url does not take go to the query; `data` is the body as it stands.
 * - 2: the parameters the url does not take are the fields of a JSON body, unless `data` is.
 * - 3: as 2, and a request with neither gets the empty body `""` (some clients send a PUT or
 *   PATCH with no body without a length, and servers such as GitHub answer 411).
 *
 * A parameter left over beside `data` is refused wherever it would go. Routes, merged options,
 * the adapters, the generator, the command line and the types (`Method`, `RequestMethod`, the
 * methods without a body) all read this table: adding a method is adding its row.
 */
export const METHODS = {
  GET: 0,
  HEAD: 0,
  OPTIONS: 1,
  POST: 2,
  PUT: 3,
  PATCH: 3,
  DELETE: 2,
} as const;

/** A method of `METHODS`, as routes write it (any case is accepted, uppercase is its name). */
export type HttpMethod = keyof typeof METHODS;

/** How a method sends what a call gives beside its url (see `METHODS`). */
export type MethodRule = (typeof METHODS)[HttpMethod];

/** The methods whose requests never carry a body (rule 0), as the types name them. */
export type MethodWithoutBody = {
  [M in HttpMethod]: (typeof METHODS)[M] extends 0 ? M : never;
}[HttpMethod];

// ASCII letters only: `toUpperCase` would make a dotless "ı" an "I" and a long "ſ" an "S".
const LETTERS = /^[a-z]+$/i;

/** Each rule of `METHODS` under its name and its lowercase name; no prototype to name a method. */
const SPELLED: Record<string, MethodRule | undefined> = Object.create(null);
for (const name in METHODS) {
  SPELLED[name] = SPELLED[name.toLowerCase()] = METHODS[name as HttpMethod];
}

/**
 * How a method of `METHODS`, written in any case, sends what a call gives; `undefined` for any
 * other value (an own row only: a polluted prototype names no method).
 *
 * @example
 * ```ts
 * methodRule("options"); // 1: the query, and data as the body
 * methodRule("TRACE"); // undefined
 * ```
 */
export function methodRule(method: unknown): MethodRule | undefined {
  // Every call asks this: the two spellings calls write are looked up without a case change.
  if (typeof method === "string") {
    return SPELLED[method] ?? (LETTERS.test(method) ? SPELLED[method.toUpperCase()] : undefined);
  }
}

/**
 * True when a method of `METHODS` (any case) may carry a body: every rule but 0.
 *
 * @example
 * ```ts
 * sendsBody("HEAD"); // false
 * sendsBody("options"); // true
 * ```
 */
export function sendsBody(method: string): boolean {
  const rule = methodRule(method);
  return rule !== undefined && rule !== 0;
}

/**
 * True when a method of `METHODS` (any case) sends the parameters its url does not take in the
 * query (rules 0 and 1).
 *
 * @example
 * ```ts
 * sendsQuery("OPTIONS"); // true
 * sendsQuery("post"); // false
 * ```
 */
export function sendsQuery(method: string): boolean {
  const rule = methodRule(method);
  return rule !== undefined && rule < 2;
}

/**
 * True when a request of this method may be sent again after the connection dropped as it went
 * out: it changes nothing on the server and carries no body (rule 0: GET, HEAD). OPTIONS is
 * safe too, but may carry a body, which a stream sends only once.
 *
 * @example
 * ```ts
 * sentAgain("GET"); // true
 * sentAgain("OPTIONS"); // false
 * ```
 */
export function sentAgain(method: string): boolean {
  return methodRule(method) === 0;
}

/**
 * The methods as messages list them, in the table's order; with `withBody`, only those that may
 * carry a body.
 *
 * @example
 * ```ts
 * supportedMethods(); // "GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE"
 * supportedMethods(true); // "OPTIONS, POST, PUT, PATCH, DELETE"
 * ```
 */
export function supportedMethods(withBody = false): string {
  return Object.keys(METHODS)
    .filter((method) => !withBody || sendsBody(method))
    .join(", ");
}

/**
 * True for a word that names an HTTP method, sent by the library or not (TRACE, CONNECT,
 * QUERY): a route of one such word lacks its url rather than being a url.
 *
 * @example
 * ```ts
 * isMethodName("trace"); // true
 * isMethodName("users"); // false
 * ```
 */
export function isMethodName(word: string): boolean {
  return methodRule(word) !== undefined || /^(?:trace|connect|query)$/i.test(word);
}

/**
 * An RFC 9110 token, what a header name must be. Single character classes anchored at both
 * ends: a linear scan, nothing to backtrack over. Without the `u` flag, letters are ASCII only.
 */
export const HEADER_NAME: RegExp = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Headers that frame a request: the writer (a raw message, curl, fetch) writes them itself,
 * `host` from the url and `content-length` from the body. One more of them, or a `connection`
 * header naming one (which asks a proxy to drop it), would let a server or a proxy read the
 * bytes as another request, or as several.
 */
export const FRAMING_HEADERS: readonly string[] = ["host", "content-length", "transfer-encoding"];

/** The hop-by-hop headers of a connection, which fetch writes, refuses or drops itself. */
export const CONNECTION_HEADERS: readonly string[] = ["connection", "keep-alive", "upgrade", "te", "trailer"];

/**
 * Headers that speak to the connection or a proxy rather than the server's API, beside the two
 * lists above: an interim response asked for, and a proxy's own credentials and connection.
 */
export const CONTROL_HEADERS: readonly string[] = ["expect", "proxy-authorization", "proxy-connection"];

/** The headers that describe a body (fetch's request-body-header names): a redirect that drops the body drops them too. */
export const BODY_HEADERS: readonly string[] = [
  "content-type",
  "content-length",
  "content-encoding",
  "content-language",
  "content-location",
];
