// Request options as adapters read them before writing them into a request: checked, own
// properties only, each read once, whoever built them.
import { EndpointError } from "../errors/endpoint-error.js";
import { readOwn, snapshot } from "../errors/read-own.js";
import { checkHeaderValue } from "../options/headers.js";
import { describeValue } from "../shared/describe-value.js";
import { HEADER_NAME, methodRule, sendsBody, supportedMethods } from "../shared/http.js";
import { maskedUrl } from "../shared/masked-url.js";
import { isPlainObject } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import type { Method } from "../types/request.js";

/**
 * The own enumerable properties of an object a caller passes beside request options, each read
 * once; anything but an object is `invalid_options`. `what` names it (`""` in production).
 */
export function readObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null) {
    throw new EndpointError(
      "invalid_options",
      __DEV__ ? `${what} must be an object, got ${describeValue(value)}.` : "",
    );
  }
  return snapshot(value, what);
}

/** Request options as an adapter reads them: checked, own properties only, each read once. */
export interface AdapterInput {
  /** Uppercase, a method of the one table (`METHODS`). */
  method: Method;
  url: string;
  /** The request target of the url: its path and query, as a URL parser reads them. */
  target: string;
  /** The url's host (with a port when it has one); `undefined` for a relative url. */
  host: string | undefined;
  /**
   * A fresh copy without a prototype, names as given: each a token, each value a string that
   * can be sent.
   */
  headers: Record<string, string>;
  /** The header names in lowercase, for lookups that must ignore case. */
  names: ReadonlySet<string>;
  /** True when a body is given and the method may carry one (`sendsBody`). */
  hasBody: boolean;
  body: unknown;
  /** `request` read once, own properties only; `undefined` when not a plain object. */
  client: Readonly<Record<string, unknown>> | undefined;
}

const MEMBERS: readonly string[] = ["method", "url", "headers", "body", "request"];

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Checks request options that may have been built or changed by hand, as an adapter must
 * before it writes them into a command or a message: a plain object whose `method` is one of
 * the table's (any case), whose `url` is an http(s) URL or a path that every client reads the
 * same way, and whose `headers` are tokens with sendable string values. Own properties only,
 * each read once, so neither a polluted prototype nor a getter can change what was checked.
 */
export function readRequestOptions(options: unknown, adapter: string): AdapterInput {
  if (!isPlainObject(options)) {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `${adapter} takes request options (an object such as endpoint() returns), got ${describeValue(options)}.`
        : "",
    );
  }
  // The members an adapter reads, own only, each read once (a copy of every key costs more
  // than the rest of the checks).
  const [method_, url, headers_, body, request] = readOwn(
    options,
    MEMBERS,
    __DEV__ ? "the request options" : "",
  );
  const method = readMethod(method_, adapter);
  const { target, host } = readUrl(url, adapter);
  const { headers, names } = readHeaders(headers_, adapter);
  const hasBody = body !== undefined && sendsBody(method);
  const client = isPlainObject(request) ? snapshot(request, __DEV__ ? "request" : "") : undefined;
  return { method, url: url as string, target, host, headers, names, hasBody, body, client };
}

function readMethod(method: unknown, adapter: string): AdapterInput["method"] {
  if (methodRule(method) !== undefined) return (method as string).toUpperCase() as Method;
  if (method === undefined) throw missing("method", adapter);
  throw new EndpointError(
    "unsupported_method",
    __DEV__
      ? `Unsupported method ${typeof method === "string" ? quote(method) : describeValue(method)} in the request options given to ${adapter}: use one of ${supportedMethods()}.`
      : "",
    { option: "method" },
  );
}

/**
 * `invalid_options` for a member the request options lack (or give as undefined, which is "not
 * given"): told apart from one given with a value that is not supported.
 */
function missing(member: "method" | "url" | "headers", adapter: string): EndpointError {
  return new EndpointError(
    "invalid_options",
    __DEV__
      ? `The request options given to ${adapter} have no ${member}: hand it what endpoint() returns, which has a method, a url and headers.`
      : "",
    { option: member },
  );
}

