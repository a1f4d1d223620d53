import { setOwn } from "../shared/object.js";
import type { RequestOptions } from "../types/request.js";
import { readRequestOptions } from "./to-fetch-args.js";

/** Headers that carry credentials: never sent to an origin other than the request's. */
const CREDENTIALS = ["authorization", "cookie", "proxy-authorization"];

/**
 * The request options of the next page, from the RFC 8288 `Link` header of a response to
 * `options` (GitHub paginates so), or `undefined` on the last page. The next page keeps the
 * method, headers and `request` of `options`. A `next` link to another origin never carries
 * the caller's credentials there: `authorization`, `cookie` and `proxy-authorization` are
 * dropped from its headers. A link that is not an http(s) URL is no next page.
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
  const base =
    request.host === undefined ? new URL(request.url, "http://relative.invalid") : new URL(request.url);
  let next: URL;
  try {
    next = new URL(target, base);
  } catch {
    return undefined;
  }
  if (next.protocol !== "http:" && next.protocol !== "https:") return undefined;
  const headers = { ...request.headers };
  if (next.origin !== base.origin) {
    for (const name of Object.keys(headers))
      if (CREDENTIALS.includes(name.toLowerCase())) delete headers[name];
  }
  // A relative request stays relative when its next page is on the same (unknown) origin.
  const url =
    request.host === undefined && next.origin === base.origin ? next.pathname + next.search : next.href;
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
