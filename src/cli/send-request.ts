import { failureCode, fetchAgainIfDropped } from "../adapters/fetch-again.js";
import { nextRequest } from "../adapters/next-request.js";
import { redirectedInit } from "../adapters/redirected-init.js";
import { type FetchInit, toFetchArgs } from "../adapters/to-fetch-args.js";
import { CONNECTION_HEADERS, FRAMING_HEADERS } from "../shared/http.js";
import { lenientName } from "../shared/lenient-name.js";
import { maskedPath, SECRET_NAME } from "../shared/masked-url.js";
import type { RequestOptions } from "../types/request.js";
import { escapeControls } from "./escape-controls.js";
import type { SendSettings } from "./parse-arguments.js";
import { type Page, type PrintIo, pagePrinter, parsedJson } from "./print-response.js";
import { SendError } from "./send-error.js";
import { UsageError } from "./usage-error.js";

/** What sending needs from its host. */
export interface SendIo extends PrintIo {
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** The value of an environment variable, for `--token-env`. */
  env(name: string): string | undefined;
  /** Writes the progress line of `--paginate`; given only when standard error is a terminal. */
  progress?(text: string): void;
}

/**
 * Headers fetch writes itself: the framing that every writer refuses, and the hop-by-hop ones,
 * which fetch refuses or drops (a wrong one hangs the request).
 */
const FETCH_WRITES = new Set([...FRAMING_HEADERS, ...CONNECTION_HEADERS]);

/** Pages `--paginate` follows at most: a server that links on forever is stopped. */
const MAX_PAGES = 10_000;

/**
 * Headers the runtime's fetch adds when the request has none (and `sec-fetch-mode` always),
 * shown by `--verbose` so that it prints the request as it goes out. fetch also adds
 * `accept-encoding`, and `user-agent` when none is given, whose values vary with the runtime.
 */
const ADDED_BY_FETCH: readonly (readonly [string, string])[] = [
  ["accept", "*/*"],
  ["accept-language", "*"],
  ["sec-fetch-mode", "cors"],
];

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 10;

/**
 * The most of one response body held, decoded: 256 MiB. A gzip body of 256 KiB can expand to
 * 256 MiB, and `--paginate`, `--slurp`, `--jq` and a terminal's JSON need the whole body.
 */
export const MAX_BODY: number = 256 * 1024 * 1024;

/**
 * Sends request options with the host's `fetch` (through `toFetchArgs`) and prints the
 * response body, after the status line and headers with `--include`; with `--paginate`, every
 * page the `Link` headers lead to within the origin. Redirects are followed here rather than
 * by `fetch`, so that credentials never reach another origin: a hop to one drops them for the
 * rest of the way. Returns the exit status: 1 for a status of 400 or more.
 */
