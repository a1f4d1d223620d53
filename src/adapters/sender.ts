import { EndpointError } from "../errors/endpoint-error.js";
import { describeValue } from "../shared/describe-value.js";
import { maskedUrl } from "../shared/masked-url.js";
import { isPlainObject } from "../shared/object.js";
import type { RequestOptions } from "../types/request.js";
import type { OtherResponseFor, ResponseFor } from "../types/responses.js";
import type { FromRoute } from "../types/route-params.js";
import { fetchAgainIfDropped } from "./fetch-again.js";
import { refuseFraming } from "./framing-headers.js";
import { readObject } from "./read-request-options.js";
import { readResponseBody } from "./read-response-body.js";
import { MAX_REDIRECTS, REDIRECT_STATUSES, redirectedInit } from "./redirected-init.js";
import { requestFailed } from "./request-failed.js";
import { ResponseError } from "./response-error.js";
import { type FetchInit, toFetchArgs } from "./to-fetch-args.js";

/** How a sender sends. */
export interface SenderClient {
  /** A WHATWG `fetch`; the runtime's (looked up when a request is sent) when not given. */
  fetch?: ((url: string, init: FetchInit) => Promise<Response>) | undefined;
  /** Throw a `ResponseError` for a response that is no success, rather than give it as `error`. */
  throwOnStatus?: boolean | undefined;
}

/** The statuses and bodies of the route request options `O` were built from, in `Responses`. */
type StatusesOf<Responses, O> =
  O extends FromRoute<infer R> ? (string extends R ? never : R extends keyof Responses ? R : never) : never;

/** The body of a success (2xx) of the route of `O`; `unknown` for a route `Responses` lacks. */
export type SentData<Responses, O> = [StatusesOf<Responses, O>] extends [never]
  ? unknown
  : ResponseFor<Responses, StatusesOf<Responses, O>>;

/** The body of any other response (3xx, 4xx, 5xx) of the route of `O`, as `SentData`. */
export type SentError<Responses, O> = [StatusesOf<Responses, O>] extends [never]
  ? unknown
  : OtherResponseFor<Responses, StatusesOf<Responses, O>>;

/**
 * What a send gives, as openapi-fetch does: `data` for a success (2xx), else `error`, each
 * typed by the route's responses; `response` either way (its body read already).
 */
export type Sent<Data, Error> =
  | { data: Data; error: undefined; response: Response }
  | { data: undefined; error: Error; response: Response };

/** A sender: request options in, the response's body out, typed by `Responses`. */
export type Send<Responses> = <O extends RequestOptions>(
  options: O,
  init?: Partial<FetchInit>,
) => Promise<Sent<SentData<Responses, O>, SentError<Responses, O>>>;

/** A sender that throws a `ResponseError` for any response but a success. */
export type SendOrThrow<Responses> = <O extends RequestOptions>(
  options: O,
  init?: Partial<FetchInit>,
) => Promise<{ data: SentData<Responses, O>; response: Response }>;

/**
 * A function that sends request options (`endpoint()`'s result) with fetch and reads the
 * response's body as its content-type says: JSON parsed, text as a string, anything else as
 * bytes, and `undefined` where there is none (HEAD, 204, 304). It gives `{ data, error,
 * response }`: `data` for a 2xx, `error` for any other status; with `throwOnStatus: true`,
 * `{ data, response }`, and a `ResponseError` (status, response, body, the request with its
 * credentials masked) for any other status. `Responses` types the bodies by the route each
 * request was built from: GitHub's (`GitHubResponses`) or a generated module's `Responses`.
 *
 * Requests go through `toFetchArgs` (`init` wins, as there), and a framing header (`host`,
 * `content-length`, `transfer-encoding`) is refused. Redirects are followed here (at most
 * 20), as fetch would, but what a request carries stays with its origin: to another origin
 * only the headers `nextRequest` keeps go, and a redirect that would carry the body there is
 * not followed (`request_failed`). A `redirect` of `"manual"` or `"error"` is left to fetch.
 * A request fetch rejects (a network error, an abort by `signal`) is `request_failed`, naming
 * the method and the url with credentials masked, fetch's error as its `cause`.
 *
 * @example
 * ```ts
 * // GitHub's types: `import type { GitHubResponses } from "rest-endpoint/github"`, then
 * // sender<GitHubResponses>(); here a fetch that answers at once.
 * const send = sender({ fetch: async () => Response.json({ full_name: "o/r" }) });
 * const { data, error, response } = await send(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
 * data; // { full_name: "o/r" }
 * error; // undefined
 * response.status; // 200
 * ```
 */
