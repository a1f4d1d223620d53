// SECURITY.md promise 4: no prototype pollution. A polluted, frozen or accessor-laden prototype
// changes nothing, and each value of the caller's is read once, as an own property.
import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RequestOptions } from "../../../src/index.js";
import { expandTemplate, parseTemplate } from "../../../src/template/uri-template.js";
import { expectEndpointError } from "../../helpers.js";
import { endpoint, outcome, pollute, polluteValue, undoPollution } from "../loose-endpoint.js";

afterEach(undoPollution);

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

describe("a polluted prototype changes no result", () => {
  it("Object.prototype.get with an own __proto__ key", () => {
    // Vitest's own assertions do not survive this pollution: call first, check after.
    const own = JSON.parse('{"__proto__":"a","b":"c"}');
    polluteValue(Object.prototype, "get", () => "x");
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
    polluteValue(Object.prototype, "accept", "application/vnd.evil.v9+json");
    for (const mediaType of [{ previews: ["p"] }, { format: "raw" }]) {
      expect(
        Object.hasOwn(endpoint("GET /x", { headers: { accept: null }, mediaType }).headers, "accept"),
      ).toBe(false);
    }
  });

  it("Array.prototype indices past an array's end", () => {
    polluteValue(Array.prototype, 1, "v9");
    expect(
      endpoint("GET /x", { headers: { accept: "application/vnd.github+json" }, mediaType: { format: "raw" } })
        .headers.accept,
    ).toBe("application/vnd.github.raw");
    polluteValue(Array.prototype, 0, [1, 2]);
    expect(endpoint("GET /{a}", { a: "" }).url).toBe("https://api.github.com/");
    expect(endpoint("POST /x", { p: {} }).body).toEqual({ p: {} });
    expect(expandTemplate("{a}{b}", {})).toBe("");
  });

  it("Object.prototype[Symbol.iterator] does not make any object a source of headers", () => {
    polluteValue(Object.prototype, Symbol.iterator, function* () {
      yield ["x-evil", "1"];
    });
    expectEndpointError(() => endpoint("GET /x", { headers: new (class Foo {})() }), "invalid_options");
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
      const { endpoint } = await import(${JSON.stringify(new URL("../../../dist/index.js", import.meta.url).href)});
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

  it("a map key deleted by a getter of an earlier key is not read from a polluted prototype", () => {
    const prototype = Object.prototype as Record<string, unknown>;
    const map = (): Record<string, unknown> => {
      const value: Record<string, unknown> = {
        get a() {
          delete value.zzb;
          return "1";
        },
        zzb: "2",
      };
      return value;
    };
    prototype.zzb = "evil";
    try {
      expect(expandTemplate("{?m*}", { m: map() })).toBe("?a=1");
      expect(endpoint("GET /x{?m*}", { m: map() }).url).toBe("https://api.github.com/x?a=1");
      expect(endpoint("GET /x/{m}", { m: map() }).url).toBe("https://api.github.com/x/a,1");
      // Options objects that are read key by key: headers, request, mediaType, defaults.
      expect(Object.keys(endpoint("GET /x", { headers: map() }).headers)).not.toContain("zzb");
      expect(endpoint("GET /x", { request: map() }).request).toEqual({ a: "1" });
      expect(Object.keys(endpoint.defaults({ headers: map() }).DEFAULTS.headers)).not.toContain("zzb");
      expect(endpoint.merge("GET /x", { request: map() }).request).toEqual({ a: "1" });
    } finally {
      delete prototype.zzb;
    }
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

describe("a polluted prototype during the first toFetchArgs changes no later result", () => {
  it.each(["duplex", "window", "cache"])(
    "Object.prototype.%s set while the runtime's fetch is probed once per process",
    async (key) => {
      vi.resetModules();
      const fresh = await import("../../../src/adapters/to-fetch-args.js");
      const request = { method: "get", url: "https://api.github.com/x", headers: {} } as const;
      const clean = fresh.toFetchArgs(request)[1];
      vi.resetModules();
      const probed = await import("../../../src/adapters/to-fetch-args.js");
      polluteValue(Object.prototype, key, "x");
      try {
        probed.toFetchArgs(request);
      } catch {
        // what the pollution does to this one call is not the question
      } finally {
        undoPollution();
      }
      expect(probed.toFetchArgs(request)[1]).toStrictEqual(clean);
    },
  );
});

describe("a polluted navigator on Object.prototype is no browser's", () => {
  it.each<[string, PropertyDescriptor]>([
    ["a browser's user agent", { value: { userAgent: "Mozilla/5.0" }, configurable: true, writable: true }],
    [
      "a getter that throws",
      {
        get() {
          throw new TypeError("trap");
        },
        configurable: true,
      },
    ],
  ])("%s: toFetchArgs keeps the user-agent and throws nothing", async (_name, descriptor) => {
    const { toFetchArgs } = await import("../../../src/adapters/to-fetch-args.js");
    const request = endpoint("GET /x");
    const clean = toFetchArgs(request);
    pollute(Object.prototype, "navigator", descriptor);
    let polluted: unknown;
    try {
      polluted = toFetchArgs(request);
    } catch (error) {
      polluted = error;
    } finally {
      undoPollution();
    }
    expect(polluted).toStrictEqual(clean);
  });
});
