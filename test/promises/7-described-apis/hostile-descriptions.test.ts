// Hostile operation data and descriptions, as tables over each class: server variables never choose a host, body writers throw only EndpointError and run
// in time bounded by what they write, and hostile descriptions write no framing header and
// no control that hides code.
import ts from "typescript59";
import { describe, expect, it } from "vitest";
import { generateOperations } from "../../../src/generate/index.js";
import { EndpointError, endpoint } from "../../../src/index.js";
import { describeOperations, serverUrl } from "../../../src/operations/describe-operations.js";
import { expectEndpointError } from "../../helpers.js";
import { workOf } from "../../work/work-counter.js";

/**
 * Counted work (test/work/) of refusing a hostile body: at most about 15 million units (the
 * 500,000-key object in 16 parts, built inside the row), where writing the 2^24 places of a
 * shared subtree would be over 100 million, and those of 2^40 far more.
 */
const WORK_BOUND = 40_000_000;

const build = (data: Parameters<typeof describeOperations>[0]) =>
  endpoint.defaults({
    baseUrl: "https://api.example",
    headers: { accept: null },
    operations: describeOperations(data),
  });

const region = { url: "https://{region}.api.example/v1", variables: { region: { default: "us" } } };

describe("serverUrl: a chosen value fills its place, never another host or path", () => {
  const path = { url: "/{version}", variables: { version: { default: "v1" } } };
  const whole = { url: "{base}", variables: { base: { default: "https://api.example" } } };
  it.each<[string, object, Record<string, string>]>([
    ["a host and port", region, { region: "127.0.0.1:8080/" }],
    ["a path that names a host", path, { version: "/evil.example" }],
    ["a whole url", whole, { base: "http://evil.example" }],
    ["a scheme-relative url", whole, { base: "//evil.example" }],
    ["userinfo", region, { region: "a@evil.example" }],
    ["a query", path, { version: "v1?x=1" }],
    ["a backslash", region, { region: "a\\b" }],
    ["white space", region, { region: "a b" }],
    ["a dot segment", path, { version: ".." }],
    ["a variable the server does not have", region, { zone: "a" }],
    ["a value that is not a string", region, { region: 1 as unknown as string }],
  ])("%s is invalid_base_url", (_, server, chosen) => {
    expectEndpointError(() => serverUrl(server as never, chosen), "invalid_base_url");
  });

  it.each<[string, unknown, unknown]>([
    ["no server", null, {}],
    ["a server without a url", {}, {}],
    ["a url that is not a string", { url: 1 }, {}],
    ["variables that are not an object", { url: "/{a}", variables: 1 }, {}],
    ["a variable that is null", { url: "/{a}", variables: { a: null } }, {}],
    ["chosen values that are null", region, null],
    [
      "a getter that throws",
      {
        get url() {
          throw new Error("trap");
        },
      },
      {},
    ],
  ])("%s: only EndpointError", (_, server, chosen) => {
    let thrown: unknown;
    try {
      serverUrl(server as never, chosen as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EndpointError);
  });

  it("takes values within a variable's enum, and unreserved text where it has none", () => {
    const enumerated = {
      url: "https://{r}.api.example/v1",
      variables: { r: { default: "us", enum: ["us", "eu"] } },
    };
    expect(serverUrl(enumerated, { r: "eu" })).toBe("https://eu.api.example/v1");
    expectEndpointError(() => serverUrl(enumerated, { r: "ap" }), "invalid_base_url");
    expect(serverUrl(region, { region: "eu-west-1" })).toBe("https://eu-west-1.api.example/v1");
    expect(serverUrl(path)).toBe("/v1");
    // A default with its own slash after the server's: one slash, as the description means.
    expect(serverUrl({ url: "https://h.example/{p}", variables: { p: { default: "/api/v2" } } })).toBe(
      "https://h.example/api/v2",
    );
  });
});

describe("a form field's value adds no field of its own", () => {
  const description = {
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://bank.example" }],
    paths: {
      "/pay": {
        post: {
          requestBody: {
            content: {
              "application/x-www-form-urlencoded": {
                schema: {
                  type: "object",
                  properties: {
                    amount: { type: "string" },
                    note: { type: "string" },
                    untyped: {},
                    headers: { type: "string" },
                    meta: { type: "object", additionalProperties: { type: "string" } },
                    shape: { properties: { a: { type: "string" } } },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
  const { module } = generateOperations(description);
  // The generated module, run with this source's describeOperations.
  const body = module
    .replace(/^import .*$/m, "")
    .replaceAll("export const", "const")
    .replaceAll("export function", "function");
  const { api } = new Function("describeOperations", `${body}\nreturn { api };`)(describeOperations);
  const pay = endpoint.defaults(api);
  const injected = JSON.parse('{"amount": "99999", "to": "attacker"}');

  it.each(["note", "untyped", "headers"])(
    "an object for the field %j, whose schema is no object, is refused (its keys would be fields)",
    (field) => {
      expectEndpointError(() => pay("POST /pay", { amount: "1", [field]: injected }), "invalid_parameter");
    },
  );

  it.each(["meta", "shape"])(
    "an object for %j, whose schema is an object, is its fields, as OpenAPI says",
    (field) => {
      expect(pay("POST /pay", { amount: "1", [field]: { a: "b" } }).body).toBe("amount=1&a=b");
    },
  );

  it("lists and single values are written as before", () => {
    expect(pay("POST /pay", { amount: "1", note: ["x", "y"], untyped: 2 }).body).toBe(
      "amount=1&note=x&note=y&untyped=2",
    );
  });
});

describe("header parameters named Authorization, Accept or Content-Type are sent as headers", () => {
  const header = (name: string) => ({ name, in: "header", schema: { type: "string" } });
  const { module } = generateOperations({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: {
      "/me": {
        parameters: [header("Authorization"), header("Accept"), header("Content-Type")],
        get: {},
        post: {
          requestBody: {
            content: {
              "application/json": { schema: { type: "object", properties: { a: { type: "string" } } } },
            },
          },
        },
      },
    },
  });
  const body = module
    .replace(/^import .*$/m, "")
    .replaceAll("export const", "const")
    .replaceAll("export function", "function");
  const { api } = new Function("describeOperations", `${body}\nreturn { api };`)(describeOperations);
  const me = endpoint.defaults(api);

  it.each(["GET /me", "POST /me"])("%s: never in the url or the body (a credential in a url)", (route) => {
    const options = me(route, { Authorization: "Bearer SECRET", Accept: "application/xml", a: "x" });
    expect(options.url).toBe(
      route === "GET /me" ? "https://api.example.com/me?a=x" : "https://api.example.com/me",
    );
    expect(options.headers.authorization).toBe("Bearer SECRET");
    expect(options.headers.accept).toBe("application/xml");
    expect(JSON.stringify(options.body ?? "")).not.toContain("SECRET");
  });
});

describe("a body described as a type that is not JSON takes no object", () => {
  const api = build({
    "POST /xml": { url: "/xml", body: "application/xml" },
    "POST /text": { url: "/text", body: "text/plain" },
  });
  it.each<[string, unknown]>([
    ["POST /xml", { a: 1 }],
    ["POST /xml", [1, 2]],
    ["POST /text", { a: 1 }],
    ["POST /text", null],
    ["POST /text", 5],
    ["POST /text", true],
    ["POST /text", new Date(0)],
    ["POST /text", new URLSearchParams("a=1")],
    ["POST /text", new FormData()],
  ])("%s with data %j is invalid_parameter (it would go out as JSON or a form)", (route, data) => {
    expectEndpointError(() => api(route, { data }), "invalid_parameter");
  });
  it("text is sent as it is, labelled as described", () => {
    const options = api("POST /xml", { data: "<a>1</a>" });
    expect([options.body, options.headers["content-type"]]).toEqual(["<a>1</a>", "application/xml"]);
  });
});

describe("body writers: only EndpointError, and time bounded by what they write", () => {
  const multipart = build({
    "POST /mp": { url: "/mp", params: { j: "body application/json" }, body: "multipart/form-data" },
  });
  const form = build({
    "POST /f": { url: "/f", params: { d: "body deepObject*" }, body: "application/x-www-form-urlencoded" },
  });
  const query = build({ "GET /q": { url: "/q", params: { d: "query deepObject*" } } });
  let shared: unknown = { leaf: "x" };
  for (let i = 0; i < 24; i++) shared = { l: shared, r: shared };
  let empty: unknown = {};
  for (let i = 0; i < 40; i++) empty = { l: empty, r: empty };
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;

  it.each<[string, () => unknown]>([
    ["a subtree shared 2^24 times in a multipart JSON part", () => multipart("POST /mp", { j: shared })],
    ["a subtree shared 2^24 times in a form's deep object", () => form("POST /f", { d: shared })],
    ["a subtree shared 2^24 times in a query's deep object", () => query("GET /q", { d: shared })],
    ["empty objects shared 2^40 times in a deep object", () => query("GET /q", { d: empty })],
    ["a cycle in a multipart JSON part", () => multipart("POST /mp", { j: cyclic })],
    ["a lone surrogate in a multipart value", () => multipart("POST /mp", { t: "a\ud800b" })],
    ["a lone surrogate in a multipart field name", () => multipart("POST /mp", { "\udc00": "x" })],
    ["a lone surrogate inside a JSON part", () => multipart("POST /mp", { j: { a: "\ud800" } })],
    ["a list in a list of parts", () => multipart("POST /mp", { t: [["a"]] })],
    // No adapter sees inside a form: what JSON would lose in a part is refused when it is written.
    ["a Map inside a JSON part", () => multipart("POST /mp", { j: { m: new Map([["a", 1]]) } })],
    ["a boxed NaN inside a JSON part", () => multipart("POST /mp", { j: { n: new Number(Number.NaN) } })],
    ["an ArrayBuffer inside a JSON part", () => multipart("POST /mp", { j: { b: new ArrayBuffer(2) } })],
    ["data null on a form route", () => form("POST /f", { data: null })],
    // Names written again before each value: the output would grow with the square of the input.
    ...[form, query].map((run, i): [string, () => unknown] => [
      `a 4,000-character key with 4,000 items in a ${i === 0 ? "form" : "query"} deep object`,
      () =>
        run(
          i === 0 ? "POST /f" : "GET /q",
          JSON.parse(`{"d":{"${"k".repeat(4000)}":[${Array(4000).fill('""')}]}}`),
        ),
    ]),
    [
      "a 4,000-character key of data with 4,000 items on a form route",
      () => form("POST /f", JSON.parse(`{"data":{"${"k".repeat(4000)}":[${Array(4000).fill('""')}]}}`)),
    ],
    [
      "a 500,000-key object in 16 JSON parts (one budget for the body's parts)",
      () => {
        const wide = Object.fromEntries(Array.from({ length: 500_000 }, (_, i) => [`k${i}`, i]));
        return multipart("POST /mp", { j: Array(16).fill(wide) });
      },
    ],
    ["data a list on a multipart route", () => multipart("POST /mp", { data: [1, 2] })],
  ])("%s is invalid_parameter, at once", (_, run) => {
    // Bounded work, counted (test/work/): writing the shared or repeated parts would be billions.
    const work = workOf(() => expectEndpointError(run, "invalid_parameter"));
    if (process.env.SHOW_WORK) console.log(`${_}: ${work}`);
    expect(work).toBeLessThan(WORK_BOUND);
  });

  it("writes a bigint in a JSON part as its decimal, as a JSON body does", async () => {
    const body = multipart("POST /mp", { j: { a: 1n }, list: [{ b: 2 }, { b: 3 }] }).body as FormData;
    expect(await (body.get("j") as Blob).text()).toBe('{"a":"1"}');
    expect(await Promise.all(body.getAll("list").map((part) => (part as Blob).text()))).toEqual([
      '{"b":2}',
      '{"b":3}',
    ]);
  });

  it.each<[string, unknown]>([
    ["a number", 5],
    ["a boolean", true],
    ["a Date", new Date(0)],
    ["a bigint", 1n],
  ])(
    "data that is %s on a form or multipart route is invalid_parameter (it would go out as JSON)",
    (_, data) => {
      expectEndpointError(() => form("POST /f", { data }), "invalid_parameter");
      expectEndpointError(() => multipart("POST /mp", { data }), "invalid_parameter");
    },
  );

  it("a form's fields never go out as JSON: fields that write nothing give an empty form", () => {
    for (const parameters of [{ data: {} }, { data: { d: null } }, { d: null }, { d: [] }, { d: {} }]) {
      const body = form("POST /f", parameters).body;
      expect(body, JSON.stringify(parameters)).toBeInstanceOf(URLSearchParams);
      expect(String(body)).toBe("");
    }
  });

  it("reads undefined as not given: a form with no field given has no body, a whole body takes no such field", () => {
    expect(form("POST /f", { d: undefined, e: undefined })).not.toHaveProperty("body");
    const text = build({ "POST /t": { url: "/t", body: "text/plain" } });
    expect(text("POST /t", { data: "hi", x: undefined }).body).toBe("hi");
    expectEndpointError(() => text("POST /t", { x: 1 }), "invalid_parameter", /takes its body whole/);
  });

  it("sends multipart types other than form-data whole, labelled as described", () => {
    const mixed = build({ "POST /m": { url: "/m", body: "multipart/mixed; boundary=b" } });
    const options = mixed("POST /m", { data: "--b\r\n\r\nx\r\n--b--" });
    expect(options.body).toBe("--b\r\n\r\nx\r\n--b--");
    expect(options.headers["content-type"]).toBe("multipart/mixed; boundary=b");
    expectEndpointError(() => mixed("POST /m", { part: "x" }), "invalid_parameter");
  });
});

describe("hostile descriptions", () => {
  const one = (operation: object) => ({
    openapi: "3.1.0",
    info: { title: "t", version: "1" },
    paths: { "/x": { post: operation } },
  });

  it.each([
    "Host",
    "Content-Length",
    "Transfer-Encoding",
    "Connection",
    "Keep-Alive",
    "Upgrade",
    "Expect",
    "TE",
    "Trailer",
    "Proxy-Authorization",
    "Proxy-Connection",
    "Cookie",
  ])("a header parameter %s, which frames the message or its connection, is left out with a note", (name) => {
    const { operations, notes } = generateOperations(
      one({ parameters: [{ name, in: "header", schema: { type: "string" } }] }),
    );
    expect(operations[0]?.header).toBeUndefined();
    expect(notes).toEqual([
      `POST /x: header parameter ${JSON.stringify(name)} would frame the message or its connection; it is left out.`,
    ]);
  });

  it("writes bidirectional controls from a description as escapes (no Trojan Source)", () => {
    const bidi = "a\u202Eb\u2066c\u2069";
    const spec = {
      ...one({ parameters: [{ name: bidi, in: "query", schema: { enum: [bidi] } }] }),
      info: { title: bidi, version: bidi },
    };
    const generated = generateOperations(spec);
    for (const text of [generated.module, generated.types, generated.typescript]) {
      expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
      expect(text).toContain("a\\u202Eb\\u2066c\\u2069");
    }
  });

  // The TypeScript module types the JavaScript one line by line: description text holding the
  // lines' code (in a server's description, a title, a scheme's name) must stay inside its string.
  it.each([
    "export function withCredentials(credentials) {",
    "export const servers = ",
    "export const api = ",
    "const settings = ",
    "return { ...api, operations: describeOperations(data, {",
    'import { describeOperations } from "rest-endpoint/operations";',
  ])("types only the module's code, not description text that reads %j", (code) => {
    const hostile = (text: string) => ({
      ...one({}),
      info: { title: text, version: "1" },
      servers: [{ url: "https://h.example", description: text }],
      components: { securitySchemes: { [`,x:${text},y:`]: { type: "http", scheme: "bearer" } } },
    });
    const benign = generateOperations(hostile("plain")).typescript;
    const attacked = generateOperations(hostile(code)).typescript;
    const escaped = (text: string) => JSON.stringify(text).slice(1, -1);
    expect(attacked.replaceAll(escaped(code), "plain")).toBe(benign);
    const source = ts.createSourceFile("api.ts", attacked, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    expect((source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
  });

  it("writes names with $ patterns ($', $&, $$) into the TypeScript module as they are", () => {
    const spec = {
      ...one({
        parameters: [
          { name: "a$'b", in: "query", schema: { type: "string" } },
          { name: "c$&d", in: "query", schema: { type: "string" } },
        ],
      }),
      servers: [{ url: "https://h.example" }],
      components: { securitySchemes: { "k$'x": { type: "http", scheme: "bearer" } } },
    };
    const { typescript, types } = generateOperations(spec, { routesName: "A$$B" });
    for (const text of [typescript, types]) {
      const source = ts.createSourceFile("api.ts", text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
      expect((source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
      for (const name of ['"a$\'b"', '"c$&d"', '"k$\'x"', "OperationTable<A$$B>"])
        expect(text).toContain(name);
    }
  });

  it("says when a body field shares a parameter's name (reachable through data only)", () => {
    const { notes } = generateOperations(
      one({
        parameters: [{ name: "a", in: "query", schema: { type: "string" } }],
        requestBody: {
          content: { "application/json": { schema: { type: "object", properties: { a: {} } } } },
        },
      }),
    );
    expect(notes).toEqual([
      'POST /x: body field "a" has the name of a parameter; it is sent only in a body given whole as data.',
    ]);
  });

  it("says which operations it cannot send by their method (TRACE), and keeps OPTIONS", () => {
    const spec = {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: { "/x": { options: {}, trace: {}, get: {} } },
    };
    const { operations, notes } = generateOperations(spec);
    expect(operations.map((op) => op.method)).toEqual(["GET", "OPTIONS"]);
    expect(notes).toEqual([
      "TRACE /x: the library sends GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE; this operation is left out.",
    ]);
  });

  it("keeps a response type's parameters in accept (a version chosen by media type)", () => {
    const spec = one({
      responses: {
        "200": { content: { "application/json; version=2.4": {}, "application/xml; version=2.4": {} } },
      },
    });
    const { module } = generateOperations(spec);
    expect(module).toContain('"accept":"application/json; version=2.4, application/xml; version=2.4"');
  });
});