export function sender<Responses = unknown>(
  client: SenderClient & { throwOnStatus: true },
): SendOrThrow<Responses>;
export function sender<Responses = unknown>(client?: SenderClient): Send<Responses>;
export function sender(client?: SenderClient): Send<unknown> | SendOrThrow<unknown> {
  const read = client === undefined ? {} : readObject(client, __DEV__ ? "the client given to sender" : "");
  const given = read.fetch;
  if (given !== undefined && typeof given !== "function") {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `The client given to sender has a fetch that is not a function: ${describeValue(given)}.`
        : "",
      { option: "fetch" },
    );
  }
  const throwOnStatus = read.throwOnStatus;
  if (throwOnStatus !== undefined && typeof throwOnStatus !== "boolean") {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `The client given to sender has a throwOnStatus that is not true or false: ${describeValue(throwOnStatus)}.`
        : "",
      { option: "throwOnStatus" },
    );
  }
  // The runtime's fetch is looked up when a request goes out: Node loads it on first use.
  const send = (given as SenderClient["fetch"]) ?? ((url: string, init: FetchInit) => fetch(url, init));
  return async (options: RequestOptions, init?: Partial<FetchInit>) => {
    const [url, first] = toFetchArgs(options, init);
    // Headers given in `init` as a Headers object or pairs would pass the checks below unread.
    if (!isPlainObject(first.headers)) {
      throw new EndpointError(
        "invalid_options",
        __DEV__
          ? `The init given to a sender has headers that are not a plain object (${describeValue(first.headers)}): give them as { name: value }, or in the request options.`
          : "",
        { option: "headers" },
      );
    }
    refuseFraming(first.headers, "sender");
    const { response, method, at, headers } = await follow(send, url, first);
    let body: unknown;
    try {
      body = await readResponseBody(response, method);
    } catch (error) {
      if (error instanceof EndpointError) throw error;
      throw requestFailed(method, at, error);
    }
    if (response.ok) return { data: body, error: undefined, response };
    if (throwOnStatus === true) throw new ResponseError(response, body, method, at, headers);
    return { data: undefined, error: body, response };
  };
}

/**
 * The response to `init` at `url`, redirects followed as `sender` says, with the method, url
 * and headers of the request it answers.
 */
async function follow(
  send: NonNullable<SenderClient["fetch"]>,
  url: string,
  first: FetchInit,
): Promise<{ response: Response; method: string; at: string; headers: Record<string, string> }> {
  // fetch follows only when asked to: "manual" and "error" are the caller's to handle.
  const following = first.redirect === "follow";
  let init: FetchInit = following ? Object.assign(Object.create(null), first, { redirect: "manual" }) : first;
  let at = url;
  let origin: string | undefined;
  for (let hops = 0; ; hops++) {
    let answered: unknown;
    try {
      answered = await fetchAgainIfDropped(send, at, init);
    } catch (error) {
      throw requestFailed(init.method, at, error);
    }
    const response = asResponse(answered);
    const done = { response, method: init.method, at, headers: init.headers };
    if (!following) return done;
    if (response.type === "opaqueredirect") {
      throw failed(
        init.method,
        at,
        'it was redirected, and this runtime\'s fetch does not say where (a browser): pass redirect: "follow" to let fetch follow it',
      );
    }
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
    if (location === null) return done;
    // The response says where it came from; a relative request has no other base.
    const base = response.url || at;
    let next: URL;
    try {
      origin ??= new URL(base).origin;
      next = new URL(location, base);
    } catch {
      throw failed(init.method, at, `it was redirected to ${maskedUrl(location)}, which is no URL`);
    }
    if (next.protocol !== "http:" && next.protocol !== "https:") {
      throw failed(
        init.method,
        at,
        `it was redirected to ${maskedUrl(next.href)}, which is not an http(s) URL`,
      );
    }
    if (hops === MAX_REDIRECTS)
      throw failed(init.method, at, `it was redirected more than ${MAX_REDIRECTS} times`);
    await response.body?.cancel();
    init = redirectedInit(init, response.status, next.origin !== origin);
    // A body (a POST's client_secret) stays with its origin, as credentials do: a 307 or 308
    // to another origin, which would send it again, is not followed.
    if (next.origin !== origin && init.body != null) {
      throw failed(
        init.method,
        at,
        `its redirect (${response.status}) to ${next.origin} would send the request's body to another origin: not followed`,
      );
    }
    next.hash = "";
    at = next.href;
  }
}

/**
 * What a fetch answered, which must be a response: an object with a numeric `status` and
 * `headers.get` (told without `instanceof Response`, which would make Node load its fetch).
 */
function asResponse(value: unknown): Response {
  let ok = false;
  try {
    const response = value as Response;
    ok = typeof response.status === "number" && typeof response.headers.get === "function";
  } catch {
    // an object whose getters throw is no response either
  }
  if (ok) return value as Response;
  throw new EndpointError(
    "invalid_options",
    __DEV__ ? `The fetch given to sender answered ${describeValue(value)}, which is no Response.` : "",
    { option: "fetch" },
  );
}

/** `request_failed` for a request that went out but cannot be followed; `why` as `__DEV__ ? ... : ""`. */
function failed(method: string, url: string, why: string): EndpointError {
  const shown = `${method} ${maskedUrl(url)}`;
  return new EndpointError("request_failed", __DEV__ ? `The request ${shown} failed: ${why}.` : shown);
}
