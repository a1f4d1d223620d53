import { describe, expect, it } from "vitest";
import { endpoint } from "../../src/index.js";
import { BoundedCache } from "../../src/shared/bounded-cache.js";
import { retainedBytes } from "../helpers.js";

describe("BoundedCache", () => {
  // Seen only through `get`, as callers see it: the keys still held, at 10 bytes each, are the
  // bytes it holds.
  const held = (cache: BoundedCache<number>, keys: string[]): string[] =>
    keys.filter((key) => cache.get(key) !== undefined);
  const keys = Array.from({ length: 10 }, (_, i) => `k${i}`);

  it("holds at most its budget in bytes, dropping the oldest entry first", () => {
    const cache = new BoundedCache<number>(80);
    for (let i = 0; i < 10; i++) expect(cache.set(`k${i}`, i, 10)).toBe(i);
    expect(held(cache, keys)).toEqual(keys.slice(2)); // 8 entries, 80 bytes
    expect([cache.get("k2"), cache.get("k9")]).toEqual([2, 9]);
    expect(cache.set("big", 99, 11)).toBe(99);
    expect(cache.get("big")).toBeUndefined(); // over an eighth of the budget: not stored
    expect(held(cache, keys)).toEqual(keys.slice(2)); // and nothing was dropped for it
  });

  it("counts a key stored again once, at its new size", () => {
    const cache = new BoundedCache<number>(80);
    for (let i = 0; i < 8; i++) cache.set(`k${i}`, i, 10);
    cache.set("k7", 7, 10); // the same size again: nothing to drop
    expect(held(cache, keys)).toEqual(keys.slice(0, 8));
    cache.set("k7", 7, 5); // smaller: room for one entry of 5 bytes more
    cache.set("k8", 8, 5);
    expect(held(cache, keys)).toEqual(keys.slice(0, 9));
    cache.set("k9", 9, 10); // over by 10: the oldest goes, and only it
    expect(held(cache, keys)).toEqual(keys.slice(1));
  });
});

describe("caches are bounded in bytes, whatever the stream of routes", () => {
  it("2,100 distinct 32 kB routes of every shape (many variables in one expression too) retain a few MB at most", () => {
    const retained = retainedBytes(`
      const shapes = [(n) => "/{a}".repeat(n / 4), (n) => "/x".repeat(n / 2), (n) => "{/a,b}".repeat(n / 6), (n) => "/:a".repeat(n / 3),
        (n) => "/{" + "a,".repeat(n / 2 - 1) + "a}", (n) => "/{?" + Array.from({ length: n / 7 }, (_, k) => "v" + k).join(",") + "}"];
      for (let i = 0; i < 2100; i++) {
        const url = "/u" + i + shapes[i % shapes.length](32 * 1024);
        try { endpoint("GET " + url, { a: "v", b: "w" }); } catch {}
        if (i % 7 !== 0) continue; // the other entry points, on fewer routes: each call compiles 32 kB
        try { endpoint.parse(endpoint.merge("POST " + url, { a: "v", b: "w" })); } catch {}
        try { parseTemplate(url).expand({ a: "v" }); } catch {}
        try { endpoint("GET /x", { baseUrl: "https://h.example/" + "p".repeat(32 * 1024) + i }); } catch {}
      }`);
    expect(retained).toBeGreaterThan(0);
    expect(retained).toBeLessThan(8 * 1024 * 1024);
  });
});

describe("the byte estimate counts literal text as stored, not as written", () => {
  it("3,000 routes, urls and templates of 2,000 CJK characters each (nine bytes of text a character once percent-encoded) retain a few MB", () => {
    const retained = retainedBytes(`
      const cjk = "\\u4e00".repeat(2000);
      for (let i = 0; i < 3000; i++) {
        endpoint.merge("GET /x" + i + cjk + "{?q}");
        try { endpoint({ url: "/y" + i + "/{z}" + cjk + "{?q}" }); } catch {}
        parseTemplate("/t" + i + cjk);
      }`);
    // The budgets: 4 MB for routes, 1 MB for urls, 1 MB for templates. It was 60 MB.
    expect(retained).toBeLessThan(8 * 1024 * 1024);
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
