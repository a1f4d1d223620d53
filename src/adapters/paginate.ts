import { EndpointError, withCause } from "../errors/endpoint-error.js";
import { describeValue } from "../shared/describe-value.js";
import type { RequestOptions } from "../types/request.js";
import { fetchAgainIfDropped } from "./fetch-again.js";
import { nextRequest, requestOf } from "./next-request.js";
import { readObject, readRequestOptions } from "./read-request-options.js";
import { requestFailed } from "./request-failed.js";
import { type FetchInit, toFetchArgs } from "./to-fetch-args.js";

/** What `paginate` sends requests with. */
export interface PaginateClient {
  /** A WHATWG `fetch`; the runtime's when not given. */
  fetch?: (url: string, init: FetchInit) => Promise<Response>;
}

/** A `Response` whose `json()` gives a known type: what `paginate<Body>` yields. */
export interface TypedResponse<Body> extends Response {
  json(): Promise<Body>;
}

/**
 * The responses of every page, from `options` on, following each response's `Link` header
 * (`nextRequest`) until a page has no `next` link, or links to a page already fetched. Each
 * request goes through `toFetchArgs`; a `next` link to another origin gets no credentials.
 * Read each response's body before asking for the next. The options and the client are read
 * (and checked) once, when the first page is asked for. A request that `fetch` throws or
 * rejects on (a network error, an abort) is `request_failed`, naming the method and the url
 * (credentials masked), with fetch's error as its `cause`; a page request that went out on a
 * kept-alive connection the server closed at that moment is asked once more first.
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
export function paginate(
  options: RequestOptions,
  client?: PaginateClient,
): AsyncGenerator<Response, void, undefined>;
/**
 * The same, with each response's `json()` typed as `Body`: the type of a page, such as
 * `ResponseFor<GitHubResponses, "GET /repos/{owner}/{repo}/issues">` (not checked at run time).
 * In TypeScript: `for await (const page of paginate<Issue[]>(request)) for (const issue of
 * await page.json()) issue.number;`
 */
export function paginate<Body>(
  options: RequestOptions,
  client?: PaginateClient,
): AsyncGenerator<TypedResponse<Body>, void, undefined>;
export async function* paginate(
  options: RequestOptions,
  client?: PaginateClient,
): AsyncGenerator<Response, void, undefined> {
  // Read once, up front: a getter on the caller's objects runs once, whatever the pages say.
  const first = readRequestOptions(options, "paginate");
  const given =
    client === undefined
      ? undefined
      : readObject(client, __DEV__ ? "the client given to paginate" : "").fetch;
  if (given !== undefined && typeof given !== "function") {
    throw new EndpointError(
      "invalid_options",
      __DEV__
        ? `The client given to paginate has a fetch that is not a function: ${describeValue(given)}.`
        : "",
      { option: "fetch" },
    );
  }
  const send = (given as PaginateClient["fetch"]) ?? ((url: string, init: FetchInit) => fetch(url, init));
  const seen = new Set<string>();
  let next: RequestOptions | undefined = requestOf(first, first.url, first.headers);
  while (next !== undefined) {
    const [url, init] = toFetchArgs(next);
    // Pages compared as a URL parser writes them, so two spellings of one page are one.
    const page = `${init.method} ${new URL(url, "http://relative.invalid").href}`;
    if (seen.has(page)) return;
    seen.add(page);
    let response: Response;
    try {
      response = await fetchAgainIfDropped(send, url, init);
    } catch (error) {
      throw requestFailed(init.method, url, error);
    }
    // Read before the caller gets the response: it may change it, and it must be a response.
    const link = linkOf(response);
    yield response;
    next = nextRequest(next, link);
  }
}

/** The `Link` header of a response, which must be one (an object with `headers.get`). */
function linkOf(response: unknown): string | null {
  try {
    const link: unknown = (response as Response).headers.get("link");
    if (typeof link === "string" || link === null) return link;
  } catch (error) {
    throw withCause(notAResponse(response), error);
  }
  throw notAResponse(response);
}

function notAResponse(response: unknown): EndpointError {
  return new EndpointError(
    "invalid_options",
    __DEV__
      ? `The fetch given to paginate answered ${describeValue(response)}, which is no Response (its headers.get("link") gives no string or null).`
      : "",
    { option: "fetch" },
  );
}
