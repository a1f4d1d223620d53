import { describe, expect, it } from "vitest";
import { EndpointError, endpoint } from "../../src/index.js";
import { describeOperations } from "../../src/operations/describe-operations.js";
import { thrownBy as thrown } from "../helpers.js";

const thrownBy = (run: () => unknown) => thrown(run) as EndpointError | undefined;

const api = (data: Parameters<typeof describeOperations>[0]) =>
  endpoint.defaults({
    baseUrl: "https://api.example",
    headers: { accept: null },
    operations: describeOperations(data),
  });

// The style examples of the OpenAPI Specification (3.1.1, "Style Examples"; Apache-2.0): a
// parameter `color` with the string "blue", the list ["blue", "black", "brown"] and the object
// { R: 100, G: 200, B: 150 }. Rows give [style, explode, where, primitive, list, object], as the
// specification writes them. One departure, on purpose: label without explode. The
// specification's 3.0 table wrote `.blue.black.brown` and `.R.100.G.200.B.150`, but label is
// RFC 6570's `{.color}`, which expands to `.blue,black,brown` and `.R,100,G,200,B,150` (RFC 6570,
// 3.2.5, "{.list}"); the later tables say so too. Ours follow RFC 6570.
/** A plain string: values of every kind go where a route literal would type them. */
const ROUTE: string = "GET /items/{color}";
const VALUES: Record<string, unknown> = {
  primitive: "blue",
  list: ["blue", "black", "brown"],
  object: { R: 100, G: 200, B: 150 },
};
const STYLE_EXAMPLES: [string, boolean, "path" | "query" | "header" | "cookie", ...(string | undefined)[]][] =
  [
    ["matrix", false, "path", ";color=blue", ";color=blue,black,brown", ";color=R,100,G,200,B,150"],
    ["matrix", true, "path", ";color=blue", ";color=blue;color=black;color=brown", ";R=100;G=200;B=150"],
    ["label", false, "path", ".blue", ".blue,black,brown", ".R,100,G,200,B,150"],
    ["label", true, "path", ".blue", ".blue.black.brown", ".R=100.G=200.B=150"],
    ["simple", false, "path", "blue", "blue,black,brown", "R,100,G,200,B,150"],
    ["simple", true, "path", "blue", "blue,black,brown", "R=100,G=200,B=150"],
    ["form", false, "query", "color=blue", "color=blue,black,brown", "color=R,100,G,200,B,150"],
    ["form", true, "query", "color=blue", "color=blue&color=black&color=brown", "R=100&G=200&B=150"],
    [
      "spaceDelimited",
      false,
      "query",
      undefined,
      "color=blue%20black%20brown",
      "color=R%20100%20G%20200%20B%20150",
    ],
    [
      "pipeDelimited",
      false,
      "query",
      undefined,
      "color=blue%7Cblack%7Cbrown",
      "color=R%7C100%7CG%7C200%7CB%7C150",
    ],
    // The specification leaves a deep object's single values and lists undefined; they are sent as
    // the APIs that use the style read them (qs, Rails, PHP, Stripe): `n=v` and `n[0]=x`.
    [
      "deepObject",
      true,
      "query",
      "color=blue",
      "color[0]=blue&color[1]=black&color[2]=brown",
      "color[R]=100&color[G]=200&color[B]=150",
    ],
    ["simple", false, "header", "blue", "blue,black,brown", "R,100,G,200,B,150"],
    ["simple", true, "header", "blue", "blue,black,brown", "R=100,G=200,B=150"],
    ["form", false, "cookie", "color=blue", "color=blue,black,brown", "color=R,100,G,200,B,150"],
    // An exploded object would name cookies by its keys: a value must not choose a cookie's name.
    ["form", true, "cookie", "color=blue", "color=blue&color=black&color=brown", undefined],
  ];

