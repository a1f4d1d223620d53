// The classes a second, independent attack found: each a table of the
// shapes that broke, plus a property over the class where one fits. Pollution is undone after
// every test.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { toCurl } from "../src/adapters/to-curl.js";
import { toFetchArgs } from "../src/adapters/to-fetch-args.js";
import { toHttpMessage } from "../src/adapters/to-http-message.js";
import { EndpointError, type RequestOptions, endpoint as typedEndpoint } from "../src/index.js";
import { expandTemplate } from "../src/template/uri-template.js";
import { expectEndpointError } from "./helpers.js";

interface Loose {
  (route: unknown, options?: unknown): RequestOptions;
  defaults(route: unknown, options?: unknown): Loose;
  merge(route: unknown, options?: unknown): Record<string, unknown>;
  parse(options: unknown): RequestOptions;
  DEFAULTS: Record<string, unknown>;
}
const endpoint = typedEndpoint as unknown as Loose;

/** Every call either returns or throws an EndpointError: nothing else escapes. */
function onlyEndpointError(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(EndpointError);
  }
}

const polluted: [object, PropertyKey][] = [];
function pollute(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, { value, configurable: true, writable: true, enumerable: false });
  polluted.push([target, key]);
}
afterEach(() => {
  for (const [target, key] of polluted.splice(0)) delete (target as Record<PropertyKey, unknown>)[key];
});

