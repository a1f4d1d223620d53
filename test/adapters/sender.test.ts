// A typed send, against loopback servers: bodies read by their content type,
// `{ data, error, response }` or a ResponseError, failures that name the request with
// credentials masked, `signal` honoured; and SECURITY.md's promises for adapters (a body and
// credentials stay with their origin, credentials masked in messages, framing headers refused)
// over a table of hostile inputs.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResponseError, sender } from "../../src/adapters/index.js";
import { EndpointError, type EndpointErrorCode, endpoint } from "../../src/index.js";
import { listenOnLoopback } from "../helpers.js";

/** A request as a server saw it. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** What a route of the test servers answers: status, headers and body. */
type Answer = [status: number, headers: Record<string, string>, body?: string | Uint8Array];

let one: Server;
let other: Server;
/** Two origins (two ports): what reaches `other` from a request to `first` crossed origins. */
let first = "";
let second = "";
const seen: { first: Seen[]; second: Seen[] } = { first: [], second: [] };

/** The answers by path, `{second}` in a header replaced by the other origin. */
function answer(path: string): Answer {
  const json = { "content-type": "application/json; charset=utf-8" };
  const routes: Record<string, Answer> = {
    "/json": [200, json, '{"full_name":"o/r","n":1}'],
    "/vendor-json": [200, { "content-type": "application/vnd.github+json" }, "[1,2]"],
    "/text": [200, { "content-type": "text/plain; charset=utf-8" }, "héllo"],
    "/html": [200, { "content-type": "TEXT/HTML" }, "<p>x</p>"],
    "/xml": [200, { "content-type": "application/atom+xml" }, "<feed/>"],
    "/bytes": [200, { "content-type": "application/octet-stream" }, new Uint8Array([0, 255, 7])],
    "/untyped": [200, {}, new Uint8Array([1, 2])],
    "/empty": [200, {}, ""],
    "/empty-json": [202, json, ""],
    "/no-content": [204, {}],
    "/not-modified": [304, { etag: '"x"' }],
    "/missing": [404, json, '{"message":"Not Found","documentation_url":"https://docs.example"}'],
    "/echo-secret": [401, json, '{"message":"Bad token in https://x.example/?access_token=s3cret"}'],
    "/server-error": [503, { "content-type": "text/plain" }, "down"],
    "/broken-json": [200, json, "{not json"],
    "/to-second": [302, { location: `${second}/json?from=first` }],
    "/to-second-307": [307, { location: `${second}/json` }],
    "/to-second-308": [308, { location: `${second}/json` }],
    "/to-second-303": [303, { location: `${second}/json` }],
    "/to-json-307": [307, { location: "/json" }],
    "/to-json-303": [303, { location: "/json" }],
    "/loop": [302, { location: "/loop" }],
    "/to-file": [302, { location: "file:///etc/passwd" }],
    "/to-js": [302, { location: "javascript:alert(1)" }],
    "/to-token": [302, { location: `${second}/loop-elsewhere?access_token=s3cret` }],
    "/loop-elsewhere": [302, { location: `${second}/loop-elsewhere?access_token=s3cret` }],
    "/redirect-no-location": [302, {}, "moved"],
  };
  return routes[path] ?? [500, {}, `no route ${path}`];
}

function serve(into: Seen[]): Server {
  return createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = request.url ?? "";
      into.push({
        method: request.method ?? "",
        url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const path = url.split("?")[0] as string;
      if (path === "/slow") {
        // Headers at once, the body never: an abort must end the read.
        response.writeHead(200, { "content-type": "application/json" });
        response.write("[");
        return;
      }
      if (path === "/hang") return;
      const [status, headers, body] = answer(path);
      response.writeHead(status, headers);
      response.end(body);
    });
  });
}

beforeAll(async () => {
  one = serve(seen.first);
  other = serve(seen.second);
  first = await listenOnLoopback(one);
  second = await listenOnLoopback(other);
});
afterAll(async () => {
  one.closeAllConnections();
  other.closeAllConnections();
  await Promise.all([
    new Promise((resolve) => one.close(resolve)),
    new Promise((resolve) => other.close(resolve)),
  ]);
});

