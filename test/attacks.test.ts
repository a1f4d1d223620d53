// Issue 13: each promise of SECURITY.md against each input channel, as an attacker (or a
// careless user) would try it. Every block is a class: a table of the known shapes plus a
// fast-check property over the whole class.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import {
  EndpointError,
  type MergedOptions,
  type RequestOptions,
  endpoint as typedEndpoint,
} from "../src/index.js";
import { parseTemplate } from "../src/template/uri-template.js";
import { expectEndpointError } from "./helpers.js";

/** Runs `run`, returning its result or the EndpointError it threw; anything else fails the test. */
function outcome(run: () => unknown): unknown {
  try {
    return { ok: run() };
  } catch (error) {
    expect(error).toBeInstanceOf(EndpointError);
    return { error: (error as EndpointError).code };
  }
}

/** The builder without its compile-time checks: attacks pass what the types refuse. */
interface Loose {
  (route: unknown, options?: unknown): RequestOptions;
  defaults(route: unknown, options?: unknown): Loose;
  merge(route: unknown, options?: unknown): MergedOptions;
  parse(options: unknown): RequestOptions;
  readonly DEFAULTS: MergedOptions;
}
const endpoint = typedEndpoint as unknown as Loose;

const HOOK_CONFIG = "PATCH /repos/{owner}/{repo}/hooks/{hook_id}/config";