function readUrl(url: unknown, adapter: string): { target: string; host: string | undefined } {
  if (url === undefined) throw missing("url", adapter);
  if (typeof url !== "string") {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `url must be a string such as "https://api.github.com/user" or "/user" in the request options given to ${adapter}, got ${describeValue(url)}.`
        : "",
      { option: "url" },
    );
  }
  // `problem` is given as `__DEV__ ? "..." : ""`.
  const invalid = (problem: string): EndpointError =>
    new EndpointError(
      "invalid_options",
      __DEV__
        ? `Invalid url ${quote(maskedUrl(url))} in the request options given to ${adapter}: it ${problem}.`
        : "",
      { option: "url" },
    );
  if (url === "") {
    throw invalid(
      __DEV__
        ? 'is empty; give an absolute URL such as "https://api.github.com/user" or a path such as "/user"'
        : "",
    );
  }
  const plain = plainUrl(url);
  if (plain !== undefined) return plain;
  const i = invisibleAt(url);
  if (i !== -1) {
    const code = url.charCodeAt(i);
    // A URL parser drops tabs and line breaks, trims spaces and reads "\" as "/", while curl and
    // a raw message send them as written: the clients would disagree on where the request goes.
    throw invalid(
      __DEV__
        ? `holds ${code === 0x5c ? '"\\"' : `U+${code.toString(16).toUpperCase().padStart(4, "0")}`} at index ${i}; white space, control characters, "\\" and non-ASCII characters are not allowed: percent-encode them, and write an international host name in its xn-- form`
        : "",
    );
  }

  let pathStart: number;
  let authority: string | undefined;
  let scheme = "";
  if (url.charCodeAt(0) === 0x2f) {
    if (url.charCodeAt(1) === 0x2f) {
      throw invalid(
        __DEV__
          ? 'starts with "//", which names a host rather than a path; give a path with one leading "/"'
          : "",
      );
    }
    pathStart = 0;
  } else {
    scheme = SCHEME.exec(url)?.[0].toLowerCase() ?? "";
    if (scheme === "") {
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
    pathStart = endOfPart(url, scheme.length + 2, true);
    if (pathStart === scheme.length + 2) throw invalid(__DEV__ ? "has no host" : "");
    authority = url.slice(scheme.length + 2, pathStart);
    // curl sends credentials as basic auth, fetch refuses them, a raw message drops them.
    if (authority.includes("@")) {
      if (!parses(url)) throw invalid(__DEV__ ? "does not parse as a URL (check the host and the port)" : "");
      throw invalid(
        __DEV__ ? "holds credentials (user:password@); send them in an authorization header" : "",
      );
    }
    if (url.startsWith("//", pathStart)) {
      if (!parses(url)) throw invalid(__DEV__ ? "does not parse as a URL (check the host and the port)" : "");
      throw invalid(__DEV__ ? 'has a path that starts with "//", which names a host rather than a path' : "");
    }
  }
  const pathEnd = endOfPart(url, pathStart, false);
  const path = url.slice(pathStart, pathEnd) || "/";
  // The query as written (visible ASCII, checked above), as curl sends it: a URL parser would
  // percent-encode some characters, or drop a lone "?".
  const query = url.slice(pathEnd, url.indexOf("#", pathEnd) === -1 ? url.length : url.indexOf("#", pathEnd));
  // Most urls are written as a URL parser writes them: a plain host and a path of characters
  // it keeps, without dot segments. Those need no parse (a third of what an adapter costs).
  const plainHost = authority === undefined ? true : plainAuthority(authority, scheme);
  if (plainHost && PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path)) {
    return { target: path + query, host: authority };
  }
  const parsed =
    pathStart === 0 ? parseUrl(url, "http://relative.invalid", invalid) : parseUrl(url, undefined, invalid);
  if (parsed.pathname !== path) {
    throw invalid(
      __DEV__
        ? `has the path ${quote(path)}, which a URL parser reads as ${quote(parsed.pathname)} (it resolves "." and ".." segments and percent-encodes some characters), so clients would send different paths; remove the dot segments and percent-encode such characters`
        : "",
    );
  }
  return { target: parsed.pathname + query, host: pathStart === 0 ? undefined : parsed.host };
}

/**
 * Most urls are written as a URL parser writes them: an http(s) scheme in lowercase, a plain
 * host, a path of characters it keeps and no dot segment, a query of visible ASCII but a
 * backslash. Those need no other check, and no parse (a third of what an adapter costs):
 * their target and host, or `undefined` for any other url.
 */
function plainUrl(url: string): { target: string; host: string } | undefined {
  const plain = PLAIN_URL.exec(url);
  if (plain === null || DOT_SEGMENT.test(plain[3] ?? "")) return undefined;
  if (!plainAuthority(plain[2] as string, plain[1] as string)) return undefined;
  return { target: `${plain[3] || "/"}${plain[4] ?? ""}`, host: plain[2] as string };
}

/**
 * The index of the first character a url may not hold (white space, a control, a backslash,
 * non-ASCII), or -1: one regular expression over the whole url, the index looked for only
 * when it fails.
 */
