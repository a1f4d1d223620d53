import { compileUrl } from "../route/compile-route.js";
import { isMethodName } from "../route/request-method.js";
import { setOwn } from "../shared/object.js";
import type { EndpointOptions } from "../types/request.js";
import { type Flag, flagHint, flagNamed } from "./flags.js";
import { type Item, type PathKey, readItem, readKey } from "./read-item.js";

/** Bad command-line input: printed as one line, exit status 2. */
export class UsageError extends Error {}

/** What `parseArguments` needs from its host: files and standard input. */
export interface ArgumentIo {
  readStdin(): Uint8Array;
  readFile(path: string): Uint8Array;
}

export type Format = "json" | "curl" | "http";

/** What `--send` (or a flag that only a response needs) asks for. */
export interface SendSettings {
  /** `--include`: print the status line and headers before the body. */
  readonly include: boolean;
  /** `--token-env NAME`: the environment variable that holds the token. */
  readonly tokenEnv: string | undefined;
  /** `--paginate`: follow `Link: rel="next"` within the origin. */
  readonly paginate: boolean;
  /** `--slurp`: with --paginate, every page in one JSON array. */
  readonly slurp: boolean;
  /** `--jq FILTER`: a jq filter over each JSON body (or the slurped array). */
  readonly jq: string | undefined;
  /** `--silent`: print no body. */
  readonly silent: boolean;
  /** `--verbose`: the request and the response heads on standard error, credentials masked. */
  readonly verbose: boolean;
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

/** A parameter's values as items gave them: a list when its name came twice or with `[]`. */
interface Parameter {
  readonly values: unknown[];
  list: boolean;
}

/** Reads the command line (without node and the script) into one command. */
export function parseArguments(argv: readonly string[], io: ArgumentIo): Command {
  let format: Format | undefined;
  let send = false;
  const settings = {
    include: false,
    tokenEnv: undefined as string | undefined,
    paginate: false,
    slurp: false,
    jq: undefined as string | undefined,
    silent: false,
    verbose: false,
  };
  let method: string | undefined;
  const options: EndpointOptions = {};
  const headers: Record<string, string | null> = {};
  const previews: string[] = [];
  let mediaFormat: string | undefined;
  const positional: string[] = [];
  const fields: Item[] = [];

  const read = readArgv(argv);
  positional.push(...read.positional);
  for (const { flag, value } of read.flags) {
    if (flag.sends) send = true;
    switch (flag.name) {
      case "--help":
        return { kind: "help" };
      case "--version":
        return { kind: "version" };
      case "--method":
        method = value;
        break;
      case "--raw-field":
      case "--field":
        fields.push(readField(flag.name, value));
        break;
      case "--header":
        readHeader(value, headers);
        break;
      case "--base-url":
        setOwn(options as Record<string, unknown>, "baseUrl", value);
        break;
      case "--format":
        if (value !== "json" && value !== "curl" && value !== "http") {
          throw new UsageError(`Unknown format "${value}": use json, curl or http.`);
        }
        format = value;
        break;
      case "--data":
        setOwn(options as Record<string, unknown>, "data", readData(value, io));
        break;
      case "--input":
        setOwn(options as Record<string, unknown>, "data", readData(value === "-" ? "-" : `@${value}`, io));
        break;
      case "--media-format":
        mediaFormat = value;
        break;
      case "--preview":
        previews.push(value);
        break;
      case "--operations":
      case "--auth-env":
        // Read before the rest (see operationsFlags): the module decides how items are sent.
        break;
      case "--include":
        settings.include = true;
        break;
      case "--token-env":
        settings.tokenEnv = value;
        break;
      case "--paginate":
        settings.paginate = true;
        break;
      case "--slurp":
        settings.slurp = true;
        break;
      case "--jq":
        settings.jq = value;
        break;
      case "--silent":
        settings.silent = true;
        break;
      case "--verbose":
        settings.verbose = true;
        break;
    }
  }

  const [given, items] = splitRoute(positional);
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
  for (const field of fields) addParameter(parameters, `${field.name}=${field.value}`, field, io);
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
  // Own properties only: a polluted Object.prototype.data must not label a body that is none.
  const data = Object.hasOwn(options, "data") ? options.data : undefined;
  const route = withMethod(given, method, data !== undefined, [...parameters.keys()]);

  // A body always has a content-type (the library's default is JSON): without one of the
  // user's (`Content-Type:` removes only a default), it is labelled as what it is.
  const contentType = Object.keys(headers).some(
    (name) => name.toLowerCase() === "content-type" && headers[name] !== null,
  );
  if (data !== undefined && !contentType) setOwn(headers, "content-type", labelOf(data));
  if (Object.keys(headers).length > 0) setOwn(options as Record<string, unknown>, "headers", headers);
  if (mediaFormat !== undefined || previews.length > 0) {
    setOwn(options as Record<string, unknown>, "mediaType", { format: mediaFormat, previews });
  }

  if (send && format !== undefined) {
    throw new UsageError("--send prints the response, --format the request: use one of them.");
  }
  if (settings.slurp && !settings.paginate) throw new UsageError("--slurp is used with --paginate only.");
  if (
    settings.tokenEnv !== undefined &&
    Object.keys(headers).some((name) => name.toLowerCase() === "authorization")
  ) {
    throw new UsageError("Give either an Authorization item or --token-env, not both.");
  }
  return {
    kind: "request",
    route,
    options,
    query,
    format: format ?? "json",
    send: send ? settings : undefined,
  };
}

/**
 * The route with its method. `-X` names it (a route that names another is an error); without
 * either, as gh api and HTTPie do, a request with a body or with parameters the url does not
 * take is a POST, and any other a GET.
 */
function withMethod(
  route: string,
  method: string | undefined,
  hasBody: boolean,
  names: readonly string[],
): string {
  const words = route.trim().split(/[ \t]+/);
  const named = words.length === 2 && isMethodName(words[0] as string) ? (words[0] as string) : undefined;
  const url = named === undefined ? route.trim() : (words[1] as string);
  if (method !== undefined) {
    if (named !== undefined && named.toUpperCase() !== method.toUpperCase()) {
      throw new UsageError(`The route names the method ${named} and -X ${method}: give one.`);
    }
    return `${method} ${url}`;
  }
  if (named !== undefined) return route;
  let taken: ReadonlySet<string> = new Set();
  try {
    taken = new Set(compileUrl(url).variableNames);
  } catch {
    // A url that does not compile is reported by endpoint(), whatever the method.
  }
  return hasBody || names.some((name) => !taken.has(name)) ? `POST ${url}` : route;
}

/** A flag as given, with its value (`""` for a flag that takes none). */
interface GivenFlag {
  readonly flag: Flag;
  readonly value: string;
}

/**
 * argv as one reader sees it: the flags with their values, and the rest (route and items).
 * Everything that reads flags goes through here, so a flag's value is never taken for a flag.
 * Reading stops at --help and --version, which answer whatever follows.
 */
export function readArgv(argv: readonly string[]): { flags: GivenFlag[]; positional: string[] } {
  const flags: GivenFlag[] = [];
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
    let written = arg;
    let attached: string | undefined;
    if (arg.startsWith("--")) {
      const equals = arg.indexOf("=");
      if (equals !== -1) [written, attached] = [arg.slice(0, equals), arg.slice(equals + 1)];
    } else if (arg.length > 2 && flagNamed(arg.slice(0, 2))?.value === true) {
      // gh's -XPOST and -fkey=value: a short flag with its value attached.
      [written, attached] = [arg.slice(0, 2), arg.slice(2)];
    }
    const flag = flagNamed(written);
    if (flag === undefined) {
      throw new UsageError(
        `Unknown option "${written}"${flagHint(written)}; see --help (after -- every argument is the route or an item).`,
      );
    }
    let value = "";
    if (flag.value) {
      const next = attached ?? argv[++i];
      if (next === undefined) throw new UsageError(`${flag.name} needs a value; see --help.`);
      value = next;
    } else if (attached !== undefined) {
      throw new UsageError(`${flag.name} takes no value; see --help.`);
    }
    flags.push({ flag, value });
    if (flag.name === "--help" || flag.name === "--version") break;
  }
  return { flags, positional };
}

