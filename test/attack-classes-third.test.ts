// The classes a third, independent attack found (two helpers, one on the library's input
// channels, one on the adapters and the command line): each a table of the shapes that broke,
// plus a property over the class where one fits. Pollution is undone after every test; what
// cannot be undone (a frozen Object.prototype) runs in a process of its own.
import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { toCurl } from "../src/adapters/to-curl.js";
import { toFetchArgs } from "../src/adapters/to-fetch-args.js";
import { EndpointError, type RequestOptions, endpoint as typedEndpoint } from "../src/index.js";
import { expandTemplate } from "../src/template/uri-template.js";
import { expectEndpointError, retainedBytes } from "./helpers.js";

interface Loose {
  (route: unknown, options?: unknown): RequestOptions;
  defaults(route: unknown, options?: unknown): Loose;
  merge(route: unknown, options?: unknown): Record<string, unknown>;
  parse(options: unknown): RequestOptions;
}
const endpoint = typedEndpoint as unknown as Loose;

/** Every call either returns or throws an EndpointError: nothing else escapes. */
function outcome(run: () => unknown): unknown {
  try {
    return { ok: run() };
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(EndpointError);
    return { error: (error as EndpointError).code };
  }
}

const undo: (() => void)[] = [];
afterEach(() => {
  for (const step of undo.splice(0).reverse()) step();
});
/** Defines `key` on `target` for this test only. */
function pollute(target: object, key: PropertyKey, descriptor: PropertyDescriptor): void {
  const had = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, ...descriptor });
  undo.push(() => {
    if (had === undefined) delete (target as Record<PropertyKey, unknown>)[key];
    else Object.defineProperty(target, key, had);
  });
}

describe("values of {?…}, {&…} and {#…} never change the path", () => {
  it.each([
    "POST /repos/{owner}{?x}/{repo}/issues",
    "POST /repos/{owner}{&x}/{repo}/issues",
    "POST /repos/{owner}{#x}/{repo}/issues",
    "GET /a{?x}/../b",
    "GET /a{?x}{/y}",
    "GET /a{?x}{y}",
    "GET /a{?x}&b=1",
    "GET /a{#x}/b",
    "GET /a{?x}%2F",
    "GET /a{?x}é",
  ])("%s is invalid_template: what follows would join the path when x is left out", (route) => {
    expectEndpointError(() => endpoint(route, { owner: "o", repo: "", x: "1", y: "2" }), "invalid_template");
  });

  it.each([
    ["GET /a{?x}{&y}", { x: "1", y: "2" }, "https://api.github.com/a?x=1&y=2"],
    ["GET /a{?x}#/b", {}, "https://api.github.com/a#/b"],
    ["GET /a{?x}{#f}", { f: "/b" }, "https://api.github.com/a#/b"],
    ["GET /a?k=1{&x}", { x: "/b" }, "https://api.github.com/a?k=1&x=%2Fb"],
  ])("%s with %j is allowed", (route, options, url) => {
    expect(endpoint(route, options).url).toBe(url);
  });

  it("property: for routes of path, query and fragment pieces, the query values never change the path", () => {
    const piece = fc.constantFrom("/p", "/{a}", "{/b}", "/x.{c}", "{?q}", "{&r}", "{#f}", "#", "/", "?k=1");
    const value = fc.constantFrom(undefined, "", "v", "/", "..", "a/b");
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), value, value, value, (pieces, q, r, f) => {
        const route = `GET ${pieces.join("")}`;
        const fixed = { a: "a", b: "b", c: "c" };
        const without = outcome(() => endpoint(route, fixed));
        const withQuery = outcome(() => endpoint(route, { ...fixed, q, r, f }));
        if (!("ok" in (without as object)) || !("ok" in (withQuery as object))) return;
        const path = (result: unknown): string => new URL((result as { ok: RequestOptions }).ok.url).pathname;
        expect(path(withQuery)).toBe(path(without));
      }),
      { numRuns: 3000 },
    );
  });
});