describe("a value never chooses the origin: no expression in a route's scheme, host or port", () => {
  it.each([
    "GET https://api.example.com{x}/y",
    "GET https://api.example.com{+x}",
    "GET https://api.example.com{.x}/y",
    "GET https://{host}/x",
    "GET https://{+host}/x",
    "GET https://api.example.com:{port}/x",
    "GET https://user{;p}@api.example.com/x",
    "GET https:{+rest}",
    "GET https:/{+rest}",
    "GET https://h.example:abc/x",
    "GET https://api.example.com{/version}.evil.example/x",
    "GET https://api.example.com{/v}:8443/x",
    "GET https://api.example.com{?page}{&per_page}",
    "GET https://h.example{#f}",
  ])("%s is invalid_template, whatever the values", (route) => {
    expectEndpointError(
      () => endpoint(route, { x: "", host: "h", port: 1, rest: "//e", p: "" }),
      "invalid_template",
    );
  });

  it.each([
    [
      "GET https://uploads.github.com/repos/{owner}/x{?name}",
      { owner: "o", name: "n" },
      "https://uploads.github.com/repos/o/x?name=n",
    ],
    ["GET https://h.example:8443/{a}", { a: "b" }, "https://h.example:8443/b"],
    ["GET https://h.example/{a}", { a: "b" }, "https://h.example/b"],
    ["GET https://h.example?{q}", { q: "1" }, "https://h.example?1"],
  ])("%s %j is allowed: values only after the origin", (route, options, url) => {
    expect(endpoint(route, options).url).toBe(url);
  });

  it("property: any value under any operator after a full URL's host keeps the origin and never starts the path with //", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("{/a}{/b}", "{/a,b}", "/{+a}{/b}", "/{a}/{b}", "{/a*}", "{?a}{/b}", "/{+a}"),
        fc.oneof(
          fc.constantFrom("", "/", "//evil.example", "@evil.example", ".evil.example", ":1"),
          fc.string(),
        ),
        fc.oneof(fc.constantFrom("", "evil.example", "/x"), fc.string()),
        (tail, a, b) => {
          let url: string;
          try {
            url = endpoint(`GET https://h.example${tail}`, { a: tail.includes("*") ? [a, b] : a, b }).url;
          } catch (error) {
            expect(error).toBeInstanceOf(EndpointError);
            return;
          }
          const parsed = new URL(url);
          expect(parsed.origin).toBe("https://h.example");
          expect(url.slice("https://h.example".length).startsWith("//")).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("an empty {/x} value never leaves an empty segment before the last", () => {
  it.each([
    ["GET /repos/{owner}{/repo}/issues", { owner: "", repo: "r" }],
    ["GET /repos{/owner}/issues", { owner: "" }],
    ["GET /repos{/owner}{/repo}", { owner: "", repo: "r" }],
    ["GET /a{/list*}/b", { list: ["x", ""] }],
    ["GET {/x}/y", { x: "" }],
    ["GET /a/{/x}", { x: "b" }],
  ])("%s %j is invalid_parameter", (route, options) => {
    expectEndpointError(() => endpoint(route, options), "invalid_parameter", /empty path segment/);
  });

  it.each([
    ["GET /repos{/owner}", { owner: "" }, "/repos"],
    ["GET /repos{/owner}/issues", { owner: "o" }, "/repos/o/issues"],
    ["GET /a{/x}", {}, "/a"],
  ])("%s %j is allowed", (route, options, path) => {
    expect(endpoint(route, options).url).toBe(`https://api.github.com${path}`);
  });
});

describe("required parameters: every {var} and {+var}, wherever it stands in the url", () => {
  it.each([
    ["GET /search?q={q}", {}],
    ["GET /a#{+x}", {}],
    ["GET /a?x={x}&y={y}", { x: "1" }],
  ])("%s %j is missing_parameter", (route, options) => {
    expectEndpointError(() => endpoint(route, options), "missing_parameter");
  });

  it("an empty list or map as the last segment is allowed, as an empty string is", () => {
    for (const repo of ["", [], {}, [null]]) {
      expect(endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo }).url).toBe(
        "https://api.github.com/repos/o",
      );
    }
  });
});

describe("a list or map value is read once, however often the route uses it", () => {
  it("list items and map values through getters", () => {
    let reads = 0;
    const list: string[] = [];
    Object.defineProperty(list, 0, { get: () => (++reads === 1 ? "a" : "b"), enumerable: true });
    expect(endpoint("GET /x/{l}/y/{l}", { l: list }).url).toBe("https://api.github.com/x/a/y/a");
    expect(reads).toBe(1);
    reads = 0;
    const map = {
      get k() {
        return ++reads === 1 ? "a" : "b";
      },
    };
    expect(expandTemplate("{m}{?m*}", { m: map })).toBe("k,a?k=a");
    expect(reads).toBe(1);
  });
});

describe("what reading a caller's object throws is an EndpointError", () => {
  // A Proxy whose answers break the language's rules: the engine throws, not a trap of the caller.
  const lying = (target: object): object => new Proxy(Object.freeze(target), { get: () => "other" });
  let chain: unknown = ["a"];
  for (let i = 0; i < 20_000; i++) chain = new Proxy(chain as object, {});

  it.each<[string, () => unknown]>([
    ["options", () => endpoint("GET /x", lying({ a: "1" }))],
    ["a map parameter", () => endpoint("GET /x{?m*}", { m: lying({ a: "1" }) })],
    ["a list parameter", () => endpoint("GET /x{?l}", { l: lying(["a", "b"]) })],
    ["headers", () => endpoint("GET /x", { headers: lying({ a: "1" }) })],
    ["a header pair", () => endpoint("GET /x", { headers: [lying(["a", "b"])] })],
    ["mediaType", () => endpoint("GET /x", { mediaType: lying({ format: "raw" }) })],
    ["data", () => endpoint("POST /x", { data: lying({ a: 1 }) })],
    ["parse", () => endpoint.parse(lying({ url: "/x" }))],
    ["defaults", () => endpoint.defaults(lying({ a: "1" }))],
    ["template values", () => expandTemplate("{a}", lying({ a: "1" }))],
    ["a chain of proxies around a list", () => endpoint("GET /x{?l}", { l: chain })],
    ["a chain of proxies as previews", () => endpoint("GET /x", { mediaType: { previews: chain } })],
    ["a chain of proxies as data", () => endpoint("POST /x", { data: chain })],
    ["a chain of proxies as template values", () => expandTemplate("{l}", { l: chain })],
  ])("%s", (_, run) => {
    onlyEndpointError(run);
  });

  it("whatever a getter of the caller's throws (an EndpointError, or something posing as one, too) is invalid_options with it as the cause", () => {
    for (const thrown of [
      new Error("boom"),
      new EndpointError("missing_parameter", "mine"),
      Object.create(EndpointError.prototype),
    ]) {
      const error = expectEndpointError(
        () =>
          endpoint("GET /x", {
            get a(): string {
              throw thrown;
            },
          }),
        "invalid_options",
      );
      expect(error.cause).toBe(thrown);
    }
    const boom = new Error("boom");
    function* headers(): Generator<[string, string]> {
      yield ["a", "1"];
      throw boom;
    }
    expect(
      expectEndpointError(() => endpoint("GET /x", { headers: headers() }), "invalid_options").cause,
    ).toBe(boom);
  });

  it("headers as any iterable of pairs (a generator, a Set), as documented", () => {
    function* pairs(): Generator<[string, string]> {
      yield ["X-A", "1"];
    }
    expect(endpoint("GET /x", { headers: pairs() }).headers["x-a"]).toBe("1");
    expect(endpoint("GET /x", { headers: new Set([["x-b", "2"]]) }).headers["x-b"]).toBe("2");
  });
});

describe("a polluted prototype changes no result", () => {
  it("Object.prototype.get with an own __proto__ key", () => {
    // Vitest's own assertions do not survive this pollution: call first, check after.
    const own = JSON.parse('{"__proto__":"a","b":"c"}');
    pollute(Object.prototype, "get", () => "x");
    let results: unknown[];
    try {
      results = [
        Object.keys(endpoint.merge("GET /x", own)),
        endpoint("GET /x", { headers: JSON.parse('{"__proto__":"a"}') }).headers,
        endpoint("POST /x", own).body,
      ];
    } finally {
      delete (Object.prototype as Record<string, unknown>).get;
    }
    const [keys, headers, body] = results as [string[], object, object];
    expect(keys).toContain("__proto__");
    expect(Object.getOwnPropertyDescriptor(headers, "__proto__")?.value).toBe("a");
    expect(Object.getOwnPropertyDescriptor(body, "__proto__")?.value).toBe("a");
  });

  it("Object.prototype.accept cannot bring back a removed accept header", () => {
    pollute(Object.prototype, "accept", "application/vnd.evil.v9+json");
    for (const mediaType of [{ previews: ["p"] }, { format: "raw" }]) {
      expect(
        Object.hasOwn(endpoint("GET /x", { headers: { accept: null }, mediaType }).headers, "accept"),
      ).toBe(false);
    }
  });

  it("Array.prototype indices past an array's end", () => {
    pollute(Array.prototype, 1, "v9");
    expect(
      endpoint("GET /x", { headers: { accept: "application/vnd.github+json" }, mediaType: { format: "raw" } })
        .headers.accept,
    ).toBe("application/vnd.github.raw");
    pollute(Array.prototype, 0, [1, 2]);
    expect(endpoint("GET /{a}", { a: "" }).url).toBe("https://api.github.com/");
    expect(endpoint("POST /x", { p: {} }).body).toEqual({ p: {} });
    expect(expandTemplate("{a}{b}", {})).toBe("");
  });

  it("Object.prototype[Symbol.iterator] does not make any object a source of headers", () => {
    pollute(Object.prototype, Symbol.iterator, function* () {
      yield ["x-evil", "1"];
    });
    expectEndpointError(() => endpoint("GET /x", { headers: new (class Foo {})() }), "invalid_options");
  });
});

describe("caches are invisible: a route string never finds what a url option left", () => {
  it.each(["\0/y", "\0/y{?q}"])("%j is invalid_route before and after the url was used", (route) => {
    expectEndpointError(() => endpoint(route), "invalid_route");
    endpoint({ url: route.slice(1) });
    endpoint.parse({ url: route.slice(1), baseUrl: "" });
    expectEndpointError(() => endpoint(route), "invalid_route");
  });

  it.each(["/repos/x\u200b/y", "/x\u00a0y", "/x\u2028"])(
    "the url option %j is refused like the route",
    (url) => {
      expectEndpointError(() => endpoint({ url }), "invalid_route");
      expectEndpointError(() => endpoint.parse({ url }), "invalid_route");
    },
  );
});

describe("baseUrl: an http(s) URL whose path every client reads as written", () => {
  it.each([
    "https://h.example/a/..",
    "https://h.example/a/%2e%2e",
    "https://h.example/a/.",
    'https://h.example/a"<>',
    "https://h.example/{x}",
    "https://user:pw@h.example",
    "https://@h.example",
    "https://:@h.example/api",
    "https://h.example//v3",
    "javascript:alert(1)//",
    "ftp://h.example",
    "https:/h.example",
  ])("%j is invalid_base_url", (baseUrl) => {
    expectEndpointError(() => endpoint("GET /x", { baseUrl }), "invalid_base_url");
    expectEndpointError(() => endpoint.defaults({ baseUrl }), "invalid_base_url");
  });

  it.each([
    "https://h.example",
    "https://h.example/",
    "http://127.0.0.1:8080/api/v3",
    "HTTPS://H.EXAMPLE/a//b",
  ])("%j is allowed", (baseUrl) => {
    expect(() => endpoint("GET /x", { baseUrl })).not.toThrow();
  });
});

describe("a JSON body says what the caller meant", () => {
  // SECURITY.md's one rule for the caller's own objects: endpoint() checks plain data (and
  // Dates) and passes any other object on by reference; the adapter that writes it refuses it.
  it.each<[string, unknown]>([
    ["a boxed NaN", new Number(Number.NaN)],
    ["a boxed infinity", new Number(Number.POSITIVE_INFINITY)],
    ["a Map", new Map([["a", 1]])],
    ["a Set", new Set([1])],
    ["a WeakMap", new WeakMap()],
    ["a SharedArrayBuffer", new SharedArrayBuffer(2)],
    ["an ArrayBuffer inside JSON", new ArrayBuffer(2)],
  ])("%s in a body is passed on by endpoint() as given, and refused by every adapter", (_, value) => {
    const asField = endpoint("POST /x", { a: value });
    expect((asField.body as { a: unknown }).a).toBe(value);
    const inData = endpoint("POST /x", { data: { a: [value] } });
    expect((inData.body as { a: unknown[] }).a[0]).toBe(value);
    const options: RequestOptions = { method: "post", url: "/x", headers: {}, body: { a: value } };
    for (const adapter of [toCurl, toFetchArgs, toHttpMessage]) {
      expectEndpointError(() => adapter(options), "invalid_parameter");
      expectEndpointError(() => adapter(asField), "invalid_parameter");
      expectEndpointError(() => adapter(inData), "invalid_parameter");
    }
  });

  it("an invalid Date in a body is invalid_parameter, in endpoint() and in every adapter", () => {
    const value = new Date(Number.NaN);
    expectEndpointError(() => endpoint("POST /x", { a: value }), "invalid_parameter");
    expectEndpointError(() => endpoint("POST /x", { data: { a: [value] } }), "invalid_parameter");
    const options: RequestOptions = { method: "post", url: "/x", headers: {}, body: { a: value } };
    for (const adapter of [toCurl, toFetchArgs, toHttpMessage]) {
      expectEndpointError(() => adapter(options), "invalid_parameter");
    }
  });

  it("a body nested deeper than the adapters can write is refused at once, in endpoint() too", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40_000; i++) deep = { k: deep };
    // Refused at depth 500 (walking it all with a path string per level was quadratic).
    expectEndpointError(() => endpoint("POST /x", { data: deep }), "invalid_parameter", /deeper than 500/);
    let fine: unknown = 1;
    for (let i = 0; i < 400; i++) fine = { k: fine };
    expect(endpoint("POST /x", { data: fine }).body).toBe(fine);
    expect(() => toFetchArgs(endpoint("POST /x", { data: fine }))).not.toThrow();
  });
});

