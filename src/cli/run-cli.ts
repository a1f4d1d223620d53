// The command line: a thin layer that turns arguments into one `endpoint()` call and prints
// the result. Everything it knows about requests comes from the library.

import { toCurl } from "../adapters/to-curl.js";
import { serializeBody } from "../adapters/to-fetch-args.js";
import { toHttpMessage } from "../adapters/to-http-message.js";
import { endpoint } from "../endpoint.js";
import { EndpointError } from "../endpoint-error.js";
import { setOwn } from "../shared/object.js";
import type { EndpointOptions, RequestOptions } from "../types/request.js";
import { VERSION } from "../version.js";

/** What the command line needs from its host, so it can run in a test without a process. */
export interface CliIo {
  stdout(text: string | Uint8Array): void;
  stderr(text: string): void;
  readStdin(): Uint8Array;
  readFile(path: string): Uint8Array;
}

export const HELP = `Usage: rest-endpoint ROUTE [ITEM ...] [OPTIONS]

Prints the request options of one endpoint() call; sends nothing.

ROUTE      "METHOD /path/{param}" or a bare "/path" (GET), e.g. "GET /repos/{owner}/{repo}"

ITEM (HTTPie's conventions; the first of = := : ; decides):
  name=value      a string parameter                  owner=octokit
  name:=json      a typed parameter (number, boolean,  per_page:=100 labels:='["bug"]'
                  null, array or object as JSON)
  Header:value    a header                             Authorization:'token <API_KEY>'
  Header:         removes a header (also a default)    Accept:
  Header;         a header with an empty value         X-Empty;

  Every name=value and name:=json item is a parameter: url= and method= go to the query
  or the body (a webhook's url field) and never move the request. baseUrl, headers,
  mediaType, data and request are options, set by the flags below (request has none).

OPTIONS:
  --base-url URL          the base URL (default https://api.github.com; "" for relative urls)
  --format json|curl|http what to print: request options as JSON (default), a curl command
                          that a POSIX shell runs as is, or the raw HTTP/1.1 request
                          (which writes host and content-length itself: a Host,
                          Content-Length or Transfer-Encoding header is refused)
  --data @FILE            the request body from a file, as it stands
  --data -                the request body from standard input
  --data TEXT             the request body as given
  --media-format NAME     mediaType.format, e.g. raw, diff, text+json
  --preview NAME          mediaType.previews; repeatable
  --help                  this text
  --version               the version

Exit status: 0 on success, 2 on bad input (one line on standard error).

Example:
  rest-endpoint "GET /repos/{owner}/{repo}/issues" owner=octokit repo=rest.js state=open`;

class UsageError extends Error {}

/** Runs the command line with `argv` (without node and the script); returns the exit code. */
export function runCli(argv: readonly string[], io: CliIo): number {
  try {
    const command = parseArguments(argv, io);
    if (command.kind === "help") io.stdout(`${HELP}\n`);
    else if (command.kind === "version") io.stdout(`${VERSION}\n`);
    else io.stdout(format(endpoint(command.route, command.options), command.format));
    return 0;
  } catch (error) {
    if (error instanceof EndpointError || error instanceof UsageError) {
      io.stderr(`rest-endpoint: ${escapeControls(error.message)}\n`);
      return 2;
    }
    throw error;
  }
}

/**
 * C0 (line breaks, ESC), DEL, C1 (a one-character CSI), line and paragraph separators, and the
 * bidi controls that reorder text on screen: any of them from argv could split an error line
 * or drive the terminal it is printed on. Lone surrogates are escaped too.
 */
function isUnsafe(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x61c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    (code >= 0xd800 && code <= 0xdfff)
  );
}

/** The text with each unsafe character written as `\uXXXX`: one line that cannot drive a terminal. */
export function escapeControls(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    // A surrogate pair is one character that prints as it is; only a lone half is escaped.
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += text.slice(i, i + 2);
      i++;
    } else {
      out += isUnsafe(code) ? `\\u${code.toString(16).padStart(4, "0")}` : text[i];
    }
  }
  return out;
}

