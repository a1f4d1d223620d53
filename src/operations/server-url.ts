import { EndpointError } from "../errors/endpoint-error.js";
import { snapshot } from "../errors/read-own.js";
import { checkBaseUrl } from "../options/check-base-url.js";
import { isArray, isPlainObject } from "../shared/object.js";
import { quote } from "../shared/quote.js";

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
  // A variable written with its own slash (`https://host/{basePath}`, basePath `/api`) doubles
  // it: the path's runs of slashes are one, as the description meant.
  const pathStart = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(base)
    ? base.indexOf("/", base.indexOf("//") + 2)
    : 0;
  if (pathStart !== -1) base = base.slice(0, pathStart) + collapseSlashes(base.slice(pathStart));
  let end = base.length;
  // A loop, not `/\/+$/`: a regular expression backtracks over a long run of slashes.
  while (end > 0 && base.charCodeAt(end - 1) === 47) end--;
  return base.slice(0, end);
}

/**
 * The url of a server with some of its variables chosen (the others at their defaults), as
 * a `baseUrl`. A value outside a variable's `enum` is refused, and so is a chosen value with
 * anything but letters, digits and `-._~`: a value fills its place in a host or a path
 * segment, and never chooses another host or path.
 *
 * @example
 * ```ts
 * serverUrl({ url: "https://{region}.api.example/v1", variables: { region: { default: "us", enum: ["us", "eu"] } } }, { region: "eu" });
 * // "https://eu.api.example/v1"
 * ```
 */
export function serverUrl(server: ServerModel, chosen: { readonly [name: string]: string } = {}): string {
  if (!isPlainObject(server))
    throw invalid(__DEV__ ? "serverUrl() takes a server, { url, variables? }." : "");
  const { url, variables: given } = snapshot(server, __DEV__ ? "the server" : "");
  if (typeof url !== "string") throw invalid(__DEV__ ? "The server's url must be a string." : "");
  const variables =
    given === undefined
      ? {}
      : isPlainObject(given)
        ? snapshot(given, __DEV__ ? "the server's variables" : "")
        : undefined;
  if (variables === undefined) throw invalid(__DEV__ ? "The server's variables must be an object." : "");
  if (!isPlainObject(chosen))
    throw invalid(__DEV__ ? "The chosen variables must be an object of strings." : "");
  const values = snapshot(chosen, __DEV__ ? "the chosen variables" : "");
  for (const name of Object.keys(values)) {
    if (!Object.hasOwn(variables, name))
      throw invalid(__DEV__ ? `The server has no variable ${quote(name)}.` : "");
  }
  const text = url.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    const variable = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (variable === undefined) return whole;
    const read = isPlainObject(variable) ? snapshot(variable, __DEV__ ? `variable ${quote(name)}` : "") : {};
    const choices = isArray(read.enum) ? read.enum : undefined;
    const isChosen = Object.hasOwn(values, name) && values[name] !== undefined;
    const value = isChosen ? values[name] : read.default;
    if (typeof value !== "string" || (choices !== undefined && !choices.includes(value))) {
      throw invalid(
        __DEV__
          ? `Server variable ${quote(name)} takes ${choices === undefined ? "a string" : choices.map((v) => JSON.stringify(v)).join(", ")}, got ${JSON.stringify(value) ?? "nothing"}.`
          : "",
      );
    }
    if (isChosen && choices === undefined && !/^[A-Za-z0-9._~-]*$/.test(value)) {
      throw invalid(
        __DEV__
          ? `Server variable ${quote(name)} got ${quote(value)}: a chosen value holds letters, digits and -._~ only, so it cannot choose another host or path.`
          : "",
      );
    }
    return value;
  });
  return checkBaseUrl(serverBaseUrl(text));
}

function collapseSlashes(path: string): string {
  let out = "";
  for (let i = 0; i < path.length; i++) if (!(path[i] === "/" && out.endsWith("/"))) out += path[i];
  return out;
}

function invalid(message: string): EndpointError {
  return new EndpointError("invalid_base_url", __DEV__ ? message : "");
}
