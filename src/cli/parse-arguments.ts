import { isMethodName } from "../route/request-method.js";
import { setOwn } from "../shared/object.js";
import type { EndpointOptions } from "../types/request.js";
import { type Item, readItem } from "./read-item.js";

/** Bad command-line input: printed as one line, exit status 2. */
export class UsageError extends Error {}

/** What `parseArguments` needs from its host: files and standard input. */
export interface ArgumentIo {
  readStdin(): Uint8Array;
  readFile(path: string): Uint8Array;
}

export type Format = "json" | "curl" | "http";

/** What `--send` asks for. */
export interface SendSettings {
  /** `--include`: print the status line and headers before the body. */
  readonly include: boolean;
  /** `--token-env NAME`: the environment variable that holds the token. */
  readonly tokenEnv: string | undefined;
}

export type Command =
  | { readonly kind: "help" }
  | { readonly kind: "version" }
  | {
      readonly kind: "request";
      readonly route: string;
      readonly options: EndpointOptions;
      /** `name==value` items, in order, appended to the url's query on every method. */
      readonly query: readonly (readonly [string, string])[];
      readonly format: Format;
      readonly send: SendSettings | undefined;
    };

/**
 * Options that an item cannot set, each with the flag that does. `method` and `url` are not
 * here: beside a route they are parameters like any other (a webhook's `url` field).
 */
const OPTION_ITEMS: ReadonlyMap<string, string> = new Map([
  ["baseUrl", "use --base-url URL"],
  ["headers", "write each header as a Header:value item"],
  ["mediaType", "use --media-format NAME and --preview NAME"],
  ["data", "use --data TEXT, --data @FILE or --data -"],
  ["request", "the request option (settings for an HTTP client) has no command-line form"],
]);

const SHORT_FLAGS: ReadonlyMap<string, string> = new Map([
  ["-h", "--help"],
  ["-V", "--version"],
  ["-i", "--include"],
]);

/** A parameter's values as items gave them: a list when its name came twice or with `[]`. */
interface Parameter {
  readonly values: unknown[];
  list: boolean;
}

