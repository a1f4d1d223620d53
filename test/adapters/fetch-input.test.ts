// Hostile input to the pagination helpers, toFetchArgs' init and the body types, one block a class:
// links that move a relative request to another host with its credentials, objects read
// through a polluted prototype or more than once, and bodies with another prototype or none.
import { type ChildProcess, spawn } from "node:child_process";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { nextRequest, paginate, toCurl, toFetchArgs } from "../../src/adapters/index.js";
import { toHttpMessage } from "../../src/adapters/to-http-message.js";
import { bodyBytes } from "../../src/bodies/body-bytes.js";
import { EndpointError, endpoint, type RequestOptions } from "../../src/index.js";
import { bytesOf, expectEndpointError, thrownBy } from "../helpers.js";

/** Every adapter refuses the options' body. */
function refusedByEveryAdapter(options: RequestOptions): void {
  for (const adapter of [toFetchArgs, toCurl, toHttpMessage]) {
    expectEndpointError(() => adapter(options), "invalid_parameter");
  }
}

/**
 * `value` inside a JSON body: endpoint() passes it on as given (the caller's own object, see
 * SECURITY.md), and every adapter refuses it, in what endpoint() built and in hand-made options.
 */
function refusedInsideJson(value: unknown): void {
  const asField = endpoint("POST /x", { file: value });
  expect((asField.body as { file: unknown }).file).toBe(value);
  const inData = endpoint("POST /x", { data: { list: [value] } });
  expect((inData.body as { list: unknown[] }).list[0]).toBe(value);
  refusedByEveryAdapter(asField);
  refusedByEveryAdapter(inData);
  refusedByEveryAdapter({ method: "post", url: "/x", headers: {}, body: { file: value } });
}

const CREDENTIALS = { authorization: "token t", cookie: "c=1", "proxy-authorization": "p" };
const RELATIVE = endpoint.defaults({ baseUrl: "" })("GET /repos/o/r/issues", { headers: CREDENTIALS });
const ABSOLUTE = endpoint("GET /repos/o/r/issues", { headers: CREDENTIALS });

const hasCredentials = (next: RequestOptions): boolean =>
  Object.keys(next.headers).some((name) => name in CREDENTIALS);

/** Every adapter accepts the options (throws otherwise). */
const sendable = (next: RequestOptions): void => {
  toFetchArgs(next);
  toCurl(next);
  toHttpMessage(next);
};

describe("a next link never moves credentials to another host", () => {
  // Each of the first five gave a relative request the url "//evil.example/x", which a client
  // resolves to the host evil.example, with the caller's authorization.
  it.each([
    "/.//evil.example/x",
    "/a/..//evil.example/x",
    "/a/%2e%2e//evil.example/x",
    "http://relative.invalid//evil.example/x",
    "/\t/evil.example/x",
    "\\\\evil.example/x",
    "/\\evil.example/x",
    "//evil.example/x",
    "https://u:p@api.github.com/x",
    "https://api.github.com/.//x",
  ])("%j: no page, or one without credentials that every adapter accepts", (target) => {
    for (const first of [RELATIVE, ABSOLUTE]) {
      const next = nextRequest(first, `<${target}>; rel="next"`);
      if (next === undefined) continue;
      sendable(next);
      expect(next.url.startsWith("//")).toBe(false);
      if (hasCredentials(next))
        expect(new URL(next.url, "https://api.github.com").origin).toBe("https://api.github.com");
    }
  });

  it("a relative request's page on a made-up or literal host is another origin", () => {
    for (const host of ["relative.invalid", "one.relative.invalid", "two.relative.invalid"]) {
      const next = nextRequest(RELATIVE, `<http://${host}/x>; rel="next"`) as RequestOptions;
      expect(next.url).toBe(`http://${host}/x`);
      expect(hasCredentials(next)).toBe(false);
    }
  });

  it("a relative request's relative pages stay relative, with their credentials", () => {
    expect(nextRequest(RELATIVE, '<?page=2>; rel="next"')?.url).toBe("/repos/o/r/issues?page=2");
    expect(nextRequest(RELATIVE, '</repositories/1/issues?page=2#top>; rel="next"')).toStrictEqual({
      method: "get",
      url: "/repositories/1/issues?page=2",
      headers: { ...RELATIVE.headers },
    });
  });

  const piece = fc.constantFrom(
    "/",
    "\\",
    ".",
    "..",
    "%2e",
    "%2f",
    "\t",
    "\n",
    " ",
    "@",
    ":",
    "?",
    "#",
    "evil.example",
    "api.github.com",
    "relative.invalid",
    "one.relative.invalid",
    "http:",
    "https:",
    "x",
  );
  it("property: with credentials, a next page stays on the request's origin, and every adapter takes it", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.boolean(), (pieces, relative) => {
        const next = nextRequest(relative ? RELATIVE : ABSOLUTE, `<${pieces.join("")}>; rel="next"`);
        if (next === undefined) return;
        sendable(next);
        if (!hasCredentials(next)) return;
        if (relative) {
          // A path that keeps any origin it is resolved against.
          expect(next.url).toMatch(/^\/(?!\/)/);
          for (const origin of ["https://a.example", "http://b.example:8080"])
            expect(new URL(next.url, origin).origin).toBe(origin);
        } else {
          expect(new URL(next.url).origin).toBe("https://api.github.com");
        }
      }),
      { numRuns: 5000 },
    );
  });
});

