import { EndpointError } from "../endpoint-error.js";
import { checkBaseUrl } from "../options/check-base-url.js";

/** A server as a generated module exports it: its url template and variables. */
export interface ServerModel {
  readonly url: string;
  readonly description?: string;
  readonly variables?: {
    readonly [name: string]: { readonly default: string; readonly enum?: readonly string[] };
  };
}

/** A server url as a `baseUrl`: https for `//host`, a path for a relative url, no trailing `/`. */
export function serverBaseUrl(url: string): string {
  let base = url.trim();
  if (base.startsWith("//")) base = `https:${base}`;
  else if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(base)) {
    while (base.startsWith("./")) base = base.slice(2);
    if (base === ".") base = "";
    if (base !== "" && !base.startsWith("/")) base = `/${base}`;
  }
  let end = base.length;
  // A loop, not `/\/+$/`: a regular expression backtracks over a long run of slashes.
  while (end > 0 && base.charCodeAt(end - 1) === 47) end--;
  return base.slice(0, end);
}

/**
 * The url of a server with some of its variables chosen (the others at their defaults), as
 * a `baseUrl`. A value outside a variable's `enum` is refused.
 *
 * @example
 * ```ts
 * serverUrl({ url: "https://{region}.api.example/v1", variables: { region: { default: "us", enum: ["us", "eu"] } } }, { region: "eu" });
 * // "https://eu.api.example/v1"
 * ```
 */
export function serverUrl(server: ServerModel, chosen: { readonly [name: string]: string } = {}): string {
  const variables = server.variables ?? {};
  const url = server.url.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    const variable = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (variable === undefined) return whole;
    const value = Object.hasOwn(chosen, name) ? chosen[name] : variable.default;
    if (typeof value !== "string" || (variable.enum !== undefined && !variable.enum.includes(value))) {
      throw invalid(
        `Server variable ${JSON.stringify(name)} takes ${variable.enum === undefined ? "a string" : variable.enum.map((v) => JSON.stringify(v)).join(", ")}, got ${JSON.stringify(value)}.`,
      );
    }
    return value;
  });
  for (const name of Object.keys(chosen)) {
    if (!Object.hasOwn(variables, name)) throw invalid(`The server has no variable ${JSON.stringify(name)}.`);
  }
  return checkBaseUrl(serverBaseUrl(url));
}

function invalid(message: string): EndpointError {
  return new EndpointError("invalid_base_url", __DEV__ ? message : "");
}
