import type { RequestOptions } from "../types/request.js";
import { nextRequest } from "./next-request.js";
import { type FetchInit, toFetchArgs } from "./to-fetch-args.js";

/** What `paginate` sends requests with. */
export interface PaginateClient {
  /** A WHATWG `fetch`; the runtime's when not given. */
  fetch?: (url: string, init: FetchInit) => Promise<Response>;
}

/**
 * The responses of every page, from `options` on, following each response's `Link` header
 * (`nextRequest`) until a page has no `next` link, or links to a page already fetched. Each
 * request goes through `toFetchArgs`; a `next` link to another origin gets no credentials.
 * Read each response's body before asking for the next.
 *
 * @example
 * ```ts
 * // A fetch that answers two pages, the first linking to the second:
 * const link = '<https://api.github.com/repositories/1/issues?page=2>; rel="next"';
 * const twoPages = async (url) => new Response("[]", { headers: url.endsWith("page=2") ? {} : { link } });
 * let pages = 0;
 * for await (const response of paginate(endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" }), { fetch: twoPages })) {
 *   await response.json();
 *   pages++;
 * }
 * pages; // 2
 * ```
 */
export async function* paginate(
  options: RequestOptions,
  client: PaginateClient = {},
): AsyncGenerator<Response, void, undefined> {
  const send = client.fetch ?? ((url: string, init: FetchInit) => fetch(url, init));
  const seen = new Set<string>();
  let next: RequestOptions | undefined = options;
  while (next !== undefined && !seen.has(next.url)) {
    seen.add(next.url);
    const [url, init] = toFetchArgs(next);
    const response = await send(url, init);
    yield response;
    next = nextRequest(next, response.headers.get("link"));
  }
}
