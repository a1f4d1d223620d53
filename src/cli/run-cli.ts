// The command line: a thin layer that turns arguments into one `endpoint()` call and prints
// the result, or sends it. Everything it knows about requests comes from the library.

import { toCurl } from "../adapters/to-curl.js";
import { toHttpMessage } from "../adapters/to-http-message.js";
import { serializeBody } from "../bodies/serialize-body.js";
import { endpoint } from "../endpoint.js";
import { asEndpointError, EndpointError } from "../errors/endpoint-error.js";
import { withQuery } from "../route/with-query.js";
import { maskedText } from "../shared/masked-url.js";
import { setOwn } from "../shared/object.js";
import { quote } from "../shared/quote.js";
import { encodeUnreserved } from "../template/encode.js";
import type { EndpointOptions, RequestOptions } from "../types/request.js";
import { VERSION } from "../version.js";
import { conformItems } from "./conform-items.js";
import { describedPath, routeWords } from "./described-path.js";
import { escapeControls } from "./escape-controls.js";
import { formAsBytes, formAsCurlArgs, formAsJson } from "./file-items.js";
import { runGenerate } from "./generate-command.js";
import { HELP } from "./help.js";
import { operationSchemas } from "./item-schemas.js";
import { type LoadIo, loadOperations, type OperationsFile } from "./load-operations.js";
import { type CredentialScope, type Format, parseArguments } from "./parse-arguments.js";
import { flagValues } from "./read-argv.js";
import type { ArgumentIo } from "./read-parameter.js";
import { SendError } from "./send-error.js";
import { isUnder, type SendIo, sendRequest } from "./send-request.js";
import { UsageError } from "./usage-error.js";

/**
 * What the command line needs from its host, so it can run in a test without a process. The
 * members for `--send` are optional: without them `fetch` is the runtime's, no environment
 * variable is set, and standard output is not a terminal.
 */
export interface CliIo extends ArgumentIo, Omit<LoadIo, "readFile"> {
  stdout(text: string | Uint8Array): void;
  stderr(text: string): void;
  fetch?: SendIo["fetch"];
  env?: SendIo["env"];
  isTerminal?: boolean;
  isStderrTerminal?: boolean;
  /** For `--jq`: jq over JSON text (the optional package jq-wasm, see bin.ts). */
  jq?: SendIo["jq"];
  /** For `rest-endpoint generate --out`. */
  writeFile?(path: string, text: string): void;
  /** For `generate`: reads what only rest-endpoint-openapi reads (see `GenerateIo`). */
  loadDescription?(path: string): Promise<unknown>;
  /**
   * Whether standard input holds data now, asked only when the command reads none of it: true
   * for a pipe or file with data ready, false for a terminal, /dev/null, an empty or closed
   * input, and a pipe with nothing in it yet (it is not waited for: see bin.ts).
   */
  stdinHasData?(): Promise<boolean>;
}

export { HELP };