describe("toFetchArgs: nothing reaches fetch through a prototype", () => {
  const FIELDS = ["dispatcher", "redirect", "window", "body", "duplex", "mode", "credentials", "signal"];
  afterEach(() => {
    for (const field of [...FIELDS, "keepUserAgent"])
      delete (Object.prototype as Record<string, unknown>)[field];
  });

  it("fetch reads each init field by a plain lookup: a polluted Object.prototype gives none", () => {
    for (const field of FIELDS) (Object.prototype as Record<string, unknown>)[field] = `polluted ${field}`;
    for (const options of [
      endpoint("GET /x"),
      endpoint("POST /x", { a: 1 }),
      endpoint("GET /x", { request: {} }),
    ]) {
      const [, init] = toFetchArgs(options, {}, {});
      for (const field of FIELDS) {
        const read = (init as unknown as Record<string, unknown>)[field];
        expect(read === undefined || !String(read).startsWith("polluted")).toBe(true);
      }
    }
  });

  it("settings are read own and once, and must be an object", () => {
    vi.stubGlobal("navigator", { userAgent: "Mozilla/5.0" });
    try {
      (Object.prototype as Record<string, unknown>).keepUserAgent = true;
      expect(toFetchArgs(endpoint("GET /x"), undefined, {})[1].headers["user-agent"]).toBeUndefined();
      let reads = 0;
      const settings = {
        get keepUserAgent() {
          reads++;
          return true;
        },
      };
      expect(toFetchArgs(endpoint("GET /x"), undefined, settings)[1].headers["user-agent"]).toBeDefined();
      expect(reads).toBe(1);
    } finally {
      vi.unstubAllGlobals();
    }
    for (const bad of [null, 1, "keep", true]) {
      expectEndpointError(() => toFetchArgs(endpoint("GET /x"), undefined, bad as never), "invalid_options");
      expectEndpointError(() => toFetchArgs(endpoint("GET /x"), bad as never), "invalid_options");
    }
  });
});