/** The operation data `rest-endpoint generate` writes for one parameter `color`. */
function operationFor(style: string, explode: boolean, where: string) {
  const star = explode ? "*" : "";
  if (where === "path") {
    const operator = { matrix: ";", label: ".", simple: "" }[style];
    return { "GET /items/{color}": `/items/{${operator}color${star}}` };
  }
  if (where === "query" && style === "form") return { "GET /items/{color}": `/items/x{?color${star}}` };
  return { "GET /items/{color}": { url: "/items/x", params: { color: `${where} ${style}${star}` } } };
}

/** What the parameter became, in the form the specification's table writes it. */
function sent(where: string, options: { url: string; headers: Record<string, string> }): string | undefined {
  if (where === "path") return options.url.slice("https://api.example/items/".length);
  if (where === "header") return options.headers.color;
  if (where === "cookie") return options.headers.cookie;
  const query = new URL(options.url).search.slice(1);
  // The specification writes deepObject's brackets as they are; RFC 3986 does not allow them
  // in a query, so they are sent percent-encoded, which servers decode to the same key.
  return query.replaceAll("%5B", "[").replaceAll("%5D", "]");
}

describe("style x explode x value kind, against the OpenAPI specification's examples", () => {
  for (const [style, explode, where, ...expected] of STYLE_EXAMPLES) {
    const build = api(operationFor(style, explode, where));
    (["primitive", "list", "object"] as const).forEach((kind, i) => {
      const want = expected[i];
      it(`${where} ${style}${explode ? " explode" : ""}, ${kind} -> ${want ?? "refused or n/a"}`, () => {
        if (want === undefined) {
          if (where === "cookie" && kind === "object") {
            expect(thrownBy(() => build(ROUTE, { color: VALUES[kind] }))?.code).toBe("invalid_parameter");
          }
          return;
        }
        const options = build(ROUTE, { color: VALUES[kind] });
        expect(sent(where, options)).toBe(want);
      });
    });
  }
});

// `[operation code, value, expected query]`: what each query serialiser sends, beyond the table.
const QUERY_ROWS: [string, unknown, string][] = [
  ["query deepObject*", { "a b": "c&d", e: null }, "f%5Ba%20b%5D=c%26d"],
  ["query deepObject*", {}, ""],
  ["query deepObject*", [], ""],
  [
    "query deepObject*",
    { a: { b: 1, c: [2, { d: null, e: true }] } },
    "f%5Ba%5D%5Bb%5D=1&f%5Ba%5D%5Bc%5D%5B0%5D=2&f%5Ba%5D%5Bc%5D%5B1%5D%5Be%5D=true",
  ],
  ["query deepObject*", ["data.customer", "data.invoice"], "f%5B0%5D=data.customer&f%5B1%5D=data.invoice"],
  ["query deepObject*", { a: [], b: {} }, ""],
  ["query deepObject*", 7, "f=7"],
  // A key's own brackets would read as another level once a server decodes it: refused below.
  ["query pipeDelimited", ["a|b", "c"], "f=a%7Cb%7Cc"],
  ["query pipeDelimited", [], ""],
  ["query pipeDelimited*", ["a", "b"], "f=a&f=b"],
  ["query spaceDelimited", ["a b", "c"], "f=a%20b%20c"],
  ["query spaceDelimited*", { x: 1 }, "x=1"],
  ["query form", ["a", "b"], "f=a,b"],
  ["query form*", ["a", "b"], "f=a&f=b"],
  ["query form* f[]", ["a", "b"], "f%5B%5D=a&f%5B%5D=b"],
  ["query form* page[size]", 10, "page%5Bsize%5D=10"],
  // allowReserved keeps reserved characters, but never those that end the query or split a pair.
  ["query form+", "a/b:c?d@e,f;g", "f=a/b:c?d@e,f;g"],
  ["query form+", "x&admin=1#frag", "f=x%26admin%3D1%23frag"],
  ["query form+", "a+b [c]", "f=a%2Bb%20%5Bc%5D"],
  ["query form+", "%41%zz", "f=%41%25zz"],
  ["query form*+", ["a/b", "c&d"], "f=a/b&f=c%26d"],
  ["query form", true, "f=true"],
  ["query form", new Date(0), "f=1970-01-01T00%3A00%3A00.000Z"],
  ["query form", null, ""],
];