describe("an object that answers differently each time it is asked is read once", () => {
  /** A Proxy that first says it is a Date (not plain), then a plain object, and throws on get. */
  function liar(): object {
    let reads = 0;
    return new Proxy(
      {},
      {
        getPrototypeOf: () => (reads++ === 0 ? Date.prototype : Object.prototype),
        ownKeys: () => ["k"],
        getOwnPropertyDescriptor: () => ({ value: 1, enumerable: true, configurable: true, writable: true }),
        get() {
          throw new Error("boom");
        },
      },
    );
  }

  it.each<[string, () => unknown]>([
    ["a path value", () => endpoint("GET /x/{p}", { p: liar() })],
    ["a query value", () => endpoint("GET /x", { p: liar() })],
    ["a template value", () => expandTemplate("/x/{p}", { p: liar() })],
    ["a default parameter", () => endpoint.defaults({ p: liar() })("GET /x/{p}")],
    ["a map used twice", () => endpoint("GET /{p}/x/{p}", { p: liar() })],
  ])("%s: an EndpointError, never the object's own error", (_name, run) => {
    expect((outcome(run) as { error?: string }).error).toBeDefined();
  });

  it("a getter of another parameter that changes a value's prototype changes nothing read", () => {
    class Foo {}
    const a = Object.create(Foo.prototype, {
      k: {
        get() {
          throw new Error("boom");
        },
        enumerable: true,
      },
    });
    const b = {
      get x() {
        Object.setPrototypeOf(a, Object.prototype);
        return "y";
      },
    };
    expect(outcome(() => endpoint("GET /{a}/{b}", { a, b }))).toStrictEqual({ error: "invalid_parameter" });
  });

  it("a client setting in request defaults whose prototype changed after defaults()", () => {
    class Foo {}
    const setting = Object.create(Foo.prototype, {
      k: {
        get() {
          throw new Error("boom");
        },
        enumerable: true,
      },
    });
    const built = endpoint.defaults({ request: setting });
    Object.setPrototypeOf(setting, Object.prototype);
    expect(outcome(() => built("GET /x", { request: { t: 1 } }))).toStrictEqual({ error: "invalid_options" });
  });

  it("a thrown revoked Proxy is the cause of an EndpointError, not a TypeError of its own", () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const options = {
      get owner(): string {
        throw proxy;
      },
    };
    expect(outcome(() => endpoint("GET /{owner}", options))).toStrictEqual({ error: "invalid_options" });
  });
});

describe("a polluted Object.prototype with accessors or read-only properties changes nothing", () => {
  const cases: [string, string, () => unknown, (result: RequestOptions) => void][] = [
    [
      "a read-only title",
      "title",
      () => endpoint("POST /repos/{o}/{r}/issues", { o: "a", r: "b", title: "t" }),
      (result) => expect(Object.getOwnPropertyDescriptor(result.body, "title")?.value).toBe("t"),
    ],
    [
      "an accessor on authorization",
      "authorization",
      () => endpoint("GET /user", { headers: { authorization: "token SECRET" } }),
      (result) =>
        expect(Object.getOwnPropertyDescriptor(result.headers, "authorization")?.value).toBe("token SECRET"),
    ],
    [
      "an accessor on body",
      "body",
      () => endpoint("POST /x", { a: 1 }),
      (result) => expect(Object.getOwnPropertyDescriptor(result, "body")?.value).toStrictEqual({ a: 1 }),
    ],
    [
      "an accessor on content-type",
      "content-type",
      () => endpoint("POST /x", { a: 1 }),
      (result) =>
        expect(Object.getOwnPropertyDescriptor(result.headers, "content-type")?.value).toBe(
          "application/json; charset=utf-8",
        ),
    ],
    [
      "an accessor on request",
      "request",
      () => endpoint("GET /x", { request: { timeout: 1 } }),
      (result) =>
        expect(Object.getOwnPropertyDescriptor(result, "request")?.value).toStrictEqual({ timeout: 1 }),
    ],
  ];

  it.each(cases)("%s", (_name, key, run, check) => {
    const taken: unknown[] = [];
    pollute(Object.prototype, key, {
      get: () => ({ evil: true }),
      set: (value: unknown) => {
        taken.push(value);
      },
    });
    check(run() as RequestOptions);
    expect(taken).toStrictEqual([]);
  });

  it.each(cases)("%s, read-only", (_name, key, run, check) => {
    pollute(Object.prototype, key, { value: "x", writable: false });
    check(run() as RequestOptions);
  });

  it("the method of a builder, baseUrl in merge, and parse(merge()) equal to endpoint()", () => {
    pollute(Object.prototype, "method", { set() {}, get() {} });
    pollute(Object.prototype, "baseUrl", { set() {}, get() {} });
    const builder = endpoint.defaults({ method: "DELETE", url: "/repos/o/r" });
    expect(builder(undefined).method).toBe("delete");
    expect(endpoint.parse(endpoint.merge("GET /x"))).toStrictEqual(endpoint("GET /x"));
    expect(endpoint("GET /x").url).toBe("https://api.github.com/x");
  });

  it("a frozen Object.prototype (a hardened realm): only results, in a process of its own", () => {
    const script = `
      const { endpoint } = await import(${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)});
      Object.freeze(Object.prototype);
      const out = [];
      out.push(endpoint.merge("GET /x", { constructor: 1 }).constructor);
      out.push(endpoint("POST /x", { toString: "a", valueOf: "b" }).body);
      out.push(endpoint("GET /x", { hasOwnProperty: "c" }).url);
      console.log(JSON.stringify(out));`;
    const printed = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(JSON.parse(printed)).toStrictEqual([
      1,
      { toString: "a", valueOf: "b" },
      "https://api.github.com/x?hasOwnProperty=c",
    ]);
  });
});

