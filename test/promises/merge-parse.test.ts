import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { endpoint, undoPollution } from "./loose-endpoint.js";

afterEach(undoPollution);

describe("parse(merge()) equals endpoint() with integer-like parameter names", () => {
  it("under defaults, with and without a route", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("b", "1", "0", "10", "a", "2"), fc.constantFrom("x", "y")),
        fc.dictionary(fc.constantFrom("c", "3", "1", "b", "01"), fc.constantFrom("z", "w")),
        (defaults, options) => {
          const builder = endpoint.defaults(defaults);
          expect(builder.parse(builder.merge("GET /x", options))).toEqual(builder("GET /x", options));
        },
      ),
      { numRuns: 500 },
    );
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
