// The adapters say which request failed. Request options missing a method
// (or a url, or headers) are told apart from ones with an unsupported method, by every
// adapter; and a request that fetch cannot make (a refused connection, a relative url, an
// abort) is an EndpointError naming its method and url, credentials masked, fetch's error as
// its cause, never fetch's bare `TypeError: fetch failed`.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextRequest, paginate, toCurl, toFetchArgs } from "../../src/adapters/index.js";
import { toHttpMessage } from "../../src/adapters/to-http-message.js";
import { EndpointError, type EndpointErrorCode, endpoint } from "../../src/index.js";
import { expectEndpointError, listenOnLoopback, productionMessage } from "../helpers.js";

/** Each adapter as one call that reads request options (paginate when its first page is asked for). */
const ADAPTERS: [string, (options: unknown) => unknown][] = [
  ["toFetchArgs", (options) => toFetchArgs(options as never)],
  ["toCurl", (options) => toCurl(options as never)],
  ["toHttpMessage", (options) => toHttpMessage(options as never)],
  ["nextRequest", (options) => nextRequest(options as never, null)],
];

/** The error paginate's first step rejects with. */
async function paginateError(options: unknown, fetch?: (url: string) => Promise<Response>): Promise<unknown> {
  try {
    for await (const response of paginate(options as never, fetch === undefined ? undefined : { fetch })) {
      await response.arrayBuffer();
    }
  } catch (error) {
    return error;
  }
  return undefined;
}

const URL_OK = "https://api.example.com/x";

describe("missing is not unsupported, in every adapter", () => {
  it.each<[string, { given: Record<string, unknown>; want: { code: EndpointErrorCode; message: RegExp } }]>([
    [
      "no method at all",
      { given: { url: URL_OK, headers: {} }, want: { code: "invalid_options", message: /have no method/ } },
    ],
    [
      "a method of undefined (not given)",
      {
        given: { method: undefined, url: URL_OK, headers: {} },
        want: { code: "invalid_options", message: /have no method/ },
      },
    ],
    [
      "an unsupported method",
      {
        given: { method: "TRACE", url: URL_OK, headers: {} },
        want: { code: "unsupported_method", message: /Unsupported method "TRACE"/ },
      },
    ],
    [
      "a method that is no string",
      {
        given: { method: 7, url: URL_OK, headers: {} },
        want: { code: "unsupported_method", message: /Unsupported method 7/ },
      },
    ],
    [
      "no url",
      { given: { method: "get", headers: {} }, want: { code: "invalid_options", message: /have no url/ } },
    ],
    [
      "a url that is no string",
      {
        given: { method: "get", url: 7, headers: {} },
        want: { code: "invalid_options", message: /url must be a string/ },
      },
    ],
    [
      "no headers",
      {
        given: { method: "get", url: URL_OK },
        want: { code: "invalid_options", message: /have no headers/ },
      },
    ],
  ])("%s", async (_title, { given, want }) => {
    for (const [name, adapter] of ADAPTERS) {
      const error = expectEndpointError(() => adapter(given), want.code, want.message);
      expect(error.message, name).toContain(__DEV__ ? name : want.code);
      if (__DEV__) expect(error.message, name).not.toMatch(/undefined/);
    }
    const error = (await paginateError(given)) as EndpointError;
    expect(error).toBeInstanceOf(EndpointError);
    expect(error.code).toBe(want.code);
    if (__DEV__) expect(error.message).toMatch(want.message);
  });

  it("a method only on a polluted prototype is missing, not taken", () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.method = "delete";
    try {
      for (const [, adapter] of ADAPTERS) {
        expectEndpointError(() => adapter({ url: URL_OK, headers: {} }), "invalid_options", /have no method/);
      }
    } finally {
      delete proto.method;
    }
  });
});

describe("paginate names the request that failed", () => {
  const served: string[] = [];
  let server: Server;
  let origin = "";
  /** An origin where nothing listens: a port that was just closed. */
  let closed = "";

  beforeAll(async () => {
    const shut = createServer();
    closed = await listenOnLoopback(shut);
    await new Promise((resolve) => shut.close(resolve));
    server = createServer((request, response) => {
      served.push(request.url ?? "");
      // The first page links to a second on the closed port.
      response.writeHead(200, {
        "content-type": "application/json",
        link: `<${closed}/page2?access_token=s3cret&page=2>; rel="next"`,
      });
      response.end("[1]");
    });
    origin = await listenOnLoopback(server);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each<[string, { given: () => Promise<unknown>; want: { shown: string; cause: RegExp } }]>([
    [
      "a refused connection on the first page",
      {
        given: () => paginateError(endpoint(`GET ${closed}/x`, { per_page: 2, token: "s3cret" })),
        want: { shown: "GET {closed}/x?per_page=2&token=****", cause: /fetch failed/ },
      },
    ],
    [
      "a refused connection on a next page",
      {
        given: () => paginateError(endpoint(`GET ${origin}/first`)),
        want: { shown: "GET {closed}/page2?access_token=****&page=2", cause: /fetch failed/ },
      },
    ],
    [
      "a relative url, which Node's fetch cannot parse",
      {
        given: () => paginateError(endpoint("GET /user/repos", { baseUrl: "", api_key: "s3cret" } as never)),
        want: { shown: "GET /user/repos?api_key=****", cause: /parse URL/ },
      },
    ],
    [
      "a fetch of the caller's that throws a string",
      {
        given: () =>
          paginateError(endpoint("POST https://api.example.com/markdown", { text: "x" }), () => {
            throw "offline";
          }),
        want: { shown: "POST https://api.example.com/markdown", cause: /^offline$/ },
      },
    ],
    [
      "an aborted request",
      {
        given: () =>
          paginateError(endpoint(`GET ${origin}/first`, { request: { signal: AbortSignal.abort() } })),
        want: { shown: "GET {origin}/first", cause: /abort/i },
      },
    ],
  ])("%s", async (_title, { given, want: wanted }) => {
    // The table is written before the servers listen: their origins are filled in here.
    const want = { ...wanted, shown: wanted.shown.replace("{closed}", closed).replace("{origin}", origin) };
    const error = (await given()) as EndpointError;
    expect(error).toBeInstanceOf(EndpointError);
    expect(error.code).toBe("request_failed");
    // The request is named in both builds; the credential is not, nor fetch's raw url.
    expect(error.message).toContain(want.shown);
    expect(error.message).not.toContain("s3cret");
    expect(error.message).not.toMatch(/\n/);
    if (!__DEV__) expect(error.message).toBe(productionMessage("request_failed", undefined, want.shown));
    const cause = (error as { cause?: unknown }).cause;
    expect(String(cause instanceof Error ? cause.message : cause)).toMatch(want.cause);
  });

  it("a page that answers keeps being yielded: only the failed request throws", async () => {
    const pages: number[] = [];
    let failure: unknown;
    try {
      for await (const response of paginate(endpoint(`GET ${origin}/first`))) {
        pages.push(response.status);
        await response.arrayBuffer();
      }
    } catch (error) {
      failure = error;
    }
    expect(pages).toStrictEqual([200]);
    expect((failure as EndpointError).code).toBe("request_failed");
  });
});
