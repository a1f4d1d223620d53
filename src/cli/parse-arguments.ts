import { compileUrl } from "../route/compile-route.js";
import { isMethodName, sendsQuery } from "../shared/http.js";
import { setOwn } from "../shared/object.js";
import type { EndpointOptions } from "../types/request.js";
import { checkMultipart, multipartForm, readFileItem } from "./file-items.js";
import { readArgv } from "./read-argv.js";
import { checkFlags, type FlagState, type Format, readFlags } from "./read-flags.js";
import { type Item, readItem } from "./read-item.js";
import {
  type ArgumentIo,
  addHeader,
  addParameter,
  checkItemName,
  labelOf,
  type Parameter,
  queryPair,
  readItemValue,
} from "./read-parameter.js";
import { UsageError } from "./usage-error.js";

export type { Format };

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
  /** `--auth-env`: where its credentials may go, and the headers that carry them. */
  readonly credentials?: CredentialScope;
}

/** The credentials of a described API: sent only under `base`, the server the request went to. */
export interface CredentialScope {
  readonly base: string;
  /** Lowercase names of the headers that carry them (`authorization`, `x-api-key`, `cookie`). */
  readonly headers: readonly string[];
  /** Names of the query parameters that carry them (an apiKey `in: query`), masked when printed. */
  readonly query: readonly string[];
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
      /** `--ignore-stdin`: standard input is neither read nor looked at. */
      readonly ignoreStdin: boolean;
    };

/** Reads the command line (without node and the script) into one command. */
export function parseArguments(argv: readonly string[], io: ArgumentIo): Command {
  const read = readArgv(argv);
  const flags = readFlags(read.flags, io);
  if (flags.answer !== undefined) return { kind: flags.answer };
  const [given, items] = splitRoute(read.positional);
  const { values, query } = readItems(items, flags, io);
  // Own properties only: a polluted Object.prototype.data must not label a body that is none.
  const data = Object.hasOwn(flags.options, "data") ? flags.options.data : undefined;
  const described = read.flags.some(({ flag }) => flag.name === "--operations");
  const route = placeItems(given, values, query, flags, described);
  // A body always has a content-type (the library's default is JSON): without one of the
  // user's (`Content-Type:` removes only a default), it is labelled as what it is.
  const { options, headers, mediaFormat, previews } = flags;
  const contentType = Object.keys(headers).some(
    (name) => name.toLowerCase() === "content-type" && headers[name] !== null,
  );
  if (data !== undefined && !contentType) setOwn(headers, "content-type", labelOf(data));
  if (Object.keys(headers).length > 0) setOwn(options as Record<string, unknown>, "headers", headers);
  if (mediaFormat !== undefined || previews.length > 0) {
    setOwn(options as Record<string, unknown>, "mediaType", { format: mediaFormat, previews });
  }
  checkFlags(flags);
  return {
    kind: "request",
    route,
    options,
    query,
    format: flags.format ?? "json",
    send: flags.send ? flags.settings : undefined,
    ignoreStdin: flags.ignoreStdin,
  };
}

/** A parameter item or field with its value, read once (a file, stdin). */
interface ItemValue {
  readonly item: Item;
  readonly arg: string;
  readonly value: unknown;
  readonly field: boolean;
}

/** The items and fields in order: headers into the flags' headers, the rest read once. */
function readItems(
  items: readonly string[],
  flags: FlagState,
  io: ArgumentIo,
): { values: ItemValue[]; query: [string, string][] } {
  const values: ItemValue[] = [];
  const query: [string, string][] = [];
  for (const arg of items) {
    const item = readItem(arg);
    if (item === undefined) {
      throw new UsageError(
        `Cannot read the item "${arg}": write name=value, name:=json, name=@FILE, name:=@FILE, name==value, Header:value or Header; (see --help)${listBodyHint(arg, items)}.`,
      );
    }
    if (item.kind === "header") {
      addHeader(flags.headers, item.name, item.value === "" ? null : item.value);
    } else if (item.kind === "empty-header") {
      addHeader(flags.headers, item.name, "");
    } else if (item.kind === "query") {
      query.push([item.name, item.value]);
    } else {
      checkItemName(item, arg);
      const value = item.kind === "file" ? readFileItem(item, arg, io) : readItemValue(item, io);
      values.push({ item, arg, value, field: false });
    }
  }
  for (const field of flags.fields) {
    const arg = `${field.name}=${field.value}`;
    checkItemName(field, arg);
    values.push({ item: field, arg, value: readItemValue(field, io), field: true });
  }
  return { values, query };
}