describe("a replaced Array.prototype[Symbol.iterator] cannot move a request", () => {
  it("the route's method and url are read by index, not by destructuring", () => {
    const original = Array.prototype[Symbol.iterator];
    const replaced = function (this: unknown[]) {
      return this.length === 2 && this[0] === "GET" && this[1] === "/a-fresh-route-3"
        ? original.call(["DELETE", "/evil"])
        : original.call(this);
    };
    let result: RequestOptions;
    Array.prototype[Symbol.iterator] = replaced as typeof original;
    try {
      result = endpoint("GET /a-fresh-route-3");
    } finally {
      Array.prototype[Symbol.iterator] = original;
    }
    expect([result.method, result.url]).toStrictEqual(["get", "https://api.github.com/a-fresh-route-3"]);
  });
});

describe("a url given as an option: any white space is a stray character", () => {
  it.each(["/a\tb", "/a b", " /a", "/a ", "/a\u00a0b", "/a\u0007"])("%j is invalid_route", (url) => {
    expectEndpointError(() => endpoint({ url }), "invalid_route");
  });
});

describe("merging shared subtrees stays linear", () => {
  /** w objects a level, `depth` levels, each linking two of the level below, wired by `seed`. */
  function dag(w: number, depth: number, seed: number): object {
    let state = seed;
    const next = (): number => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
    let level: object[] = Array.from({ length: w }, (_, v) => ({ v }));
    for (let i = depth - 1; i >= 0; i--) {
      const below = level;
      level = Array.from({ length: i === 0 ? 1 : w }, () => ({
        l: below[Math.floor(next() * w)],
        r: below[Math.floor(next() * w)],
      }));
    }
    return level[0] as object;
  }

  it("two values that share subtrees in different ways are refused, in time proportional to them", () => {
    const time = (w: number): number => {
      const defaults = { data: dag(w, 24, 1) };
      const call = { data: dag(w, 24, 2) };
      const start = performance.now();
      // A part shared over and over is copied at each place, so the copy of the defaults is
      // refused past the merge budget already (SECURITY.md, Limits), before the call.
      expect(outcome(() => endpoint.defaults(defaults)("POST /x", call))).toStrictEqual({
        error: "invalid_options",
      });
      return performance.now() - start;
    };
    time(100);
    const small = Math.min(time(100), time(100));
    const large = Math.min(time(400), time(400));
    // 4x the objects: about 4x the time, where a merged object per pair of theirs was 16x and more.
    expect(large / Math.max(small, 1)).toBeLessThan(10);
  });

  it("a shared subtree on one side only still merges (trees, and one side's sharing)", () => {
    const shared = { deep: { x: 1 } };
    const builder = endpoint.defaults({ data: { a: shared, b: shared, c: { d: 1 } } });
    const result = builder("POST /x", { data: { a: { deep: { y: 2 } }, c: { e: 2 } } });
    expect(result.body).toStrictEqual({
      a: { deep: { x: 1, y: 2 } },
      b: { deep: { x: 1 } },
      c: { d: 1, e: 2 },
    });
  });
});

