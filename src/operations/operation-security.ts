import { EndpointError } from "../errors/endpoint-error.js";
import { snapshot } from "../errors/read-own.js";
import { checkHeaderName, checkHeaderValue } from "../options/headers.js";
import { withQuery } from "../route/with-query.js";
import { lenientName } from "../shared/lenient-name.js";
import { isArray, isPlainObject, setOwn } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import { encodeUnreserved } from "../template/encode.js";
import { underServer } from "./under-server.js";

/** How an API takes a credential (OpenAPI's Security Scheme Object, the kinds sent here). */
export type SecurityScheme =
  | { readonly type: "apiKey"; readonly in: "header" | "query" | "cookie"; readonly name: string }
  | { readonly type: "http"; readonly scheme: "bearer" | "basic" };

/** A credential: an API key or a bearer token, or a user and password for basic. */
export type Credential = string | { readonly username: string; readonly password: string };

/**
 * Adds an operation's credentials to a request built for `url`: returns the url to send and
 * the `request` options (redirects left to the caller when a key travels in a header of the
 * API's own, which a client would carry to wherever a redirect points).
 */
export type Authorize = (
  url: string,
  headers: Record<string, string>,
  request: unknown,
) => { url: string; request: unknown };

type Write = (url: string, headers: Record<string, string>) => string;

/** What a table knows of security, read once from its settings. */
export interface SecuritySettings {
  readonly schemes: ReadonlyMap<string, SecurityScheme>;
  readonly credentials: ReadonlyMap<string, Credential>;
  /** The urls credentials may go to: the description's servers, `{variables}` matching a value. */
  readonly servers: readonly string[];
}

/** Reads the security settings of `describeOperations`; `undefined` when no credentials are given. */
export function readSecurity(settings: Record<string, unknown>): SecuritySettings | undefined {
  const { securitySchemes, credentials, servers } = settings;
  if (credentials === undefined) return undefined;
  const schemes = new Map<string, SecurityScheme>();
  if (securitySchemes !== undefined) {
    if (!isPlainObject(securitySchemes)) throw invalid(__DEV__ ? "securitySchemes must be an object." : "");
    const read = snapshot(securitySchemes, __DEV__ ? "securitySchemes" : "");
    for (const name of Object.keys(read)) schemes.set(name, readScheme(read[name], name));
  }
  if (!isPlainObject(credentials))
    throw invalid(__DEV__ ? "credentials must be an object of credentials by scheme name." : "");
  const given = snapshot(credentials, __DEV__ ? "credentials" : "");
  const byScheme = new Map<string, Credential>();
  for (const name of Object.keys(given)) {
    const value = given[name];
    if (value === undefined) continue;
    const scheme = schemes.get(name);
    if (scheme === undefined) {
      throw invalid(
        __DEV__
          ? `credentials name ${quote(name)}, which is no security scheme of the API: use one of ${[...schemes.keys()].map(quote).join(", ") || "(none)"}.`
          : "",
      );
    }
    byScheme.set(name, readCredential(value, name, scheme));
  }
  const urls = isArray(servers) ? servers.filter((url): url is string => typeof url === "string") : [];
  return { schemes, credentials: byScheme, servers: urls };
}

function readScheme(value: unknown, name: string): SecurityScheme {
  const scheme = isPlainObject(value) ? snapshot(value, __DEV__ ? `security scheme ${quote(name)}` : "") : {};
  if (
    scheme.type === "apiKey" &&
    (scheme.in === "header" || scheme.in === "query" || scheme.in === "cookie") &&
    typeof scheme.name === "string" &&
    scheme.name !== ""
  ) {
    if (scheme.in !== "query") checkHeaderName(scheme.name);
    return { type: "apiKey", in: scheme.in, name: scheme.name };
  }
  if (scheme.type === "http" && (scheme.scheme === "bearer" || scheme.scheme === "basic")) {
    return { type: "http", scheme: scheme.scheme };
  }
  throw invalid(
    __DEV__
      ? `Security scheme ${quote(name)} must be an apiKey (in a header, query or cookie) or http bearer or basic.`
      : "",
  );
}

function readCredential(value: unknown, name: string, scheme: SecurityScheme): Credential {
  if (scheme.type === "http" && scheme.scheme === "basic") {
    const pair = isPlainObject(value) ? snapshot(value, __DEV__ ? `credential ${quote(name)}` : "") : {};
    if (typeof pair.username === "string" && typeof pair.password === "string") {
      return { username: pair.username, password: pair.password };
    }
    throw invalid(
      __DEV__ ? `The credential for ${quote(name)} (http basic) must be { username, password }.` : "",
    );
  }
  if (typeof value !== "string" || value === "") {
    throw invalid(__DEV__ ? `The credential for ${quote(name)} must be a non-empty string.` : "");
  }
  // A key that would break a header line is refused now, not on the first request.
  checkHeaderValue(name, value);
  return value;
}