describe("a subtree shared many times is counted at each place and refused past a budget (linear time)", () => {
  // Each of these took exponential or quadratic time once. A part shared over and over is
  // copied (by merge) and written (by JSON) at each place, so each counts there too: past a
  // million values it is refused, at once, instead of tracked (SECURITY.md, Limits).
  let dag: unknown = { v: 1 };
  for (let i = 0; i < 60; i++) dag = { a: dag, b: dag };
  let small: unknown = { v: 1 };
  for (let i = 0; i < 10; i++) small = { a: small, b: small };

  it("in defaults (data, a parameter, request) and in every call over them", () => {
    expectEndpointError(() => endpoint.defaults({ data: dag }), "invalid_options", /more than 1000000/);
    expectEndpointError(() => endpoint.defaults({ p: dag }), "invalid_options", /more than 1000000/);
    expectEndpointError(
      () => endpoint.defaults({ request: { x: dag } }),
      "invalid_options",
      /more than 1000000/,
    );
    expectEndpointError(() => endpoint("POST /x", { data: dag }), "invalid_parameter", /more than 1000000/);
    // A parameter beside data would be lost (and is refused): one builder each.
    const builder = endpoint.defaults({ data: small, request: { x: small } });
    expect(builder("POST /x").body).toEqual(small);
    expect(builder.merge("POST /x", { data: { c: 1 } }).data).toHaveProperty("c", 1);
    const withParameter = endpoint.defaults({ p: small, request: { x: small } });
    expect((withParameter("POST /x").body as { p: object }).p).toEqual(small);
    expect(withParameter.defaults({ q: 1 }).DEFAULTS).toHaveProperty("p");
  });

  it("in many body parameters that share one object", () => {
    let wide: unknown[] = [];
    for (let i = 0; i < 2000; i++) wide.push({ i });
    wide = [wide];
    const options: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++) options[`f${i}`] = wide;
    expectEndpointError(() => endpoint("POST /x", options), "invalid_parameter", /more than 1000000/);
    const fewer: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) fewer[`f${i}`] = wide;
    expect(Object.keys(endpoint("POST /x", fewer).body as object)).toHaveLength(100);
  });
});