function invisibleAt(url: string): number {
  if (VISIBLE_ASCII.test(url)) return -1;
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (!(code > 0x20 && code < 0x7f && code !== 0x5c)) return i;
  }
  return -1;
}

/**
 * An absolute url that needs no parse, as groups: its scheme, its authority (see
 * `plainAuthority`), its path and its query (no fragment). Each part a run of characters the
 * next cannot start with: linear.
 */
const PLAIN_URL =
  /^(https?:)\/\/([a-z0-9.:-]+)(\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*)?(\?[!-"$-[\]-~]*)?$/;
/** Visible ASCII but "\\": what a url may hold (see `readUrl`). */
const VISIBLE_ASCII = /^[!-[\]-~]*$/;
/** Path characters a URL parser writes as they are (no percent-encoding, no "\\"). */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;
/** A segment a URL parser resolves or may: one that starts with "." or an encoded one. */
const DOT_SEGMENT = /\/\.|%2e/i;
/**
 * A lowercase host of ASCII labels, the last starting with a letter (so it is no IPv4 address
 * to a URL parser), no xn-- label (which it checks as punycode), and a port that is no
 * scheme's default and has no leading zero: written as a URL parser writes its host.
 */
const PLAIN_AUTHORITY = /^(?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*(?::[1-9][0-9]{0,4})?$/;

function plainAuthority(authority: string, scheme: string): boolean {
  if (!PLAIN_AUTHORITY.test(authority) || authority.includes("xn--")) return false;
  const colon = authority.indexOf(":");
  if (colon === -1) return true;
  const port = Number(authority.slice(colon + 1));
  return port <= 65535 && port !== (scheme === "https:" ? 443 : 80);
}

/** Whether a URL parser reads `url`: its own fault is told before the adapters' rules. */
function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

function parseUrl(url: string, base: string | undefined, invalid: (problem: string) => EndpointError): URL {
  try {
    return new URL(url, base);
  } catch {
    throw invalid(__DEV__ ? "does not parse as a URL (check the host and the port)" : "");
  }
}

/**
 * The index of the first "/", "?" or "#" at or after `from` (the end of a url's authority), or
 * of the first "?" or "#" (the end of its path) when `slash` is false; else the length.
 */
function endOfPart(text: string, from: number, slash: boolean): number {
  for (let i = from; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x3f || code === 0x23 || (slash && code === 0x2f)) return i;
  }
  return text.length;
}

function readHeaders(
  input: unknown,
  adapter: string,
): { headers: Record<string, string>; names: Set<string> } {
  if (input === undefined) throw missing("headers", adapter);
  if (!isPlainObject(input)) {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `headers must be a plain object of strings, such as { accept: "application/json" }, in the request options given to ${adapter}; got ${describeValue(input)}.`
        : "",
      { option: "headers" },
    );
  }
  // The copy is the result: fresh, without a prototype, each value read once.
  const headers = snapshot(input, __DEV__ ? "headers" : "") as Record<string, string>;
  const names = new Set<string>();
  for (const name of Object.keys(headers)) {
    // Checked as written, before any lowercasing: a Kelvin sign lowercases to a "k".
    if (!HEADER_NAME.test(name)) {
      throw new EndpointError(
        "invalid_header",
        __DEV__
          ? `Invalid header name ${quote(name)} in the request options given to ${adapter}: a name is a token of letters, digits and !#$%&'*+-.^_\`|~ only.`
          : "",
        { header: name },
      );
    }
    const value: unknown = headers[name];
    if (typeof value !== "string") {
      throw new EndpointError(
        "invalid_header",
        __DEV__
          ? `Header ${quote(name)} has the value ${describeValue(value)} in the request options given to ${adapter}: a header value must be a string here, as endpoint() returns.`
          : "",
        { header: name },
      );
    }
    checkHeaderValue(name, value);
    const lower = name.toLowerCase();
    if (names.has(lower)) {
      const first = Object.keys(headers).find((other) => other.toLowerCase() === lower) as string;
      throw new EndpointError(
        "invalid_header",
        __DEV__
          ? `Headers ${quote(first)} and ${quote(name)} in the request options given to ${adapter} differ only in case, so clients would send two of them or join them; keep one.`
          : "",
        { header: name },
      );
    }
    names.add(lower);
  }
  return { headers, names };
}

/**
 * Values JSON may write for one body. A body that shares a subtree is written once per path to
 * it, so sharing can make the text exponential in the body's size: past this, it is refused.
 */
