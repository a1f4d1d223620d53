// SPEC section 5: endpoint(route, options) equals parse(merge(route, options)) for every input,
// including the error thrown when there is one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type EndpointOptions, endpoint } from "../src/index.js";

const name = fc.constantFrom(
  "owner",
  "repo",
  "path",
  "id",
  "q",
  "per_page",
  "enterprise-team",
  "__proto__",
  "constructor",
);
const literal = fc.oneof(
  {
    arbitrary: fc.constantFrom("/repos", "/x", "/", "...", "?a=1", "#f", ":", "/:id", "%20", "é"),
    weight: 10,
  },
  { arbitrary: fc.constantFrom(" ", "{", "}", "%"), weight: 1 },
);
const expression = fc
  .tuple(
    fc.constantFrom("", "+", "#", ".", "/", ";", "?", "&", "!"),
    fc.array(fc.tuple(name, fc.constantFrom("", "*", ":3")), { minLength: 1, maxLength: 3 }),
  )
  .map(([op, vars]) => `{${op}${vars.map(([n, m]) => n + m).join(",")}}`);
const url = fc
  .array(fc.oneof(literal, expression), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(""));
const method = fc.constantFrom(
  "GET",
  "get",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "GET",
  "POST",
  "OPTIONS",
  "",
);
const route = fc.oneof(
  { arbitrary: fc.tuple(method, url).map(([m, u]) => (m === "" ? u : `${m} ${u}`)), weight: 5 },
  { arbitrary: fc.string(), weight: 1 },
);
const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
);
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 3 }), scalar, { maxKeys: 3 }),
);
const options: fc.Arbitrary<EndpointOptions> = fc
  .record(
    {
      params: fc.dictionary(name, value, { maxKeys: 4 }),
      headers: fc.dictionary(
        fc.oneof(
          { arbitrary: fc.constantFrom("accept", "Accept", "x-a", "content-type", "X-B"), weight: 20 },
          { arbitrary: fc.constant("bad name"), weight: 1 },
        ),
        fc.oneof(
          { arbitrary: fc.stringMatching(/^[a-z/+.;= -]*$/), weight: 10 },
          { arbitrary: fc.constantFrom(null, 7, "a\r\nb"), weight: 2 },
        ),
        { maxKeys: 3 },
      ),
      mediaType: fc.record(
        {
          format: fc.constantFrom("", "raw", "diff"),
          previews: fc.array(fc.constantFrom("a", "b-preview"), { maxLength: 2 }),
        },
        { requiredKeys: [] },
      ),
      data: fc.oneof(
        fc.constant(undefined),
        fc.string(),
        fc.constant(null),
        fc.dictionary(fc.string(), scalar),
      ),
      baseUrl: fc.constantFrom(undefined, undefined, undefined, "", "https://ghe.example.com/api/v3/", "bad"),
    },
    { requiredKeys: [] },
  )
  .map(({ params, ...rest }) => ({ ...params, ...rest }) as EndpointOptions);

function outcome(fn: () => unknown): unknown {
  try {
    return { ok: fn() };
  } catch (error) {
    return { error: (error as { code?: unknown }).code ?? String(error) };
  }
}

describe("endpoint(r, o) equals parse(merge(r, o))", () => {
  it("for generated routes and options", () => {
    let succeeded = 0;
    fc.assert(
      fc.property(route, options, (r, o) => {
        const direct = outcome(() => endpoint(r, o));
        expect(direct).toStrictEqual(outcome(() => endpoint.parse(endpoint.merge(r, o))));
        if ("ok" in (direct as object)) succeeded++;
      }),
      { numRuns: 2000 },
    );
    // The property must compare real request options, not only matching errors.
    expect(succeeded).toBeGreaterThan(200);
  });

  it("for derived builders", () => {
    const api = endpoint.defaults({
      owner: "octokit",
      headers: { authorization: "token t" },
      mediaType: { previews: ["p"] },
    });
    fc.assert(
      fc.property(route, options, (r, o) => {
        expect(outcome(() => api(r, o))).toStrictEqual(outcome(() => api.parse(api.merge(r, o))));
      }),
      { numRuns: 1000 },
    );
  });

  it("only EndpointError is thrown", () => {
    fc.assert(
      fc.property(route, options, (r, o) => {
        const result = outcome(() => endpoint(r, o)) as { error?: unknown };
        if ("error" in result)
          expect(String(result.error)).toMatch(/^(invalid_|unsupported_method|missing_parameter)/);
      }),
      { numRuns: 2000 },
    );
  });
});
