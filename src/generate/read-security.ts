import type { SecurityScheme } from "../route/operation-security.js";
import { serverBaseUrl } from "../route/server-url.js";
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
    const scheme = resolve(node);
    const kind = typeof scheme.type === "string" ? scheme.type : "";
    const http = typeof scheme.scheme === "string" ? scheme.scheme.toLowerCase() : "";
    if (
      kind === "apiKey" &&
      ["header", "query", "cookie"].includes(scheme.in as string) &&
      typeof scheme.name === "string" &&
      /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(scheme.name)
    ) {
      schemes[name] = { type: "apiKey", in: scheme.in as "header" | "query" | "cookie", name: scheme.name };
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

/** Security requirements as alternatives of scheme names, those the builder can send. */
export function readRequirements(
  security: unknown,
  schemes: Record<string, SecurityScheme>,
): string[][] | undefined {
  if (!Array.isArray(security)) return undefined;
  const alternatives: string[][] = [];
  for (const requirement of asList(security)) {
    if (!isObject(requirement)) continue;
    const names = Object.keys(requirement);
    // A requirement naming a scheme that cannot be sent cannot be met: left out.
    if (names.every((name) => Object.hasOwn(schemes, name))) alternatives.push(names);
  }
  return alternatives;
}

/** Where credentials may go: each server url (its `{variables}` kept) as a base url. */
export function credentialServer(url: string): string {
  return serverBaseUrl(url);
}
