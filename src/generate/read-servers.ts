import { type ServerModel, serverBaseUrl } from "../operations/server-url.js";
import { checkBaseUrl } from "../options/check-base-url.js";
import { asList, asObject, isObject } from "./read-refs.js";

export type { ServerModel };

/**
 * The servers of a `servers` list that a request can go to, each with its url at its
 * variables' defaults (`base`), in the description's order. A scheme-relative url
 * (`//host/v1`) is taken as https; a relative one as a path from the API's origin
 * (`v1` -> `/v1`). One that the library would refuse as a `baseUrl` is left out with a note.
 */
export function readServers(
  servers: unknown,
  where: string,
  notes: string[],
): { readonly model: ServerModel; readonly base: string }[] {
  const read: { model: ServerModel; base: string }[] = [];
  for (const node of asList(servers)) {
    if (!isObject(node) || typeof node.url !== "string") {
      notes.push(`${where}: a server without a url is left out.`);
      continue;
    }
    const variables: Record<string, { default: string; enum?: string[] }> = Object.create(null);
    let missing: string | undefined;
    const given = asObject(node.variables ?? {}, "server variables");
    const url = node.url.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
      const variable = Object.hasOwn(given, name) ? given[name] : undefined;
      if (!isObject(variable) || typeof variable.default !== "string") {
        missing ??= name;
        return whole;
      }
      const choices = asList(variable.enum).filter((choice) => typeof choice === "string");
      variables[name] = { default: variable.default, ...(choices.length > 0 ? { enum: choices } : {}) };
      return variable.default;
    });
    if (missing !== undefined) {
      notes.push(
        `${where}: server ${JSON.stringify(node.url)} has variable ${JSON.stringify(missing)} without a default; it is left out.`,
      );
      continue;
    }
    const base = serverBaseUrl(url);
    try {
      checkBaseUrl(base);
    } catch (error) {
      notes.push(
        `${where}: server ${JSON.stringify(node.url)} cannot be a base url (${(error as Error).message}); it is left out.`,
      );
      continue;
    }
    const model: ServerModel = {
      url: node.url,
      ...(typeof node.description === "string" ? { description: node.description } : {}),
      ...(Object.keys(variables).length > 0 ? { variables } : {}),
    };
    read.push({ model, base });
  }
  return read;
}

/**
 * An operation's or path item's own server, as a prefix of its route when it differs from
 * the description's: an absolute url, or a path resolved against the description's origin.
 */
export function serverPrefix(servers: unknown, baseUrl: string, where: string, notes: string[]): string {
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