/**
 * The credentials an operation sends: those of the first of its security alternatives that
 * the builder holds every credential of (an empty alternative, "no authentication", only when
 * none does). `undefined` when it sends none.
 */
export function operationAuthorize(
  security: SecuritySettings,
  alternatives: readonly (readonly string[])[],
  route: string,
): Authorize | undefined {
  const chosen = alternatives.find(
    (names) => names.length > 0 && names.every((name) => security.credentials.has(name)),
  );
  if (chosen === undefined) return undefined;
  const schemes = chosen.map((name) => security.schemes.get(name) as SecurityScheme);
  const writers = chosen.map((name, i) =>
    writer(schemes[i] as SecurityScheme, security.credentials.get(name) as Credential),
  );
  // fetch drops authorization and cookie on a redirect to another origin, but not a key header.
  const keyInHeader = schemes.some((scheme) => scheme.type === "apiKey" && scheme.in === "header");
  return (url, headers, request) => {
    if (!security.servers.some((server) => underServer(url, server))) {
      throw new EndpointError(
        "invalid_base_url",
        __DEV__
          ? `Route ${quote(route)} would send its credentials to ${quote(url)}, which is not one of the API's servers (${security.servers.map(quote).join(", ")}): credentials go only there. Give them in headers yourself to send them elsewhere.`
          : "",
        { option: "baseUrl", route },
      );
    }
    let sent = url;
    for (const write of writers) sent = write(sent, headers);
    return { url: sent, request: keyInHeader ? manualRedirects(request) : request };
  };
}

/** `request` with `redirect: "manual"`, unless the caller chose a redirect mode. */
function manualRedirects(request: unknown): unknown {
  if (request === undefined) return { redirect: "manual" };
  if (!isPlainObject(request)) return request;
  const own = snapshot(request, __DEV__ ? "request" : "");
  return own.redirect === undefined ? { ...own, redirect: "manual" } : request;
}

function writer(scheme: SecurityScheme, credential: Credential): Write {
  if (scheme.type === "http") {
    const value =
      typeof credential === "string"
        ? `Bearer ${credential}`
        : `Basic ${base64(`${credential.username}:${credential.password}`)}`;
    return (url, headers) => {
      if (!Object.hasOwn(headers, "authorization")) setOwn(headers, "authorization", value);
      return url;
    };
  }
  const key = credential as string;
  const name = scheme.name.toLowerCase();
  if (scheme.in === "header") {
    return (url, headers) => {
      if (!Object.hasOwn(headers, name)) setOwn(headers, name, key);
      return url;
    };
  }
  const written = encodeUnreserved(scheme.name) ?? "";
  const pair = `${written}=${encodeUnreserved(key) ?? ""}`;
  // A parameter or cookie of the credential's name, sent beside it, is one a server may read
  // instead (most take the first): refused, whoever gave it.
  const clash = (): EndpointError =>
    new EndpointError(
      "invalid_parameter",
      __DEV__
        ? `The request already holds ${quote(scheme.name)}, the name its credential is sent under: leave it out.`
        : "",
      { parameter: scheme.name },
    );
  // Names as the most lenient servers read them (lenientName), on both sides.
  const credentialName = lenientName(scheme.name);
  const named = (part: string): boolean => lenientName(part.split("=")[0] as string) === credentialName;
  if (scheme.in === "cookie") {
    return (url, headers) => {
      const cookie = Object.hasOwn(headers, "cookie") ? String(headers.cookie) : undefined;
      // Old servers split cookies at commas too.
      if (cookie?.split(/[;,]/).some(named)) throw clash();
      setOwn(headers, "cookie", cookie === undefined ? pair : `${cookie}; ${pair}`);
      return url;
    };
  }
  return (url) => {
    // All of the query (a value may hold a "?"), split where servers split it (some at ";").
    const beforeFragment = url.split("#")[0] as string;
    const start = beforeFragment.indexOf("?");
    const query = start === -1 ? "" : beforeFragment.slice(start + 1);
    if (query.split(/[&;]/).some(named)) throw clash();
    return withQuery(url, pair);
  };
}

function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function invalid(message: string): EndpointError {
  return new EndpointError("invalid_options", __DEV__ ? message : "");
}
