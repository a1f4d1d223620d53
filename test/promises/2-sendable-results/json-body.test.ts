import { afterEach, describe, expect, it } from "vitest";
import { toCurl } from "../../../src/adapters/to-curl.js";
import { toFetchArgs } from "../../../src/adapters/to-fetch-args.js";
import { toHttpMessage } from "../../../src/adapters/to-http-message.js";
import type { RequestOptions } from "../../../src/index.js";
import { parseTemplate } from "../../../src/template/uri-template.js";
import { expectEndpointError } from "../../helpers.js";
import { endpoint, post, undoPollution } from "../loose-endpoint.js";

afterEach(undoPollution);

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

describe("NaN and infinities: one rule for the query and the body", () => {
  const BAD = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  it.each(BAD)("%s is invalid_parameter in a path, the query, the body and data, at any depth", (bad) => {
    expectEndpointError(() => endpoint("GET /x/{a}", { a: bad }), "invalid_parameter");
    expectEndpointError(() => endpoint("GET /x", { a: bad }), "invalid_parameter");
    expectEndpointError(() => endpoint("POST /x", { a: bad }), "invalid_parameter", /"a" is/);
    expectEndpointError(
      () => endpoint("POST /x", { a: { b: [1, bad] } }),
      "invalid_parameter",
      /"a\.b\[1\]"/,
    );
    expectEndpointError(() => endpoint("PUT /x", { data: { b: bad } }), "invalid_parameter", /"data\.b"/);
    expectEndpointError(() => endpoint.parse(endpoint.merge("PATCH /x", { a: bad })), "invalid_parameter");
  });

  it("functions and symbols, which JSON would drop, are refused too; toJSON objects are left to JSON", () => {
    expectEndpointError(() => endpoint("POST /x", { a: () => 1 }), "invalid_parameter");
    expectEndpointError(() => endpoint("POST /x", { a: { s: Symbol("s") } }), "invalid_parameter");
    const stamped = { toJSON: () => "t", n: Number.NaN };
    expect(endpoint("POST /x", { a: stamped }).body).toStrictEqual({ a: stamped });
  });

  it("a shared subtree counts at each place, as JSON writes it: a deep DAG is refused in linear time", () => {
    let node: unknown = 1;
    for (let i = 0; i < 64; i++) node = [node, node];
    expectEndpointError(() => endpoint("POST /x", { a: node }), "invalid_parameter", /more than 1000000/);
    let small: unknown = 1;
    for (let i = 0; i < 12; i++) small = [small, small];
    expect(endpoint("POST /x", { a: small }).body).toStrictEqual({ a: small });
  });
});

describe("sparse lists fail at once, in time proportional to the items present", () => {
  const sparse = (): unknown[] => {
    const list: unknown[] = [];
    list.length = 2 ** 32 - 1;
    list[0] = "a";
    return list;
  };
  it.each<[string, () => unknown, string]>([
    ["a path value", () => endpoint("GET /x/{a}", { a: sparse() }), "invalid_parameter"],
    ["an exploded path value", () => endpoint("GET /x{/a*}", { a: sparse() }), "invalid_parameter"],
    ["a query value", () => endpoint("GET /x", { a: sparse() }), "invalid_parameter"],
    ["a body value", () => endpoint("POST /x", { a: sparse() }), "invalid_parameter"],
    ["data", () => endpoint("POST /x", { data: sparse() }), "invalid_parameter"],
    ["a default value", () => endpoint.defaults({ a: sparse() }), "invalid_parameter"],
    ["headers", () => endpoint("GET /x", { headers: sparse() as never }), "invalid_header"],
    ["previews", () => endpoint("GET /x", { mediaType: { previews: sparse() as never } }), "invalid_options"],
    ["a template value", () => parseTemplate("{a}").expand({ a: sparse() }), "invalid_parameter"],
  ])("%s", (_name, run, code) => {
    expectEndpointError(run, code as never);
  });
});

describe("undefined list items", () => {
  it("an undefined list item in a JSON body is refused (JSON would write null), in endpoint() and the adapters", () => {
    expectEndpointError(() => endpoint("POST /x", { a: [1, undefined] }), "invalid_parameter");
    expectEndpointError(() => endpoint("POST /x", { data: { a: [undefined] } }), "invalid_parameter");
    expectEndpointError(() => toFetchArgs(post({ a: [1, undefined] })), "invalid_parameter");
    // In an object, undefined is left out, as JSON does and as "not given" means.
    expect(endpoint("POST /x", { a: { b: undefined, c: 1 } }).body).toStrictEqual({
      a: { b: undefined, c: 1 },
    });
  });
});

describe("objects JSON would write as {} are refused by the adapters that write the body", () => {
  class Failure extends Error {
    code = 7;
  }
  it.each<[string, unknown]>([
    ["a RegExp", /^a+$/],
    ["an Error", new Error("disk full")],
    ["a TypeError", new TypeError("bad")],
    ["an instance of an Error subclass with fields", new Failure("x")],
    ["a Promise (a missing await)", Promise.resolve(1)],
    ["a WeakRef", new WeakRef({})],
  ])("%s, whole or inside JSON", (_name, value) => {
    for (const data of [value, { nested: value }, [value]]) {
      const request = endpoint("POST /x", { data });
      for (const adapter of [toFetchArgs, toCurl])
        expectEndpointError(() => adapter(request), "invalid_parameter");
    }
  });
});