describe("paginate reads its arguments once, own properties only, and fails with EndpointError", () => {
  const page = (link?: string): Response =>
    new Response("[]", { headers: link === undefined ? {} : { link } });
  afterEach(() => {
    delete (Object.prototype as { fetch?: unknown }).fetch;
    vi.unstubAllGlobals();
  });

  const drain = async (pages: AsyncIterable<Response>): Promise<number> => {
    let count = 0;
    for await (const response of pages) {
      await response.arrayBuffer();
      count++;
    }
    return count;
  };

  it.each<[string, () => AsyncIterable<Response>]>([
    ["no options", () => paginate(null as never)],
    ["options with no url", () => paginate({ method: "get", headers: {} } as never)],
    ["a null client", () => paginate(ABSOLUTE, null as never)],
    ["a client that is a string", () => paginate(ABSOLUTE, "fetch" as never)],
    ["a fetch that is no function", () => paginate(ABSOLUTE, { fetch: 1 } as never)],
    [
      "a client whose fetch getter throws",
      () =>
        paginate(ABSOLUTE, {
          get fetch(): never {
            throw new Error("boom");
          },
        }),
    ],
    ["a fetch that answers null", () => paginate(ABSOLUTE, { fetch: async () => null as never })],
    [
      "a fetch that answers a response without headers",
      () => paginate(ABSOLUTE, { fetch: async () => ({}) as never }),
    ],
    [
      "a fetch whose response's headers.get throws",
      () =>
        paginate(ABSOLUTE, {
          fetch: async () =>
            ({
              headers: {
                get() {
                  throw new TypeError("no");
                },
              },
            }) as never,
        }),
    ],
  ])("%s", async (_, pages) => {
    const error = await drain(pages()).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(EndpointError);
    expect((error as EndpointError).code).toBe("invalid_options");
  });

  it("a fetch on a polluted Object.prototype is never called", async () => {
    const polluted = vi.fn(async () => page());
    const runtime = vi.fn(async () => page());
    (Object.prototype as { fetch?: unknown }).fetch = polluted;
    vi.stubGlobal("fetch", runtime);
    expect(await drain(paginate(ABSOLUTE, {}))).toBe(1);
    expect(await drain(paginate(ABSOLUTE))).toBe(1);
    expect(polluted).not.toHaveBeenCalled();
    expect(runtime).toHaveBeenCalledTimes(2);
  });

  it("the options' getters run once, however many pages follow", async () => {
    let reads = 0;
    const options = {
      ...ABSOLUTE,
      get url() {
        reads++;
        return reads === 1 ? "https://api.github.com/items" : "https://evil.example/items";
      },
    };
    const urls: string[] = [];
    const count = await drain(
      paginate(options, {
        fetch: async (url) => {
          urls.push(url);
          return page(
            urls.length < 3
              ? `<https://api.github.com/items?page=${urls.length + 1}>; rel="next"`
              : undefined,
          );
        },
      }),
    );
    expect(count).toBe(3);
    expect(reads).toBe(1);
    expect(urls.every((url) => url.startsWith("https://api.github.com/"))).toBe(true);
  });

  it("a page is known by its url as a parser writes it: two spellings are fetched once", async () => {
    const urls: string[] = [];
    const first: RequestOptions = { method: "get", url: "https://API.github.com:443/items", headers: {} };
    await drain(
      paginate(first, {
        fetch: async (url) => {
          urls.push(url);
          return page('<https://api.github.com/items>; rel="next"');
        },
      }),
    );
    expect(urls).toStrictEqual(["https://API.github.com:443/items"]);
  });

  it("what fetch rejects with is the cause of a request_failed EndpointError", async () => {
    const failure = new TypeError("fetch failed");
    const error = await drain(
      paginate(ABSOLUTE, {
        fetch: async () => {
          throw failure;
        },
      }),
    ).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(EndpointError);
    expect((error as EndpointError).code).toBe("request_failed");
    expect((error as { cause?: unknown }).cause).toBe(failure);
  });
});

describe("what fetch looks up through prototypes, and views with another prototype", () => {
  it("init.headers has no prototype: a polluted Object.prototype[Symbol.iterator] is not found on it", () => {
    const [, init] = toFetchArgs(endpoint("GET /x", { headers: { authorization: "token mine" } }));
    expect(Object.getPrototypeOf(init.headers)).toBe(null);
    Object.defineProperty(Object.prototype, Symbol.iterator, {
      configurable: true,
      writable: true,
      value: function* () {
        yield ["authorization", "token ATTACKER"];
      },
    });
    try {
      // What fetch's WebIDL conversion looks up first: it finds nothing, and reads the own keys.
      expect((init.headers as { [Symbol.iterator]?: unknown })[Symbol.iterator]).toBeUndefined();
      expect(Reflect.ownKeys(init.headers)).toContain("authorization");
    } finally {
      delete (Object.prototype as { [Symbol.iterator]?: unknown })[Symbol.iterator];
    }
  });

  const swapped = (prototype: object | null): Uint8Array =>
    Object.setPrototypeOf(new Uint8Array([1, 2, 3]), prototype) as Uint8Array;
  it.each<[string, object | null]>([
    ["a class's", class Other {}.prototype],
    ["Array's", Array.prototype],
    ["Blob's", Blob.prototype],
    ["Object's", Object.prototype],
    ["no", null],
  ])(
    "a view with %s prototype is sent as its own bytes, even with Object.prototype.buffer polluted",
    (_, prototype) => {
      for (const polluted of [false, true]) {
        if (polluted) (Object.prototype as { buffer?: unknown }).buffer = [69, 86, 73, 76];
        try {
          const options = endpoint("POST /x", { data: swapped(prototype) });
          expect(options.headers["content-type"]).toBeUndefined();
          const body = toFetchArgs(options)[1].body as Uint8Array;
          expect([...new Uint8Array(body.buffer, body.byteOffset, body.byteLength)]).toStrictEqual([1, 2, 3]);
          expect(toCurl(options)).toContain("printf '\\001\\002\\003'");
          expect([...toHttpMessage(options).slice(-3)]).toStrictEqual([1, 2, 3]);
        } finally {
          delete (Object.prototype as { buffer?: unknown }).buffer;
        }
      }
    },
  );

  it.each<[string, () => object]>([
    ["URLSearchParams", () => new URLSearchParams("a=b")],
    ["Blob", () => new Blob(["x"])],
    ["ReadableStream", () => new ReadableStream()],
  ])(
    "a %s whose prototype was replaced is invalid_parameter in every adapter (fetch would send its toString())",
    (_, make) => {
      const body = Object.setPrototypeOf(make(), {
        toString: () => "FOO",
      });
      // endpoint() sends nothing: it labels the body by its brand, and the adapters refuse it.
      const options = endpoint("POST /x", { data: body });
      expect(options.headers["content-type"]).toBeUndefined();
      refusedByEveryAdapter(options);
    },
  );
});

