// The contract: endpoint(route, options) equals parse(merge(route, options)) for every input,
// including the error thrown when there is one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoint } from "../../../src/index.js";
import { options, route } from "../../arbitraries.js";

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
});