describe("query serialisers", () => {
  for (const [code, value, query] of QUERY_ROWS) {
    it(`${code} ${JSON.stringify(value)} -> ${query || "(nothing)"}`, () => {
      const build = api({ "GET /q": { url: "/q", params: { f: code } } });
      const { url } = build("GET /q", { f: value });
      expect(url).toBe(`https://api.example/q${query === "" ? "" : `?${query}`}`);
    });
  }

  it("puts described query after the template's and before the leftovers, before a fragment", () => {
    const build = api({ "GET /q": { url: "/q{?a}#top", params: { d: "query deepObject*" } } });
    expect(build("GET /q", { z: 1, d: { k: "v" }, a: 2 }).url).toBe(
      "https://api.example/q?a=2&d%5Bk%5D=v&z=1#top",
    );
  });

  it("sends described query on a POST too, and the rest in the body", () => {
    const build = api({ "POST /q": { url: "/q{?a}", params: { d: "query pipeDelimited" } } });
    const options = build("POST /q", { a: 1, d: [1, 2], b: 3 });
    expect(options.url).toBe("https://api.example/q?a=1&d=1%7C2");
    expect(options.body).toEqual({ b: 3 });
  });

  it("refuses nested values where a style has no form for them, and deep objects past 32 levels", () => {
    const build = api({
      "GET /q": { url: "/q", params: { d: "query deepObject*", p: "query pipeDelimited" } },
    });
    expect(thrownBy(() => build("GET /q", { p: [[1]] }))?.code).toBe("invalid_parameter");
    for (const key of ["status][$ne", "a[b]", "]", "["]) {
      expect(thrownBy(() => build("GET /q", { d: { [key]: "x" } }))?.code, key).toBe("invalid_parameter");
      expect(thrownBy(() => build("GET /q", { d: { a: [{ [key]: "x" }] } }))?.code, key).toBe(
        "invalid_parameter",
      );
    }
    let deep: Record<string, unknown> = { x: 1 };
    for (let i = 0; i < 31; i++) deep = { a: deep }; // 32 levels of brackets
    expect(build("GET /q", { d: deep }).url).toContain("%5Bx%5D=1");
    expect(thrownBy(() => build("GET /q", { d: { b: deep } }))?.code).toBe("invalid_parameter");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(thrownBy(() => build("GET /q", { d: cyclic }))?.code).toBe("invalid_parameter");
    if (__DEV__) expect(thrownBy(() => build("GET /q", { d: cyclic }))?.message).toMatch(/deeper than 32/);
    expect(thrownBy(() => build("GET /q", { d: { a: () => 1 } }))?.code).toBe("invalid_parameter");
  });
});

describe("headers and cookies", () => {
  const build = api({
    "GET /h": { url: "/h", params: { "X-Trace": "header simple", id: "cookie form", list: "cookie form*" } },
  });

  it("sends a header parameter under its described name, lowercased, over a default of that name", () => {
    const options = build("GET /h", { "X-Trace": "abc", headers: { "x-trace": "default" } });
    expect(options.headers["x-trace"]).toBe("abc");
  });

  it("joins cookie parameters with those given in headers", () => {
    const options = build("GET /h", { id: "a;b=c", list: ["x", "y"], headers: { cookie: "s=1" } });
    expect(options.headers.cookie).toBe("s=1; id=a%3Bb%3Dc; list=x&list=y");
  });

  it.each([
    ["CR LF", "a\r\nx-evil: 1"],
    ["NUL", "a\u0000"],
    ["above U+00FF", "\u0100"],
    ["a line break in a list", ["a", "b\nc"]],
    ["a line break in an object key", { "a\r\nx-evil": "1" }],
  ])("refuses a header value with %s", (_, value) => {
    expect(thrownBy(() => build("GET /h", { "X-Trace": value }))?.code).toBe("invalid_header");
  });

  it("cannot put a cookie separator or line break in the cookie header", () => {
    const options = build("GET /h", { id: "a; admin=1\r\nx: y" });
    expect(options.headers.cookie).toBe("id=a%3B%20admin%3D1%0D%0Ax%3A%20y");
  });

  it("leaves a header out when its value is undefined, null or empty", () => {
    for (const value of [undefined, null, [], {}]) {
      expect(Object.hasOwn(build("GET /h", { "X-Trace": value }).headers, "x-trace")).toBe(false);
    }
  });
});

