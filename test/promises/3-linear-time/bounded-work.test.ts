import { afterEach, describe, expect, it } from "vitest";
import { expectEndpointError } from "../../helpers.js";
import { workOf } from "../../work/work-counter.js";

/** Counted work (test/work/) of refusing both products: about 1.6 million, where writing them is 360 million. */
const PRODUCT_BOUND = 5_000_000;

import { endpoint, outcome, undoPollution } from "../loose-endpoint.js";

afterEach(undoPollution);

describe("a subtree shared many times is counted at each place and refused past a budget (linear time)", () => {
  // Each of these took exponential or quadratic time once. A part shared over and over is
  // copied (by merge) and written (by JSON) at each place, so each counts there too: past a
  // million values it is refused, at once, instead of tracked (SECURITY.md, Limits).
  let dag: unknown = { v: 1 };
  for (let i = 0; i < 60; i++) dag = { a: dag, b: dag };
  let small: unknown = { v: 1 };
  for (let i = 0; i < 10; i++) small = { a: small, b: small };

  it("in defaults (data, a parameter, request) and in every call over them", () => {
    expectEndpointError(() => endpoint.defaults({ data: dag }), "invalid_options", /more than 1000000/);
    expectEndpointError(() => endpoint.defaults({ p: dag }), "invalid_options", /more than 1000000/);
    expectEndpointError(
      () => endpoint.defaults({ request: { x: dag } }),
      "invalid_options",
      /more than 1000000/,
    );
    expectEndpointError(() => endpoint("POST /x", { data: dag }), "invalid_parameter", /more than 1000000/);
    // A parameter beside data would be lost (and is refused): one builder each.
    const builder = endpoint.defaults({ data: small, request: { x: small } });
    expect(builder("POST /x").body).toEqual(small);
    expect(builder.merge("POST /x", { data: { c: 1 } }).data).toHaveProperty("c", 1);
    const withParameter = endpoint.defaults({ p: small, request: { x: small } });
    expect((withParameter("POST /x").body as { p: object }).p).toEqual(small);
    expect(withParameter.defaults({ q: 1 }).DEFAULTS).toHaveProperty("p");
  });

  it("in many body parameters that share one object", () => {
    let wide: unknown[] = [];
    for (let i = 0; i < 2000; i++) wide.push({ i });
    wide = [wide];
    const options: Record<string, unknown> = {};
    for (let i = 0; i < 20_000; i++) options[`f${i}`] = wide;
    expectEndpointError(() => endpoint("POST /x", options), "invalid_parameter", /more than 1000000/);
    const fewer: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) fewer[`f${i}`] = wide;
    expect(Object.keys(endpoint("POST /x", fewer).body as object)).toHaveLength(100);
  });
});

describe("merging shared subtrees stays linear", () => {
  /** w objects a level, `depth` levels, each linking two of the level below, wired by `seed`. */
  function dag(w: number, depth: number, seed: number): object {
    let state = seed;
    const next = (): number => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
    let level: object[] = Array.from({ length: w }, (_, v) => ({ v }));
    for (let i = depth - 1; i >= 0; i--) {
      const below = level;
      level = Array.from({ length: i === 0 ? 1 : w }, () => ({
        l: below[Math.floor(next() * w)],
        r: below[Math.floor(next() * w)],
      }));
    }
    return level[0] as object;
  }

  it("two values that share subtrees in different ways are refused, in work proportional to them", () => {
    const time = (w: number): number => {
      const defaults = { data: dag(w, 24, 1) };
      const call = { data: dag(w, 24, 2) };
      // A part shared over and over is copied at each place, so the copy of the defaults is
      // refused past the merge budget already (SECURITY.md, Limits), before the call.
      return workOf(() =>
        expect(outcome(() => endpoint.defaults(defaults)("POST /x", call))).toStrictEqual({
          error: "invalid_options",
        }),
      );
    };
    time(100);
    // 4x the objects: about 4x the work, where a merged object per pair of theirs was 16x and more.
    expect(time(400) / time(100)).toBeLessThan(10);
  });

  it("a shared subtree on one side only still merges (trees, and one side's sharing)", () => {
    const shared = { deep: { x: 1 } };
    const builder = endpoint.defaults({ data: { a: shared, b: shared, c: { d: 1 } } });
    const result = builder("POST /x", { data: { a: { deep: { y: 2 } }, c: { e: 2 } } });
    expect(result.body).toStrictEqual({
      a: { deep: { x: 1, y: 2 } },
      b: { deep: { x: 1 } },
      c: { d: 1, e: 2 },
    });
  });
});

describe("products of sizes and one subtree merged many times, in bounded work", () => {
  it("previews times a long vendor, or a format times many parts: refused at once, not written", () => {
    const work = workOf(() => {
      expectEndpointError(
        () =>
          endpoint("GET /x", {
            headers: { accept: `application/vnd.${"v".repeat(40_000)}+json` },
            mediaType: { previews: Array.from({ length: 8000 }, (_, i) => `p${i}`) },
          }),
        "invalid_header",
      );
      expectEndpointError(
        () =>
          endpoint("GET /x", {
            headers: { accept: "application/vnd.a+json,".repeat(20_000) },
            mediaType: { format: "f".repeat(2000) },
          }),
        "invalid_header",
      );
    });
    // Counted work (test/work/): writing either product would be hundreds of millions.
    if (process.env.SHOW_WORK) console.log(`products: ${work}`);
    expect(work).toBeLessThan(PRODUCT_BOUND);
    // Ordinary sizes still work.
    expect(endpoint("GET /x", { mediaType: { previews: ["a", "b"], format: "raw" } }).headers.accept).toBe(
      "application/vnd.github.a-preview.raw,application/vnd.github.b-preview.raw",
    );
  });

  it("one default subtree merged with many call objects: merged within the budget, refused past it, in bounded work", () => {
    /** Defaults whose n keys share one object of n keys, and a call with an object for each. */
    const shared = (n: number): { base: Record<string, unknown>; call: Record<string, unknown> } => {
      const one: Record<string, number> = {};
      for (let i = 0; i < n; i++) one[`k${i}`] = i;
      const base: Record<string, unknown> = {};
      const call: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        base[`p${i}`] = one;
        call[`p${i}`] = { x: i };
      }
      return { base, call };
    };
    const fits = shared(300);
    const merged = endpoint.defaults({ data: fits.base })("POST /x", { data: fits.call }).body;
    expect((merged as Record<string, Record<string, number>>).p7).toStrictEqual({
      ...Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i])),
      x: 7,
    });
    const time = (n: number): number => {
      const { base, call } = shared(n);
      return workOf(() =>
        expect(outcome(() => endpoint.defaults({ data: base })("POST /x", { data: call }))).toStrictEqual({
          error: "invalid_options",
        }),
      );
    };
    time(1600);
    expect(time(6400) / time(1600)).toBeLessThan(10);
  });
});