const send = sender();
/** The rejection of `promise`, or a failure when it resolves. */
async function rejection(promise: Promise<unknown>): Promise<EndpointError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(EndpointError);
    return error as EndpointError;
  }
  throw new Error("resolved, expected a rejection");
}

describe("bodies read by their content type", () => {
  it.each<
    [string, { given: string; method?: string; want: { status: number; data?: unknown; error?: unknown } }]
  >([
    ["JSON", { given: "/json", want: { status: 200, data: { full_name: "o/r", n: 1 } } }],
    ["a +json type", { given: "/vendor-json", want: { status: 200, data: [1, 2] } }],
    ["text, as UTF-8", { given: "/text", want: { status: 200, data: "héllo" } }],
    ["a text type in capitals", { given: "/html", want: { status: 200, data: "<p>x</p>" } }],
    ["a +xml type, as text", { given: "/xml", want: { status: 200, data: "<feed/>" } }],
    ["bytes", { given: "/bytes", want: { status: 200, data: new Uint8Array([0, 255, 7]) } }],
    ["no content-type: bytes", { given: "/untyped", want: { status: 200, data: new Uint8Array([1, 2]) } }],
    ["an empty body of no type: undefined", { given: "/empty", want: { status: 200, data: undefined } }],
    [
      "an empty body said to be JSON: undefined",
      { given: "/empty-json", want: { status: 202, data: undefined } },
    ],
    ["204: undefined", { given: "/no-content", method: "DELETE", want: { status: 204, data: undefined } }],
    ["HEAD: undefined", { given: "/json", method: "HEAD", want: { status: 200, data: undefined } }],
    [
      "304 is no success: error undefined",
      { given: "/not-modified", want: { status: 304, error: undefined } },
    ],
    [
      "404: the body as error",
      {
        given: "/missing",
        want: { status: 404, error: { message: "Not Found", documentation_url: "https://docs.example" } },
      },
    ],
    ["503 as text", { given: "/server-error", want: { status: 503, error: "down" } }],
    [
      "a redirect without location is the response",
      { given: "/redirect-no-location", want: { status: 302, error: new Uint8Array(Buffer.from("moved")) } },
    ],
  ])("%s", async (_title, { given, method = "GET", want }) => {
    const sent = await send(endpoint(`${method} ${first}${given}`));
    expect(sent.response.status).toBe(want.status);
    const success = want.status >= 200 && want.status < 300;
    expect(Object.keys(sent)).toEqual(["data", "error", "response"]);
    expect(sent.data).toEqual(success ? want.data : undefined);
    expect(sent.error).toEqual(success ? undefined : want.error);
    // Read already: a second read would fail.
    expect(
      sent.response.bodyUsed ||
        sent.response.body === null ||
        sent.response.body.locked ||
        want.status === 204 ||
        method === "HEAD" ||
        want.status === 304,
    ).toBe(true);
  });

  it("JSON that does not parse is invalid_response, the parser's error its cause", async () => {
    const error = await rejection(send(endpoint(`GET ${first}/broken-json`)));
    expect(error.code).toBe("invalid_response");
    expect(error.cause).toBeInstanceOf(SyntaxError);
  });
});