describe("parameters named like an option never move a request", () => {
  it.each<[string, () => unknown, Record<string, unknown>]>([
    [
      "a body field url stays in the body, the request stays on api.github.com",
      () => endpoint(HOOK_CONFIG, { owner: "o", repo: "r", hook_id: 1, url: "https://hook.example" }),
      {
        method: "patch",
        url: "https://api.github.com/repos/o/r/hooks/1/config",
        body: { url: "https://hook.example" },
      },
    ],
    [
      "the five GitHub operations with a url body field: private registries",
      () =>
        endpoint("POST /orgs/{org}/private-registries", {
          org: "x",
          registry_type: "maven_repository",
          url: "https://evil.example/",
        }),
      {
        method: "post",
        url: "https://api.github.com/orgs/x/private-registries",
        body: { registry_type: "maven_repository", url: "https://evil.example/" },
      },
    ],
    [
      "method beside a route is a query parameter",
      () => endpoint("GET /x", { method: "DELETE" }),
      { method: "get", url: "https://api.github.com/x?method=DELETE" },
    ],
    [
      "method beside a route is a body field",
      () => endpoint("POST /rpc", { method: "eth_call", id: 1 }),
      { method: "post", url: "https://api.github.com/rpc", body: { id: 1, method: "eth_call" } },
    ],
    [
      "url fills a template variable of that name",
      () => endpoint("GET /proxy/{url}", { url: "https://evil.example/" }),
      { url: "https://api.github.com/proxy/https%3A%2F%2Fevil.example%2F" },
    ],
    [
      "the options-only form keeps url and method as options",
      () => endpoint({ method: "DELETE", url: "/x/{id}", id: 2 }),
      { method: "delete", url: "https://api.github.com/x/2" },
    ],
    [
      "defaults with a route keep url as a parameter",
      () =>
        endpoint.defaults(HOOK_CONFIG, { url: "https://hook.example" })({
          owner: "o",
          repo: "r",
          hook_id: 1,
        }),
      { url: "https://api.github.com/repos/o/r/hooks/1/config", body: { url: "https://hook.example" } },
    ],
    [
      "a call with a route over such defaults overrides the parameter, not the route",
      () =>
        endpoint.defaults(HOOK_CONFIG, { url: "https://a.example" })(HOOK_CONFIG, {
          owner: "o",
          repo: "r",
          hook_id: 1,
          url: "https://b.example",
        }),
      { url: "https://api.github.com/repos/o/r/hooks/1/config", body: { url: "https://b.example" } },
    ],
    [
      "defaults without a route keep url and method as options",
      () => endpoint.defaults({ method: "POST", url: "/markdown" })({ text: "hi" }),
      { method: "post", url: "https://api.github.com/markdown", body: { text: "hi" } },
    ],
  ])("%s", (_name, run, expected) => {
    expect(run()).toMatchObject(expected);
  });

  it("merged options keep them under $params, and parse(merge()) equals endpoint()", () => {
    const options = { owner: "o", repo: "r", hook_id: 1, url: "https://hook.example", active: true };
    const merged = endpoint.merge(HOOK_CONFIG, options);
    expect(merged.url).toBe("/repos/{owner}/{repo}/hooks/{hook_id}/config");
    expect(merged.method).toBe("PATCH");
    expect(merged.$params).toStrictEqual({ url: "https://hook.example" });
    expect(endpoint.parse(merged)).toStrictEqual(endpoint(HOOK_CONFIG, options));
    // Parameters named like an option come after the others, in both paths.
    expect(endpoint("GET /x", { url: "u", a: 1, method: "m", b: 2 }).url).toBe(
      "https://api.github.com/x?a=1&b=2&url=u&method=m",
    );
    expect(endpoint.parse(endpoint.merge("GET /x", { url: "u", a: 1, method: "m", b: 2 })).url).toBe(
      "https://api.github.com/x?a=1&b=2&url=u&method=m",
    );
  });

  it("$params in merged options must be an object", () => {
    expectEndpointError(
      () => endpoint.parse({ ...endpoint.merge("GET /x"), $params: "u" } as MergedOptions),
      "invalid_options",
      /\$params must be an object/,
    );
  });

  it("property: whatever url, method and $params hold, the request keeps the route's method, origin and path", () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.constantFrom("https://evil.example/", "//evil.example", "DELETE", "/../admin", "HEAD", ""),
      fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "POST", "PATCH", "DELETE"),
        fc.record({ url: hostile, method: hostile, $params: hostile }, { requiredKeys: [] }),
        (method, extra) => {
          const route = `${method} /repos/{owner}/issues`;
          const options = { owner: "o", ...extra };
          const direct = outcome(() => endpoint(route, options));
          expect(direct).toStrictEqual(outcome(() => endpoint.parse(endpoint.merge(route, options))));
          if (!("ok" in (direct as object))) return;
          const { ok } = direct as { ok: { method: string; url: string } };
          expect(ok.method).toBe(method.toLowerCase());
          const url = new URL(ok.url);
          expect(url.origin).toBe("https://api.github.com");
          expect(url.pathname).toBe("/repos/o/issues");
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("baseUrl holds nothing a URL parser would silently drop or reinterpret", () => {
  const BAD = ["\r", "\n", "\r\n", "\t", "\0", " ", "\u00a0", "\u2028", "\\", "\u00e9", "\u007f", "\u0085"];
  const where = (bad: string): string[] => [
    `${bad}https://api.github.com`,
    `https://api.github.com${bad}`,
    `https://api.${bad}github.com/a`,
    `https://api.github.com/a${bad}X-Injected: 1`,
  ];
  for (const bad of BAD) {
    it.each(where(bad))(`${JSON.stringify(bad)} in %j is invalid_base_url, on every channel`, (baseUrl) => {
      expectEndpointError(() => endpoint("GET /x", { baseUrl }), "invalid_base_url");
      expectEndpointError(() => endpoint.defaults({ baseUrl }), "invalid_base_url");
      expectEndpointError(() => endpoint.merge({ baseUrl }), "invalid_base_url");
      expectEndpointError(
        () => endpoint.parse({ ...endpoint.DEFAULTS, url: "/x", baseUrl } as unknown as MergedOptions),
        "invalid_base_url",
      );
    });
  }

  it("property: a baseUrl with any character outside visible ASCII (or a backslash) is refused", () => {
    const stray = fc
      .integer({ min: 0, max: 0x2fff })
      .filter((code) => code <= 0x20 || code >= 0x7f || code === 0x5c)
      .map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), stray, fc.string({ maxLength: 10 }), (a, bad, b) => {
        const baseUrl = `https://h.example/${a}${bad}${b}`;
        expectEndpointError(() => endpoint("GET /x", { baseUrl }), "invalid_base_url");
      }),
    );
  });
});