describe("limits of the engine are EndpointErrors", () => {
  // Each call writes about 600 MB of text before the engine refuses it: seconds of work, more
  // than the default five when the machine is shared (it timed out once in CI).
  it("a url longer than a string can be", { timeout: 30_000 }, () => {
    expectEndpointError(
      () => expandTemplate("{x}".repeat(6000), { x: "a".repeat(100_000) }),
      "invalid_parameter",
    );
    expectEndpointError(
      () => endpoint(`GET /${"{x}".repeat(6000)}`, { x: "a".repeat(100_000) }),
      "invalid_parameter",
    );
  });
});

describe("mediaType: accept rewritten as documented", () => {
  it.each([
    ["application/vnd.github.v3.star_fox+json", { format: "raw" }, "application/vnd.github.v3.raw"],
    ["application/vnd.foo_bar+json", { previews: ["a"] }, "application/vnd.foo_bar.a-preview+json"],
    ["application/vnd.Foo+json", { previews: ["a"] }, "application/vnd.Foo.a-preview+json"],
    [
      "application/vnd.github.v3+json",
      { previews: ["a", "a-preview"] },
      "application/vnd.github.a-preview+json",
    ],
    [
      "application/json, application/vnd.github.v3+json",
      { format: "raw" },
      "application/json, application/vnd.github.v3.raw",
    ],
    ["application/vnd.github.v3+json", { format: "$&$'" }, "application/vnd.github.v3.$&$'"],
  ])("accept %j with %j gives %j", (accept, mediaType, expected) => {
    expect(endpoint("GET /x", { headers: { accept }, mediaType }).headers.accept).toBe(expected);
  });
});