describe("a required body (requestBody.required)", () => {
  const build = api({
    "POST /json": { url: "/json", bodyRequired: true },
    "POST /vnd": { url: "/vnd", body: "application/vnd.api+json", bodyRequired: true },
    "POST /form": { url: "/form", body: "application/x-www-form-urlencoded", bodyRequired: true },
    "POST /multipart": { url: "/multipart", body: "multipart/form-data", bodyRequired: true },
    "PUT /raw": { url: "/raw", body: "application/octet-stream", bodyRequired: true },
    "POST /optional": "/optional",
    "POST /optional-form": { url: "/optional-form", body: "application/x-www-form-urlencoded" },
  });
  const kind = (body: unknown): string =>
    body === undefined
      ? "none"
      : body instanceof URLSearchParams
        ? `params:${body}`
        : body instanceof FormData
          ? `form:${[...body.keys()].length}`
          : JSON.stringify(body);

  it.each<[string, Record<string, unknown>, string, string | undefined]>([
    // route, parameters -> body, content-type
    ["POST /json", {}, "{}", "application/json; charset=utf-8"],
    ["POST /json", { a: undefined }, "{}", "application/json; charset=utf-8"],
    ["POST /json", { a: 1 }, '{"a":1}', "application/json; charset=utf-8"],
    ["POST /json", { data: [1] }, "[1]", "application/json; charset=utf-8"],
    ["POST /vnd", {}, "{}", "application/vnd.api+json"],
    ["POST /form", {}, "params:", undefined],
    ["POST /form", { a: "b c" }, '"a=b%20c"', "application/x-www-form-urlencoded"],
    ["POST /multipart", {}, "form:0", undefined],
    ["PUT /raw", { data: "bytes" }, '"bytes"', "application/octet-stream"],
    ["POST /optional", {}, "none", undefined],
    ["POST /optional-form", {}, "none", undefined],
  ])("%s with %o sends %s", (route, parameters, body, contentType) => {
    const request = build(route, parameters);
    expect(kind(request.body)).toBe(body);
    expect(request.headers["content-type"]).toBe(contentType);
  });

  it("a required body sent whole is refused without data, naming data", () => {
    const error = thrownBy(() => build("PUT /raw", {}));
    expect(error?.code).toBe("missing_parameter");
    expect(error?.message).toMatch(/data/);
  });

  it("bodyRequired must be a boolean", () => {
    expect(
      thrownBy(() => describeOperations({ "POST /x": { url: "/x", bodyRequired: "yes" as never } }))?.code,
    ).toBe("invalid_options");
  });
});

describe("body fields named like an option key", () => {
  const build = api({ "POST /jsonapi": { url: "/jsonapi", params: { data: "body", headers: "body" } } });

  it("are body fields on the described route, in endpoint(), merge() and parse()", () => {
    const call = { data: { type: "pets" }, headers: { h: 1 }, meta: 2 };
    const options = build("POST /jsonapi", call);
    expect(options.body).toEqual({ meta: 2, data: { type: "pets" }, headers: { h: 1 } });
    expect(Object.keys(options.headers).sort()).toEqual(["content-type", "user-agent"]);
    expect(build.parse(build.merge("POST /jsonapi", call))).toEqual(options);
  });

  it("are options on other routes, when the table takes plain routes", () => {
    const plain = endpoint.defaults({
      baseUrl: "https://api.example",
      operations: describeOperations(
        { "POST /jsonapi": { url: "/jsonapi", params: { data: "body" } } },
        { plainRoutes: true },
      ),
    });
    expect(plain("POST /other", { data: "raw" }).body).toBe("raw");
    expect(thrownBy(() => build("POST /other", { data: "raw" }))?.code).toBe("invalid_route");
  });
});