/** Reads the command line (without node and the script) into one command. */
export function parseArguments(argv: readonly string[], io: ArgumentIo): Command {
  let format: Format | undefined;
  let send = false;
  let include = false;
  let tokenEnv: string | undefined;
  const options: EndpointOptions = {};
  const headers: Record<string, string | null> = {};
  const previews: string[] = [];
  let mediaFormat: string | undefined;
  const positional: string[] = [];

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--") {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      positional.push(arg);
      continue;
    }
    const equals = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const written = equals === -1 ? arg : arg.slice(0, equals);
    const flag = SHORT_FLAGS.get(written) ?? written;
    const value = (): string => {
      if (equals !== -1) return arg.slice(equals + 1);
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${flag} needs a value; see --help.`);
      return next;
    };
    switch (flag) {
      case "--help":
        return { kind: "help" };
      case "--version":
        return { kind: "version" };
      case "--base-url":
        setOwn(options as Record<string, unknown>, "baseUrl", value());
        break;
      case "--format": {
        const name = value();
        if (name !== "json" && name !== "curl" && name !== "http") {
          throw new UsageError(`Unknown format "${name}": use json, curl or http.`);
        }
        format = name;
        break;
      }
      case "--data":
        setOwn(options as Record<string, unknown>, "data", readData(value(), io));
        break;
      case "--media-format":
        mediaFormat = value();
        break;
      case "--preview":
        previews.push(value());
        break;
      case "--send":
        send = true;
        break;
      case "--include":
        include = true;
        break;
      case "--token-env":
        tokenEnv = value();
        break;
      default:
        throw new UsageError(
          `Unknown option "${written}"; see --help (after -- every argument is the route or an item).`,
        );
    }
  }

  const [route, items] = splitRoute(positional);
  const parameters = new Map<string, Parameter>();
  const query: [string, string][] = [];
  for (const arg of items) {
    const item = readItem(arg);
    if (item === undefined) {
      throw new UsageError(
        `Cannot read the item "${arg}": write name=value, name:=json, name=@FILE, name:=@FILE, name==value, Header:value or Header; (see --help).`,
      );
    }
    if (item.kind === "header") {
      setOwn(headers, item.name, item.value === "" ? null : item.value);
    } else if (item.kind === "empty-header") {
      setOwn(headers, item.name, "");
    } else if (item.kind === "query") {
      query.push([item.name, item.value]);
    } else {
      addParameter(parameters, arg, item, io);
    }
  }
  for (const [name] of query) {
    if (parameters.has(name)) {
      throw new UsageError(
        `"${name}" is given both as a parameter (${name}=...) and as a query parameter (${name}==...): give it one way.`,
      );
    }
  }
  for (const [name, parameter] of parameters) {
    setOwn(options as Record<string, unknown>, name, parameter.list ? parameter.values : parameter.values[0]);
  }

  // A body always has a content-type (the library's default is JSON): without one of the
  // user's (`Content-Type:` removes only a default), it is labelled as what it is.
  const contentType = Object.keys(headers).some(
    (name) => name.toLowerCase() === "content-type" && headers[name] !== null,
  );
  // Own properties only: a polluted Object.prototype.data must not label a body that is none.
  const data = Object.hasOwn(options, "data") ? options.data : undefined;
  if (data !== undefined && !contentType) setOwn(headers, "content-type", labelOf(data));
  if (Object.keys(headers).length > 0) setOwn(options as Record<string, unknown>, "headers", headers);
  if (mediaFormat !== undefined || previews.length > 0) {
    setOwn(options as Record<string, unknown>, "mediaType", { format: mediaFormat, previews });
  }

  if (send && format !== undefined) {
    throw new UsageError("--send prints the response, --format the request: use one of them.");
  }
  if (!send && (include || tokenEnv !== undefined)) {
    throw new UsageError(`${include ? "--include" : "--token-env"} is used with --send only.`);
  }
  if (tokenEnv !== undefined && Object.keys(headers).some((name) => name.toLowerCase() === "authorization")) {
    throw new UsageError("Give either an Authorization item or --token-env, not both.");
  }
  return {
    kind: "request",
    route,
    options,
    query,
    format: format ?? "json",
    send: send ? { include, tokenEnv } : undefined,
  };
}

/**
 * The route and the items. As HTTPie and `gh api` users type it, a method and the url may be
 * two arguments (`GET /user`); the url must then start with "/" or a scheme, so that a
 * forgotten url is not read from the first item.
 */
function splitRoute(positional: readonly string[]): [string, readonly string[]] {
  const [first, second] = positional;
  if (first === undefined) throw new UsageError(`No route given: try rest-endpoint GET /user; see --help.`);
  if (!isMethodName(first) || second === undefined) return [first, positional.slice(1)];
  if (!second.startsWith("/") && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(second)) {
    throw new UsageError(
      `The method ${first} must be followed by the url, a path that starts with "/" or a full URL, got "${second}".`,
    );
  }
  return [`${first} ${second}`, positional.slice(2)];
}

function addParameter(parameters: Map<string, Parameter>, arg: string, item: Item, io: ArgumentIo): void {
  const instead = OPTION_ITEMS.get(item.name);
  if (instead !== undefined) {
    throw new UsageError(
      `The item "${arg}" would set the ${item.name} option, which items do not set (they are parameters): ${instead}.`,
    );
  }
  let value: unknown;
  if (item.kind === "string") value = item.value;
  else if (item.kind === "json") value = parseJson(`${item.name}:=`, item.value);
  else if (item.kind === "string-file") value = readText(item.value, `the file of ${item.name}=@`, io);
  else
    value = parseJson(`the file of ${item.name}:=@`, readText(item.value, `the file of ${item.name}:=@`, io));
  const known = parameters.get(item.name);
  if (known === undefined) {
    parameters.set(item.name, { values: [value], list: item.append });
  } else {
    known.values.push(value);
    known.list = true;
  }
}

function parseJson(what: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Only the start of the text: a file of 90 MB would not fit in one error line.
    const shown = JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
    throw new UsageError(
      `The value of ${what} is not valid JSON: ${shown}; quote strings as name:='"text"'.`,
    );
  }
}

function readBytes(path: string | undefined, what: string, io: ArgumentIo): Uint8Array {
  try {
    return path === undefined ? io.readStdin() : io.readFile(path);
  } catch (error) {
    throw new UsageError(`Cannot read ${what}: ${(error as Error).message}`);
  }
}

function readText(path: string, what: string, io: ArgumentIo): string {
  const bytes = readBytes(path, `${what} "${path}"`, io);
  const text = utf8(bytes);
  if (text === undefined)
    throw new UsageError(`${what} "${path}" is not UTF-8 text; send bytes with --data @FILE.`);
  return text;
}

function utf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** `@FILE`, `-` (standard input) or the text itself; bytes that are not UTF-8 stay bytes. */
function readData(source: string, io: ArgumentIo): string | Uint8Array {
  if (source !== "-" && !source.startsWith("@")) return source;
  const path = source === "-" ? undefined : source.slice(1);
  const bytes = readBytes(path, path === undefined ? "standard input" : `--data file "${path}"`, io);
  return utf8(bytes) ?? bytes;
}

/** The content-type of a `--data` body: what it is, not JSON by default. */
function labelOf(data: unknown): string {
  if (typeof data !== "string") return "application/octet-stream";
  try {
    JSON.parse(data);
    return "application/json; charset=utf-8";
  } catch {
    return "text/plain; charset=utf-8";
  }
}
