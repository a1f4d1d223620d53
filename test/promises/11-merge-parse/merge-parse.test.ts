import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { EndpointError } from "../../../src/index.js";
import { endpoint, outcome, undoPollution } from "../loose-endpoint.js";

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

  it("a name both beside $params and in it is refused, whichever reads it: data spread into options cannot replace a parameter the application wrote", () => {
    const untrusted = JSON.parse('{"$params":{"owner":"victim-org","repo":"secrets"}}');
    const given = {
      ...untrusted,
      method: "DELETE",
      url: "/repos/{owner}/{repo}",
      owner: "my-org",
      repo: "r",
    };
    for (const call of [
      () => endpoint(given),
      () => endpoint.merge(given),
      () => endpoint.defaults(given),
      () => endpoint.defaults({ url: "/repos/{owner}/{repo}" })(given),
      () => endpoint.parse({ ...endpoint.merge({}), ...given }),
    ]) {
      expect(outcome(call)).toStrictEqual({ error: "invalid_options" });
    }
    // undefined on either side means not given: the other value is the parameter.
    const base = { ...endpoint.merge({}), url: "/search" };
    expect(endpoint.parse({ ...base, q: undefined, $params: { q: "is:open" } }).url).toBe(
      "https://api.github.com/search?q=is%3Aopen",
    );
    expect(endpoint.parse({ ...base, q: "is:open", $params: { q: undefined } }).url).toBe(
      "https://api.github.com/search?q=is%3Aopen",
    );
    // Names only in $params are parameters, as parse reads them.
    const apart = { method: "POST", url: "/x", a: 1, $params: { b: 2, url: "u" } };
    expect(endpoint(apart)).toStrictEqual(endpoint.parse({ ...endpoint.merge({}), ...apart }));
    expect(endpoint(apart).body).toStrictEqual({ a: 1, b: 2, url: "u" });
  });
});

describe("a url option with white space: endpoint() and parse(merge()) refuse it alike", () => {
  it("property: the same code and index, any white space or control anywhere in a url with expressions", () => {
    const piece = fc.constantFrom(
      "/x",
      "/{a}",
      "{?q,r}",
      "{/p}",
      "a",
      " ",
      "\t",
      "\u0007",
      "\u00a0",
      "{a b}",
      "{",
      "}",
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), (pieces) => {
        const url = pieces.join("");
        const withIndex = (run: () => unknown) => {
          try {
            return { ok: run() };
          } catch (error) {
            expect(error).toBeInstanceOf(EndpointError);
            return { code: (error as EndpointError).code, index: (error as EndpointError).index };
          }
        };
        const direct = withIndex(() => endpoint({ url }));
        expect(withIndex(() => endpoint.parse(endpoint.merge({ url })))).toStrictEqual(direct);
        expect(outcome(() => endpoint({ url }))).toStrictEqual(
          outcome(() => endpoint.parse(endpoint.merge({ url }))),
        );
      }),
      { numRuns: 500 },
    );
  });
});
