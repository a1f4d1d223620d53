import { describe, expect, it } from "vitest";
import { type EndpointOptions, endpoint, type MergedOptions } from "../../src/index.js";
import { DEFAULT_HEADERS, expectEndpointError } from "../helpers.js";

const ROOT = {
  method: "GET",
  baseUrl: "https://api.github.com",
  headers: DEFAULT_HEADERS,
  mediaType: { format: "", previews: [] },
};

// One signature for table rows that use either overload.
const merge = endpoint.merge as (route: string | EndpointOptions, options?: EndpointOptions) => MergedOptions;

describe("merge", () => {
  it.each<[string, Parameters<typeof merge>, Record<string, unknown>]>([
    ["no arguments: the defaults", [{}], ROOT],
    ["a route", ["GET /user"], { ...ROOT, url: "/user" }],
    ["the method as given", ["post /x"], { ...ROOT, method: "post", url: "/x" }],
    [
      "beside a route, method and url are parameters, kept under $params",
      ["GET /a", { method: "DELETE", url: "/b" }],
      { ...ROOT, url: "/a", $params: { method: "DELETE", url: "/b" } },
    ],
    [
      "a parameter named $params is kept under $params too",
      [{ url: "/a", $params: 1 }],
      { ...ROOT, url: "/a", $params: { $params: 1 } },
    ],
    ["options only", [{ method: "PATCH", url: "/c", x: 1 }], { ...ROOT, method: "PATCH", url: "/c", x: 1 }],
    ["parameters keep their order", ["GET /x", { b: 1, a: 2 }], { ...ROOT, url: "/x", b: 1, a: 2 }],
    [
      "undefined sets nothing",
      ["GET /x", { a: undefined, baseUrl: undefined, headers: { accept: undefined } }],
      { ...ROOT, url: "/x" },
    ],
    [
      "header names are lowercased, the last of a case-insensitive name wins",
      ["GET /x", { headers: { "X-A": "1", "x-a": "2", Accept: "text/plain" } }],
      {
        ...ROOT,
        url: "/x",
        headers: { accept: "text/plain", "user-agent": DEFAULT_HEADERS["user-agent"], "x-a": "2" },
      },
    ],
    [
      "null removes a header, also a default one",
      ["GET /x", { headers: { Accept: null } }],
      { ...ROOT, url: "/x", headers: { "user-agent": DEFAULT_HEADERS["user-agent"] } },
    ],
    [
      "a Headers instance",
      ["GET /x", { headers: new Headers({ "X-Foo": "bar" }) }],
      { ...ROOT, url: "/x", headers: { ...DEFAULT_HEADERS, "x-foo": "bar" } },
    ],
    [
      "an iterable of pairs",
      [
        "GET /x",
        {
          headers: new Map<string, string | null>([
            ["X-Foo", "bar"],
            ["User-Agent", null],
          ]),
        },
      ],
      { ...ROOT, url: "/x", headers: { accept: DEFAULT_HEADERS.accept, "x-foo": "bar" } },
    ],
    [
      "numbers stay numbers until parse",
      ["GET /x", { headers: [["X-N", 5]] as const }],
      { ...ROOT, url: "/x", headers: { ...DEFAULT_HEADERS, "x-n": 5 } },
    ],
    [
      "mediaType merges, format from the call",
      ["GET /x", { mediaType: { format: "raw" } }],
      { ...ROOT, url: "/x", mediaType: { format: "raw", previews: [] } },
    ],
    [
      "request and data when given",
      ["POST /x", { request: { timeout: 1 }, data: "d" }],
      { ...ROOT, method: "POST", url: "/x", request: { timeout: 1 }, data: "d" },
    ],
  ])("%s", (_name, args, expected) => {
    expect(merge(...args)).toStrictEqual(expected);
  });

  it("orders keys: method, baseUrl, url, headers, mediaType, parameters, request, data", () => {
    const merged = endpoint.merge("POST /x", { data: 1, request: {}, z: 1, a: 2 });
    expect(Object.keys(merged)).toEqual([
      "method",
      "baseUrl",
      "url",
      "headers",
      "mediaType",
      "z",
      "a",
      "request",
      "data",
    ]);
  });

  it("previews: the defaults' then the call's, each once, first occurrence kept", () => {
    const api = endpoint.defaults({ mediaType: { previews: ["a", "b"] } });
    expect(api.merge({ mediaType: { previews: ["c", "a", "c", "d"] } }).mediaType.previews).toEqual([
      "a",
      "b",
      "c",
      "d",
    ]);
    expect(api.DEFAULTS.mediaType.previews).toEqual(["a", "b"]);
  });

  it("plain objects merge deeply, arrays replace", () => {
    const api = endpoint.defaults({ request: { a: { b: 1, c: 2 } }, list: [1, 2], nested: { x: { y: 1 } } });
    const merged = api.merge({ request: { a: { c: 3 } }, list: [3], nested: { x: { z: 2 } } });
    expect(merged.request).toStrictEqual({ a: { b: 1, c: 3 } });
    expect(merged.list).toStrictEqual([3]);
    expect(merged.nested).toStrictEqual({ x: { y: 1, z: 2 } });
  });

  it("request is returned as given when only one side sets it", () => {
    const request = { signal: new AbortController().signal };
    expect(endpoint.merge("GET /x", { request }).request).toBe(request);
    const api = endpoint.defaults({ request });
    expect(api.merge("GET /x").request).toBe(api.DEFAULTS.request);
    expect(api.DEFAULTS.request?.signal).toBe(request.signal);
  });

  it("shares no mutable object with DEFAULTS", () => {
    const api = endpoint.defaults({
      headers: { "x-a": "1" },
      labels: ["a"],
      filter: { state: "open" },
      mediaType: { previews: ["p"] },
    });
    const before = JSON.stringify(api.DEFAULTS);
    const merged = api.merge("GET /x") as MergedOptions & {
      labels: string[];
      filter: Record<string, string>;
    };
    merged.headers["x-a"] = "changed";
    merged.mediaType.previews.push("q");
    merged.mediaType.format = "raw";
    merged.labels.push("b");
    merged.filter.state = "closed";
    expect(JSON.stringify(api.DEFAULTS)).toBe(before);
    expect(api.merge("GET /x")).toStrictEqual({ ...JSON.parse(before), url: "/x" });
  });

  it("never mutates its inputs", () => {
    const options = {
      headers: { Accept: "a", "X-Drop": null },
      mediaType: { previews: ["x"] },
      labels: ["l"],
      data: { d: 1 },
    };
    const copy = structuredClone(options);
    endpoint.merge("POST /x", options);
    endpoint.defaults(options);
    expect(options).toStrictEqual(copy);
    expect(Object.isFrozen(options.labels)).toBe(false);
    expect(Object.isFrozen(options.data)).toBe(false);
  });

  it("needs no url", () => {
    expect(endpoint.merge({ owner: "o" }).url).toBeUndefined();
  });

  it.each<[string, () => unknown, string, RegExp]>([
    [
      "options that are not an object",
      () => endpoint.merge("GET /x", 5 as never),
      "invalid_options",
      /plain object.*got 5/,
    ],
    ["an array as options", () => endpoint.merge("GET /x", [] as never), "invalid_options", /got an array/],
    [
      "a route that is neither string nor object",
      () => endpoint.merge(42 as never),
      "invalid_options",
      /got 42/,
    ],
    ["two options objects", () => merge({}, {}), "invalid_options", /Two options objects/],
    [
      "a url that is not a string",
      () => endpoint.merge({ url: 5 } as never),
      "invalid_options",
      /url must be a string/,
    ],
    [
      "a method that is not supported",
      () => endpoint.merge({ method: "TRACE" }),
      "unsupported_method",
      /"TRACE"/,
    ],
    [
      "a method that is not a string",
      () => endpoint.merge({ method: 1 } as never),
      "unsupported_method",
      /method 1/,
    ],
    [
      "mediaType not an object",
      () => endpoint.merge({ mediaType: "raw" } as never),
      "invalid_options",
      /mediaType must be an object/,
    ],
    [
      "format not a string",
      () => endpoint.merge({ mediaType: { format: 1 } } as never),
      "invalid_options",
      /format must be a string/,
    ],
    [
      "previews not an array",
      () => endpoint.merge({ mediaType: { previews: "x" } } as never),
      "invalid_options",
      /previews must be an array/,
    ],
    [
      "a preview not a string",
      () => endpoint.merge({ mediaType: { previews: [1] } } as never),
      "invalid_options",
      /must hold strings/,
    ],
    [
      "headers a string",
      () => endpoint.merge({ headers: "accept: x" } as never),
      "invalid_options",
      /headers must be a plain object/,
    ],
    [
      "headers yielding non-pairs",
      () => endpoint.merge({ headers: [["a"]] } as never),
      "invalid_header",
      /\[name, value\] pairs/,
    ],
    [
      "a header value that is an object",
      () => endpoint.merge({ headers: { a: {} } } as never),
      "invalid_header",
      /"a" has the value an object/,
    ],
    [
      "a header value that is boolean",
      () => endpoint.merge({ headers: { a: true } } as never),
      "invalid_header",
      /string or a number/,
    ],
    [
      "request not an object",
      () => endpoint.merge({ request: "x" } as never),
      "invalid_options",
      /request must be an object/,
    ],
    [
      "baseUrl not a string",
      () => endpoint.merge({ baseUrl: 1 } as never),
      "invalid_base_url",
      /must be a string/,
    ],
    [
      "baseUrl relative without a leading slash",
      () => endpoint.merge({ baseUrl: "api/v3" }),
      "invalid_base_url",
      /nor a path starting with \//,
    ],
  ])("%s", (_name, fn, code, message) => {
    expectEndpointError(fn, code as never, message);
  });

  it("refuses options nested deeper than 100 levels, or cyclic, when they must be copied", () => {
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 200; i++) deep = deep.a = {};
    expectEndpointError(() => endpoint.defaults({ x: root }), "invalid_options", /more than 100 levels/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expectEndpointError(() => endpoint.defaults({ data: cyclic }), "invalid_options", /cycle/);
  });
});

describe("undefined beside defaults held under $params", () => {
  // Merged options given back as defaults keep parameters under $params; a call's undefined is
  // "not given" there too (it once cleared them).
  it("leaves the default in place, in endpoint(), merge() and merge(merge())", () => {
    const merged = endpoint.merge({ url: "/items", $params: { tok: "K", per_page: 100 } });
    const builder = endpoint.defaults(merged);
    const plain = builder("GET /items", {});
    expect(plain.url).toBe("https://api.github.com/items?tok=K&per_page=100");
    const call = { tok: undefined, per_page: undefined };
    expect(builder("GET /items", call)).toEqual(plain);
    expect(builder.parse(builder.merge("GET /items", call))).toEqual(plain);
    expect(builder.parse(builder.merge(builder.merge("GET /items", call)))).toEqual(plain);
  });
});