describe("the table", () => {
  it("is used only for routes it describes; others keep today's rules when it takes plain routes", () => {
    const build = endpoint.defaults({
      baseUrl: "https://api.example",
      operations: describeOperations({ "GET /q": "/q{?a*}" }, { plainRoutes: true }),
    });
    expect(build("GET /q", { a: [1, 2] }).url).toBe("https://api.example/q?a=1&a=2");
    expect(build("GET /r", { a: [1, 2] }).url).toBe("https://api.example/r?a=1,2");
    expect(thrownBy(() => api({ "GET /q": "/q{?a*}" })("GET /r", { a: [1, 2] }))?.code).toBe("invalid_route");
  });

  it("finds a route whatever the case of its method, and through the options-only form", () => {
    const build = api({ "GET /q": "/q{?a*}" });
    expect(build("get /q", { a: [1, 2] }).url).toBe("https://api.example/q?a=1&a=2");
    expect(build({ method: "get", url: "/q", a: [1, 2] }).url).toBe("https://api.example/q?a=1&a=2");
  });

  it("is a parameter beside a route, so a call cannot swap it", () => {
    const other = describeOperations({ "POST /q": "https://evil.example/q" });
    const build = api({ "POST /q": "/q" });
    const options = build("POST /q", { operations: other });
    expect(options.url).toBe("https://api.example/q");
    expect(options.body).toEqual({ operations: other });
  });

  it("cascades through defaults and is held, not copied, by DEFAULTS", () => {
    const operations = describeOperations({ "GET /q": "/q{?a*}" });
    const build = endpoint.defaults({ operations }).defaults({ per_page: 1 });
    expect(build.DEFAULTS.operations).toBe(operations);
    expect(build("GET /q", { a: [1, 2] }).url).toBe("https://api.github.com/q?a=1&a=2&per_page=1");
  });

  it("is copied when made: changing the data afterwards changes nothing", () => {
    const data: Record<string, string> = { "GET /q": "/q{?a*}" };
    const build = api(data);
    data["GET /q"] = "/other";
    expect(build("GET /q", { a: [1] }).url).toBe("https://api.example/q?a=1");
  });

  it.each([
    ["not an object", "x"],
    ["a lowercase method", { "get /q": "/q" }],
    ["no url", { "GET ": "/q" }],
    ["an unknown method", { "TRACE /q": "/q" }],
    ["a url that is not a string", { "GET /q": { url: 1 } }],
    ["params that are not an object", { "GET /q": { url: "/q", params: "x" } }],
    ["an unknown place", { "GET /q": { url: "/q", params: { a: "path simple" } } }],
    ["a style its place cannot take", { "GET /q": { url: "/q", params: { a: "header form" } } }],
    ["allowReserved outside the query", { "GET /q": { url: "/q", params: { a: "header simple+" } } }],
    ["a header name that is not a token", { "GET /q": { url: "/q", params: { a: "header simple x:y" } } }],
    ["a code with more words", { "GET /q": { url: "/q", params: { a: "query form a b" } } }],
    [
      "a body code with a style a body cannot take",
      { "POST /q": { url: "/q", params: { a: "body simple" } } },
    ],
    ["a body code with a sent name", { "POST /q": { url: "/q", params: { a: "body form b" } } }],
    [
      "a part type that is no header value",
      { "POST /q": { url: "/q", params: { a: "body text/plain\r\nx: 1" } } },
    ],
    ["a body that is no media type", { "POST /q": { url: "/q", body: "" } }],
    ["a body media type that is no header value", { "POST /q": { url: "/q", body: "text/plain\nx: 1" } }],
  ])("refuses data with %s", (_, data) => {
    const error = thrownBy(() => describeOperations(data as never));
    expect(error).toBeInstanceOf(EndpointError);
    expect(["invalid_options", "unsupported_method", "invalid_header"]).toContain(error?.code);
  });

  it.each([
    ["a plain object with find", { find: () => undefined }],
    ["a Proxy of a table", new Proxy(describeOperations({}), {})],
    ["a string", "GET /q"],
  ])("refuses as operations %s", (_, operations) => {
    expect(thrownBy(() => endpoint.defaults({ operations } as never))?.code).toBe("invalid_options");
    expect(
      thrownBy(() => endpoint.parse({ ...endpoint.DEFAULTS, url: "/q", operations } as never))?.code,
    ).toBe("invalid_options");
  });

  it("reports a bad template when the route is first used", () => {
    const build = api({ "GET /q": "/q{" });
    expect(thrownBy(() => build("GET /q"))?.code).toBe("invalid_template");
  });
});