describe("throwOnStatus: a ResponseError for any response but a success", () => {
  const strict = sender({ throwOnStatus: true });

  it("gives data and response for a success", async () => {
    const sent = await strict(endpoint(`GET ${first}/json`));
    expect(sent.data).toEqual({ full_name: "o/r", n: 1 });
    expect(sent.response.status).toBe(200);
  });

  it.each<[string, { given: string; want: { status: number; body: unknown } }]>([
    [
      "404",
      {
        given: "/missing",
        want: { status: 404, body: { message: "Not Found", documentation_url: "https://docs.example" } },
      },
    ],
    ["503", { given: "/server-error", want: { status: 503, body: "down" } }],
    ["304", { given: "/not-modified", want: { status: 304, body: undefined } }],
  ])("%s", async (_title, { given, want }) => {
    const error = await rejection(
      strict(
        endpoint(`GET ${first}${given}?access_token=s3cret&page=2`, {
          headers: { authorization: "token s3cret", "x-api-key": "s3cret", "x-trace": "t-1" },
        }),
      ),
    );
    expect(error).toBeInstanceOf(ResponseError);
    const failure = error as ResponseError;
    expect(failure.code).toBe("response_status");
    expect(failure.status).toBe(want.status);
    expect(failure.response.status).toBe(want.status);
    expect(failure.body).toEqual(want.body);
    expect(failure.request.method).toBe("GET");
    expect(failure.request.url).toBe(`${first}${given}?access_token=****&page=2`);
    expect(failure.request.headers.authorization).toBe("token ****");
    expect(failure.request.headers["x-api-key"]).toBe("****");
    expect(failure.request.headers["x-trace"]).toBe("t-1");
    expect(JSON.stringify(failure.request)).not.toContain("s3cret");
    expect(failure.message).not.toContain("s3cret");
    if (__DEV__)
      expect(failure.message).toContain(
        `GET ${first}${given}?access_token=****&page=2 answered ${want.status}`,
      );
  });

  it("says what the server said, masked", async () => {
    const error = (await rejection(strict(endpoint(`GET ${first}/echo-secret`)))) as ResponseError;
    expect(error.status).toBe(401);
    expect(error.message).not.toContain("s3cret");
    if (__DEV__) expect(error.message).toContain("Bad token in https://x.example/?access_token=****");
  });
});

