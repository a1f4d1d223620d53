import { describe, expect, it } from "vitest";
import { BoundedCache } from "../src/bounded-cache.js";
import { endpoint } from "../src/index.js";

describe("BoundedCache", () => {
  it("holds at most its limit, dropping the oldest entry first", () => {
    const cache = new BoundedCache<number>(3);
    for (let i = 0; i < 10; i++) expect(cache.set(`k${i}`, i)).toBe(i);
    expect(cache.size).toBe(3);
    expect(cache.get("k6")).toBeUndefined();
    expect([cache.get("k7"), cache.get("k8"), cache.get("k9")]).toEqual([7, 8, 9]);
  });
});

describe("compiled routes are cached invisibly", () => {
  it("a route evicted by thousands of others gives the same result again", () => {
    const first = endpoint("GET /repos/{owner}/{repo}", { owner: "a", repo: "b" });
    for (let i = 0; i < 5000; i++) endpoint(`GET /flood/${i}/{x}`, { x: i });
    expect(endpoint("GET /repos/{owner}/{repo}", { owner: "a", repo: "b" })).toStrictEqual(first);
  });

  it("a cached route is not changed by what callers do with results", () => {
    const result = endpoint("GET /x/{a}", { a: 1 });
    result.url = "changed";
    result.headers.accept = "changed";
    expect(endpoint("GET /x/{a}", { a: 1 }).url).toBe("https://api.github.com/x/1");
  });
});