// Hostile operation data and hostile values against described operations, one block a class.
describe("described operations against hostile input", () => {
  const pollute = (key: string, value: unknown, run: () => void): void => {
    Object.defineProperty(Object.prototype, key, { value, configurable: true, writable: true });
    try {
      run();
    } finally {
      delete (Object.prototype as Record<string, unknown>)[key];
    }
  };

  it("a polluted Object.prototype adds no escape, and changes no value's kind", () => {
    const build = api({
      "GET /q": {
        url: "/q",
        params: { r: "query form+", p: "query pipeDelimited", h: "header simple", c: "cookie form" },
      },
    });
    const call = { r: "a/b", p: ["x", "y"], h: ["x", "y"], c: ["x", "y"] };
    const clean = build("GET /q", call);
    for (const [key, value] of [
      ["47", "&admin=true"],
      ["scalar", "admin"],
      ["items", true],
      ["pairs", [["admin", "1"]]],
      ["kind", "scalar"],
    ] as const) {
      pollute(key, value, () => expect(build("GET /q", call), key).toEqual(clean));
    }
    expect(clean.url).toBe("https://api.example/q?r=a/b&p=x%7Cy");
  });

  it("a table exposes nothing: no lookup, no compiled operation, nothing to overwrite", () => {
    const table = describeOperations({ "GET /q": "/q{?a}" });
    expect(Object.isFrozen(table)).toBe(true);
    expect(Reflect.ownKeys(table)).toEqual([]);
    expect(Reflect.ownKeys(Object.getPrototypeOf(table))).toEqual(["constructor"]);
    expect("find" in table).toBe(false);
    // Two builders, one with the table and one without, are unchanged by anything done to it.
    const plain = endpoint("GET /q{?a}", { a: "x/y" });
    expect(api({ "GET /q": "/q{?a}" })("GET /q", { a: "x/y" }).url).toBe("https://api.example/q?a=x%2Fy");
    expect(plain.url).toBe("https://api.github.com/q?a=x%2Fy");
  });

  it("parse() with a table and a hostile method or url throws only EndpointError", () => {
    const operations = describeOperations({ "GET /q": "/q", "GET undefined": "/u" });
    const base = {
      baseUrl: "https://api.example",
      headers: {},
      mediaType: { format: "", previews: [] },
      operations,
    };
    for (const [method, url] of [
      [5, "/q"],
      [Symbol("m"), "/q"],
      [{ toUpperCase: () => "GET" }, "/q"],
      ["GET", Symbol("u")],
      ["GET", { toString: () => "/q" }],
      ["GET", ["/q"]],
      ["GET", undefined],
    ] as const) {
      const error = thrownBy(() => endpoint.parse({ ...base, method, url } as never));
      expect(error, String(url)).toBeInstanceOf(EndpointError);
    }
  });

  it("a cookie or renamed query key cannot be renamed by an object's keys", () => {
    const build = api({
      "GET /q": { url: "/q{?ghsa_id}", params: { session: "cookie form*", cwes: "query form* cwes[]" } },
    });
    expect(thrownBy(() => build("GET /q", { session: { session: "attacker" } }))?.code).toBe(
      "invalid_parameter",
    );
    expect(thrownBy(() => build("GET /q", { cwes: { ghsa_id: "x", per_page: 100 } }))?.code).toBe(
      "invalid_parameter",
    );
    // Lists and single values keep the described name.
    expect(build("GET /q", { session: ["a", "b"], cwes: ["1"] })).toMatchObject({
      url: "https://api.example/q?cwes%5B%5D=1",
      headers: { cookie: "session=a&session=b" },
    });
  });
});