describe("failures name the request, credentials masked, fetch's error the cause", () => {
  it("a refused connection", async () => {
    const shut = createServer();
    const closed = await listenOnLoopback(shut);
    await new Promise((resolve) => shut.close(resolve));
    const error = await rejection(send(endpoint(`POST ${closed}/x?token=s3cret`, { data: { a: 1 } })));
    expect(error.code).toBe("request_failed");
    expect(error.message).not.toContain("s3cret");
    expect(error.message).toContain(`POST ${closed}/x?token=****`);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it.each<[string, { signal: () => AbortSignal; path: string }]>([
    ["aborted before sending", { signal: () => AbortSignal.abort(), path: "/json" }],
    ["aborted while waiting for the response", { signal: () => AbortSignal.timeout(50), path: "/hang" }],
    ["aborted while reading the body", { signal: () => AbortSignal.timeout(50), path: "/slow" }],
  ])("signal: %s", async (_title, { signal, path }) => {
    const given = signal();
    for (const options of [
      endpoint(`GET ${first}${path}?api_key=s3cret`, { request: { signal: given } }),
      endpoint(`GET ${first}${path}?api_key=s3cret`),
    ]) {
      const sending = options.request === undefined ? send(options, { signal: given }) : send(options);
      const error = await rejection(sending);
      expect(error.code).toBe("request_failed");
      expect(error.message).not.toContain("s3cret");
      expect((error.cause as Error).name).toMatch(/AbortError|TimeoutError/);
    }
  });

  it.each<[string, { given: unknown; want: EndpointErrorCode }]>([
    ["a fetch that is no function", { given: { fetch: "fetch" }, want: "invalid_options" }],
    ["throwOnStatus that is no boolean", { given: { throwOnStatus: "yes" }, want: "invalid_options" }],
    ["a client that is no object", { given: 7, want: "invalid_options" }],
  ])("the client: %s", (_title, { given, want }) => {
    expect(() => sender(given as never)).toThrow(EndpointError);
    try {
      sender(given as never);
    } catch (error) {
      expect((error as EndpointError).code).toBe(want);
    }
  });

  it.each<[string, { given: unknown }]>([
    [
      "pairs",
      {
        given: [
          ["authorization", "token s3cret"],
          ["host", "evil.example"],
        ],
      },
    ],
    ["a Headers object", { given: new Headers({ "transfer-encoding": "chunked" }) }],
  ])("headers given in init as %s are invalid_options, never sent unchecked", async (_title, { given }) => {
    let fetched = 0;
    const send = sender({
      fetch: async () => {
        fetched++;
        return new Response("{}");
      },
    });
    const error = await rejection(send(endpoint(`GET ${first}/json`), { headers: given as never }));
    expect(error.code).toBe("invalid_options");
    expect(error.message).not.toContain("s3cret");
    expect(fetched).toBe(0);
  });

  it("a fetch that answers no Response is invalid_options", async () => {
    for (const answered of [
      undefined,
      null,
      7,
      {},
      { status: 200 },
      { status: "200", headers: { get: () => null } },
    ]) {
      const error = await rejection(
        sender({ fetch: async () => answered as never })(endpoint(`GET ${first}/json`)),
      );
      expect(error.code).toBe("invalid_options");
    }
  });
});

/** A hostile request: what the sender gives (a status or an error code), what reached `second`. */
type Hostile = [
  string,
  {
    given: () => Promise<unknown>;
    want: {
      code?: EndpointErrorCode;
      status?: number;
      second: number;
      secondMethod?: string;
      secondBody?: string;
    };
  },
];

describe("SECURITY.md: what a request carries stays with its origin", () => {
  const credentials = { authorization: "token s3cret", cookie: "session=s3cret", "x-api-key": "s3cret" };
  /** The requests each server saw for one send, which must settle either way. */
  async function sendAndSee(
    run: () => Promise<unknown>,
  ): Promise<{ outcome: unknown; first: Seen[]; second: Seen[] }> {
    seen.first.length = 0;
    seen.second.length = 0;
    let outcome: unknown;
    try {
      outcome = await run();
    } catch (error) {
      outcome = error;
    }
    return { outcome, first: [...seen.first], second: [...seen.second] };
  }

  it.each<Hostile>([
    [
      "a 302 to another origin: followed, without credentials",
      {
        given: () => send(endpoint(`GET ${first}/to-second`, { headers: credentials })),
        want: { status: 200, second: 1, secondMethod: "GET" },
      },
    ],
    [
      "a 307 to another origin with a body: not followed",
      {
        given: () =>
          send(
            endpoint(`POST ${first}/to-second-307`, {
              headers: credentials,
              data: { client_secret: "s3cret" },
            }),
          ),
        want: { code: "request_failed", second: 0 },
      },
    ],
    [
      "a 308 to another origin with a body: not followed",
      {
        given: () => send(endpoint(`PUT ${first}/to-second-308`, { data: "s3cret" })),
        want: { code: "request_failed", second: 0 },
      },
    ],
    [
      "a 307 to another origin without a body: followed, without credentials",
      {
        given: () => send(endpoint(`GET ${first}/to-second-307`, { headers: credentials })),
        want: { status: 200, second: 1, secondMethod: "GET" },
      },
    ],
    [
      "a 303 to another origin after a POST: a GET, without the body or credentials",
      {
        given: () =>
          send(
            endpoint(`POST ${first}/to-second-303`, {
              headers: credentials,
              data: { client_secret: "s3cret" },
            }),
          ),
        want: { status: 200, second: 1, secondMethod: "GET", secondBody: "" },
      },
    ],
    [
      "a redirect to file:",
      {
        given: () => send(endpoint(`GET ${first}/to-file`, { headers: credentials })),
        want: { code: "request_failed", second: 0 },
      },
    ],
    [
      "a redirect to javascript:",
      { given: () => send(endpoint(`GET ${first}/to-js`)), want: { code: "request_failed", second: 0 } },
    ],
    [
      "a redirect loop",
      { given: () => send(endpoint(`GET ${first}/loop`)), want: { code: "request_failed", second: 0 } },
    ],
    [
      "a loop elsewhere, its url holding a token: 20 redirects, as fetch follows",
      {
        given: () => send(endpoint(`GET ${first}/to-token`, { headers: credentials })),
        want: { code: "request_failed", second: 20 },
      },
    ],
    ...["host", "content-length", "transfer-encoding", "Content-Length"].map(
      (name): Hostile => [
        `a framing header ${name}: refused, nothing sent`,
        {
          given: () => send(endpoint(`POST ${first}/json`, { headers: { [name]: "5" }, data: "x" })),
          want: { code: "invalid_header", second: 0 },
        },
      ],
    ),
    [
      "a connection header naming a framing one: refused",
      {
        given: () =>
          send(
            endpoint(`POST ${first}/json`, { headers: { connection: "close, content-length" }, data: "x" }),
          ),
        want: { code: "invalid_header", second: 0 },
      },
    ],
  ])("%s", async (_title, { given, want }) => {
    const { outcome, first: atFirst, second: atSecond } = await sendAndSee(given);
    if (want.code !== undefined) {
      expect(outcome).toBeInstanceOf(EndpointError);
      const error = outcome as EndpointError;
      expect(error.code).toBe(want.code);
      expect(error.message).not.toContain("s3cret");
      if (want.code === "invalid_header") expect(atFirst).toEqual([]);
    } else {
      expect((outcome as { response: Response }).response.status).toBe(want.status);
    }
    expect(atSecond.length).toBe(want.second);
    for (const request of atSecond) {
      // Only what carries no credentials crossed: accept, user-agent and the like.
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers.cookie).toBeUndefined();
      expect(request.headers["x-api-key"]).toBeUndefined();
      expect(request.headers["user-agent"]).toMatch(/rest-endpoint/);
      expect(request.body).not.toContain("s3cret");
      if (want.secondMethod !== undefined) expect(request.method).toBe(want.secondMethod);
      if (want.secondBody !== undefined) expect(request.body).toBe(want.secondBody);
    }
  });

  it("within the origin, a 307 sends the body and credentials again, and a 303 turns into a GET", async () => {
    const again = await sendAndSee(() =>
      send(endpoint(`POST ${first}/to-json-307`, { headers: credentials, data: { a: 1 } })),
    );
    expect((again.outcome as { data: unknown }).data).toEqual({ full_name: "o/r", n: 1 });
    expect(
      again.first.map((request) => [request.method, request.url, request.body, request.headers["x-api-key"]]),
    ).toEqual([
      ["POST", "/to-json-307", '{"a":1}', "s3cret"],
      ["POST", "/json", '{"a":1}', "s3cret"],
    ]);
    const seeOther = await sendAndSee(() => send(endpoint(`POST ${first}/to-json-303`, { data: { a: 1 } })));
    expect(
      seeOther.first.map((request) => [request.method, request.body, request.headers["content-type"]]),
    ).toEqual([
      ["POST", '{"a":1}', "application/json; charset=utf-8"],
      ["GET", "", undefined],
    ]);
  });

  it('redirect: "manual" leaves the redirect to the caller', async () => {
    const { outcome, second: atSecond } = await sendAndSee(() =>
      send(endpoint(`GET ${first}/to-second`, { request: { redirect: "manual" } })),
    );
    expect((outcome as { response: Response }).response.status).toBe(302);
    expect(atSecond).toEqual([]);
  });

  // (Node's fetch reads some fields of its own through Object.prototype, out of reach: a
  // polluted `body` breaks every request it makes. SECURITY.md lists it.)
  it("a polluted Object.prototype changes neither the client nor the redirects", async () => {
    const proto = Object.prototype as Record<string, unknown>;
    const stolen: string[] = [];
    proto.fetch = async (url: string) => {
      stolen.push(url);
      return new Response("{}");
    };
    proto.redirect = "manual";
    proto.throwOnStatus = true;
    try {
      const {
        outcome,
        first: atFirst,
        second: atSecond,
      } = await sendAndSee(() => sender({})(endpoint(`GET ${first}/to-second`)));
      expect(outcome).not.toBeInstanceOf(Error);
      expect((outcome as { response: Response }).response.status).toBe(200);
      expect(atFirst.length).toBe(1);
      expect(atSecond.length).toBe(1);
      expect(stolen).toEqual([]);
    } finally {
      delete proto.fetch;
      delete proto.redirect;
      delete proto.throwOnStatus;
    }
  });
});