/**
 * Runs the command line with `argv` (without node and the script); resolves to the exit
 * status: 0, 1 when a sent request fails or answers 400 or more, 2 on bad input.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    // A route is a path or a URL: a first argument `generate` is the subcommand.
    if (argv[0] === "generate") {
      return await runGenerate(argv.slice(1), {
        readFile: (path) => io.readFile(path),
        ...(io.loadDescription === undefined ? {} : { loadDescription: io.loadDescription }),
        writeFile: (path, text) => {
          if (io.writeFile === undefined) throw new UsageError("This host cannot write files.");
          io.writeFile(path, text);
        },
        stdout: (text) => io.stdout(text),
        isTerminal: io.isTerminal ?? false,
        // Names from the description could drive the terminal: one safe line each.
        stderr: (text) => io.stderr(`${escapeControls(text.replace(/\n$/, ""))}\n`),
      });
    }
    if (argv[0] === "completion") {
      // The GitHub table only here: a request never loads it.
      const [{ completionScript }, { operations }, { operationRoutes }] = await Promise.all([
        import("./completion.js"),
        import("../operations/github-operations.js"),
        import("../operations/describe-operations.js"),
      ]);
      io.stdout(completionScript(argv[1] ?? "", operationRoutes(operations) ?? []));
      return 0;
    }
    const described = await describedApi(argv, io);
    let command: ReturnType<typeof parseArguments>;
    // Standard input is read once: a second `@-` or `-` would silently get nothing.
    let stdinRead = false;
    const argumentIo: ArgumentIo = {
      readFile: (path) => io.readFile(path),
      readStdin: () => {
        if (stdinRead) {
          throw new UsageError(
            "Standard input is read once: name it (--input -, --data - or @-) in one place only.",
          );
        }
        stdinRead = true;
        return io.readStdin();
      },
    };
    try {
      command = parseArguments(argv, argumentIo);
    } catch (error) {
      // Input too large for a string (a JSON file of 90 MB) is bad input too: one line.
      throw error instanceof RangeError ? asEndpointError(error) : error;
    }
    if (command.kind === "help") {
      io.stdout(`${HELP}\n`);
      return 0;
    }
    if (command.kind === "version") {
      io.stdout(`${VERSION}\n`);
      return 0;
    }
    if (!stdinRead && !command.ignoreStdin && (await io.stdinHasData?.()) === true) {
      // Never dropped without a word (a piped body, HTTPie's habit): read only when named.
      throw new UsageError(
        "Standard input holds data, which is read only when named: add --input - to send it as the body (or --ignore-stdin to leave it unread).",
      );
    }
    for (const note of notesOnRoute(described, command.route))
      io.stderr(`rest-endpoint: note: ${escapeControls(note)}\n`);
    const { route, options: given } = asDescribed(described, command.route, command.options, command.query);
    const builder = described === undefined ? endpoint : endpoint.defaults(described.api as EndpointOptions);
    const options = typedAsDescribed(described, route, given, command.query);
    const request = withQueryItems(
      inCliWords(() => builder(route, options), described !== undefined),
      command.query,
    );
    if (command.send !== undefined) {
      const credentials = credentialScope(described, route, options, request);
      const settings = credentials === undefined ? command.send : { ...command.send, credentials };
      return await sendRequest(request, settings, {
        stdout: (text) => io.stdout(text),
        // Verbose heads and error lines hold what servers sent: safe text only.
        stderr: (text) => io.stderr(text.split("\n").map(escapeControls).join("\n")),
        // The progress line holds numbers only; on a terminal it rewrites itself.
        ...(io.isStderrTerminal === true ? { progress: (text: string) => io.stderr(text) } : {}),
        fetch: io.fetch ?? ((url, init) => fetch(url, init)),
        env: io.env ?? (() => undefined),
        isTerminal: io.isTerminal ?? false,
        ...(io.jq === undefined ? {} : { jq: io.jq }),
      });
    }
    let output: string | Uint8Array;
    try {
      output = await format(request, command.format);
    } catch (error) {
      // A body or url too large for a string (the JSON of a 90 MB body) is one line too.
      throw error instanceof RangeError ? asEndpointError(error) : error;
    }
    io.stdout(output);
    return 0;
  } catch (error) {
    if (error instanceof EndpointError || error instanceof UsageError || error instanceof SendError) {
      io.stderr(`rest-endpoint: ${escapeControls(maskedText(error.message))}\n`);
      return error instanceof SendError ? 1 : 2;
    }
    throw error;
  }
}

/**
 * The API of `--operations FILE`, with the credentials of `--auth-env SCHEME=NAME` (the value
 * of environment variable NAME; `SCHEME=USER:PASSWORD`, two variables, for a basic scheme);
 * `undefined` without.
 */