describe("parse(merge()) equals endpoint() with integer-like parameter names", () => {
  it("under defaults, with and without a route", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("b", "1", "0", "10", "a", "2"), fc.constantFrom("x", "y")),
        fc.dictionary(fc.constantFrom("c", "3", "1", "b", "01"), fc.constantFrom("z", "w")),
        (defaults, options) => {
          const builder = endpoint.defaults(defaults);
          expect(builder.parse(builder.merge("GET /x", options))).toEqual(builder("GET /x", options));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("adapters: what they cannot write faithfully is an EndpointError", () => {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const detached = new ArrayBuffer(8);
  const view = new Uint8Array(detached);
  structuredClone(detached, { transfer: [detached] });

  it.each<[string, unknown]>([
    ["a revoked proxy", revoked.proxy],
    ["a detached buffer", detached],
    ["a view on a detached buffer", view],
  ])("%s as body", (_, body) => {
    for (const adapter of [toCurl, toFetchArgs, toHttpMessage]) {
      onlyEndpointError(() => adapter({ method: "post", url: "/x", headers: {}, body } as RequestOptions));
    }
  });

  it.each([
    "https://user:pw@h.example/x",
    "https://h.example//evil.example/x",
    "http://u@h.example/",
    "https://@h.example/x",
    "https://:@h.example/x",
  ])("the url %j is invalid_options in every adapter", (url) => {
    for (const adapter of [toCurl, toFetchArgs, toHttpMessage]) {
      expectEndpointError(() => adapter({ method: "get", url, headers: {} }), "invalid_options");
    }
  });

  it("a polluted toJSON on a built-in prototype: the adapters refuse to write the body", () => {
    const options: RequestOptions = {
      method: "post",
      url: "/x",
      headers: {},
      body: { title: "t", labels: ["a"] },
    };
    for (const prototype of [Object.prototype, Array.prototype, Number.prototype]) {
      const outcomes: unknown[] = [];
      Object.defineProperty(prototype, "toJSON", {
        value: () => "pwned",
        configurable: true,
        writable: true,
      });
      try {
        for (const adapter of [toCurl, toFetchArgs, toHttpMessage]) {
          try {
            outcomes.push(adapter(options));
          } catch (error) {
            outcomes.push(error);
          }
        }
      } finally {
        delete (prototype as { toJSON?: unknown }).toJSON;
      }
      for (const outcome of outcomes) {
        expect(outcome).toBeInstanceOf(EndpointError);
        expect((outcome as EndpointError).code).toBe("invalid_parameter");
      }
    }
  });

  it("a body whose shared parts JSON would write millions of times is refused, not written for minutes", () => {
    let shared: unknown = 1;
    for (let i = 0; i < 40; i++) shared = [shared, shared];
    expectEndpointError(
      () => endpoint("POST /x", { data: shared }),
      "invalid_parameter",
      /more than 1000000/,
    );
    const options: RequestOptions = { method: "post", url: "/x", headers: {}, body: shared };
    for (const adapter of [toCurl, toFetchArgs, toHttpMessage]) {
      expectEndpointError(() => adapter(options), "invalid_parameter", /more than 1000000 values/);
    }
    let small: unknown = 1;
    for (let i = 0; i < 12; i++) small = [small, small];
    expect(JSON.parse(toFetchArgs(endpoint("POST /x", { data: small }))[1].body as string)).toEqual(small);
  });

  it.each(["content-length", "Content-Length, close", "close,host", "transfer-encoding"])(
    "toHttpMessage refuses connection: %s",
    (value) => {
      expectEndpointError(
        () => toHttpMessage({ method: "post", url: "/x", headers: { connection: value }, body: "a" }),
        "invalid_header",
      );
    },
  );

  it("toHttpMessage writes the query as written, as curl sends it", () => {
    const message = new TextDecoder("latin1").decode(
      toHttpMessage({ method: "get", url: "https://h.example/x?a'b&c", headers: {} }),
    );
    expect(message.startsWith("GET /x?a'b&c HTTP/1.1\r\n")).toBe(true);
    expect(
      new TextDecoder("latin1").decode(toHttpMessage({ method: "get", url: "/x?", headers: {} })),
    ).toMatch(/^GET \/x\? HTTP/);
  });

  it.each([" ", "\t", "  \t "])(
    "toCurl sends a white-space value %j as an empty header (curl would drop it)",
    (value) => {
      expect(toCurl({ method: "get", url: "/x", headers: { "x-a": value } })).toContain("-H 'x-a;'");
    },
  );

  it("toCurl never asks curl for Expect: 100-continue, and sends a big text body through printf", () => {
    const command = toCurl({ method: "post", url: "/x", headers: {}, body: "x".repeat(200 * 1024) });
    expect(command).toContain("-H 'expect:'");
    expect(command.startsWith("printf ")).toBe(true);
    expect(command).toContain("--data-binary @-");
  });
});
