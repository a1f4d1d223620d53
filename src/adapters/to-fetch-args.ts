import { FORM_CONTENT_TYPE, type SentBody, serializeKind, writingBody } from "../bodies/serialize-body.js";
import type { RequestOptions } from "../types/request.js";
import { readObject, readRequestOptions } from "./read-request-options.js";

/** The `init` argument of the WHATWG `fetch` for request options. */
export interface FetchInit extends Omit<RequestInit, "method" | "headers" | "body"> {
  method: string;
  headers: Record<string, string>;
  /** `"half"` for a stream body, as fetch requires. */
  duplex?: "half";
  /** Node's own `fetch` (undici) takes a dispatcher (an agent or a proxy). */
  dispatcher?: unknown;
  /** `null` when the request has none. */
  body?: null | SentBody;
}

/** How `toFetchArgs` writes the arguments. */
export interface FetchSettings {
  /**
   * Keep `user-agent` in a browser. Browsers send their own and Chrome refuses to set it, with
   * a warning on every request, so it is left out there unless this is true.
   */
  keepUserAgent?: boolean;
}

/**
 * The fields of `request` that are `fetch` init fields: `toFetchArgs` forwards them as given.
 * Other client settings in `request` (a custom `fetch`, a timeout) are not fetch's to read.
 */
export const FETCH_INIT_FIELDS: readonly string[] = /* @__PURE__ */ Object.freeze([
  "signal",
  "cache",
  "credentials",
  "integrity",
  "keepalive",
  "mode",
  "priority",
  "redirect",
  "referrer",
  "referrerPolicy",
  "window",
  "dispatcher",
]);

/**
 * Each field of the WHATWG `fetch` init with the value fetch gives it when it is left out, as
 * `toFetchArgs` writes them (see there). Node's `dispatcher` has no such value and is left out,
 * and so is `cache` where the runtime's `Request` refuses the field (Cloudflare Workers).
 */
export const FETCH_DEFAULTS: Readonly<Record<string, unknown>> = /* @__PURE__ */ Object.freeze({
  body: null,
  cache: "default",
  credentials: "same-origin",
  duplex: "half",
  integrity: "",
  keepalive: false,
  mode: "cors",
  priority: "auto",
  redirect: "follow",
  referrer: "about:client",
  referrerPolicy: "",
  signal: null,
  window: null,
});

/**
 * Request options as the arguments of the WHATWG `fetch`: the method uppercase, a copy of the
 * headers, and the body serialized (strings, bytes, blobs, forms and streams as they are, a
 * stream with `duplex: "half"`; anything else as JSON). GET and HEAD never carry a body. The
 * fetch init fields of `request` (`FETCH_INIT_FIELDS`: `signal`, `redirect`, ...) are
 * forwarded, and `init` (yours) wins over everything. In a browser `user-agent` is left out
 * (see `FetchSettings`). The options are checked first, as they may have been built or changed
 * by hand (see `readRequestOptions`).
 *
 * @example
 * ```ts
 * const [url, init] = toFetchArgs(endpoint("POST /markdown", { text: "**hi**" }));
 * url; // "https://api.github.com/markdown"
 * init.method; // "POST"
 * init.headers["content-type"]; // "application/json; charset=utf-8"
 * init.body; // '{"text":"**hi**"}'
 * const controller = new AbortController();
 * const [, withSignal] = toFetchArgs(endpoint("GET /user", { request: { signal: controller.signal } }), { redirect: "manual" });
 * withSignal.signal === controller.signal; // true
 * withSignal.redirect; // "manual"
 * const response = await fetch(url, init);
 * ```
 */