type Format = "json" | "curl" | "http";
type Command =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "request"; route: string; options: EndpointOptions; format: Format };

function parseArguments(argv: readonly string[], io: CliIo): Command {
  let route: string | undefined;
  let format: Format = "json";
  const options: EndpointOptions = {};
  const headers: Record<string, string | null> = {};
  const previews: string[] = [];
  let mediaFormat: string | undefined;

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith("--")) {
      const equals = arg.indexOf("=");
      const flag = equals === -1 ? arg : arg.slice(0, equals);
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
          options.baseUrl = value();
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
          options.data = readData(value(), io);
          break;
        case "--media-format":
          mediaFormat = value();
          break;
        case "--preview":
          previews.push(value());
          break;
        default:
          throw new UsageError(`Unknown option "${flag}"; see --help.`);
      }
      continue;
    }
    if (route === undefined) {
      route = arg;
      continue;
    }
    applyItem(arg, options, headers);
  }
  if (route === undefined) throw new UsageError(`No route given: try rest-endpoint "GET /user"; see --help.`);
  if (Object.keys(headers).length > 0) options.headers = headers;
  if (mediaFormat !== undefined || previews.length > 0) {
    options.mediaType = { format: mediaFormat, previews };
  }
  return { kind: "request", route, options, format };
}

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

/** `name=value`, `name:=json`, `Header:value`, `Header;`: the first separator decides. */
function applyItem(item: string, options: EndpointOptions, headers: Record<string, string | null>): void {
  for (let i = 0; i < item.length; i++) {
    const char = item[i];
    if (char !== "=" && char !== ":" && char !== ";") continue;
    const name = item.slice(0, i);
    if (name === "") break;
    const isParameter = char === "=" || (char === ":" && item[i + 1] === "=");
    const instead = isParameter ? OPTION_ITEMS.get(name) : undefined;
    if (instead !== undefined) {
      throw new UsageError(
        `The item "${item}" would set the ${name} option, which items do not set (they are parameters): ${instead}.`,
      );
    }
    if (char === "=") {
      setOwn(options, name, item.slice(i + 1));
    } else if (char === ":" && item[i + 1] === "=") {
      setOwn(options, name, parseJson(name, item.slice(i + 2)));
    } else if (char === ":") {
      const value = item.slice(i + 1);
      setOwn(headers, name, value === "" ? null : value);
    } else if (i === item.length - 1) {
      setOwn(headers, name, "");
    } else {
      continue;
    }
    return;
  }
  throw new UsageError(
    `Cannot read the item "${item}": write name=value, name:=json, Header:value or Header; (see --help).`,
  );
}

function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(
      `The value of ${name}:= is not valid JSON: ${JSON.stringify(text)}; quote strings as name:='"text"'.`,
    );
  }
}

/** `@FILE`, `-` (standard input) or the text itself; bytes that are not UTF-8 stay bytes. */
function readData(source: string, io: CliIo): string | Uint8Array {
  let bytes: Uint8Array;
  if (source !== "-" && !source.startsWith("@")) return source;
  const what = source === "-" ? "standard input" : `--data file "${source.slice(1)}"`;
  try {
    bytes = source === "-" ? io.readStdin() : io.readFile(source.slice(1));
  } catch (error) {
    throw new UsageError(`Cannot read ${what}: ${(error as Error).message}`);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return bytes;
  }
}

function format(options: RequestOptions, as: Format): string | Uint8Array {
  if (as === "curl") return `${toCurl(options)}\n`;
  if (as === "http") return toHttpMessage(options);
  // The adapters' body check, so that a body too deep for JSON is an error line, not a stack
  // overflow in the printing below. JSON prints what the library returns, url and all.
  if (options.body !== undefined) serializeBody(options.body);
  return `${JSON.stringify(options, jsonValue, 2)}\n`;
}

/** Byte bodies print as `{ "base64": ... }`: JSON has no bytes. */
function jsonValue(_key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) {
    let binary = "";
    for (const byte of value) binary += String.fromCharCode(byte);
    return { base64: btoa(binary) };
  }
  return value;
}