async function describedApi(argv: readonly string[], io: CliIo): Promise<OperationsFile | undefined> {
  const files = flagValues(argv, "--operations");
  const auth = flagValues(argv, "--auth-env");
  if (files.length === 0) {
    if (auth.length > 0) throw new UsageError("--auth-env is used with --operations only.");
    return undefined;
  }
  if (files.length > 1) throw new UsageError("--operations takes one file.");
  let credentials: Record<string, unknown> | undefined;
  const read = (name: string, scheme: string): string => {
    const value = io.env?.(name);
    if (value === undefined || value === "") {
      throw new UsageError(`The environment variable ${name} (--auth-env ${scheme}) is not set or empty.`);
    }
    return value;
  };
  for (const pair of auth) {
    const equals = pair.indexOf("=");
    if (equals <= 0) {
      throw new UsageError(`--auth-env takes SCHEME=NAME (an environment variable), got "${pair}".`);
    }
    const scheme = pair.slice(0, equals);
    // A basic scheme takes two variables, SCHEME=USER_VAR:PASSWORD_VAR; the others one.
    const [first, second] = pair.slice(equals + 1).split(":");
    credentials ??= {};
    setOwn(
      credentials,
      scheme,
      second === undefined
        ? read(first as string, scheme)
        : { username: read(first as string, scheme), password: read(second, scheme) },
    );
  }
  return await loadOperations(files[0] as string, credentials, io);
}

/** A route as a description's operations are named: `"METHOD url"`, the method in capitals. */
function describedRoute(route: string): string {
  return routeWords(route).join(" ");
}

/**
 * The route and items as `--operations` sends them: a concrete path (`GET /pets/7`) as the
 * described route it fits, its values added as items (`petId=7`); an item that gives one of
 * them again is refused rather than chosen between.
 */
function asDescribed(
  described: OperationsFile | undefined,
  route: string,
  options: EndpointOptions,
  query: readonly (readonly [string, string])[],
): { route: string; options: EndpointOptions } {
  if (described === undefined) return { route, options };
  const fitted = describedPath(route, described.routes, described.file);
  const names = Object.keys(fitted.values);
  if (names.length === 0) return { route, options };
  const items: Record<string, unknown> = { ...options };
  for (const name of names) {
    if (Object.hasOwn(options, name) || query.some(([queried]) => queried === name)) {
      throw new UsageError(
        `The path gives ${name} for ${quote(fitted.route)}, and so does an item (${name}=... or ${name}==...): give it once.`,
      );
    }
    setOwn(items, name, fitted.values[name]);
  }
  return { route: fitted.route, options: items as EndpointOptions };
}

/**
 * What generating the description noted about `route`, so that nothing it leaves out is left
 * out silently. An operation left out whole cannot be sent as described: that is refused (it
 * would go as a plain route, its parameters read by the route alone). A parameter left out is
 * a note on standard error, and the request goes as the rest of the description says.
 */
function notesOnRoute(described: OperationsFile | undefined, route: string): readonly string[] {
  if (described?.notes === undefined) return [];
  const key = describedRoute(route);
  const notes = described.notes.filter((note) => note.startsWith(`${key}: `));
  if (notes.length > 0 && !described.routes.includes(key)) {
    throw new UsageError(`${notes.join(" ")} Without --operations, it is sent as a plain route.`);
  }
  return notes;
}

/**
 * The options with typed items conformed to the description's schemas, when `--operations`
 * names a description that describes the route (a generated module carries no schemas).
 */
function typedAsDescribed(
  described: OperationsFile | undefined,
  route: string,
  options: EndpointOptions,
  query: readonly (readonly [string, string])[],
): EndpointOptions {
  if (described?.description === undefined) return options;
  const schemas = operationSchemas(described.description, describedRoute(route));
  return schemas === undefined ? options : conformItems(options, query, schemas);
}

/**
 * Where the credentials of `--auth-env` may go on a redirect or a next page: under the server
 * the request went to (its origin and base path). The headers that carry them are those the
 * request with credentials has and the one without has not (or has otherwise).
 */
