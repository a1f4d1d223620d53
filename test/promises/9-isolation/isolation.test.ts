// Promise 9 of SECURITY.md: builders share nothing mutable, results are the caller's own, and
// use from many async tasks at once gives the same results as one after another.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endpoint, type RequestOptions } from "../../../src/index.js";
import { options, route } from "../../arbitraries.js";

/**
 * A value as text that shows everything a change could touch: own keys in order (including
 * "__proto__" and "constructor", which equality helpers treat specially), prototypes, and the
 * types JSON loses. Objects already seen on the path print as "[cycle]".
 */
function canonical(value: unknown, path: unknown[] = []): string {
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "function" || typeof value === "symbol") return `[${typeof value}]`;
  if (typeof value !== "object" || value === null)
    return value === undefined ? "undefined" : JSON.stringify(value);
  if (path.includes(value)) return "[cycle]";
  const inner = [...path, value];
  if (value instanceof Headers) return `Headers${canonical([...value], inner)}`;
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, inner)).join(",")}]`;
  const proto = Object.getPrototypeOf(value) === null ? "null:" : "";
  const entries = Reflect.ownKeys(value).map(
    (key) => `${String(key)}:${canonical((value as Record<PropertyKey, unknown>)[key], inner)}`,
  );
  return `{${proto}${entries.join(",")}}`;
}

/** A call's result, or its error code, as text to compare later. */
function outcome(run: () => unknown): string {
  try {
    return canonical(run());
  } catch (error) {
    return `error ${(error as { code?: unknown }).code ?? String(error)}`;
  }
}

/**
 * Scribbles over the objects a call made: the result, its headers, a body built from
 * parameters, and the merged options with their headers and mediaType. Values the caller
 * passed in are the caller's own and are shared by reference (README), so they are left alone.
 */
function vandalize(made: Record<string, unknown>, given: object): void {
  const givenValues = new Set(Object.values(given));
  for (const key of ["headers", "body", "mediaType"]) {
    const inner = made[key];
    if (typeof inner !== "object" || inner === null || givenValues.has(inner) || Object.isFrozen(inner))
      continue;
    const previews = (inner as { previews?: unknown }).previews;
    if (Array.isArray(previews) && !Object.isFrozen(previews)) previews.push("vandal");
    Object.assign(inner, { accept: "vandal", format: "vandal", owner: "vandal" });
  }
  if (!Object.isFrozen(made)) Object.assign(made, { method: "vandal", url: "vandal", owner: "vandal" });
}

describe("isolation", () => {
  it("mutating a result or a merge() result changes no later call", () => {
    const api = endpoint.defaults({ owner: "o", headers: { "x-a": "1" }, mediaType: { previews: ["p"] } });
    fc.assert(
      fc.property(route, options, (r, o) => {
        for (const builder of [endpoint, api]) {
          const before = outcome(() => builder(r, o));
          const merged = outcome(() => builder.merge(r, o));
          try {
            vandalize(builder(r, o) as never, o);
            vandalize(builder.merge(r, o), o);
            vandalize(builder.parse(builder.merge(r, o)) as never, o);
          } catch {
            // invalid input: nothing returned to scribble over
          }
          expect(outcome(() => builder(r, o))).toBe(before);
          expect(outcome(() => builder.merge(r, o))).toBe(merged);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("a call never changes the options it was given", () => {
    fc.assert(
      fc.property(route, options, (r, o) => {
        const copy = canonical(o);
        outcome(() => endpoint(r, o));
        outcome(() => endpoint.merge(r, o));
        outcome(() => endpoint.defaults(o)(r, o));
        expect(canonical(o)).toBe(copy);
      }),
      { numRuns: 1000 },
    );
  });

  it("sibling builders share nothing: one derived builder cannot reach another's defaults", () => {
    const root = canonical(endpoint.DEFAULTS);
    const a = endpoint.defaults({ headers: { "x-a": "a" }, mediaType: { previews: ["one"] }, owner: "a" });
    const b = endpoint.defaults({ headers: { "x-b": "b" }, owner: "b" });
    // The defaults objects are frozen: writes throw in strict mode and change nothing.
    expect(() => {
      (a.DEFAULTS.headers as Record<string, string>)["x-b"] = "leak";
    }).toThrow(TypeError);
    expect(() => (a.DEFAULTS.mediaType.previews as string[]).push("leak")).toThrow(TypeError);
    vandalize(a.merge("GET /x"), {});
    expect(b("GET /r/{owner}").headers).not.toHaveProperty("x-a");
    expect(b("GET /r/{owner}").url).toBe("https://api.github.com/r/b");
    expect(a("GET /r/{owner}").url).toBe("https://api.github.com/r/a");
    expect(a("GET /x").headers.accept).toBe("application/vnd.github.one-preview+json");
    expect(canonical(endpoint.DEFAULTS)).toBe(root);
  });

  it("concurrent use from many async tasks gives the same results as serial use", async () => {
    const calls = fc.sample(fc.tuple(route, options), { numRuns: 2000, seed: 42 });
    const api = endpoint.defaults({ owner: "o", request: { timeout: 1 } });
    const serial = calls.map(([r, o]) => [outcome(() => endpoint(r, o)), outcome(() => api(r, o))]);
    // Each task yields between its two calls, so tasks interleave in every order the
    // scheduler picks; results are compared with the serial run one by one.
    const concurrent = await Promise.all(
      calls.map(async ([r, o], i) => {
        await new Promise((resolve) => setTimeout(resolve, i % 7));
        const first = outcome(() => endpoint(r, o));
        await Promise.resolve();
        return [first, outcome(() => api(r, o))];
      }),
    );
    expect(concurrent).toStrictEqual(serial);
    expect(serial.filter(([first]) => !first?.startsWith("error")).length).toBeGreaterThan(200);
  });

  it("a request object given once is passed as is, and never shared across calls otherwise", () => {
    const request = { signal: "s" };
    const first = endpoint("GET /x", { request }) as RequestOptions;
    expect(first.request).toBe(request);
    const api = endpoint.defaults({ request: { timeout: 1 } });
    const one = api("GET /x", { request: { retries: 1 } });
    const two = api("GET /x", { request: { retries: 2 } });
    expect(one.request).toStrictEqual({ timeout: 1, retries: 1 });
    expect(two.request).toStrictEqual({ timeout: 1, retries: 2 });
    expect(one.request).not.toBe(two.request);
  });
});
