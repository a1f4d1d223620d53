// Headers the adapters keep across origins, as they carry no credential: no key may travel there.
import { SAFE_ACROSS_ORIGINS } from "../adapters/next-request.js";
import type { SecurityScheme } from "../operations/operation-security.js";
import { type ServerModel, serverBaseUrl } from "../operations/server-url.js";
import { HEADER_NAME } from "../shared/http.js";
import { REFUSED_HEADERS } from "./read-parameter.js";
import { asList, isObject } from "./read-refs.js";
import type { Resolve } from "./schema-type.js";

/**
 * The security schemes a builder can hold credentials for: apiKey (header, query, cookie) and
 * http bearer or basic as they are; OAuth 2 and OpenID Connect send their access token as a
 * bearer token. Others (http digest, mutual TLS) are left out with a note.
 */
export function readSecuritySchemes(
  components: unknown,
  resolve: Resolve,
  notes: string[],
): Record<string, SecurityScheme> {
  const schemes: Record<string, SecurityScheme> = Object.create(null);
  const given =
    isObject(components) && isObject(components.securitySchemes) ? components.securitySchemes : {};
  for (const [name, node] of Object.entries(given)) {
    if (name === "__proto__") {
      // An object literal would read it as the prototype: no call could give its credential.
      notes.push(`security scheme "__proto__" cannot be named in a call; it is left out.`);
      continue;
    }
    const scheme = resolve(node);
    const kind = typeof scheme.type === "string" ? scheme.type : "";
    const http = typeof scheme.scheme === "string" ? scheme.scheme.toLowerCase() : "";
    const keyName = typeof scheme.name === "string" ? scheme.name : "";
    const keyHeader = keyName.toLowerCase();
    if (
      kind === "apiKey" &&
      scheme.in === "header" &&
      (REFUSED_HEADERS.has(keyHeader) || SAFE_ACROSS_ORIGINS.includes(keyHeader))
    ) {
      notes.push(
        `security scheme ${JSON.stringify(name)} would send its key in ${JSON.stringify(keyName)}, a header that frames the message or goes to other origins; it is left out.`,
      );
    } else if (
      kind === "apiKey" &&
      ["header", "query", "cookie"].includes(scheme.in as string) &&
      HEADER_NAME.test(keyName)
    ) {
      schemes[name] = { type: "apiKey", in: scheme.in as "header" | "query" | "cookie", name: keyName };
    } else if (kind === "http" && (http === "bearer" || http === "basic")) {
      schemes[name] = { type: "http", scheme: http };
    } else if (kind === "oauth2" || kind === "openIdConnect") {
      schemes[name] = { type: "http", scheme: "bearer" };
    } else {
      notes.push(
        `security scheme ${JSON.stringify(name)} (${kind || "no type"}${http === "" ? "" : ` ${http}`}) cannot be sent by the library; it is left out.`,
      );
    }
  }
  return schemes;
}

/** The most security alternatives an operation keeps: more is no description, and costs output. */
const MAX_ALTERNATIVES = 64;

/** Security requirements as alternatives of scheme names, those the builder can send. */
export function readRequirements(
  security: unknown,
  schemes: Record<string, SecurityScheme>,
): string[][] | undefined {
  if (!Array.isArray(security)) return undefined;
  const alternatives: string[][] = [];
  for (const requirement of asList(security).slice(0, MAX_ALTERNATIVES)) {
    if (!isObject(requirement)) continue;
    const names = Object.keys(requirement);
    // A requirement naming a scheme that cannot be sent cannot be met: left out.
    if (names.every((name) => Object.hasOwn(schemes, name))) alternatives.push(names);
  }
  return alternatives;
}

/** The most urls one server's `enum` values make; past it, the other variables stand for their default. */
const MAX_SERVER_URLS = 256;
/** The characters of one server's urls in all: enums of long urls must not multiply the module. */
const MAX_SERVER_CHARACTERS = 65_536;

/**
 * Where credentials may go for one server: its url as a base url, once per combination of its
 * variables' `enum` values (a variable without one stands for any value of one segment).
 */
export function credentialServers(server: ServerModel): string[] {
  // A scheme written as a variable without an enum (`{protocol}://host`) is its default: any
  // text there would be no url, and any scheme would take the credentials.
  const scheme = /^\{([^{}]*)\}:\/\//.exec(server.url)?.[1];
  const schemeVariable = scheme === undefined ? undefined : server.variables?.[scheme];
  let urls = [
    scheme !== undefined && schemeVariable !== undefined && schemeVariable.enum === undefined
      ? server.url.replace(`{${scheme}}`, () => String(schemeVariable.default))
      : server.url,
  ];
  for (const [name, variable] of Object.entries(server.variables ?? {})) {
    if (variable.enum === undefined) continue;
    const values = variable.enum;
    const fits =
      urls.length * values.length <= MAX_SERVER_URLS &&
      urls.reduce((sum, url) => sum + url.length, 0) * values.length <= MAX_SERVER_CHARACTERS;
    // Past the bounds, a variable with an enum stands for its default alone: never for any
    // value, which would let a host or path the enum leaves out take the credentials.
    const chosen = fits ? values : [variable.default];
    urls = urls.flatMap((url) => chosen.map((value) => url.replaceAll(`{${name}}`, () => value)));
  }
  return urls.map((url) => serverBaseUrl(url));
}