function credentialScope(
  described: OperationsFile | undefined,
  route: string,
  options: EndpointOptions,
  request: RequestOptions,
): CredentialScope | undefined {
  if (described === undefined || described.plain === described.api) return undefined;
  const without = endpoint.defaults(described.plain as EndpointOptions)(route, options);
  const plain = without.headers;
  const headers = Object.keys(request.headers)
    .filter((name) => plain[name] !== request.headers[name])
    .map((name) => name.toLowerCase());
  // An apiKey `in: query` is a query parameter the request without credentials has not.
  const bare = new URL(without.url, "relative:/").searchParams;
  const query = [...new URL(request.url, "relative:/").searchParams]
    .filter(([name, value]) => !bare.getAll(name).includes(value))
    .map(([name]) => name);
  const given = Object.hasOwn(options, "baseUrl") ? options.baseUrl : undefined;
  const base = given ?? (described.api as { baseUrl?: unknown }).baseUrl;
  // A route with a url of its own (another of the servers): that url's path is the limit.
  const sent = new URL(request.url, "relative:/");
  const limit = typeof base === "string" && isUnder(sent, base) ? base : `${sent.origin}${sent.pathname}`;
  return { base: limit, headers, query };
}

/**
 * Runs `build`; a missing parameter, or one beside a body, is told as the item to type
 * (`repo=...`), not in the library's words.
 */
function inCliWords<T>(build: () => T, described: boolean): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof EndpointError) {
      const { code, parameter, route } = error;
      if (code === "missing_parameter" && parameter !== undefined) {
        throw new UsageError(
          `Missing parameter ${quote(parameter)}${route === undefined ? "" : ` for route ${quote(route)}`}: add the item ${parameter}=... (or -f ${parameter}=...).`,
        );
      }
      // A parameter left over beside `data`: the error names both.
      if (code === "invalid_parameter" && error.option === "data" && parameter !== undefined) {
        // HTTPie refuses items beside a body too; gh's -f and -F fields go to the query.
        // With --operations, -f fields follow the description, not gh's query rule.
        const field = described ? "" : `, as -f ${parameter}=... (gh's way)`;
        throw new UsageError(
          `The item ${parameter}=... beside a --data or --input body would be lost: send it as the query item ${parameter}==...${field}, or inside the body.`,
        );
      }
    }
    throw error;
  }
}

/** `name==value` items appended to the url's query, before any `#fragment`, as given. */
function withQueryItems(
  request: RequestOptions,
  query: readonly (readonly [string, string])[],
): RequestOptions {
  if (query.length === 0) return request;
  let pairs = "";
  for (const [name, value] of query) {
    const key = encodeUnreserved(name);
    const text = encodeUnreserved(value);
    if (key === undefined || text === undefined) {
      throw new UsageError(
        `The query item ${name}==${value} holds a lone UTF-16 surrogate, which a URL cannot carry.`,
      );
    }
    pairs += `${pairs === "" ? "" : "&"}${key}=${text}`;
  }
  return { ...request, url: withQuery(request.url, pairs) };
}

async function format(options: RequestOptions, as: Format): Promise<string | Uint8Array> {
  if (options.body instanceof FormData) {
    // A multipart form (file items, a described multipart body): no adapter writes one, so it
    // is printed here as fetch sends it (curl: its -F arguments; JSON: each part).
    const { body, ...rest } = options;
    if (as === "curl") {
      const expect = Object.keys(rest.headers).some((name) => name.toLowerCase() === "expect");
      // curl asks for `Expect: 100-continue` before a large form: not part of the request.
      const args = [...(expect ? [] : ["-H", "'expect:'"]), ...formAsCurlArgs(body)];
      return `${toCurl(rest)} ${args.join(" ")}\n`;
    }
    if (as === "http") {
      const { bytes, type } = await formAsBytes(body);
      return toHttpMessage({ ...rest, headers: { ...rest.headers, "content-type": type }, body: bytes });
    }
    return `${JSON.stringify({ ...rest, body: await formAsJson(body) }, jsonValue, 2)}\n`;
  }
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