describe("a polluted prototype adds nothing to a request, cached or not", () => {
  const prototype = Object.prototype as Record<string, unknown>;
  const arrayPrototype = Array.prototype as unknown as Record<string, unknown>;
  afterEach(() => {
    delete prototype.zzq;
    delete prototype.zzs;
    delete arrayPrototype[1];
  });

  it.each(["{?zzq}", "{&zzq}", "{/zzs}", "{.zzs}", "{;zzq}", "{#zzq}", "{?zzq*}", "{/zzs*}"])(
    "GET /s%s",
    (expression) => {
      const route = `GET /s${expression}`;
      const clean = endpoint(route).url; // compiled and cached before the pollution
      prototype.zzq = "x";
      prototype.zzs = "y";
      expect(endpoint(route).url).toBe(clean);
      expect(endpoint(route, {}).url).toBe(clean);
      expect(endpoint.parse(endpoint.merge(route, {})).url).toBe(clean);
      expect(endpoint.defaults({ per_page: 1 })(route).url).toBe(
        `${clean}${clean.includes("?") ? "&" : "?"}per_page=1`,
      );
      expect(parseTemplate(`/s${expression}`).expand({})).toBe(clean.slice("https://api.github.com".length));
    },
  );

  it("a required parameter found only on the prototype is missing", () => {
    prototype.zzq = "x";
    expectEndpointError(() => endpoint("GET /s/{zzq}"), "missing_parameter");
    expectEndpointError(() => endpoint("GET /s/{zzq}", {}), "missing_parameter");
  });

  it("a hole in a list never reads Array.prototype", () => {
    arrayPrototype[1] = "evil";
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    const holey = ["a", , "c"];
    expectEndpointError(
      () => endpoint("GET /s{?list}", { list: holey }),
      "invalid_parameter",
      /hole at index 1/,
    );
    expectEndpointError(() => endpoint("GET /s", { list: holey }), "invalid_parameter", /hole/);
    expectEndpointError(() => endpoint("POST /s", { list: holey }), "invalid_parameter", /hole/);
    expectEndpointError(() => parseTemplate("{x}").expand({ x: holey }), "invalid_parameter", /hole/);
  });
});