/** The values given to the flag `name`, in order, as readArgv reads argv. */
export function flagValues(argv: readonly string[], name: string): string[] {
  return readArgv(argv)
    .flags.filter((given) => given.flag.name === name)
    .map((given) => given.value);
}

/**
 * gh's `-f key=value` (a string, as written) and `-F key=value` (true, false, null and
 * integers as JSON, `@FILE` the text of a file, `@-` standard input): an item each. Keys nest
 * as items do (`-f 'labels[]=bug'`, `-F 'user[age]=3'`).
 */
function readField(flag: string, text: string): Item {
  const equals = text.indexOf("=");
  const key =
    equals <= 0 ? undefined : readKey([...text.slice(0, equals)].map((char) => ({ char, literal: false })));
  if (key === undefined) throw new UsageError(`${flag} takes key=value, got "${text}".`);
  const value = text.slice(equals + 1);
  const base = { name: key.name, path: key.path, append: key.path.length === 1 && key.path[0] === null };
  if (flag === "--raw-field") return { ...base, kind: "string", value };
  if (/^(true|false|null|-?(0|[1-9]\d{0,15}))$/.test(value)) return { ...base, kind: "json", value };
  if (value.startsWith("@")) return { ...base, kind: "string-file", value: value.slice(1) };
  return { ...base, kind: "string", value };
}