export function toFetchArgs(
  options: RequestOptions,
  init?: Partial<FetchInit>,
  settings?: FetchSettings,
): [url: string, init: FetchInit] {
  const request = readRequestOptions(options, "toFetchArgs");
  // No Object.prototype on its chain: fetch reads every init field it knows (redirect,
  // dispatcher, window, ...) through the prototype chain, so fields on a polluted
  // Object.prototype would join this one. Plain assignment is safe on it: no setter or
  // `__proto__` accessor is inherited (see `Init`). The
  // headers, checked, are a fresh copy without a prototype already (fetch looks their
  // Symbol.iterator up too: a polluted one would replace them all).
  const own = initOf(request.method, request.headers);
  const built = own as unknown as FetchInit;
  if (request.hasBody) {
    const { body, kind } = writingBody(() => serializeKind(request.body));
    let sent: unknown = body;
    if (kind === "searchParams") {
      // As text, the way every adapter writes it: fetch would call the object's own toString.
      sent = URLSearchParams.prototype.toString.call(body);
      if (!request.names.has("content-type")) built.headers["content-type"] = FORM_CONTENT_TYPE;
    } else if (typeof body === "string" && !request.names.has("content-type")) {
      // fetch labels a string body `text/plain` when no content-type is set (as for the empty
      // body of PUT and PATCH); as bytes it goes out with no content-type, as described.
      sent = new TextEncoder().encode(body);
    }
    own.body = sent;
  }
  const client = request.client;
  if (client !== undefined) {
    for (let i = 0; i < FETCH_INIT_FIELDS.length; i++) {
      const field = FETCH_INIT_FIELDS[i] as string;
      if (client[field] !== undefined) own[field] = client[field];
    }
  }
  const keepUserAgent =
    settings === undefined
      ? false
      : readObject(settings, __DEV__ ? "the settings given to toFetchArgs" : "").keepUserAgent === true;
  if (inBrowser() && !keepUserAgent) {
    for (const name of Object.keys(built.headers))
      if (name.toLowerCase() === "user-agent") delete built.headers[name];
  }
  if (init === undefined) return [request.url, built];
  const given = readObject(init, __DEV__ ? "the init given to toFetchArgs" : "");
  for (const field of Object.keys(given)) own[field] = given[field];
  return [request.url, built];
}

/**
 * An init of `method` and `headers`, with every field fetch knows at the value it takes when
 * the field is left out (`FETCH_DEFAULTS`): Node's fetch copies the init into an object of its
 * own and looks a missing field up on that copy's prototype, so data on Object.prototype (a
 * referrer, a redirect mode, a body) would join. Cloudflare Workers refuse any `cache` (even
 * "default"), and read only the init's own fields.
 */
function initOf(method: string, headers: Record<string, string>): Record<string, unknown> {
  const init = new Init(method, headers);
  if (!fetchTakesCache()) delete init.cache;
  return init;
}

/**
 * The init's own fields, set in one order by a constructor: the engine gives every init one
 * shape, ten times quicker to make than an object without a prototype filled field by field.
 */
const Init = function (this: Record<string, unknown>, method: string, headers: Record<string, string>) {
  this.method = method;
  this.headers = headers;
  this.body = null;
  this.cache = "default";
  this.credentials = "same-origin";
  this.duplex = "half";
  this.integrity = "";
  this.keepalive = false;
  this.mode = "cors";
  this.priority = "auto";
  this.redirect = "follow";
  this.referrer = "about:client";
  this.referrerPolicy = "";
  this.signal = null;
  this.window = null;
} as unknown as new (
  method: string,
  headers: Record<string, string>,
) => Record<string, unknown>;
// Its prototype has no fields and none of its own, and cannot get any: no lookup of a field the
// init lacks reaches Object.prototype.
Init.prototype = /* @__PURE__ */ Object.freeze(Object.create(null));

let cacheTaken: boolean | undefined;

/**
 * Whether this runtime's fetch takes a `cache` field: asked once, of its `Request`. Node loads
 * its fetch (tens of milliseconds) the first time a global of it is read, and it takes `cache`:
 * while `Request` is still such an unread global, the answer is yes without asking, so that
 * writing the arguments never loads a fetch the caller may not use.
 */
function fetchTakesCache(): boolean {
  if (cacheTaken === undefined) {
    if (typeof Object.getOwnPropertyDescriptor(globalThis, "Request")?.get === "function") {
      cacheTaken = true;
      return true;
    }
    // Inits without a prototype, so a polluted Object.prototype adds no field to them; the
    // answer is kept for the process only when the Request fails for `cache` alone (a polluted
    // global such as `window` can make any Request fail: then ask again on the next call).
    const made = (init: object): boolean => {
      try {
        new Request("http://localhost/", init as RequestInit);
        return true;
      } catch {
        return false;
      }
    };
    if (made({ __proto__: null, cache: "default" })) cacheTaken = true;
    else if (made({ __proto__: null })) cacheTaken = false;
    else return true;
  }
  return cacheTaken;
}

/** A browser (or a browser's worker): its navigator says Mozilla, as Deno, Bun and Node do not. */
function inBrowser(): boolean {
  // The global object inherits Object.prototype: a polluted `navigator` there is no browser's.
  try {
    for (let scope: object | null = globalThis; scope !== null && scope !== Object.prototype; ) {
      if (Object.hasOwn(scope, "navigator")) {
        return String(
          (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent,
        ).startsWith("Mozilla/");
      }
      scope = Object.getPrototypeOf(scope) as object | null;
    }
  } catch {
    // a navigator that throws when read is no browser's either
  }
  return false;
}
