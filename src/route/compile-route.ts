import { BoundedCache, ownString, stringBytes } from "../shared/bounded-cache.js";
import type { RequestMethod } from "../types/request.js";
import { checkStray, parseRoute } from "./parse-route.js";
import { planUrl, type UrlPlan } from "./plan-url.js";
import { toRequestMethod } from "./request-method.js";

export type { UrlPlan } from "./plan-url.js";

/** A route string compiled: its method as written and as sent, its url and the url's plan. */
export interface CompiledRoute {
  readonly method: string;
  readonly requestMethod: RequestMethod;
  readonly url: string;
  readonly plan: UrlPlan;
}

// Compiled routes, by the route string a caller gave (endpoint(), merge(), defaults()), and
// compiled urls, by the url of merged options (parse()): two caches, so a route string can never
// find an entry that skipped the route's checks. Four MB hold GitHub's whole API (about 1.8 MB).
const routes = new BoundedCache<CompiledRoute>(4 * 1024 * 1024);
const urls = new BoundedCache<UrlPlan>(1024 * 1024);

/** Compiles `"METHOD url"` (or a bare url, meaning GET), cached. */
export function compileRoute(given: string): CompiledRoute {
  let found = routes.get(given);
  if (found === undefined) {
    const route = ownString(given);
    const { method, url } = parseRoute(route);
    const plan = planUrl(url);
    found = routes.set(
      route,
      { method, requestMethod: toRequestMethod(method), url, plan },
      plan.bytes + 2 * stringBytes(route),
    );
  }
  return found;
}

/**
 * Compiles a url template (RFC 6570 plus `-` in names and `:name` placeholders), cached. A url
 * given alone is a template: what RFC 6570 refuses in it (a space, a control character, `{a b}`)
 * is `invalid_template` at its index; white space it allows (a no-break space) is
 * `invalid_route`, as in a route.
 */
export function compileUrl(given: string): UrlPlan {
  let found = urls.get(given);
  if (found === undefined) {
    const url = ownString(given);
    const plan = planUrl(url);
    checkStray(url, url, true);
    found = urls.set(url, plan, plan.bytes + stringBytes(url));
  }
  return found;
}
