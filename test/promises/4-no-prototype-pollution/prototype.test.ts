// Library code never writes to Object.prototype; `__proto__`, `constructor`
// and `prototype` keys are plain data.
import { afterEach, describe, expect, it } from "vitest";
import { type Endpoint, EndpointError, endpoint, VERSION } from "../../../src/index.js";
import { expectEndpointError } from "../../helpers.js";

const polluted = (): boolean => "polluted" in {};

afterEach(() => {
  expect(polluted()).toBe(false);
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("polluted");
});

describe("prototype keys are data", () => {
  const evil = (): Record<string, unknown> =>
    JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}');

  it.each([
    ["parameters (GET: query)", () => endpoint("GET /x", { ...evil() })],
    ["parameters (POST: body)", () => endpoint("POST /x", evil())],
    [
      "headers",
      () =>
        endpoint("GET /x", {
          headers: JSON.parse('{"__proto__": "a", "constructor": "b", "prototype": "c"}'),
        }),
    ],
    ["mediaType", () => endpoint("GET /x", { mediaType: JSON.parse('{"__proto__": {"format": "raw"}}') })],
    ["request", () => endpoint("GET /x", { request: evil() })],
    [
      "defaults",
      () => endpoint.defaults(evil()).defaults({ headers: JSON.parse('{"__proto__": "x"}') })("GET /x"),
    ],
    [
      "merged defaults",
      () => endpoint.defaults({ request: evil(), data: evil() }).merge({ request: evil(), data: evil() }),
    ],
  ])("%s", (_name, run) => {
    expect(() => run()).not.toThrow(TypeError);
  });

  it("a __proto__ parameter is sent as a parameter named __proto__", () => {
    expect(endpoint("GET /x", JSON.parse('{"__proto__": "p", "constructor": "c"}')).url).toBe(
      "https://api.github.com/x?__proto__=p&constructor=c",
    );
    const body = endpoint("POST /x", JSON.parse('{"__proto__": {"a": 1}}')).body as object;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.hasOwn(body, "__proto__")).toBe(true);
  });

  it("a __proto__ header is a header, not a prototype", () => {
    const { headers } = endpoint("GET /x", { headers: JSON.parse('{"__proto__": "v"}') });
    expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
    expect(Object.hasOwn(headers, "__proto__")).toBe(true);
  });

  it("defaults keep prototype keys as own data", () => {
    const api = endpoint.defaults(JSON.parse('{"__proto__": {"owner": "evil"}}'));
    expect(Object.getPrototypeOf(api.DEFAULTS)).toBe(Object.prototype);
    expectEndpointError(() => api("GET /repos/{owner}"), "missing_parameter", /Missing parameter "owner"/);
  });

  it("prototype keys in any position change neither the builder's defaults nor another call", () => {
    const api = endpoint.defaults({ owner: "o", headers: { "x-a": "1" }, mediaType: { previews: ["p"] } });
    const snapshot = (): string =>
      JSON.stringify([api.DEFAULTS, endpoint.DEFAULTS, api("GET /r/{owner}", { q: 1 })]);
    const before = snapshot();
    const evil =
      '{"__proto__": {"owner": "evil", "accept": "evil"}, "constructor": {"prototype": {"owner": "evil"}}, "prototype": {"owner": "evil"}}';
    for (const key of ["headers", "mediaType", "request", "data"]) {
      // A refusal is fine (an object is no header value): only what a call leaves behind counts.
      for (const run of [
        () => api("POST /r/{owner}", { [key]: JSON.parse(evil) }),
        () => api.merge("GET /r/{owner}", { [key]: JSON.parse(evil) }),
        () => endpoint.defaults({ [key]: JSON.parse(evil) }).defaults({ [key]: JSON.parse(evil) }),
      ]) {
        try {
          run();
        } catch (error) {
          expect(error).toBeInstanceOf(EndpointError);
        }
      }
    }
    api("POST /r/{owner}", JSON.parse(evil));
    expect(snapshot()).toBe(before);
  });
});

describe("an Object.prototype polluted by someone else does not reach a request", () => {
  const inherited = ["data", "request", "method", "url", "baseUrl", "headers", "mediaType"] as const;

  const cases: [string, Endpoint, object][] = [
    ["direct path", endpoint, { title: "t" }],
    ["merged path (defaults with parameters)", endpoint.defaults({ page: 1 }), { page: 1, title: "t" }],
  ];
  it.each(cases)("%s", (_name, api, body) => {
    const prototype = Object.prototype as Record<string, unknown>;
    try {
      for (const key of inherited) prototype[key] = key === "request" ? { evil: true } : "evil";
      const result = api("POST /x/{id}", { id: 1, title: "t" });
      expect(result.url).toBe("https://api.github.com/x/1");
      expect(result.method).toBe("post");
      expect(result.body).toEqual(body);
      expect(result.headers).toEqual({
        accept: "application/vnd.github.v3+json",
        "user-agent": `rest-endpoint/${VERSION}`,
        "content-type": "application/json; charset=utf-8",
      });
      expect(Object.hasOwn(result, "request")).toBe(false);
    } finally {
      for (const key of inherited) delete prototype[key];
    }
  });
});
