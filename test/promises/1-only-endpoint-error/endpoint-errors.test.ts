import { afterEach, describe, expect, it } from "vitest";
import { nextRequest, toCurl, toFetchArgs } from "../../../src/adapters/index.js";
import { toHttpMessage } from "../../../src/adapters/to-http-message.js";
import { EndpointError } from "../../../src/index.js";
import { expandTemplate } from "../../../src/template/uri-template.js";
import { expectEndpointError } from "../../helpers.js";
import { endpoint, onlyEndpointError, undoPollution } from "../loose-endpoint.js";

afterEach(undoPollution);

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

  it("a body's toJSON that throws something posing as an EndpointError, whose traps throw, is still an EndpointError with it as the cause", () => {
    const poser = new Proxy(Object.create(EndpointError.prototype) as object, {
      getOwnPropertyDescriptor: () => {
        throw new TypeError("trap");
      },
    });
    const body = {
      toJSON(): never {
        throw poser;
      },
    };
    const request = { method: "post", url: "https://api.github.com/x", headers: {}, body } as const;
    for (const adapter of [toFetchArgs, toCurl, toHttpMessage]) {
      expect(expectEndpointError(() => adapter(request), "invalid_parameter").cause).toBe(poser);
    }
  });

  it("headers as any iterable of pairs (a generator, a Set), as documented", () => {
    function* pairs(): Generator<[string, string]> {
      yield ["X-A", "1"];
    }
    expect(endpoint("GET /x", { headers: pairs() }).headers["x-a"]).toBe("1");
    expect(endpoint("GET /x", { headers: new Set([["x-b", "2"]]) }).headers["x-b"]).toBe("2");
  });
});

describe("limits of the engine are EndpointErrors", () => {
  // Each call writes about 600 MB of text before the engine refuses it: seconds of work, more
  // than the default five when the machine is shared (it timed out once in CI).
  it("a url longer than a string can be", () => {
    expectEndpointError(
      () => expandTemplate("{x}".repeat(6000), { x: "a".repeat(100_000) }),
      "invalid_parameter",
    );
    expectEndpointError(
      () => endpoint(`GET /${"{x}".repeat(6000)}`, { x: "a".repeat(100_000) }),
      "invalid_parameter",
    );
  });

  // Tens of millions of characters to escape once stopped the whole process (V8's "invalid
  // size" error, which no catch sees): values past 16 Mi characters are refused before that.
  const long = 16 * 1024 * 1024 + 1;
  it.each<[string, string, string]>([
    ["GET /x{?p}", "'", "a query value of quotes"],
    ["GET /x/{p}", "*", "a path value of stars"],
    ["GET /x/{+p}", "%", "a reserved value of lone percent signs"],
    ["GET /x{#p}", "\u00e9", "a fragment of accented letters"],
    ["GET /x", "'", "a leftover query value"],
  ])("%s: %s, too long to encode", (route, character, _what) => {
    expectEndpointError(() => endpoint(route, { p: character.repeat(long) }), "invalid_parameter");
  });
  it("toCurl with a header value of quotes whose quoted form passes the longest string", () => {
    const options = endpoint("GET /x", { headers: { "x-a": "'".repeat(2 ** 27) } });
    expectEndpointError(() => toCurl(options), "invalid_options");
  });
  // The URL parser's own escapes (an accented letter is six characters) once made a long
  // baseUrl or Link target stop the process the same way.
  it("a baseUrl too long to parse is invalid_base_url; a Link target too long to parse is no next page", () => {
    expectEndpointError(
      () => endpoint("GET /x", { baseUrl: `https://api.example/${"'".repeat(long)}` }),
      "invalid_base_url",
    );
    const link = `<https://api.github.com/j?${"\u00e9".repeat(long)}>; rel="next"`;
    expect(nextRequest(endpoint("GET https://api.github.com/j"), link)).toBeUndefined();
  });
  it("a JSON body longer than a string can be is said to be too large", () => {
    const options = endpoint("POST /j", { data: { a: Array(3).fill("a".repeat(2 ** 28)) } });
    expectEndpointError(() => toFetchArgs(options), "invalid_parameter", /too large/);
  });
  it("a template value too long to encode", () => {
    expectEndpointError(() => expandTemplate("{p}", { p: "*".repeat(long) }), "invalid_parameter");
  });
});

function cyclic(): Record<string, unknown> {
  const a: Record<string, unknown> = { b: 1 };
  a.self = { a };
  return a;
}

describe("a Proxy's trap error in a url or query value is the cause", () => {
  const mine = new TypeError("thrown by my trap");
  const trap = (): object =>
    new Proxy(
      {},
      {
        getPrototypeOf() {
          throw mine;
        },
      },
    );
  it.each<[string, () => unknown]>([
    ["a url parameter", () => endpoint("GET /items/{id}", { id: trap() })],
    ["a query parameter", () => endpoint("GET /items", { id: trap() })],
    ["a template value", () => expandTemplate("/items/{id}", { id: trap() })],
  ])("%s", (_name, run) => {
    expect(expectEndpointError(run, "invalid_parameter").cause).toBe(mine);
  });
});
