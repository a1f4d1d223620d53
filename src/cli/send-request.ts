import { SAFE_ACROSS_ORIGINS } from "../adapters/next-request.js";
import { toFetchArgs } from "../adapters/to-fetch-args.js";
import type { RequestOptions } from "../types/request.js";
import type { SendSettings } from "./parse-arguments.js";
import { UsageError } from "./parse-arguments.js";

/** What sending needs from its host. */
export interface SendIo {
  stdout(text: string | Uint8Array): void;
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** The value of an environment variable, for `--token-env`. */
  env(name: string): string | undefined;
  /** Standard output is a terminal: JSON bodies are pretty-printed there. */
  readonly isTerminal: boolean;
}

/** The request could not be made, or a redirect could not be followed: exit status 1. */
export class SendError extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 10;

/**
 * Sends request options with the host's `fetch` (through `toFetchArgs`) and prints the
 * response body, after the status line and headers with `--include`. Redirects are followed
 * here rather than by `fetch`, so that credentials never reach another origin: a hop to one
 * drops them for the rest of the way. Returns the exit status: 1 for a status of 400 or more.
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
  const [first, fetchInit] = toFetchArgs(options);
  let url: URL;
  try {
    url = new URL(first);
  } catch {
    throw new UsageError(`--send needs an absolute url, got "${first}": give the base URL with --base-url.`);
  }
  const origin = url.origin;
  let init: RequestInit & { method: string; headers: Record<string, string> } = {
    ...fetchInit,
    redirect: "manual",
  };
  for (let hops = 0; ; hops++) {
    let response: Response;
    try {
      response = await io.fetch(url.href, init);
    } catch (error) {
      throw new SendError(`The request to ${url.origin} failed: ${failure(error)}.`);
    }
    const location = response.headers.get("location");
    if (!REDIRECTS.has(response.status) || location === null) return print(response, settings.include, io);
    if (hops === MAX_REDIRECTS)
      throw new SendError(`More than ${MAX_REDIRECTS} redirects; the last to ${location}.`);
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new SendError(`The redirect to "${location}" is not a URL.`);
    }
    if (next.protocol !== "http:" && next.protocol !== "https:") {
      throw new SendError(`The redirect to "${location}" is not an http(s) URL.`);
    }
    await response.body?.cancel();
    init = redirected(init, response.status, next.origin !== origin);
    url = next;
  }
}

/** The request a redirect asks for, as fetch makes it, without credentials for another origin. */
function redirected(
  init: RequestInit & { method: string; headers: Record<string, string> },
  status: number,
  crossOrigin: boolean,
): RequestInit & { method: string; headers: Record<string, string> } {
  const headers = { ...init.headers };
  const drop = (dropped: (name: string) => boolean): void => {
    for (const name of Object.keys(headers)) if (dropped(name.toLowerCase())) delete headers[name];
  };
  // To another origin, only the headers that carry no credentials (as for a next page):
  // `authorization`, `cookie`, an `x-api-key` item stay with the origin the user named.
  if (crossOrigin) drop((name) => !SAFE_ACROSS_ORIGINS.includes(name));
  const next = { ...init, headers };
  // As fetch does: 303 turns any method but HEAD into a GET, 301 and 302 turn a POST into one.
  if (
    (status === 303 && init.method !== "HEAD") ||
    ((status === 301 || status === 302) && init.method === "POST")
  ) {
    next.method = "GET";
    // null, not deleted: fetch would look a missing body up on Object.prototype.
    next.body = null;
    const body = [
      "content-type",
      "content-length",
      "content-encoding",
      "content-language",
      "content-location",
    ];
    drop((name) => body.includes(name));
  }
  return next;
}

async function print(response: Response, include: boolean, io: SendIo): Promise<number> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    // A body cut short, a bad chunk or bad compression: one line, as for a failed request.
    throw new SendError(`The response (status ${response.status}) could not be read: ${failure(error)}.`);
  }
  if (include) {
    let head = `HTTP/1.1 ${response.status} ${response.statusText}\n`;
    for (const [name, value] of response.headers) head += `${name}: ${value}\n`;
    io.stdout(`${head}\n`);
  }
  io.stdout(io.isTerminal ? pretty(bytes, response.headers.get("content-type")) : bytes);
  return response.status >= 400 ? 1 : 0;
}

/** A JSON body indented for reading on a terminal; any other body as it came. */
function pretty(bytes: Uint8Array, contentType: string | null): string | Uint8Array {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/json" && !(type.startsWith("application/") && type.endsWith("+json")))
    return bytes;
  try {
    return `${JSON.stringify(JSON.parse(new TextDecoder().decode(bytes)), null, 2)}\n`;
  } catch {
    return bytes;
  }
}

/** What fetch says went wrong: the network's code (ECONNREFUSED) when it gives one. */
function failure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  return String(cause?.code ?? cause?.message ?? (error as Error).message);
}
