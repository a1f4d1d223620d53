import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { expectEndpointError } from "../../helpers.js";
import { endpoint, outcome, undoPollution } from "../loose-endpoint.js";

afterEach(undoPollution);

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