describe("merged options given back as options keep their meaning", () => {
  const route = "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config";
  const options = { owner: "o", repo: "r", hook_id: 1, url: "https://hook.example", method: "x" };

  it("endpoint(merge(route, options)) and merge(merge(...)) give the same request", () => {
    const merged = endpoint.merge(route, options);
    expect(endpoint(merged)).toStrictEqual(endpoint(route, options));
    expect(endpoint.merge(merged)).toStrictEqual(merged);
    expect(endpoint.parse(endpoint.merge(merged))).toStrictEqual(endpoint(route, options));
    expect(endpoint.defaults(merged)(undefined)).toStrictEqual(endpoint(route, options));
  });

  it("the value under $params wins over the same name beside it, as parse reads it", () => {
    const given = { method: "POST", url: "/x", a: 1, $params: { a: 2, url: "u" } };
    expect(endpoint(given)).toStrictEqual(endpoint.parse({ ...endpoint.merge({}), ...given }));
    expect(endpoint(given).body).toStrictEqual({ a: 2, url: "u" });
  });
});

describe("the adapters: built-in toJSON, bytes fetch refuses, command-line limits", () => {
  const post = (body: unknown): RequestOptions => ({
    method: "post",
    url: "https://h.example/x",
    headers: {},
    body,
  });
  const prototypes: [string, object, () => unknown][] = [
    ["Map", Map.prototype, () => ({ v: new Map([["k", 1]]) })],
    ["Set", Set.prototype, () => ({ v: new Set([1]) })],
    ["Function", Function.prototype, () => ({ v: () => 1 })],
    ["ArrayBuffer", ArrayBuffer.prototype, () => ({ v: new ArrayBuffer(2) })],
    ["RegExp", RegExp.prototype, () => ({ v: /x/ })],
    ["%TypedArray%", Object.getPrototypeOf(Uint8Array.prototype), () => ({ v: new Uint8Array([1]) })],
    ["Int16Array", Int16Array.prototype, () => ({ v: new Int16Array([1]) })],
    ["Error", Error.prototype, () => ({ v: new Error("e") })],
    ["TypeError", TypeError.prototype, () => ({ v: new TypeError("e") })],
    ["Promise", Promise.prototype, () => ({ v: Promise.resolve() })],
    ["Date", Date.prototype, () => ({ v: new Date(0) })],
  ];

  it.each(prototypes)(
    "a toJSON put on %s.prototype makes the adapters refuse a JSON body",
    (_name, prototype, make) => {
      pollute(prototype, "toJSON", { value: () => "POLLUTED", writable: true });
      for (const adapter of [toFetchArgs, toCurl]) {
        expectEndpointError(() => adapter(post(make())), "invalid_parameter");
      }
    },
  );

  it("a stream body goes to fetch with duplex: half, and new Request takes it", () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array([1]));
        controller.close();
      },
    });
    const [url, init] = toFetchArgs(post(stream));
    expect(init.duplex).toBe("half");
    expect(() => new Request(url, init as RequestInit)).not.toThrow();
  });

  it("a detached buffer or a view of one is invalid_parameter; a shared or resizable one is copied", () => {
    const detached = (): ArrayBuffer => {
      const buffer = new ArrayBuffer(8);
      structuredClone(buffer, { transfer: [buffer] });
      return buffer;
    };
    const view = new Uint8Array(new ArrayBuffer(8), 2, 4);
    structuredClone(view.buffer, { transfer: [view.buffer] });
    for (const body of [detached(), view]) {
      expectEndpointError(() => toFetchArgs(post(body)), "invalid_parameter");
    }
    const resizable = new (ArrayBuffer as unknown as new (n: number, o: object) => ArrayBuffer)(4, {
      maxByteLength: 8,
    });
    new Uint8Array(resizable).set([1, 2, 3, 4]);
    const shared = new Uint8Array(new SharedArrayBuffer(4));
    shared.set([5, 6, 7, 8]);
    for (const [body, bytes] of [
      [resizable, [1, 2, 3, 4]],
      [shared, [5, 6, 7, 8]],
    ] as const) {
      const [url, init] = toFetchArgs(post(body));
      expect([...new Uint8Array(init.body as Uint8Array)]).toStrictEqual(bytes);
      expect(() => new Request(url, init as RequestInit)).not.toThrow();
    }
  });

  it("toCurl refuses a url or header longer than one command-line argument, and a body over 16 MiB", () => {
    expectEndpointError(
      () => toCurl(endpoint("GET /search/code", { q: "a".repeat(140 * 1024) })),
      "invalid_options",
    );
    expectEndpointError(
      () => toCurl(endpoint("GET /user", { headers: { authorization: "a".repeat(140 * 1024) } })),
      "invalid_options",
    );
    const many: Record<string, string> = {};
    for (let i = 0; i < 10; i++) many[`x-h${i}`] = "a".repeat(120 * 1024);
    expectEndpointError(() => toCurl(endpoint("GET /user", { headers: many })), "invalid_options");
    expectEndpointError(() => toCurl(post("x".repeat(16 * 1024 * 1024 + 1))), "invalid_parameter");
    // Just under the limits, the command is written (and sh runs it: see adapters-attack).
    expect(toCurl(endpoint("GET /search/code", { q: "a".repeat(120 * 1024) }))).toContain("a".repeat(1000));
    expect(toCurl(post("x".repeat(1024 * 1024)))).toContain("printf");
  });
});