describe("what Node's fetch reads of Object.prototype, and bodies with no prototype", () => {
  // The server runs in a process of its own: in this one, the pollution would change how Node's
  // server reads the request too.
  let server: ChildProcess;
  let origin = "";
  const seen: { method: string; url: string; headers: Record<string, string>; body: string }[] = [];
  beforeAll(async () => {
    server = spawn(process.execPath, [
      "-e",
      `const s = require("node:http").createServer((q, r) => { let b = ""; q.on("data", (c) => (b += c));
       q.on("end", () => { console.error(JSON.stringify({ method: q.method, url: q.url, headers: q.headers, body: b }));
       if (q.url === "/moved") r.writeHead(302, { location: "/x" }).end(); else r.end("ok"); }); });
       s.listen(0, "127.0.0.1", () => console.log(s.address().port));`,
    ]);
    let lines = "";
    server.stderr?.on("data", (chunk: Buffer) => {
      lines += chunk.toString();
      const complete = lines.split("\n");
      lines = complete.pop() ?? "";
      for (const line of complete) if (line.trim() !== "") seen.push(JSON.parse(line));
    });
    const port = await new Promise<string>((resolve) =>
      server.stdout?.once("data", (d: Buffer) => resolve(d.toString().trim())),
    );
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(() => {
    server.kill();
  });

  // Data a vulnerable merge can write on Object.prototype, for each field fetch reads.
  const POLLUTION: [string, unknown][] = [
    ["body", "EVIL"],
    ["referrer", "http://evil.example/"],
    ["referrerPolicy", "unsafe-url"],
    ["cache", "no-store"],
    ["redirect", "manual"],
    ["integrity", "sha256-AAAA"],
    ["mode", "same-origin"],
    ["credentials", "omit"],
    ["keepalive", true],
    ["priority", "high"],
    ["duplex", "full"],
    ["method", "PUT"],
    ["headers", { "x-evil": "1" }],
  ];
  it.each(POLLUTION)("Object.prototype.%s changes nothing Node's fetch sends", async (field, value) => {
    const [url, init] = toFetchArgs(
      endpoint("DELETE /moved", { baseUrl: origin, headers: { authorization: "token t" } }),
    );
    const before = seen.length;
    (Object.prototype as Record<string, unknown>)[field] = value;
    let status: number | undefined;
    try {
      const response = await fetch(url, init as RequestInit);
      status = response.status;
      await response.text();
    } catch {
      // fetch may still fail on what it reads later (a DoS, in SECURITY.md's limits); what it sent is checked.
    } finally {
      delete (Object.prototype as Record<string, unknown>)[field];
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const sent = seen.slice(before);
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(request.method).toBe("DELETE");
      expect(["/moved", "/x"]).toContain(request.url);
      expect(request.body).toBe("");
      for (const name of ["referer", "cache-control", "pragma", "x-evil", "content-type"])
        expect(request.headers[name]).toBeUndefined();
      expect(request.headers["sec-fetch-mode"]).toBe("cors");
      expect(request.headers.authorization).toBe("token t");
    }
    // The redirect is followed as fetch does by default, unless fetch failed.
    if (status !== undefined) {
      expect(status).toBe(200);
      expect(sent.map((request) => request.url)).toStrictEqual(["/moved", "/x"]);
    }
  });

  const bare = <T extends object>(value: T): T => Object.setPrototypeOf(value, null) as T;
  it.each<[string, () => object]>([
    ["an ArrayBuffer", () => bare(new Uint8Array([1, 2, 3]).buffer)],
    ["a SharedArrayBuffer", () => bare(new Uint8Array(new SharedArrayBuffer(3)).fill(7).buffer)],
    ["a Uint8Array", () => bare(new Uint8Array([4, 5, 6]))],
  ])("%s with no prototype is still bytes, sent whole by every adapter", (_, make) => {
    const data = make();
    const options = endpoint("POST /x", { data });
    expect(options.headers["content-type"]).toBeUndefined();
    // The bytes as the built-in getters read them (a plain lookup finds nothing without a prototype).
    const expected = [...bodyBytes(data)];
    expect(expected.length).toBe(3);
    expect(bytesOf(toFetchArgs(options)[1].body)).toStrictEqual(expected);
    expect([...toHttpMessage(options).slice(-expected.length)]).toStrictEqual(expected);
  });

  it.each<[string, () => object]>([
    ["a Blob", () => new Blob(["x"])],
    ["a URLSearchParams", () => new URLSearchParams("a=1")],
    ["a ReadableStream", () => new ReadableStream()],
  ])("%s with no prototype is refused by every adapter, whole or inside JSON", (_, make) => {
    const data = bare(make());
    const options = endpoint("POST /x", { data });
    expect(options.headers["content-type"]).toBeUndefined();
    refusedByEveryAdapter(options);
    refusedInsideJson(data);
  });

  it.each<[string, () => object]>([
    ["a Blob", () => new Blob(["x"])],
    ["a FormData", () => new FormData()],
    ["a URLSearchParams", () => new URLSearchParams("a=1")],
    ["a ReadableStream", () => new ReadableStream()],
    ["a Map with no prototype", () => bare(new Map([["a", 1]]))],
    ["a Set with no prototype", () => bare(new Set([1]))],
  ])(
    "%s inside a JSON body is passed on by endpoint() and refused by every adapter (JSON would write {})",
    (_, make) => {
      refusedInsideJson(make());
    },
  );

  it("a search form is sent as the built-in writes it, whatever its own toString says", () => {
    class Lying extends URLSearchParams {
      override toString(): string {
        return "amount=1000000";
      }
    }
    const options = endpoint("POST /pay", { data: new Lying("amount=1") });
    expect(toFetchArgs(options)[1].body).toBe("amount=1");
    expect(toCurl(options)).toContain("amount=1'");
    expect(toCurl(options)).not.toContain("1000000");
  });

  it("a view's own byteLength or a swapped view prototype cannot change the bytes fetch sends", () => {
    const own = Object.defineProperty(new Uint8Array([65, 66, 67]), "byteLength", { value: 1 });
    const swapped = Object.setPrototypeOf(new Uint8Array([65, 66, 67]), DataView.prototype) as Uint8Array;
    for (const data of [own, swapped]) {
      const [url, init] = toFetchArgs(endpoint("POST /x", { data }));
      expect(bytesOf(init.body)).toStrictEqual([65, 66, 67]);
      // fetch takes it: Request reads it the same way.
      expect(() => new Request(url, init as RequestInit)).not.toThrow();
    }
  });
});

class Tags extends Map<string, number> {}

describe("what JSON writes as {} behind a Proxy, and the cost of telling", () => {
  // As state libraries (Vue's reactive(), MobX) hand out collections: behind a plain Proxy.
  const proxied = <T extends object>(value: T): T => new Proxy(value, {});
  it.each<[string, () => unknown]>([
    ["a Set behind a Proxy", () => proxied(new Set(["a", "b"]))],
    ["a Map behind a Proxy", () => proxied(new Map([["a", 1]]))],
    ["a WeakMap behind a Proxy", () => proxied(new WeakMap())],
    ["a boxed NaN behind a Proxy", () => proxied(new Number(Number.NaN))],
    ["a boxed number behind a Proxy", () => proxied(new Number(1))],
    ["a subclass of Map", () => new Tags([["a", 1]])],
    ["a DataView", () => new DataView(new ArrayBuffer(2))],
    ["a boxed symbol", () => Object(Symbol("s"))],
  ])("%s inside a JSON body is passed on by endpoint() and refused by every adapter", (_, make) => {
    refusedInsideJson(make());
  });

  it("a Set behind a Proxy as the whole body is refused by every adapter", () => {
    const options: RequestOptions = { method: "post", url: "/x", headers: {}, body: proxied(new Set([1])) };
    refusedByEveryAdapter(options);
  });

  it("what JSON writes faithfully still passes: dates, class instances with fields, typed arrays, {}", () => {
    class Point {
      x = 1;
      y = 2;
    }
    const data = {
      when: new Date(0),
      at: new Point(),
      empty: {},
      list: [{}, new Date(1)],
      bytes: new Uint8Array([1]),
    };
    const [, init] = toFetchArgs(endpoint("POST /x", { data }));
    expect(init.body).toBe(JSON.stringify(data));
  });
});

describe("prototype chains that loop, and objects checked once", () => {
  it("headers whose prototype chain loops are refused at once, not walked forever", () => {
    const looping: object = new Proxy({}, { getPrototypeOf: () => looping });
    expectEndpointError(() => endpoint("GET /x", { headers: looping as never }), "invalid_options");
  });

  it("a body value whose prototype chain loops is refused or written, never walked forever", () => {
    const looping: object = new Proxy({}, { getPrototypeOf: () => looping });
    const options: RequestOptions = { method: "post", url: "/x", headers: {}, body: { a: looping } };
    for (const adapter of [toFetchArgs, toCurl]) {
      try {
        adapter(options);
      } catch (error) {
        expect(error).toBeInstanceOf(EndpointError);
      }
    }
  });

  it("instances of the caller's classes with private state are written as their own keys", () => {
    class Model {
      #secret = 1;
      get secret(): number {
        return this.#secret;
      }
    }
    const data = { list: [new Model(), new Model()] };
    expect(toFetchArgs(endpoint("POST /x", { data }))[1].body).toBe('{"list":[{},{}]}');
  });
});

it("a getPrototypeOf trap that throws in a JSON body gives an EndpointError with that error as its cause", () => {
  const mine = new Error("mine");
  const value = new Proxy(
    {},
    {
      getPrototypeOf() {
        throw mine;
      },
    },
  );
  // endpoint() reads the caller's object (invalid_options); the adapter writes it (invalid_parameter).
  for (const [error, code] of [
    [thrownBy(() => endpoint("POST /x", { a: value })), "invalid_options"],
    [
      thrownBy(() => toFetchArgs({ method: "post", url: "/x", headers: {}, body: { a: value } })),
      "invalid_parameter",
    ],
  ] as const) {
    expect(error).toBeInstanceOf(EndpointError);
    expect((error as EndpointError).code).toBe(code);
    expect((error as EndpointError).cause).toBe(mine);
  }
});

describe("a trap that throws on a later call, and objects with no prototype", () => {
  /** A Proxy whose getPrototypeOf answers `ok` times, then throws its own error. */
  const failingLater = (target: object, ok: number): object => {
    let calls = 0;
    return new Proxy(target, {
      getPrototypeOf(inner) {
        if (++calls > ok) throw new Error("mine");
        return Reflect.getPrototypeOf(inner);
      },
    });
  };
  it.each([0, 1, 2, 3, 4, 5, 6])(
    "a trap that throws after %i answers gives only EndpointError, everywhere",
    (ok) => {
      const runs: (() => unknown)[] = [
        () => endpoint("POST /x", { data: failingLater({ a: 1 }, ok) }),
        () => endpoint("POST /x", { data: { p: failingLater(Object.create(null), ok) } }),
        () => endpoint("POST /x", { p: failingLater(Object.create(null), ok) }),
        () => toCurl({ method: "post", url: "/x", headers: {}, body: failingLater({ a: 1 }, ok) }),
        () =>
          toFetchArgs({
            method: "post",
            url: "/x",
            headers: {},
            body: failingLater(Object.create(null), ok),
          }),
        () =>
          toHttpMessage({
            method: "post",
            url: "/x",
            headers: {},
            body: { p: failingLater(Object.create(null), ok) },
          }),
      ];
      for (const run of runs) {
        try {
          run();
        } catch (error) {
          expect(error).toBeInstanceOf(EndpointError);
        }
      }
    },
  );

  it("empty objects with no prototype (as querystring.parse makes them) are written as {}", () => {
    const data = { list: [Object.create(null), Object.create(null)] };
    expect(toFetchArgs(endpoint("POST /x", { data }))[1].body).toBe('{"list":[{},{}]}');
  });
});

it("an object that only borrows EndpointError's prototype, thrown by a toJSON, becomes the cause of a real one", () => {
  const forged = Object.create(EndpointError.prototype) as object;
  const body = {
    toJSON() {
      throw forged;
    },
  };
  try {
    toFetchArgs({ method: "post", url: "/x", headers: {}, body });
    expect.unreachable();
  } catch (error) {
    expect((error as EndpointError).code).toBe("invalid_parameter");
    expect((error as EndpointError).cause).toBe(forged);
  }
});
