import { setOwn } from "../shared/object.js";
import { MAX_ENCODED_LENGTH } from "../template/encode.js";
import type { RequestOptions } from "../types/request.js";
import { type AdapterInput, readRequestOptions } from "./read-request-options.js";

/**
 * The headers a page on another origin gets: those that say what is asked and how, which no
 * API uses for credentials. Every other header may carry them (`authorization`, `cookie`, and
 * the `X-API-Key` or `PRIVATE-TOKEN` of an API whose description sends a key in a header), so
 * it stays with the request's origin.
 */
export const SAFE_ACROSS_ORIGINS: readonly string[] = [
  "accept",
  "accept-language",
  "content-language",
  "content-type",
  "user-agent",
  "x-github-api-version",
];

/**
 * The request options of the next page, from the RFC 8288 `Link` header of a response to
 * `options` (GitHub paginates so), or `undefined` on the last page. The next page keeps the
 * method, headers and `request` of `options`. A `next` link to another origin never carries
 * the caller's credentials there: it keeps only `accept`, `accept-language`,
 * `content-language`, `content-type`, `user-agent` and `x-github-api-version`, and every other
 * header (`authorization`, `cookie`, an `x-api-key`...) is dropped (a relative request has no
 * known origin: a link that names a host is another origin). A request with a body has no
 * next page on another origin (`undefined`): the body stays with its origin too. A link that
 * is not an http(s) URL the adapters accept is no next page.
 *
 * @example
 * ```ts
 * const first = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 50 });
 * const link = '<https://api.github.com/repositories/1/issues?per_page=50&page=2>; rel="next", <https://api.github.com/repositories/1/issues?per_page=50&page=9>; rel="last"';
 * nextRequest(first, link)?.url; // "https://api.github.com/repositories/1/issues?per_page=50&page=2"
 * nextRequest(first, '<https://api.github.com/x?page=1>; rel="prev"'); // undefined
 * ```
 */
export function nextRequest(
  options: RequestOptions,
  link: string | null | undefined,
): RequestOptions | undefined {
  const request = readRequestOptions(options, "nextRequest");
  if (typeof link !== "string") return undefined;
  const target = nextTarget(link);
  if (target === undefined) return undefined;
  const next = resolveLink(target, request);
  if (next === undefined) return undefined;
  const headers = { ...request.headers };
  if (!next.sameOrigin) {
    // A body (a POST's `client_secret`, a search) is the request's origin's as much as its
    // credentials are: a page on another origin would get it, so there is no such next page.
    if (request.hasBody) return undefined;
    for (const name of Object.keys(headers))
      if (!SAFE_ACROSS_ORIGINS.includes(name.toLowerCase())) delete headers[name];
  }
  const result = requestOf(request, next.url, headers);
  // A url the adapters would refuse (credentials in it, a path that starts with "//" and so
  // names a host, dot segments) is no page to follow.
  try {
    readRequestOptions(result, "nextRequest");
  } catch {
    return undefined;
  }
  return result;
}

/** Plain request options from checked ones: what `endpoint()` would have returned. */
export function requestOf(
  request: AdapterInput,
  url: string,
  headers: Record<string, string>,
): RequestOptions {
  const result: RequestOptions = {
    method: request.method.toLowerCase() as RequestOptions["method"],
    url,
    headers,
  };
  const own = result as unknown as Record<string, unknown>;
  if (request.hasBody) setOwn(own, "body", request.body);
  if (request.client !== undefined) setOwn(own, "request", { ...request.client });
  return result;
}

/**
 * The url of a link target, resolved against the request's, and whether it is on the request's
 * origin. A relative request has no origin: the target is resolved against two made-up ones,
 * and only a target that keeps each (a path or a query) stays on the request's unknown origin
 * and relative; one that names a host is another origin; one that names a host but no scheme
 * cannot be placed and is `undefined`, as is a target that is no http(s) URL.
 */
function resolveLink(
  target: string,
  request: AdapterInput,
): { url: string; sameOrigin: boolean } | undefined {
  if (request.host !== undefined) {
    const base = new URL(request.url);
    const next = parse(target, base.href);
    if (next === undefined) return undefined;
    return { url: next.href, sameOrigin: next.origin === base.origin };
  }
  const one = parse(target, new URL(request.url, "http://one.relative.invalid").href);
  const two = parse(target, new URL(request.url, "https://two.relative.invalid").href);
  if (one === undefined || two === undefined) return undefined;
  if (one.origin === "http://one.relative.invalid" && two.origin === "https://two.relative.invalid") {
    return { url: one.pathname + one.search, sameOrigin: true };
  }
  return one.href === two.href ? { url: one.href, sameOrigin: false } : undefined;
}

/** An http(s) URL without its fragment, or `undefined` (also for one too long to parse safely). */
function parse(target: string, base: string): URL | undefined {
  if (target.length > MAX_ENCODED_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  url.hash = "";
  return url;
}

/**
 * The target of the first link whose `rel` names `next`. One pass over the header: each link
 * is `<target>` followed by `; name=value` parameters (a value may be a quoted string, in
 * which a comma or semicolon is text), links separated by commas.
 */
function nextTarget(header: string): string | undefined {
  let i = 0;
  const length = header.length;
  while (i < length) {
    const open = header.indexOf("<", i);
    if (open === -1) return undefined;
    const close = header.indexOf(">", open + 1);
    if (close === -1) return undefined;
    const target = header.slice(open + 1, close);
    i = close + 1;
    let isNext = false;
    // Parameters up to the comma that ends this link.
    while (i < length && header[i] !== ",") {
      if (header[i] !== ";") {
        i++;
        continue;
      }
      i++;
      let nameEnd = i;
      while (nameEnd < length && !"=;,".includes(header[nameEnd] as string)) nameEnd++;
      const name = header.slice(i, nameEnd).trim().toLowerCase();
      i = nameEnd;
      if (header[i] !== "=") continue;
      i++;
      while (header[i] === " " || header[i] === "\t") i++;
      let value = "";
      if (header[i] === '"') {
        i++;
        while (i < length && header[i] !== '"') {
          if (header[i] === "\\" && i + 1 < length) i++;
          value += header[i];
          i++;
        }
        i++;
      } else {
        const start = i;
        while (i < length && !";,".includes(header[i] as string)) i++;
        value = header.slice(start, i).trim();
      }
      if (
        name === "rel" &&
        value
          .toLowerCase()
          .split(/[ \t]+/)
          .includes("next")
      )
        isNext = true;
    }
    if (isNext) return target.trim();
    i++;
  }
  return undefined;
}
