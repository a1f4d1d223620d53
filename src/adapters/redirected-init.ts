// The request a redirect asks for, as fetch would make it, for the adapters that follow
// redirects themselves so that what a request carries stays with its origin.
import { BODY_HEADERS } from "../shared/http.js";
import { SAFE_ACROSS_ORIGINS } from "./next-request.js";
import type { FetchInit } from "./to-fetch-args.js";

/** The statuses fetch follows when it finds a `location`. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** How many redirects one request follows, as fetch does. */
export const MAX_REDIRECTS = 20;

/**
 * The init of the request that a `status` redirect asks for: as fetch makes it (303 turns any
 * method but HEAD into a GET, 301 and 302 turn a POST into one, each without its body), and,
 * to another origin, with only the headers that carry no credentials (`SAFE_ACROSS_ORIGINS`,
 * as for a next page). A body that would still be sent to another origin is the caller's to
 * refuse (it stays with its origin).
 *
 * @example
 * ```ts
 * const init = { method: "POST", headers: { authorization: "token x", "content-type": "text/plain" }, body: "hi" };
 * redirectedInit(init, 303, false); // { method: "GET", headers: { authorization: "token x" }, body: null }
 * redirectedInit(init, 307, true).headers; // { "content-type": "text/plain" }
 * ```
 */
export function redirectedInit(init: FetchInit, status: number, crossOrigin: boolean): FetchInit {
  // No prototype, as toFetchArgs writes them: fetch reads init fields through the chain.
  const headers: Record<string, string> = Object.assign(Object.create(null), init.headers);
  const drop = (dropped: (name: string) => boolean): void => {
    for (const name of Object.keys(headers)) if (dropped(name.toLowerCase())) delete headers[name];
  };
  if (crossOrigin) drop((name) => !SAFE_ACROSS_ORIGINS.includes(name));
  const next: FetchInit = Object.assign(Object.create(null), init, { headers });
  if (
    (status === 303 && init.method !== "HEAD") ||
    ((status === 301 || status === 302) && init.method === "POST")
  ) {
    next.method = "GET";
    // null, not deleted: fetch would look a missing body up on Object.prototype.
    next.body = null;
    drop((name) => BODY_HEADERS.includes(name));
  }
  return next;
}