export async function sendRequest(
  options: RequestOptions,
  settings: SendSettings,
  io: SendIo,
): Promise<number> {
  if (settings.tokenEnv !== undefined) {
    const token = io.env(settings.tokenEnv);
    if (token === undefined || token === "") {
      throw new UsageError(
        `The environment variable ${settings.tokenEnv} (--token-env) is not set or empty.`,
      );
    }
    options = { ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } };
  }
  // The origin the user named (a relative url is refused when the first page is fetched).
  const start = new URL(options.url, "relative:/").origin;
  const printer = pagePrinter(settings, io);
  const seen = new Set<string>();
  const started = Date.now();
  let pages = 0;
  let items = 0;
  let failed = false;
  // The progress line is rewritten in place; it ends before any other line on stderr.
  let progressShown = false;
  const endProgress = (): void => {
    if (progressShown) io.progress?.("\n");
    progressShown = false;
  };
  let request: RequestOptions | undefined = options;
  const secret = settings.credentials?.query ?? [];
  try {
    while (request !== undefined) {
      const page = await fetchPage(request, settings, io);
      pages++;
      if (page.status >= 400) {
        failed = true;
        endProgress();
      }
      // Parsed once, for the printer and the count; then only the url is kept of it.
      const value = settings.paginate ? parsedJson(page.bytes) : undefined;
      await printer.page(page, value);
      if (settings.paginate && io.progress !== undefined) {
        if (Array.isArray(value)) items += value.length;
        io.progress(
          `\r\u001b[Kpages ${pages}, items ${items}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        progressShown = true;
      }
      if (!settings.paginate || page.status >= 400) break;
      seen.add(page.url);
      request = nextRequest(request, page.headers.get("link"));
      if (request === undefined) break;
      const next = new URL(request.url);
      // Out from under the described server, its credentials stay behind for the rest of the way.
      const scope = settings.credentials;
      if (scope !== undefined && !isUnder(next, scope.base)) request = withoutHeaders(request, scope.headers);
      // Within the origin the user named: a next link elsewhere is not followed.
      if (next.origin !== start) {
        throw new SendError(
          `The next page is on another origin (${next.origin}); stopped after ${pages} pages.`,
        );
      }
      if (seen.has(next.href)) {
        endProgress();
        io.stderr(
          `rest-endpoint: the next page (${maskedPath(next, secret)}) was fetched already; stopped after ${pages} pages.\n`,
        );
        request = undefined;
        break;
      }
      if (pages >= MAX_PAGES) {
        throw new SendError(`More than ${MAX_PAGES} pages; stopped. Narrow the request (per_page, filters).`);
      }
    }
  } finally {
    endProgress();
    // What was printed stays valid JSON: an open list is closed, even when sending failed.
    await printer.end();
  }
  return failed ? 1 : 0;
}

/** One request sent, its redirects followed, its response read whole. */
async function fetchPage(
  options: RequestOptions,
  settings: SendSettings,
  io: SendIo,
): Promise<Page & { url: string }> {
  for (const name of Object.keys(options.headers)) {
    if (FETCH_WRITES.has(name.toLowerCase())) {
      throw new UsageError(`The header ${name} is the HTTP client's to write when it sends; leave it out.`);
    }
  }
  const [first, fetchInit] = toFetchArgs(options);
  let url: URL;
  try {
    url = new URL(first);
  } catch {
    // A relative url can still hold an --auth-env key in its query.
    const shown = maskedPath(new URL(first, "relative:/"), settings.credentials?.query ?? []);
    throw new UsageError(`--send needs an absolute url, got "${shown}": give the base URL with --base-url.`);
  }
  const origin = url.origin;
  let init: RequestInit & { method: string; headers: Record<string, string> } = {
    ...fetchInit,
    redirect: "manual",
  };
  for (let hops = 0; ; hops++) {
    if (settings.verbose) {
      const scope = settings.credentials;
      io.stderr(requestHead(url, init, scope?.query ?? [], scope?.headers ?? []));
    }
    let response: Response;
    try {
      response = await fetchAgainIfDropped((to, given) => io.fetch(to, given), url.href, init);
    } catch (error) {
      // Which request: a redirect or a next page may have led elsewhere than the user typed.
      const shown = `${url.origin}${maskedPath(url, settings.credentials?.query ?? [])}`;
      // What fetch said may quote the url (a proxy's or a test's fetch does): masked there too.
      const said = failureCode(error).split(url.href).join(shown);
      throw new SendError(`The request ${init.method} ${shown} failed: ${said}.`);
    }
    if (settings.verbose) io.stderr(responseHead(response, url, settings.credentials?.query ?? []));
    const location = response.headers.get("location");
    if (!REDIRECTS.has(response.status) || location === null) return read(response, url.href, settings, io);
    // Printed as every url is: an --auth-env key a server echoes in its query is masked.
    const shown = maskedLink(location, url, settings.credentials?.query ?? []);
    if (hops === MAX_REDIRECTS)
      throw new SendError(`More than ${MAX_REDIRECTS} redirects; the last to ${shown}.`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new SendError(`The redirect to "${shown}" is not a URL.`);
    }
    if (next.protocol !== "http:" && next.protocol !== "https:") {
      throw new SendError(`The redirect to "${shown}" is not an http(s) URL.`);
    }
    await response.body?.cancel();
    init = redirectedInit(init as FetchInit, response.status, next.origin !== origin) as typeof init;
    // A body (a POST's client_secret) stays with its origin, as credentials do: a 307 or 308
    // to another origin, which would send it again, is not followed.
    if (next.origin !== origin && init.body != null) {
      throw new SendError(
        `The redirect (${response.status}) to ${next.origin} would send the request's body to another origin: not followed.`,
      );
    }
    const scope = settings.credentials;
    if (scope !== undefined && !isUnder(next, scope.base)) {
      init = { ...init, headers: withoutHeaders({ headers: init.headers }, scope.headers).headers };
    }
    url = next;
  }
}

/** `> GET /path HTTP/1.1` and the headers, credentials masked, as curl -v writes them. */
function requestHead(
  url: URL,
  init: { method: string; headers: Record<string, string> },
  secret: readonly string[],
  secretHeaders: readonly string[],
): string {
  let head = `> ${init.method} ${maskedPath(url, secret)} HTTP/1.1\n> host: ${url.host}\n`;
  const given = new Set<string>();
  for (const [name, value] of Object.entries(init.headers)) {
    const lower = name.toLowerCase();
    // fetch replaces a sec-fetch-mode of its own; the line below shows what goes out.
    if (lower === "sec-fetch-mode") continue;
    given.add(lower);
    // Masked by the one rule of credential names (authorization, cookie, X-Api-Key, X-Jwt...).
    const hidden = SECRET_NAME.test(lenientName(name)) || secretHeaders.includes(lower);
    head += `> ${name}: ${hidden ? masked(value) : value}\n`;
  }
  for (const [name, value] of ADDED_BY_FETCH) {
    if (!given.has(name)) head += `> ${name}: ${value}\n`;
  }
  return `${head}>\n`;
}

function responseHead(response: Response, base: URL, secret: readonly string[]): string {
  let head = `< HTTP/1.1 ${response.status} ${response.statusText}\n`;
  for (const [name, value] of response.headers) {
    let shown = SECRET_NAME.test(lenientName(name)) ? masked(value) : value;
    if (name === "location" || name === "link")
      shown = shown.replace(/[^<>\s,;]+/g, (part) => maskedLink(part, base, secret));
    head += `< ${name}: ${shown}\n`;
  }
  return `${head}<\n`;
}

/** A credential's scheme stays (`Bearer ****`, `Basic ****`); every other value is all masked. */
function masked(value: string): string {
  const scheme = /^(Bearer|Basic|token|Digest|Negotiate) /i.exec(value);
  return scheme === null ? "****" : `${scheme[1]} ****`;
}

function maskedLink(part: string, base: URL, secret: readonly string[]): string {
  try {
    const url = new URL(part, base);
    return url.search === "" ? part : `${url.origin}${maskedPath(url, secret)}`;
  } catch {
    return part;
  }
}

async function read(
  response: Response,
  url: string,
  settings: SendSettings,
  io: SendIo,
): Promise<Page & { url: string }> {
  let bytes: Uint8Array;
  try {
    bytes = await readBody(response);
  } catch (error) {
    if (error instanceof SendError) throw error;
    // A body cut short, a bad chunk or bad compression: one line, as for a failed request.
    throw new SendError(`The response (status ${response.status}) could not be read: ${failureCode(error)}.`);
  }
  if (settings.include) {
    // The server chose these words: one safe line each, whatever they hold.
    let head = `HTTP/1.1 ${response.status} ${escapeControls(response.statusText)}\n`;
    for (const [name, value] of response.headers) head += `${name}: ${escapeControls(value)}\n`;
    io.stdout(`${head}\n`);
  }
  return { status: response.status, statusText: response.statusText, headers: response.headers, bytes, url };
}

/** The body, decoded, up to `MAX_BODY` bytes: past it, the rest is not read and one line says so. */
async function readBody(response: Response): Promise<Uint8Array> {
  if (response.body === null) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_BODY) {
      await reader.cancel();
      throw new SendError(
        `The response (status ${response.status}) is larger than 256 MiB once decoded: stopped. Download it with curl.`,
      );
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * Whether `url` is under `base`: the same origin, and a path at or below the base's path
 * (`/v1` takes `/v1/x`, not `/v10`). Dot segments were resolved when the URL was parsed.
 */
export function isUnder(url: URL, base: string): boolean {
  let root: URL;
  try {
    root = new URL(base);
  } catch {
    return false;
  }
  if (url.origin !== root.origin) return false;
  const path = root.pathname.endsWith("/") ? root.pathname : `${root.pathname}/`;
  return url.pathname === root.pathname || url.pathname.startsWith(path);
}

/** `options` without the headers `names` (lowercase), whatever their case there. */
function withoutHeaders<T extends { readonly headers: Readonly<Record<string, string>> }>(
  options: T,
  names: readonly string[],
): T {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers)) {
    if (!names.includes(name.toLowerCase())) headers[name] = value;
  }
  return { ...options, headers };
}