describe("each value is read once", () => {
  /** Options whose `owner` answers "ok" the first time and undefined after. */
  const flipping = (): Record<string, unknown> => {
    let reads = 0;
    return {
      repo: "r",
      get owner() {
        reads++;
        return reads === 1 ? "ok" : undefined;
      },
    };
  };

  it.each<[string, (options: Record<string, unknown>) => unknown]>([
    ["endpoint", (o) => endpoint("GET /repos/{owner}/{repo}/issues", o)],
    ["merge, then parse", (o) => endpoint.parse(endpoint.merge("GET /repos/{owner}/{repo}/issues", o))],
    ["a builder with headers", (o) => endpoint("GET /repos/{owner}/{repo}/issues", { ...o, headers: {} })],
    ["defaults", (o) => endpoint.defaults(o)("GET /repos/{owner}/{repo}/issues")],
  ])("a getter that answers once gives one consistent request: %s", (_name, run) => {
    const options = flipping();
    // Spreading reads the getter too: give each run a fresh object with the getter intact.
    expect(run(options)).toMatchObject({ url: "https://api.github.com/repos/ok/r/issues" });
  });

  it("property: a Proxy over options sees each key read at most once, for every entry point", () => {
    const entry = fc.constantFrom<[string, (o: object) => unknown]>(
      ["endpoint GET", (o) => endpoint("GET /r/{a}{?b}", o)],
      ["endpoint POST", (o) => endpoint("POST /r/{a}", o)],
      ["merge+parse", (o) => endpoint.parse(endpoint.merge("GET /r/{a}{/b}", o))],
      ["options only", (o) => endpoint({ url: "/r/{a}", ...(o as object) })],
      ["template", (o) => parseTemplate("/r/{a}{/b}{?c,a}").expand(o)],
    );
    fc.assert(
      fc.property(
        entry,
        fc.dictionary(fc.constantFrom("a", "b", "c", "d", "url", "method", "data", "headers"), fc.string(), {
          minKeys: 1,
        }),
        ([, run], values) => {
          const reads = new Map<PropertyKey, number>();
          const proxy = new Proxy(values, {
            get(target, key, receiver) {
              reads.set(key, (reads.get(key) ?? 0) + 1);
              return Reflect.get(target, key, receiver);
            },
          });
          outcome(() => run(proxy));
          for (const [key, count] of reads) expect([key, count]).toEqual([key, 1]);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("odd objects are refused with EndpointError, never a TypeError", () => {
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  const trapsThrow = new Proxy(
    {},
    {
      ownKeys: () => {
        throw new TypeError("trap");
      },
      getPrototypeOf: () => {
        throw new TypeError("trap");
      },
    },
  );
  const badKeys = new Proxy({}, { ownKeys: () => ["a", "a"] });
  const datePretender = Object.create(Date.prototype);
  const weirdDate = new Date(0);
  Object.defineProperty(weirdDate, "toISOString", { value: () => ({ not: "a string" }) });

  it.each<[string, () => unknown, string]>([
    [
      "Object.create(Date.prototype) as a value",
      () => endpoint("GET /x/{d}", { d: datePretender }),
      "invalid_parameter",
    ],
    ["...as a query value", () => endpoint("GET /x", { d: datePretender }), "invalid_parameter"],
    ["a revoked proxy as a value", () => endpoint("GET /x/{d}", { d: revoked }), "invalid_parameter"],
    ["a revoked proxy as options", () => endpoint("GET /x", revoked as never), "invalid_options"],
    [
      "a revoked proxy as headers",
      () => endpoint("GET /x", { headers: revoked as never }),
      "invalid_options",
    ],
    [
      "a proxy whose traps throw, as options",
      () => endpoint("GET /x", trapsThrow as never),
      "invalid_options",
    ],
    [
      "a proxy listing a key twice, as a map value",
      () => endpoint("GET /x{?m*}", { m: badKeys }),
      "invalid_options",
    ],
    [
      "Object.create(Map.prototype) as headers",
      () => endpoint("GET /x", { headers: Object.create(Map.prototype) }),
      "invalid_options",
    ],
    [
      "Object.create(Headers.prototype) as headers",
      () => endpoint("GET /x", { headers: Object.create(Headers.prototype) }),
      "invalid_options",
    ],
    [
      "a revoked proxy as mediaType",
      () => endpoint("GET /x", { mediaType: revoked as never }),
      "invalid_options",
    ],
    ["cyclic body parameters", () => endpoint("POST /x", { a: cyclic() }), "invalid_parameter"],
    ["cyclic data", () => endpoint("POST /x", { data: cyclic() }), "invalid_parameter"],
    ["cyclic defaults", () => endpoint.defaults({ a: cyclic() }), "invalid_options"],
  ])("%s", (_name, run, code) => {
    expectEndpointError(run, code as never);
  });

  it("a Date is converted by the built-in, whatever its own toISOString says", () => {
    expect(endpoint("GET /x/{d}", { d: weirdDate }).url).toBe(
      "https://api.github.com/x/1970-01-01T00%3A00%3A00.000Z",
    );
  });

  it("a Date from another realm is still a Date", async () => {
    const { runInNewContext } = await import("node:vm");
    const foreign = runInNewContext("new Date(0)");
    expect(endpoint("GET /x", { d: foreign }).url).toBe(
      "https://api.github.com/x?d=1970-01-01T00%3A00%3A00.000Z",
    );
  });
});

function cyclic(): Record<string, unknown> {
  const a: Record<string, unknown> = { b: 1 };
  a.self = { a };
  return a;
}

describe("an empty value never leaves an empty path segment (the next one would take its place)", () => {
  it.each<[string, Record<string, unknown>]>([
    ["GET /repos/{owner}/{repo}/issues", { owner: "", repo: "r" }],
    ["GET /repos/{owner}/{repo}/issues", { owner: [], repo: "r" }],
    ["GET /repos/{owner}/{repo}/issues", { owner: {}, repo: "r" }],
    ["GET /repos/{owner}/{repo}/issues", { owner: [null], repo: "r" }],
    ["GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "" }],
    ["GET /{org}/{repo}", { org: "", repo: "r" }],
    ["GET /repos/:owner/:repo", { owner: "", repo: "r" }],
    ["GET /a/{+path}/b", { path: "" }],
    ["GET /a/{x}{y}/b", { x: "", y: "" }],
    ["GET {org}/x", { org: "" }],
  ])("%s %j is invalid_parameter", (route, options) => {
    expectEndpointError(() => endpoint(route, options), "invalid_parameter", /empty path segment/);
    expectEndpointError(() => endpoint.parse(endpoint.merge(route, options)), "invalid_parameter");
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "" }, "/repos/o/r/contents"],
    ["GET /a/{x}{y}/b", { x: "", y: "y" }, "/a/y/b"],
    ["GET /a/v{x}/b", { x: "" }, "/a/v/b"],
    ["GET /a/{x}", { x: "" }, "/a"],
  ])("%s %j is allowed: the last segment, or one with other text", (route, options, path) => {
    expect(endpoint(route, options).url).toBe(`https://api.github.com${path}`);
  });

  it("property: a whole segment expands to something, or the call is refused", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("/{a}/{b}/x", "/:a/:b/x", "/{a}/{+b}/x", "/p/{a}/{b}/x"),
        fc.oneof(
          fc.string({ maxLength: 3 }),
          fc.constant([]),
          fc.array(fc.constantFrom("", "q"), { maxLength: 2 }),
        ),
        fc.oneof(fc.string({ maxLength: 3 }), fc.constant([])),
        (template, a, b) => {
          const result = outcome(() => endpoint(`GET ${template}`, { a, b }));
          if (!("ok" in (result as object))) return;
          // Reserved expansion may add segments, empty ones too (SECURITY.md, limits).
          if (template.includes("{+") && String(b).includes("/")) return;
          const path = new URL((result as { ok: { url: string } }).ok.url).pathname;
          expect(path.split("/").slice(1, -1)).not.toContain("");
        },
      ),
    );
  });
});

describe("a route is a method, plain spaces or tabs, and a url", () => {
  const STRAY = [
    "\u00a0",
    "\u2000",
    "\u2007",
    "\u200b",
    "\u2028",
    "\u2029",
    "\u3000",
    "\ufeff",
    "\u202e",
    "\n",
    "\r",
    "\v",
    "\f",
    "\0",
    "\u001b",
    "\u0085",
  ];
  it.each(STRAY)("%j around the method is invalid_route", (stray) => {
    for (const route of [`POST${stray}/repos/o/r`, `POST ${stray}/repos/o/r`, `POST${stray} /repos/o/r`]) {
      expectEndpointError(
        () => endpoint(route),
        "invalid_route",
        /U\+[0-9A-F]{4} at index \d+ is not allowed/,
      );
    }
  });

  it("property: a stray space or control character anywhere but the ends is invalid_route", () => {
    fc.assert(
      fc.property(fc.constantFrom(...STRAY), fc.nat(20), (stray, at) => {
        const route = "PATCH /repos/{owner}/x";
        const index = Math.min(at, route.length - 1) + 1;
        expectEndpointError(
          () => endpoint(route.slice(0, index) + stray + route.slice(index)),
          "invalid_route",
        );
      }),
    );
  });

  it("leading and trailing white space is still ignored", () => {
    expect(endpoint("\u00a0 GET /x \n").url).toBe("https://api.github.com/x");
  });
});

describe("header names are checked as written, before any lowercasing", () => {
  const NAMES = ["\u212Aey", "\u0130d", "\u017Fet", "x-\u212A", "k\u0131"];
  it.each(NAMES)("%j is invalid_header on every channel", (name) => {
    expectEndpointError(() => endpoint("GET /x", { headers: { [name]: "v" } }), "invalid_header");
    expectEndpointError(() => endpoint("GET /x", { headers: { [name]: null } }), "invalid_header");
    expectEndpointError(() => endpoint("GET /x", { headers: [[name, "v"]] }), "invalid_header");
    expectEndpointError(() => endpoint.defaults({ headers: { [name]: "v" } }), "invalid_header");
    expectEndpointError(
      () => endpoint.parse({ ...endpoint.merge("GET /x"), headers: { [name]: "v" } }),
      "invalid_header",
    );
  });

  it("property: a name with any non-token character is refused", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 6, unit: "binary" }), (name) => {
        const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name);
        const result = outcome(() => endpoint("GET /x", { headers: { [name]: "v" } }));
        if (token) expect(result).toHaveProperty("ok");
        else expect(result).toStrictEqual({ error: "invalid_header" });
      }),
    );
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