/** gh's `-H 'Name: value'`; an empty value removes the header, as `Name:` does as an item. */
function readHeader(text: string, headers: Record<string, string | null>): void {
  const colon = text.indexOf(":");
  if (colon <= 0) throw new UsageError(`-H takes 'Name: value', got "${text}".`);
  const value = text.slice(colon + 1).trim();
  setOwn(headers, text.slice(0, colon).trim(), value === "" ? null : value);
}

/**
 * HTTPie's ways to name a host: `:8787/user` is http://localhost:8787/user, `:/user`
 * http://localhost/user, and a url whose first segment is a host name with a dot, `localhost`,
 * or either with a port (`127.0.0.1:8080/x`, `example.org/x`) is http:// that host. Any other
 * url without a scheme is a path (`repos/o/r`, as gh api reads it): GitHub's have no dot there.
 */
function withHost(url: string): string {
  const port = /^:(\d{0,5})(\/.*)?$/s.exec(url);
  if (port !== null) return `http://localhost${port[1] === "" ? "" : `:${port[1]}`}${port[2] ?? "/"}`;
  const first = url.split("/")[0] as string;
  const host = /^(localhost|[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+)(:\d{1,5})?$/.test(first);
  return host ? `http://${url}` : url;
}

/**
 * The route and the items. As HTTPie and `gh api` users type it, a method and the url may be
 * two arguments (`GET /user`); the url must then start with "/" or a scheme, so that a
 * forgotten url is not read from the first item.
 */
function splitRoute(positional: readonly string[]): [string, readonly string[]] {
  const [first, given] = positional;
  if (first === undefined) throw new UsageError(`No route given: try rest-endpoint GET /user; see --help.`);
  if (!isMethodName(first) || given === undefined) {
    // One argument may be the whole route, "GET :8787/x".
    const words = first.trim().split(/[ \t]+/);
    const route =
      words.length === 2 && isMethodName(words[0] as string)
        ? `${words[0]} ${withHost(words[1] as string)}`
        : withHost(first);
    return [route, positional.slice(1)];
  }
  const second = withHost(given);
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
  if (item.path.length > 0 && !item.append) {
    // HTTPie 3's nested keys: the value goes to its place in one object or list.
    const root = known?.values[0] ?? (typeof item.path[0] === "string" ? {} : []);
    if (known !== undefined && (known.list || typeof root !== "object" || root === null)) {
      throw new UsageError(`The item "${arg}" nests inside ${item.name}, which is given as a value too.`);
    }
    setAt(root as Record<string, unknown>, item.path, value, arg);
    if (known === undefined) parameters.set(item.name, { values: [root], list: false });
    return;
  }
  if (known === undefined) {
    parameters.set(item.name, { values: [value], list: item.append });
  } else {
    known.values.push(value);
    known.list = true;
  }
}

/** Sets `value` at `path` inside `container`, making objects and lists on the way. */
function setAt(
  container: Record<string, unknown>,
  path: readonly PathKey[],
  value: unknown,
  arg: string,
): void {
  let at: unknown = container;
  for (let i = 0; i < path.length; i++) {
    const key = path[i] as PathKey;
    const last = i === path.length - 1;
    const next = path[i + 1];
    const fresh = (): unknown => (last ? value : typeof next === "string" ? {} : []);
    if (key === null || typeof key === "number") {
      if (!Array.isArray(at)) throw new UsageError(`The item "${arg}" uses a list index where an object is.`);
      const index = key === null ? at.length : key;
      if (index > at.length) throw new UsageError(`The item "${arg}" skips list items: give them in order.`);
      if (last || at[index] === undefined) at[index] = fresh();
      at = at[index];
    } else {
      if (typeof at !== "object" || at === null || Array.isArray(at)) {
        throw new UsageError(`The item "${arg}" uses a key where a list or a value is.`);
      }
      const record = at as Record<string, unknown>;
      if (last || !Object.hasOwn(record, key)) setOwn(record, key, fresh());
      at = record[key];
    }
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
  // `@-` is standard input, as gh's -F reads it.
  const bytes = readBytes(
    path === "-" ? undefined : path,
    path === "-" ? "standard input" : `${what} "${path}"`,
    io,
  );
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