/**
 * Each item where it goes (a parameter, the query, a multipart form) as gh and HTTPie send it,
 * unless a description says how each parameter is sent; the route with its method.
 */
function placeItems(
  given: string,
  values: readonly ItemValue[],
  query: [string, string][],
  flags: FlagState,
  described: boolean,
): string {
  const { options, headers } = flags;
  const data = Object.hasOwn(options, "data") ? options.data : undefined;
  const parameters = new Map<string, Parameter>();
  const taken = urlVariables(given);
  // gh's ways with fields: beside a body (--input), -f and -F fields go to the query; on a
  // method whose parameters go to the query (GET, HEAD, OPTIONS), a name written with brackets
  // (a[]=1, user[name]=x) is sent in the query as written. Path placeholders stay.
  const toQuery = (entry: ItemValue): boolean =>
    !described && !taken.has(entry.item.name) && entry.field && data !== undefined;
  for (const entry of values) {
    if (toQuery(entry)) query.push(queryPair(entry.item, entry.value));
    else addParameter(parameters, entry.arg, entry.item, entry.value, entry.field);
  }
  for (const [name] of query) {
    if (parameters.has(name)) {
      throw new UsageError(
        `"${name}" is given both as a parameter (${name}=...) and as a query parameter (${name}==...): give it one way.`,
      );
    }
  }
  const route = withMethod(given, flags.method, data !== undefined, [...parameters.keys()]);
  if (!described && sendsQuery(route.trim().split(/[ \t]+/)[0] as string)) {
    const bracketed = new Set(
      values.filter(({ item }) => item.path.length > 0 && !taken.has(item.name)).map(({ item }) => item.name),
    );
    for (const entry of values) {
      if (!bracketed.has(entry.item.name)) continue;
      parameters.delete(entry.item.name);
      query.push(queryPair(entry.item, entry.value));
    }
  }
  if (!described && values.some(({ item }) => item.kind === "file")) {
    // HTTPie's rule: a file item makes the body a multipart form of the items the url does not take.
    checkMultipart(route, data, headers, values);
    const fields = [...parameters].filter(([name]) => !taken.has(name));
    const args = new Map(values.map(({ item, arg }) => [item.name, arg]));
    const form = multipartForm(
      fields.map(([name, parameter]) => [name, parameter.list ? parameter.values : parameter.values[0]]),
      args,
    );
    for (const [name] of fields) parameters.delete(name);
    setOwn(options as Record<string, unknown>, "data", form);
  }
  for (const [name, parameter] of parameters) {
    setOwn(options as Record<string, unknown>, name, parameter.list ? parameter.values : parameter.values[0]);
  }
  return route;
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
  const taken = urlVariables(url);
  return hasBody || names.some((name) => !taken.has(name)) ? `POST ${url}` : route;
}

/** The variables of a route's url template (`{owner}`, `{?page}`); none when it does not compile. */
function urlVariables(route: string): ReadonlySet<string> {
  const words = route.trim().split(/[ \t]+/);
  const url = words.length === 2 && isMethodName(words[0] as string) ? (words[1] as string) : route.trim();
  try {
    return new Set(compileUrl(url).variableNames);
  } catch {
    // A url that does not compile is reported by endpoint(), whatever the method.
    return new Set();
  }
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
/**
 * HTTPie 3's top-level `[]:=1 []:=2` make a body that is a list; items here are named
 * parameters, so the hint writes that list as the --data body that sends it.
 */
function listBodyHint(arg: string, items: readonly string[]): string {
  if (!arg.startsWith("[]")) return "";
  const elements: string[] = [];
  for (const item of items) {
    const json = /^\[\]:=(?!@)(.*)$/s.exec(item);
    const text = /^\[\]=(?!@)(.*)$/s.exec(item);
    if (json !== null) elements.push(json[1] as string);
    else if (text !== null) elements.push(JSON.stringify(text[1]));
  }
  const list = elements.length === 0 ? "[...]" : `[${elements.join(",")}]`;
  return `; a body that is a list is sent as --data '${list}'`;
}

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