describe("a further attack: the adapters' own objects, more built-ins, products of sizes", () => {
  const post = (body: unknown): RequestOptions => ({
    method: "post",
    url: "https://h.example/x",
    headers: {},
    body,
  });

  it("an accessor or read-only body or duplex on Object.prototype neither takes nor replaces the body", () => {
    const taken: unknown[] = [];
    pollute(Object.prototype, "body", {
      get: () => "attacker body",
      set: (value: unknown) => taken.push(value),
    });
    pollute(Object.prototype, "duplex", { value: "full", writable: false });
    const [, init] = toFetchArgs(endpoint("POST /x", { secret: "s3cr3t" }));
    expect(Object.getOwnPropertyDescriptor(init, "body")?.value).toBe('{"secret":"s3cr3t"}');
    const stream = new ReadableStream();
    const [, streamed] = toFetchArgs(post(stream));
    expect(Object.getOwnPropertyDescriptor(streamed, "duplex")?.value).toBe("half");
    expect(taken).toStrictEqual([]);
  });

  const more: [string, object, () => unknown][] = [
    ["WeakRef", WeakRef.prototype, () => ({ v: new WeakRef({}) })],
    ["AggregateError", AggregateError.prototype, () => ({ v: new AggregateError([]) })],
    ["Headers", Headers.prototype, () => ({ v: new Headers() })],
    ["Response", Response.prototype, () => ({ v: new Response("") })],
    ["URL", URL.prototype, () => ({ v: new URL("https://x.example") })],
    ["Intl.Locale", Intl.Locale.prototype, () => ({ v: new Intl.Locale("en") })],
    [
      "%ArrayIteratorPrototype%",
      Object.getPrototypeOf([][Symbol.iterator]()),
      () => ({ v: [][Symbol.iterator]() }),
    ],
    [
      "%GeneratorPrototype%",
      Object.getPrototypeOf(function* () {}).prototype,
      () => ({ v: (function* () {})() }),
    ],
  ];

  it.each(more)(
    "a toJSON on %s.prototype makes the adapters refuse a JSON body",
    (_name, prototype, make) => {
      pollute(prototype, "toJSON", { value: () => "INJECTED", writable: true });
      for (const adapter of [toFetchArgs, toCurl])
        expectEndpointError(() => adapter(post(make())), "invalid_parameter");
    },
  );

  it("a class of the caller's own with a toJSON is written through it, also when it is a global", () => {
    class Money {
      toJSON(): string {
        return "1.00 EUR";
      }
    }
    (globalThis as { Money?: unknown }).Money = Money;
    try {
      expect(new TextDecoder().decode(toFetchArgs(post({ price: new Money() }))[1].body as Uint8Array)).toBe(
        '{"price":"1.00 EUR"}',
      );
    } finally {
      delete (globalThis as { Money?: unknown }).Money;
    }
  });

  it("previews times a long vendor, or a format times many parts: refused at once, not written", () => {
    const start = performance.now();
    expectEndpointError(
      () =>
        endpoint("GET /x", {
          headers: { accept: `application/vnd.${"v".repeat(40_000)}+json` },
          mediaType: { previews: Array.from({ length: 8000 }, (_, i) => `p${i}`) },
        }),
      "invalid_header",
    );
    expectEndpointError(
      () =>
        endpoint("GET /x", {
          headers: { accept: "application/vnd.a+json,".repeat(20_000) },
          mediaType: { format: "f".repeat(2000) },
        }),
      "invalid_header",
    );
    expect(performance.now() - start).toBeLessThan(2000);
    // Ordinary sizes still work.
    expect(endpoint("GET /x", { mediaType: { previews: ["a", "b"], format: "raw" } }).headers.accept).toBe(
      "application/vnd.github.a-preview.raw,application/vnd.github.b-preview.raw",
    );
  });

  it("one default subtree merged with many call objects: merged within the budget, refused past it, in bounded time", () => {
    /** Defaults whose n keys share one object of n keys, and a call with an object for each. */
    const shared = (n: number): { base: Record<string, unknown>; call: Record<string, unknown> } => {
      const one: Record<string, number> = {};
      for (let i = 0; i < n; i++) one[`k${i}`] = i;
      const base: Record<string, unknown> = {};
      const call: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        base[`p${i}`] = one;
        call[`p${i}`] = { x: i };
      }
      return { base, call };
    };
    const fits = shared(300);
    const merged = endpoint.defaults({ data: fits.base })("POST /x", { data: fits.call }).body;
    expect((merged as Record<string, Record<string, number>>).p7).toStrictEqual({
      ...Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i])),
      x: 7,
    });
    const time = (n: number): number => {
      const { base, call } = shared(n);
      const start = performance.now();
      expect(outcome(() => endpoint.defaults({ data: base })("POST /x", { data: call }))).toStrictEqual({
        error: "invalid_options",
      });
      return performance.now() - start;
    };
    time(1600);
    const small = Math.max(Math.min(time(1600), time(1600)), 1);
    const large = Math.min(time(6400), time(6400));
    expect(large / small).toBeLessThan(10);
  });

  it("toCurl counts every argument's end and pointer: 100,000 short headers are refused", () => {
    const headers: Record<string, string> = {};
    for (let i = 0; i < 100_000; i++) headers[`x-${i}`] = "v";
    expectEndpointError(
      () => toCurl({ method: "get", url: "https://h.example/", headers }),
      "invalid_options",
    );
  });

  it("a Proxy that reports a Map's prototype cannot lead headers to an iterator on Object.prototype", () => {
    pollute(Object.prototype, Symbol.iterator, {
      value: function* () {
        yield ["authorization", "token attacker"];
      },
      writable: true,
    });
    const headers = new Proxy({}, { getPrototypeOf: () => Map.prototype });
    expect(outcome(() => endpoint("GET /x", { headers }))).toStrictEqual({ error: "invalid_options" });
  });

  it("an undefined list item in a JSON body is refused (JSON would write null), in endpoint() and the adapters", () => {
    expectEndpointError(() => endpoint("POST /x", { a: [1, undefined] }), "invalid_parameter");
    expectEndpointError(() => endpoint("POST /x", { data: { a: [undefined] } }), "invalid_parameter");
    expectEndpointError(() => toFetchArgs(post({ a: [1, undefined] })), "invalid_parameter");
    // In an object, undefined is left out, as JSON does and as "not given" means.
    expect(endpoint("POST /x", { a: { b: undefined, c: 1 } }).body).toStrictEqual({
      a: { b: undefined, c: 1 },
    });
  });

  it("slices of large strings given as routes, urls or templates do not keep those strings alive", () => {
    const retained = retainedBytes(`
      for (let i = 0; i < 300; i++) {
        const big = "/r" + i + "/" + "x".repeat(1024 * 1024);
        endpoint.merge("GET " + big.slice(0, 40));
        try { endpoint({ url: big.slice(0, 40) }); } catch {}
        parseTemplate(big.slice(0, 40));
      }`);
    // 300 MB of strings went through; the caches may keep their slices, not the strings.
    expect(retained).toBeLessThan(8 * 1024 * 1024);
  }, 60_000);
});
